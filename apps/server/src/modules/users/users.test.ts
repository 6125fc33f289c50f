import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const registration = (overrides: Record<string, unknown> = {}) => {
  const id = unique();
  return {
    lastName: "Sidorov",
    firstName: "Petr",
    email: `petr.${id}@example.com`,
    login: `petr${id}`,
    password: "long-enough",
    passwordConfirm: "long-enough",
    secretQuestion: "Favourite bridge?",
    secretAnswer: "Bolshoy Moskvoretsky",
    acceptPrivacyPolicy: true,
    ...overrides,
  };
};
const codes = (body: { errors: { code: string; params?: { field?: string } }[] }) =>
  body.errors.map((e) => `${e.params?.field}:${e.code}`).sort();

describe("POST /users/register", () => {
  it("creates the user and never returns secrets", async () => {
    const body = registration();
    const response = await server.call("POST", "/users/register", { body });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      login: body.login,
      email: body.email,
      lastName: "Sidorov",
      hasAvatar: false,
    });
    expect(JSON.stringify(response.body)).not.toContain("long-enough");
    expect(JSON.stringify(response.body)).not.toContain("Moskvoretsky");
    const [row] = await server.ctx.db.select().from(users).where(eq(users.login, body.login));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.secretAnswerHash).toMatch(/^\$argon2id\$/);
  });

  it("rejects every bad field at once, in the caller's language", async () => {
    const body = registration({
      lastName: "x".repeat(33),
      firstName: "Ann<script>",
      email: "not-an-email",
      passwordConfirm: "something-else",
      secretQuestion: "",
    });
    const response = await server.call("POST", "/users/register", { body, language: "ru" });
    expect(response.status).toBe(400);
    expect(codes(response.body)).toEqual([
      "email:InvalidEmail",
      "firstName:ProhibitedCharacters",
      "lastName:MaxLength",
      "passwordConfirm:PasswordMismatch",
      "secretQuestion:Required",
    ]);
    const maxLength = response.body.errors.find((e: { code: string }) => e.code === "MaxLength");
    expect(maxLength.message).toBe("Поле превышает максимальную длину строки - 32 символа");
  });

  it("accepts exactly 32 characters and refuses 33", async () => {
    expect(
      (await server.call("POST", "/users/register", { body: registration({ lastName: "Я".repeat(32) }) })).status,
    ).toBe(200);
    expect(
      (await server.call("POST", "/users/register", { body: registration({ lastName: "Я".repeat(33) }) })).status,
    ).toBe(400);
  });

  it("refuses each prohibited character", async () => {
    for (const ch of ["<", ">", '"', "'", "`", "{", "}", "|", "^", "~", ";", "\\", "\u0007"]) {
      const response = await server.call("POST", "/users/register", { body: registration({ firstName: `An${ch}na` }) });
      expect(response.status, `character ${JSON.stringify(ch)}`).toBe(400);
      expect(response.body.errors[0].code).toBe("ProhibitedCharacters");
    }
  });

  it("refuses short passwords, missing privacy acceptance and missing fields", async () => {
    const short = await server.call("POST", "/users/register", {
      body: registration({ password: "short", passwordConfirm: "short" }),
      language: "en",
    });
    expect(short.body.errors[0]).toMatchObject({
      code: "PasswordTooShort",
      message: "The password must be at least 8 characters long",
    });
    const privacy = await server.call("POST", "/users/register", {
      body: registration({ acceptPrivacyPolicy: false }),
    });
    expect(codes(privacy.body)).toEqual(["acceptPrivacyPolicy:PrivacyPolicyNotAccepted"]);
    const missing = await server.call("POST", "/users/register", { body: { login: "x" } });
    expect(missing.status).toBe(400);
    expect(codes(missing.body)).toContain("email:Required");
    expect(codes(missing.body)).toContain("lastName:Required");
  });

  it("refuses a taken login or e-mail whatever their case", async () => {
    const body = registration();
    await server.call("POST", "/users/register", { body });
    const sameLogin = await server.call("POST", "/users/register", {
      body: registration({ login: body.login.toUpperCase() }),
    });
    expect(sameLogin.status).toBe(409);
    expect(sameLogin.body.errors[0].code).toBe("LoginTaken");
    const sameEmail = await server.call("POST", "/users/register", {
      body: registration({ email: body.email.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors[0].code).toBe("EmailTaken");
  });
});

describe("profile", () => {
  it("PUT /users changes names and preferences and validates them", async () => {
    const user = await server.signUp();
    const response = await server.call("PUT", "/users", {
      token: user.token,
      body: { lastName: "Kuznetsova", darkMode: true, language: "en" },
    });
    expect(response.body.data).toMatchObject({ lastName: "Kuznetsova", darkMode: true, language: "en" });
    const bad = await server.call("PUT", "/users", { token: user.token, body: { firstName: "a".repeat(40) } });
    expect(bad.status).toBe(400);
    expect((await server.call("GET", "/users/who-am-i", { token: user.token })).body.data.firstName).toBe("Anna");
  });

  it("change-password needs the old password and signs out other sessions", async () => {
    const user = await server.signUp();
    const other = await server.call("POST", "/auth/login", {
      body: { login: user.user.login, password: user.password },
    });
    const wrong = await server.call("PUT", "/users/change-password", {
      token: user.token,
      body: { oldPassword: "not-it-at-all", password: "new-password-1", passwordConfirm: "new-password-1" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors[0].code).toBe("WrongPassword");
    const mismatch = await server.call("PUT", "/users/change-password", {
      token: user.token,
      body: { oldPassword: user.password, password: "new-password-1", passwordConfirm: "new-password-2" },
    });
    expect(mismatch.body.errors[0].code).toBe("PasswordMismatch");
    const changed = await server.call("PUT", "/users/change-password", {
      token: user.token,
      body: { oldPassword: user.password, password: "new-password-1", passwordConfirm: "new-password-1" },
    });
    expect(changed.status).toBe(200);
    expect((await server.call("GET", "/users/who-am-i", { token: user.token })).status).toBe(200);
    expect((await server.call("GET", "/users/who-am-i", { token: other.body.data.token })).status).toBe(401);
    const login = await server.call("POST", "/auth/login", {
      body: { login: user.user.login, password: "new-password-1" },
    });
    expect(login.status).toBe(200);
  });

  it("accept-privacy-policy records the time", async () => {
    const user = await server.signUp();
    const response = await server.call("PUT", "/users/accept-privacy-policy", { token: user.token });
    expect(Date.parse(response.body.data.privacyPolicyAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("password reset", () => {
  it("mails a one-time link to the outbox that sets a new password once", async () => {
    const user = await server.signUp();
    const admin = await server.signUp();
    await server.ctx.db.update(users).set({ isSystemAdmin: true }).where(eq(users.id, admin.user.id));
    const request = await server.call("PUT", "/users/reset-password-request", {
      body: { email: user.user.email },
      language: "en",
    });
    expect(request.status).toBe(200);
    const outbox = await server.call("GET", "/system/outbox", { token: admin.token });
    const mail = outbox.body.data.find((m: { to: string }) => m.to === user.user.email);
    expect(mail.subject).toBe("Planum: password reset");
    const token = /token=([\w-]+)/.exec(mail.body)![1];
    expect((await server.call("GET", "/system/outbox", { token: user.token })).status).toBe(403);

    const reset = await server.call("PUT", "/users/reset-password", {
      body: { token, password: "fresh-password", passwordConfirm: "fresh-password" },
    });
    expect(reset.status).toBe(200);
    expect((await server.call("GET", "/users/who-am-i", { token: user.token })).status).toBe(401);
    expect(
      (await server.call("POST", "/auth/login", { body: { login: user.user.login, password: "fresh-password" } }))
        .status,
    ).toBe(200);
    const again = await server.call("PUT", "/users/reset-password", {
      body: { token, password: "another-password", passwordConfirm: "another-password" },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe("InvalidResetToken");
  });

  it("answers the same for an unknown e-mail and validates the address", async () => {
    expect(
      (await server.call("PUT", "/users/reset-password-request", { body: { email: `nobody.${unique()}@example.com` } }))
        .status,
    ).toBe(200);
    expect(
      (await server.call("PUT", "/users/reset-password-request", { body: { email: "nope" } })).body.errors[0].code,
    ).toBe("InvalidEmail");
  });

  it("restores by secret question, comparing the answer loosely but refusing a wrong one", async () => {
    const user = await server.signUp();
    const question = await server.call("GET", `/users/secret-question?login=${user.user.login}`);
    expect(question.body.data.question).toBe("First school?");
    const wrong = await server.call("PUT", "/users/change-forgotten-password", {
      body: {
        login: user.user.login,
        secretAnswer: "School 1",
        password: "restored-pass",
        passwordConfirm: "restored-pass",
      },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors[0].code).toBe("WrongSecretAnswer");
    const right = await server.call("PUT", "/users/change-forgotten-password", {
      body: {
        login: user.user.email,
        secretAnswer: "  school 57 ",
        password: "restored-pass",
        passwordConfirm: "restored-pass",
      },
    });
    expect(right.status).toBe(200);
    expect((await server.call("GET", "/users/who-am-i", { token: user.token })).status).toBe(401);
    expect(
      (await server.call("POST", "/auth/login", { body: { login: user.user.login, password: "restored-pass" } }))
        .status,
    ).toBe(200);
  });
});

describe("avatar", () => {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const multipart = (bytes: Buffer, filename: string, type: string) => {
    const boundary = "----planum-test";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  };
  const upload = (token: string, bytes: Buffer, filename = "me.png", type = "image/png") => {
    const { payload, headers } = multipart(bytes, filename, type);
    return server.app.inject({
      method: "POST",
      url: "/api/v1/users/avatar",
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  };

  it("uploads, serves to other signed-in users, and deletes an image", async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    const uploaded = await upload(user.token, png);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().data.hasAvatar).toBe(true);
    const got = await server.call("GET", `/users/${user.user.id}/avatar`, { token: other.token });
    expect(got.status).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.raw.rawPayload.equals(png)).toBe(true);
    expect((await server.call("GET", `/users/${user.user.id}/avatar`)).status).toBe(401);
    const deleted = await server.call("DELETE", "/users/avatar", { token: user.token });
    expect(deleted.body.data.hasAvatar).toBe(false);
    expect((await server.call("GET", `/users/${user.user.id}/avatar`, { token: other.token })).status).toBe(404);
  });

  it("refuses files that are not images, whatever they claim, and files over 2 MB", async () => {
    const user = await server.signUp();
    const fake = await upload(user.token, Buffer.from("<html>not an image</html>"), "me.png", "image/png");
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors[0].code).toBe("UnsupportedFileType");
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(user.token, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0].code).toBe("FileTooLarge");
    expect((await server.call("GET", "/users/who-am-i", { token: user.token })).body.data.hasAvatar).toBe(false);
  });
});
