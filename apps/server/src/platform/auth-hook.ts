import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.js";
import type { AuthContext, SessionStore } from "./sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Guest calls (login, register, system state…) answer without a token. */
    public?: boolean;
    /** Whether the call moves the change clock, where it differs from its method's rule (see `writes` in route.ts). */
    writes?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return null;
  return header.slice(7).trim() || null;
}

/** Every call is authenticated unless its route says `config: { public: true }`. */
export function registerAuthHook(app: FastifyInstance, sessions: SessionStore) {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/v1/")) return;
    const token = bearerToken(request);
    const resolved = token ? await sessions.resolve(token) : null;
    request.auth = resolved && resolved !== "expired" ? resolved : null;
    if (request.auth || request.routeOptions.config?.public) return;
    throw new AppError(resolved === "expired" ? "SessionExpired" : "Unauthorized");
  });
}
