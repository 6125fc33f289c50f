/// <reference path="./oidc-provider.d.ts" />
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** What the provider says of a person, by the e-mail typed on its sign-in page. */
export interface TestPerson {
  givenName?: string;
  familyName?: string;
  emailVerified?: boolean;
  locale?: string;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified implementation) on loopback, for tests of single
 * sign-on. Its sign-in page asks only for an e-mail and signs that person in (consent included), so a test — or a
 * browser driven by one — goes through the whole authorization code flow with real discovery, keys and ID tokens.
 */
export class OidcTestProvider {
  readonly clientId = "planum-test";
  readonly clientSecret = "planum-test-secret-that-is-long-enough";
  private server: http.Server | null = null;
  private readonly people = new Map<string, TestPerson>();
  private port = 0;

  /** `port` 0 takes a free one; `redirectUris` are the installation's (the routes' addresses). */
  constructor(private readonly options: { port?: number; redirectUris: (issuer: string) => string[] }) {}

  get issuer(): string {
    if (!this.port) throw new Error("the provider is not started");
    return `http://127.0.0.1:${this.port}`;
  }

  /** Sets what the provider tells of the person with this e-mail (by default verified, named "Test <name>"). */
  person(email: string, person: TestPerson) {
    this.people.set(email.toLowerCase(), person);
  }

  async start(): Promise<void> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(this.options.port ?? 0, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    const provider = this.provider();
    const callback = provider.callback();
    server.on("request", (req, res) => {
      const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? "");
      if (!match) return callback(req, res);
      this.interaction(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private provider(): Provider {
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: this.options.redirectUris(this.issuer),
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "locale"] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      cookies: { keys: ["oidc-test-provider-cookie-key"] },
      findAccount: (_ctx: unknown, accountId: string) => ({
        accountId,
        claims: () => {
          const person = this.people.get(accountId) ?? {};
          return {
            sub: accountId,
            email: accountId,
            email_verified: person.emailVerified ?? true,
            given_name: person.givenName ?? "Test",
            family_name: person.familyName ?? accountId.split("@")[0],
            ...(person.locale ? { locale: person.locale } : {}),
          };
        },
      }),
    });
    return provider;
  }

  /** The sign-in page: GET shows a form asking for an e-mail; POST signs that person in and grants what was asked. */
  private async interaction(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === "GET") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(
        `<!doctype html><html lang="en"><title>Test identity provider</title><body><h1>Test identity provider</h1>` +
          `<form method="post"><label>E-mail <input name="email" type="email" required></label>` +
          `<button type="submit">Continue</button></form></body></html>`,
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const email = new URLSearchParams(Buffer.concat(chunks).toString()).get("email")?.trim().toLowerCase() ?? "";
    const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: email }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }
}
