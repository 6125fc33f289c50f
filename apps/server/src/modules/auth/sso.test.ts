import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, userIdentities, users } from "../../db/schema/index.js";
import { OidcTestProvider } from "../../test/oidc-test-provider.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";

/** The installation's public address: only named in redirect URIs, the calls themselves go through inject. */
const PUBLIC_URL = "http://127.0.0.1:4709";
const provider = new OidcTestProvider({
  redirectUris: () => [`${PUBLIC_URL}/api/v1/auth/openidconnect`, `${PUBLIC_URL}/api/v1/auth/adfs/callback`],
});
let server: TestServer;

beforeAll(async () => {
  await provider.start();
  server = await createTestServer({
    PLANUM_PUBLIC_URL: PUBLIC_URL,
    PLANUM_OIDC_ISSUER: provider.issuer,
    PLANUM_OIDC_CLIENT_ID: provider.clientId,
    PLANUM_OIDC_CLIENT_SECRET: provider.clientSecret,
    PLANUM_OIDC_NAME: "Test IdP",
    // ADFS is an OpenID Connect provider answering by form post: the same test provider plays it
    PLANUM_ADFS_ISSUER: provider.issuer,
    PLANUM_ADFS_CLIENT_ID: provider.clientId,
    PLANUM_ADFS_CLIENT_SECRET: provider.clientSecret,
  });
});
afterAll(async () => {
  await server?.close();
  await provider.stop();
});

/**
 * A browser's part at the provider: follows its redirects with its cookies, fills its sign-in page with `email`.
 * Ends at the installation's redirect URI (its query is the answer), or with the form the provider posts there.
 */
async function atProvider(authorizationUrl: string, email: string): Promise<URL>;
async function atProvider(authorizationUrl: string, email: string, formPost: true): Promise<URLSearchParams>;
async function atProvider(authorizationUrl: string, email: string, formPost?: true): Promise<URL | URLSearchParams> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: string | null = null;
  for (let hops = 0; hops < 20; hops++) {
    if (url.origin === PUBLIC_URL) return url;
    const response = await fetch(url, {
      method: form === null ? "GET" : "POST",
      redirect: "manual",
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(form !== null && { "content-type": "application/x-www-form-urlencoded" }),
      },
      body: form ?? undefined,
    });
    form = null;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page = await response.text();
    if (formPost && page.includes(`action="${PUBLIC_URL}/api/v1/auth/adfs/callback"`)) {
      const fields = [...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)];
      return new URLSearchParams(fields.map(([, name, value]): [string, string] => [name, value]));
    }
    if (response.status !== 200 || !page.includes('name="email"')) throw new Error(`provider said ${page}`);
    form = new URLSearchParams({ email }).toString(); // the sign-in page: submit it to itself
  }
  throw new Error("too many redirects at the provider");
}

/** Hands the provider's redirect back to the installation, as the browser would. */
async function backAtPlanum(answer: URL) {
  const response = await server.call("GET", `${answer.pathname.replace("/api/v1", "")}${answer.search}`);
  expect(response.status).toBe(302);
  return String(response.headers.location);
}

async function startSignIn(returnTo?: string) {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  const response = await server.call("GET", `/auth/openidconnect${query}`);
  expect(response.status).toBe(302);
  return String(response.headers.location);
}

