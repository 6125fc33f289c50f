import {
  changeForgottenPasswordBody,
  changePasswordBody,
  languageParams,
  registerBody,
  resetPasswordBody,
  resetPasswordRequestBody,
  secretQuestionQuery,
  secretQuestionSchema,
  updateUserBody,
  userIdParams,
  userSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { fileAnswer, route } from "../../platform/route.js";
import { readAvatarUpload } from "./avatar-upload.js";
import { toUserDto } from "./user-dto.js";
import type { UsersService } from "./users.service.js";

/** Accounts: registration, the caller's profile, passwords and their restoring, avatars, the interface language. */
export function usersModule(ctx: AppContext, service: UsersService) {
  const { access } = ctx;
  return async function usersRoutes(app: FastifyInstance) {
    const tags = ["Users"];

    route(
      app,
      { method: "POST", url: "/users/register", tags, body: registerBody, response: userSchema, access: access.guest },
      async ({ body }) => toUserDto(await service.register(body)),
    );
    route(
      app,
      { method: "GET", url: "/users/who-am-i", tags, response: userSchema, access: access.user },
      ({ scope }) => toUserDto(scope.user),
    );
    route(
      app,
      { method: "PUT", url: "/users", tags, body: updateUserBody, response: userSchema, access: access.user },
      async ({ scope, body }) => toUserDto(await service.update(scope.user, body)),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/users/change-password",
        tags,
        body: changePasswordBody,
        response: z.null(),
        access: access.user,
      },
      async ({ scope, body }) => {
        await service.changePassword(scope.user, scope.sessionId, body);
        return null;
      },
    );
    route(
      app,
      {
        method: "PUT",
        url: "/users/reset-password-request",
        tags,
        body: resetPasswordRequestBody,
        response: z.null(),
        access: access.guest,
      },
      async ({ body, request }) => {
        await service.requestPasswordReset(body.email, requestLanguage(request));
        return null;
      },
    );
    route(
      app,
      {
        method: "PUT",
        url: "/users/reset-password",
        tags,
        body: resetPasswordBody,
        response: z.null(),
        access: access.guest,
      },
      async ({ body }) => {
        await service.resetPassword(body);
        return null;
      },
    );
    route(
      app,
      {
        method: "GET",
        url: "/users/secret-question",
        tags,
        query: secretQuestionQuery,
        response: secretQuestionSchema,
        access: access.guest,
      },
      ({ query }) => service.secretQuestion(query.login),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/users/change-forgotten-password",
        tags,
        body: changeForgottenPasswordBody,
        response: z.null(),
        access: access.guest,
      },
      async ({ body, request }) => {
        await service.changeForgottenPassword(body, request.ip);
        return null;
      },
    );
    route(
      app,
      { method: "PUT", url: "/users/accept-privacy-policy", tags, response: userSchema, access: access.user },
      async ({ scope }) => toUserDto(await service.acceptPrivacyPolicy(scope.user)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/users/avatar",
        tags,
        summary: "multipart/form-data with one `file` part (PNG, JPEG, GIF or WebP, 2 MB at most)",
        response: userSchema,
        access: access.user,
      },
      async ({ scope, request }) => toUserDto(await service.setAvatar(scope.user, await readAvatarUpload(request))),
    );
    route(
      app,
      { method: "DELETE", url: "/users/avatar", tags, response: userSchema, access: access.user },
      async ({ scope }) => toUserDto(await service.deleteAvatar(scope.user)),
    );
    route(
      app,
      {
        method: "GET",
        url: "/users/:id/avatar",
        tags,
        params: userIdParams,
        response: fileAnswer,
        raw: { contentType: "image/png, image/jpeg, image/gif or image/webp" },
        access: access.user,
      },
      async ({ params, reply }) => {
        const found = await service.avatar(params.id);
        return reply
          .type(found.file.mediaType)
          .header("cache-control", "private, max-age=60")
          .header("x-content-type-options", "nosniff")
          .send(found.bytes);
      },
    );
    route(
      app,
      {
        method: "GET",
        url: "/localization/set/:id",
        tags: ["Localization"],
        params: languageParams,
        response: userSchema,
        access: access.user,
        writes: true,
      },
      async ({ scope, params }) => toUserDto(await service.setLanguage(scope.user, params.id)),
    );
  };
}
