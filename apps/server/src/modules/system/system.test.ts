import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("system calls", () => {
  it("system-state tells languages, version and mode without a token", async () => {
    const response = await server.call("GET", "/system-state");
    expect(response.status).toBe(200);
    expect(response.body.data.languages).toEqual(["ru", "en", "fr"]);
    expect(response.body.data.defaultLanguage).toBe("ru");
    expect(response.body.data.mode).toBe("test");
    expect(response.body.data.idleMinutes).toBeGreaterThan(0);
  });

  it("the system guide answers in the caller's language, to signed-in users", async () => {
    const user = await server.signUp();
    const ru = await server.call("GET", "/guide", { token: user.token, language: "ru" });
    expect(ru.status).toBe(200);
    expect(ru.body.data.title).toBe("Руководство Planum");
    const fr = await server.call("GET", "/guide", { token: user.token, language: "fr" });
    expect(fr.body.data.title).toBe("Guide de Planum");
    expect(fr.body.data.sections.map((section: { id: string }) => section.id)).toEqual(
      ru.body.data.sections.map((section: { id: string }) => section.id),
    );
    expect((await server.call("GET", "/guide")).status).toBe(401);
  });

  it("health-check answers ok after touching the database", async () => {
    const response = await server.call("GET", "/health-check");
    expect(response.body).toMatchObject({ success: true, data: { status: "ok" } });
  });

  it("client errors are stored and limited per address", async () => {
    const remoteAddress = "198.51.100.7";
    const first = await server.call("POST", "/client-error", {
      body: { message: "TypeError: x is undefined" },
      remoteAddress,
    });
    expect(first.status).toBe(200);
    let last = first;
    for (let i = 0; i < 25; i++)
      last = await server.call("POST", "/client-error", { body: { message: "again" }, remoteAddress });
    expect(last.status).toBe(429);
    const empty = await server.call("POST", "/client-error", { body: { message: "" } });
    expect(empty.status).toBe(400);
  });

  it("localization lists the languages and serves each one's texts", async () => {
    expect((await server.call("GET", "/localization")).body.data).toEqual({
      languages: ["ru", "en", "fr"],
      default: "ru",
    });
    expect((await server.call("GET", "/localization/default")).body.data).toEqual({ language: "ru" });
    const fr = await server.call("GET", "/localization/fr");
    expect(fr.body.data.errors.InvalidEmail).toBe("Adresse e-mail invalide");
    expect((await server.call("GET", "/localization/de")).status).toBe(400);
  });

  it("localization/set saves the signed-in user's language", async () => {
    const user = await server.signUp();
    const response = await server.call("GET", "/localization/set/fr", { token: user.token });
    expect(response.body.data.language).toBe("fr");
    expect((await server.call("GET", "/users/who-am-i", { token: user.token })).body.data.language).toBe("fr");
    expect((await server.call("GET", "/localization/set/fr")).status).toBe(401);
  });

  it("the OpenAPI UI is served at /api/docs", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("swagger-ui");
  });

  it("the OpenAPI document lists the API", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain("/api/v1/auth/login");
    expect(paths).toContain("/api/v1/space/create");
  });

  it("unknown API paths answer 404 in the envelope (401 before sign-in)", async () => {
    expect((await server.call("GET", "/no-such-call")).status).toBe(401);
    const { token } = await server.signUp();
    const response = await server.call("GET", "/no-such-call", { token, language: "en" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, errors: [{ code: "NotFound", message: "Not found" }] });
  });
});
