import {
  changeForgottenPasswordBody,
  changePasswordBody,
  LANGUAGES,
  registerBody,
  resetPasswordBody,
  resetPasswordRequestBody,
  secretQuestionQuery,
  updateUserBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireAuth } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { ok, typed } from "../../platform/http.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { sessionAnswer } from "../auth/auth.routes.js";
import { readAvatarUpload } from "./avatar-upload.js";
import { toUserDto } from "./user-dto.js";
import type { UsersService } from "./users.service.js";

export function usersModule(ctx: AppContext, service: UsersService) {
  return async function usersRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Users"];
    const guest = { public: true };

    app.post("/users/register", { config: guest, schema: { tags, body: registerBody } }, async (request) =>
      ok(toUserDto(await service.register(request.body))),
    );

    app.post("/users/register-and-login", { config: guest, schema: { tags, body: registerBody } }, async (request) => {
      const user = await service.register(request.body);
      return ok(await sessionAnswer(ctx, user, request));
    });

    app.get("/users/who-am-i", { schema: { tags } }, async (request) => ok(toUserDto(requireAuth(request).user)));

    app.put("/users", { schema: { tags, body: updateUserBody } }, async (request) =>
      ok(toUserDto(await service.update(requireAuth(request).user, request.body))),
    );

    app.put("/users/change-password", { schema: { tags, body: changePasswordBody } }, async (request) => {
      const auth = requireAuth(request);
      await service.changePassword(auth.user, auth.sessionId, request.body);
      return ok(null);
    });

    app.put(
      "/users/reset-password-request",
      { config: guest, schema: { tags, body: resetPasswordRequestBody } },
      async (request) => {
        await service.requestPasswordReset(request.body.email, requestLanguage(request));
        return ok(null);
      },
    );

    app.put("/users/reset-password", { config: guest, schema: { tags, body: resetPasswordBody } }, async (request) => {
      await service.resetPassword(request.body);
      return ok(null);
    });

    app.get(
      "/users/secret-question",
      { config: guest, schema: { tags, querystring: secretQuestionQuery } },
      async (request) => ok({ question: await service.secretQuestion(request.query.login) }),
    );

    app.put(
      "/users/change-forgotten-password",
      { config: guest, schema: { tags, body: changeForgottenPasswordBody } },
      async (request) => {
        await service.changeForgottenPassword(request.body, request.ip);
        return ok(null);
      },
    );

    app.put("/users/accept-privacy-policy", { schema: { tags } }, async (request) =>
      ok(toUserDto(await service.acceptPrivacyPolicy(requireAuth(request).user))),
    );

    app.post("/users/avatar", { schema: { tags, consumes: ["multipart/form-data"] } }, async (request) => {
      const user = requireAuth(request).user;
      return ok(toUserDto(await service.setAvatar(user, await readAvatarUpload(request))));
    });

    app.delete("/users/avatar", { schema: { tags } }, async (request) =>
      ok(toUserDto(await service.deleteAvatar(requireAuth(request).user))),
    );

    app.get(
      "/users/:id/avatar",
      { schema: { tags, params: z.object({ id: z.uuid({ error: "NotFound" }) }) } },
      async (request, reply) => {
        const found = await service.avatar(request.params.id);
        if (!found) throw new AppError("NotFound");
        return reply
          .type(found.file.mediaType)
          .header("cache-control", "private, max-age=60")
          .header("x-content-type-options", "nosniff")
          .send(found.bytes);
      },
    );

    app.get(
      "/localization/set/:id",
      { schema: { tags: ["Localization"], params: z.object({ id: z.enum(LANGUAGES, { error: "InvalidValue" }) }) } },
      async (request) => ok(toUserDto(await service.setLanguage(requireAuth(request).user, request.params.id))),
    );
  };
}
