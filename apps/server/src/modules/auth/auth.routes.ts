import { loginBody, registerBody, sessionSchema } from "@planum/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import type { UsersService } from "../users/users.service.js";
import { AuthService, type ClientMeta } from "./auth.service.js";
import { ssoModule } from "./sso.routes.js";

const client = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"],
});

/** Signing in and out, with a password or through an identity provider (`sso.routes.ts`). */
export function authModule(ctx: AppContext, users: UsersService) {
  const service = new AuthService({ users, sessions: ctx.sessions, realtime: ctx.realtime });
  const { access } = ctx;
  return async function authRoutes(app: FastifyInstance) {
    await app.register(ssoModule(ctx, users, service));
    route(
      app,
      {
        method: "POST",
        url: "/auth/login",
        tags: ["Auth"],
        body: loginBody,
        response: sessionSchema,
        access: access.guest,
        // Adds a session and a login attempt: nothing another reader keeps (the new session is kept as it is made).
        writes: false,
      },
      ({ body, request }) => service.login(body, client(request)),
    );
    route(
      app,
      { method: "POST", url: "/auth/logout", tags: ["Auth"], response: z.null(), access: access.user },
      async ({ scope }) => {
        await service.logout(scope);
        return null;
      },
    );
    route(
      app,
      {
        method: "POST",
        url: "/users/register-and-login",
        tags: ["Users"],
        body: registerBody,
        response: sessionSchema,
        access: access.guest,
      },
      ({ body, request }) => service.registerAndLogin(body, client(request)),
    );
  };
}
