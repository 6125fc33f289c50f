import { loginBody, type Session } from "@planum/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireAuth } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { ok, typed } from "../../platform/http.js";
import type { UserRow } from "../../platform/sessions.js";
import { toUserDto } from "../users/user-dto.js";
import type { UsersService } from "../users/users.service.js";

export async function sessionAnswer(ctx: AppContext, user: UserRow, request: FastifyRequest): Promise<Session> {
  const { token, expiresAt } = await ctx.sessions.create(user.id, {
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  });
  return { token, expiresAt: expiresAt.toISOString(), user: toUserDto(user) };
}

export function authModule(ctx: AppContext, users: UsersService) {
  return async function authRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Auth"];

    app.post("/auth/login", { config: { public: true }, schema: { tags, body: loginBody } }, async (request) => {
      const user = await users.login(request.body.login, request.body.password, request.ip);
      return ok(await sessionAnswer(ctx, user, request));
    });

    /** Revokes the token at once: it stops working for the API and its sockets are closed. */
    app.post("/auth/logout", { schema: { tags } }, async (request) => {
      const auth = requireAuth(request);
      await ctx.sessions.revoke(auth.sessionId);
      ctx.realtime.endSession({ sessionId: auth.sessionId }, "logout");
      return ok(null);
    });
  };
}
