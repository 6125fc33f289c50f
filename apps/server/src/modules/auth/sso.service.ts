import {
  type ErrorCode,
  NAME_MAX_LENGTH,
  type SsoProviderKind,
  type SsoProviders,
  toLanguage,
} from "@planum/contracts";
import * as oidc from "openid-client";
import type { OidcProviderConfig, SsoConfig } from "../../platform/config.js";
import { AppError } from "../../platform/errors.js";
import type { UserRow } from "../../platform/sessions.js";
import { hashToken } from "../../platform/tokens.js";
import type { UsersService } from "../users/users.service.js";
import type { SsoRepo } from "./sso.repo.js";
import { accountOf } from "./sso-person.js";

/** The providers spoken to through OpenID Connect (Kerberos has its own service). */
export type OidcProviderKind = Exclude<SsoProviderKind, "kerberos">;

/** A sign-in sent to the provider must come back within this time (the person types a password there). */
const REQUEST_TTL_MS = 10 * 60_000;

/** The provider's answer as it reached us: the redirect's address (query), or ADFS's form post. */
export type ProviderAnswer = { kind: "redirect"; url: URL } | { kind: "form-post"; url: URL; form: URLSearchParams };

/** What a failed sign-in is logged with: why, never a code, token or claim. */
export interface SsoLog {
  warn(details: { provider: SsoProviderKind; reason: string }, message: string): void;
}

/**
 * Single sign-on through OpenID Connect (ADFS and Entra ID are such providers too): the authorization code flow with
 * PKCE, state and nonce. The person is found by the provider's (issuer, subject), else linked by e-mail to the
 * account that has it, else a new account is made.
 */
export class SsoService {
  private readonly repo: SsoRepo;
  /** Discovery once per provider and process; a failed one is tried again by the next sign-in. */
  private readonly discovered = new Map<SsoProviderKind, Promise<oidc.Configuration>>();

  constructor(
    private readonly deps: {
      repo: SsoRepo;
      users: UsersService;
      config: SsoConfig;
      publicUrl: string;
      log: SsoLog;
    },
  ) {
    this.repo = deps.repo;
  }

  providers(): SsoProviders {
    const kinds = (["openidconnect", "adfs", "kerberos"] as const).filter((kind) => this.deps.config[kind]);
    return { providers: kinds.map((kind) => ({ kind, name: this.deps.config[kind]?.name ?? kind })) };
  }

  /** Where the provider sends the person back: ADFS posts a form to its callback, others redirect to the route. */
  redirectUri(kind: OidcProviderKind): string {
    const path = kind === "adfs" ? "/api/v1/auth/adfs/callback" : "/api/v1/auth/openidconnect";
    return new URL(path, this.deps.publicUrl).toString();
  }

