import { ssoFormPostBody, ssoProvidersSchema, ssoQuery } from "@planum/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import type { UserRow } from "../../platform/sessions.js";
import type { UsersService } from "../users/users.service.js";
import type { AuthService } from "./auth.service.js";
import { KerberosSignOn } from "./kerberos.service.js";
import { SsoRepo } from "./sso.repo.js";
import { type OidcProviderKind, type ProviderAnswer, SsoService, safeReturnPath } from "./sso.service.js";

const redirectAnswer = z.string().describe("a redirect (302) to the provider or back to the web app");

/**
 * Single sign-on routes of spec §7: `GET /auth/openid` (the providers the login page offers), `GET
 * /auth/openidconnect` (start, and the provider's redirect back), `GET /auth/adfs` and `POST /auth/adfs/callback`,
 * `GET /auth/kerberos` (SPNEGO). An OpenID Connect provider's routes exist only when the installation configured it;
 * the Kerberos route always answers, with KerberosUnavailable where it is not set up. These are browser navigations, not API calls:
 * they answer with redirects, a failure with one to the login page carrying the error code it shows localized.
 */
export function ssoModule(ctx: AppContext, users: UsersService, auth: AuthService) {
  const { access, config } = ctx;
  return async function ssoRoutes(app: FastifyInstance) {
    const repo = new SsoRepo(ctx.db);
    const service = new SsoService({
      repo,
      users,
      config: config.sso,
      publicUrl: config.publicUrl,
      log: app.log,
    });
    const kerberos = new KerberosSignOn({ config: config.sso.kerberos, repo, users, log: app.log });

    /** Runs a step of the flow; its failure lands on the login page with the code, nothing else said. */
    async function navigate(reply: FastifyReply, step: () => Promise<string>) {
      let location: string;
      try {
        location = await step();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        location = `/auth/login?sso-error=${encodeURIComponent(error.code)}`;
      }
      // The answer carries a new token in its fragment: no cache may keep it.
      return reply.header("cache-control", "no-store").redirect(location, 302);
    }

    async function signIn(kind: OidcProviderKind, answer: ProviderAnswer, request: FastifyRequest) {
      const { user, returnTo } = await service.finish(kind, answer);
      return landing(user, returnTo, request);
    }

    /** The web app's landing page with a new session of this user. */
    async function landing(user: UserRow, returnTo: string | null, request: FastifyRequest) {
      const session = await auth.ssoSession(user, { ip: request.ip, userAgent: request.headers["user-agent"] });
      // In the fragment, which browsers never send to a server: the web app reads it and takes it out of the address.
      const fragment = new URLSearchParams({ token: session.token, expiresAt: session.expiresAt });
      if (returnTo) fragment.set("returnTo", returnTo);
      return `/auth/sso#${fragment.toString()}`;
    }

    /** The address the provider's answer reached (its query holds code and state; the path is our redirect URI). */
    const answeredAt = (kind: OidcProviderKind, request: FastifyRequest) => {
      const url = new URL(service.redirectUri(kind));
      url.search = new URL(request.url, "http://answer").search;
      return url;
    };

    route(
      app,
      { method: "GET", url: "/auth/openid", tags: ["Auth"], response: ssoProvidersSchema, access: access.guest },
      () => service.providers(),
    );

    if (config.sso.openidconnect) {
      route(
        app,
        {
          method: "GET",
          url: "/auth/openidconnect",
          tags: ["Auth"],
          summary: "Starts an OpenID Connect sign-in, or (with code and state) completes it",
          query: ssoQuery,
          response: redirectAnswer,
          raw: { contentType: "text/plain" },
          access: access.guest,
          writes: false,
        },
        ({ query, request, reply }) =>
          navigate(reply, () =>
            query.code || query.error || query.state
              ? signIn("openidconnect", { kind: "redirect", url: answeredAt("openidconnect", request) }, request)
              : service.start("openidconnect", query.returnTo),
          ),
      );
    }

    if (config.sso.adfs) {
      // ADFS posts its answer as a form; only this plugin's routes read such bodies.
      app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      route(
        app,
        {
          method: "GET",
          url: "/auth/adfs",
          tags: ["Auth"],
          summary: "Starts a sign-in through ADFS",
          query: ssoQuery.pick({ returnTo: true }),
          response: redirectAnswer,
          raw: { contentType: "text/plain" },
          access: access.guest,
          writes: false,
        },
        ({ query, reply }) => navigate(reply, () => service.start("adfs", query.returnTo)),
      );
      route(
        app,
        {
          method: "POST",
          url: "/auth/adfs/callback",
          tags: ["Auth"],
          summary: "ADFS's answer (form post): completes the sign-in",
          body: ssoFormPostBody,
          response: redirectAnswer,
          raw: { contentType: "text/plain" },
          access: access.guest,
          writes: false,
        },
        ({ body, request, reply }) => {
          const form = new URLSearchParams(
            Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          );
          return navigate(reply, () =>
            signIn("adfs", { kind: "form-post", url: new URL(service.redirectUri("adfs")), form }, request),
          );
        },
      );
    }

    route(
      app,
      {
        method: "GET",
        url: "/auth/kerberos",
        tags: ["Auth"],
        summary:
          "Kerberos (SPNEGO) sign-on: without a ticket answers 401 with `WWW-Authenticate: Negotiate`; with " +
          "`Authorization: Negotiate <ticket>` checks it and lands signed in",
        query: ssoQuery.pick({ returnTo: true }),
        response: redirectAnswer,
        raw: { contentType: "text/plain" },
        access: access.guest,
        writes: false,
      },
      async ({ query, request, reply }) => {
        const authorization = request.headers.authorization ?? "";
        if (!/^negotiate\s/i.test(authorization) && !(await kerberos.unavailable())) {
          // The challenge: a browser allowed to sign on here answers it at once with a ticket; any other shows this
          // page, which moves on to the login page saying why.
          const login = "/auth/login?sso-error=KerberosNoTicket";
          return reply
            .code(401)
            .header("www-authenticate", "Negotiate")
            .header("cache-control", "no-store")
            .type("text/html; charset=utf-8")
            .send(`<!doctype html><meta http-equiv="refresh" content="0;url=${login}"><a href="${login}">Planum</a>`);
        }
        return navigate(reply, async () => {
          const { user, response } = await kerberos.signIn(authorization);
          // Mutual authentication: the browser may check that it spoke to the service its ticket was for.
          if (response) reply.header("www-authenticate", `Negotiate ${response}`);
          return landing(user, safeReturnPath(query.returnTo), request);
        });
      },
    );
  };
}