function sessionOf(location: string) {
  expect(location).toMatch(/^\/auth\/sso#/);
  const fragment = new URLSearchParams(location.split("#")[1]);
  return { token: fragment.get("token") ?? "", returnTo: fragment.get("returnTo") };
}

const uniqueEmail = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function userByEmail(email: string) {
  return server.ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

async function identitiesOf(email: string) {
  return server.ctx.db.select().from(userIdentities).where(eq(userIdentities.subject, email.toLowerCase()));
}

describe("single sign-on through OpenID Connect", () => {
  it("the login page learns the configured provider", async () => {
    const response = await server.call("GET", "/auth/openid");
    expect(response.body.data).toEqual({
      providers: [
        { kind: "openidconnect", name: "Test IdP" },
        { kind: "adfs", name: "ADFS" },
      ],
    });
  });

  it("sends the browser to the provider with PKCE, state and nonce", async () => {
    const location = new URL(await startSignIn());
    expect(location.origin).toBe(provider.issuer);
    const params = location.searchParams;
    expect(params.get("client_id")).toBe(provider.clientId);
    expect(params.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/auth/openidconnect`);
    expect(params.get("code_challenge_method")).toBe("S256");
    for (const name of ["code_challenge", "state", "nonce"]) expect(params.get(name)?.length).toBeGreaterThan(20);
  });

  it("a first sign-in creates the user; the next one finds the same user by the provider's subject", async () => {
    const email = uniqueEmail("olga");
    provider.person(email, { givenName: "Olga", familyName: "Ivanova", locale: "fr-FR" });
    const first = sessionOf(await backAtPlanum(await atProvider(await startSignIn("/some/page?x=1"), email)));
    expect(first.returnTo).toBe("/some/page?x=1");
    const me = await server.call("GET", "/users/who-am-i", { token: first.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, firstName: "Olga", lastName: "Ivanova", language: "fr" });
    expect(me.body.data.login).toBe(email.split("@")[0].slice(0, 28));

    const again = sessionOf(await backAtPlanum(await atProvider(await startSignIn(), email)));
    const meAgain = await server.call("GET", "/users/who-am-i", { token: again.token });
    expect(meAgain.body.data.id).toBe(me.body.data.id);
    expect(await userByEmail(email)).toHaveLength(1);
    expect(await identitiesOf(email)).toHaveLength(1);
  });

  it("links the provider's person to the existing account with the same e-mail", async () => {
    const registered = await server.signUp();
    const email = registered.user.email.toUpperCase(); // the provider may spell it otherwise
    const session = sessionOf(await backAtPlanum(await atProvider(await startSignIn(), email)));
    const me = await server.call("GET", "/users/who-am-i", { token: session.token });
    expect(me.body.data.id).toBe(registered.user.id);
    expect(me.body.data.login).toBe(registered.user.login);
    expect(await userByEmail(email)).toHaveLength(1);
  });

  it("refuses an answer with a forged state: back to the login page with the error, nothing written", async () => {
    const registered = await server.signUp();
    const sessionsBefore = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, registered.user.id));
    // a real code for a real person, but the state was never handed out here
    const answer = await atProvider(await startSignIn(), registered.user.email);
    answer.searchParams.set("state", "forged-state-forged-state-forged-state");
    expect(await backAtPlanum(answer)).toBe("/auth/login?sso-error=SsoRequestUnknown");
    const sessionsAfter = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, registered.user.id));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    expect(await identitiesOf(registered.user.email.toLowerCase())).toHaveLength(0);
  });

  it("refuses an ID token whose nonce is not the one sent, and an answer used twice", async () => {
    const email = uniqueEmail("nonce");
    const authorization = new URL(await startSignIn());
    // the state and PKCE are ours, but the provider is asked for another nonce: its ID token must not be accepted
    authorization.searchParams.set("nonce", "a-nonce-this-installation-never-sent");
    const answer = await atProvider(authorization.toString(), email);
    expect(await backAtPlanum(answer)).toBe("/auth/login?sso-error=SsoFailed");
    expect(await userByEmail(email)).toHaveLength(0);
    expect(await identitiesOf(email)).toHaveLength(0);

    const good = await atProvider(await startSignIn(), email);
    sessionOf(await backAtPlanum(good));
    expect(await backAtPlanum(good)).toBe("/auth/login?sso-error=SsoRequestUnknown");
  });

  it("refuses a person whose e-mail the provider has not verified", async () => {
    const email = uniqueEmail("unverified");
    provider.person(email, { emailVerified: false });
    expect(await backAtPlanum(await atProvider(await startSignIn(), email))).toBe("/auth/login?sso-error=SsoNoEmail");
    expect(await userByEmail(email)).toHaveLength(0);
  });

  it("keeps only a path of this installation to return to (no open redirect)", async () => {
    const email = uniqueEmail("redirect");
    for (const returnTo of ["https://evil.example/", "//evil.example/x"]) {
      const session = sessionOf(await backAtPlanum(await atProvider(await startSignIn(returnTo), email)));
      expect(session.returnTo).toBeNull();
    }
  });

  it("an error answered by the provider lands on the login page", async () => {
    expect(await backAtPlanum(new URL(`${PUBLIC_URL}/api/v1/auth/openidconnect?error=access_denied&state=x`))).toBe(
      "/auth/login?sso-error=SsoFailed",
    );
  });
});

describe("ADFS", () => {
  async function adfsAnswer(email: string) {
    const start = await server.call("GET", "/auth/adfs");
    expect(start.status).toBe(302);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.searchParams.get("response_mode")).toBe("form_post");
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/auth/adfs/callback`);
    return atProvider(authorization.toString(), email, true);
  }

  const post = (form: URLSearchParams) =>
    server.app.inject({
      method: "POST",
      url: "/api/v1/auth/adfs/callback",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    });

  it("signs in from the form ADFS posts back", async () => {
    const email = uniqueEmail("adfs");
    const response = await post(await adfsAnswer(email));
    expect(response.statusCode).toBe(302);
    const { token } = sessionOf(String(response.headers.location));
    const me = await server.call("GET", "/users/who-am-i", { token });
    expect(me.body.data.email).toBe(email);
  });

  it("refuses a posted answer with a forged state, writing nothing", async () => {
    const email = uniqueEmail("adfsforged");
    const form = await adfsAnswer(email);
    form.set("state", "forged-state-forged-state-forged-state");
    const response = await post(form);
    expect(response.headers.location).toBe("/auth/login?sso-error=SsoRequestUnknown");
    expect(await userByEmail(email)).toHaveLength(0);
  });
});

describe("an installation without single sign-on", () => {
  it("offers no provider and has no sign-in route", async () => {
    const plain = await createTestServer();
    try {
      expect((await plain.call("GET", "/auth/openid")).body.data).toEqual({ providers: [] });
      const { token } = await plain.signUp();
      expect((await plain.call("GET", "/auth/openidconnect", { token })).status).toBe(404);
      expect((await plain.call("GET", "/auth/adfs", { token })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