  /** Starts a sign-in: remembers state, nonce and PKCE verifier, and gives the provider's authorization address. */
  async start(kind: OidcProviderKind, returnTo: string | undefined): Promise<string> {
    const config = await this.configuration(kind);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.repo.saveRequest({
      stateHash: hashToken(state),
      provider: kind,
      nonce,
      codeVerifier,
      returnTo: safeReturnPath(returnTo),
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
    });
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri(kind),
      scope: "openid email profile",
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    };
    if (kind === "adfs") parameters.response_mode = "form_post";
    return oidc.buildAuthorizationUrl(config, parameters).toString();
  }

  /**
   * Completes a sign-in from the provider's answer: the request of its state is taken (once), the code exchanged with
   * the PKCE verifier, the ID token's signature, issuer, audience and nonce checked. Any failure is an AppError whose
   * code the login page shows; nothing about the person is written before every check has passed.
   */
  async finish(kind: OidcProviderKind, answer: ProviderAnswer): Promise<{ user: UserRow; returnTo: string | null }> {
    const params = answer.kind === "redirect" ? answer.url.searchParams : answer.form;
    const state = params.get("state");
    if (params.get("error")) this.fail(kind, "SsoFailed", `provider refused: ${params.get("error")}`);
    if (!state) this.fail(kind, "SsoRequestUnknown", "answer without state");
    const request = await this.repo.takeRequest(hashToken(state), kind);
    if (!request) this.fail(kind, "SsoRequestUnknown", "no live sign-in of this state");
    const config = await this.configuration(kind);
    let claims: oidc.IDToken;
    try {
      const current =
        answer.kind === "redirect"
          ? answer.url
          : new Request(answer.url, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: answer.form.toString(),
            });
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        expectedState: state,
        expectedNonce: request.nonce,
        pkceCodeVerifier: request.codeVerifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error("no ID token");
      // Many providers keep e-mail and names out of the ID token and give them at the userinfo endpoint.
      claims =
        idClaims.email || idClaims.upn
          ? idClaims
          : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
    } catch (error) {
      // openid-client's messages name the failed check (state, nonce, signature…), never the code or the tokens.
      this.fail(kind, "SsoFailed", error instanceof Error ? error.message : "token exchange failed");
    }
    const user = await this.personOf(kind, config.serverMetadata().issuer, claims);
    return { user, returnTo: request.returnTo };
  }

  /** The user of these claims: by identity, else linked by e-mail, else made. */
  private async personOf(kind: OidcProviderKind, issuer: string, claims: oidc.IDToken): Promise<UserRow> {
    const known = await this.repo.userOfIdentity(issuer, claims.sub);
    if (known) return known;
    const email = emailOf(claims);
    if (!email) this.fail(kind, "SsoNoEmail", "no verified e-mail among the claims");
    const { firstName, lastName } = namesOf(claims, email);
    const language = typeof claims.locale === "string" ? toLanguage(claims.locale) : null;
    return accountOf(this.repo, this.deps.users, { issuer, subject: claims.sub, email, firstName, lastName, language });
  }

  private fail(provider: SsoProviderKind, code: ErrorCode, reason: string): never {
    this.deps.log.warn({ provider, reason }, "single sign-on refused");
    throw new AppError(code);
  }

  private settings(kind: OidcProviderKind): OidcProviderConfig {
    const settings = this.deps.config[kind];
    if (!settings) throw new AppError("NotFound");
    return settings;
  }

  private configuration(kind: OidcProviderKind): Promise<oidc.Configuration> {
    const settings = this.settings(kind);
    let found = this.discovered.get(kind);
    if (!found) {
      const issuer = new URL(settings.issuer);
      found = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        // Plain HTTP only to a provider on this machine (tests, a provider behind the same host); never across a network.
        execute: isLoopback(issuer) && issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
      });
      found.catch(() => this.discovered.delete(kind));
      this.discovered.set(kind, found);
    }
    return found.catch((error: unknown) =>
      this.fail(kind, "SsoFailed", `discovery: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

function isLoopback(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}

/** A path of this installation only: an address of another site would make the sign-in an open redirect. */
export function safeReturnPath(returnTo: string | undefined | null): string | null {
  if (!returnTo?.startsWith("/") || returnTo.startsWith("//") || returnTo.includes("\\")) return null;
  return returnTo;
}

/** The e-mail to link by: `email` unless the provider says it is unverified; ADFS often sends only the `upn`. */
function emailOf(claims: oidc.IDToken): string | null {
  if (claims.email_verified === false) return null;
  for (const candidate of [claims.email, claims.upn]) {
    if (typeof candidate === "string" && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(candidate)) return candidate.trim();
  }
  return null;
}

function namesOf(claims: oidc.IDToken, email: string): { firstName: string; lastName: string } {
  const text = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, NAME_MAX_LENGTH) : "");
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const [first = "", ...rest] = text(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(" ");
  }
  return { firstName: firstName || email.split("@")[0].slice(0, NAME_MAX_LENGTH), lastName: lastName || "-" };
}
