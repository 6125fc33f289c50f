import { errorMessage } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";

// One hashing thread and room for one waiting hash: a crowd of sign-ins overflows it at once.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ PLANUM_HASH_THREADS: "1", PLANUM_HASH_QUEUE_LIMIT: "1" });
});
afterAll(() => server.close());

describe("password hashing under load", () => {
  it("answers ServerBusy 503 with Retry-After in the caller's language past the queue limit, and counts no failure", async () => {
    const person = await server.signUp();
    const attempts = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        server.call("POST", "/auth/login", {
          body: { login: person.user.login, password: person.password },
          language: i % 2 ? "en" : "ru",
        }),
      ),
    );
    const busy = attempts.filter((answer) => answer.status === 503);
    const signedIn = attempts.filter((answer) => answer.status === 200);
    expect(busy.length + signedIn.length).toBe(attempts.length);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(1);
    for (const answer of busy) {
      const [error] = answer.body.errors;
      expect(error.code).toBe("ServerBusy");
      const seconds = Number(answer.headers["retry-after"]);
      expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
      expect(error.params).toEqual({ seconds });
    }
    const languages = new Set(
      busy.map((answer) => {
        const { message, params } = answer.body.errors[0];
        if (message === errorMessage("en", "ServerBusy", params)) return "en";
        expect(message).toBe(errorMessage("ru", "ServerBusy", params));
        return "ru";
      }),
    );
    expect(languages).toEqual(new Set(["en", "ru"]));
    expect(errorMessage("en", "ServerBusy", { seconds: 3 })).toBe("The server is busy, try again in 3 seconds");

    // Turned away is not a wrong password: the account is not throttled, the next sign-in works.
    const later = await server.call("POST", "/auth/login", {
      body: { login: person.user.login, password: person.password },
    });
    expect(later.status).toBe(200);
  });

  it("keeps wrong passwords and unknown logins refused as before while the pool is idle", async () => {
    const person = await server.signUp();
    const wrong = await server.call("POST", "/auth/login", {
      body: { login: person.user.login, password: "not-the-password" },
      language: "en",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe("WrongCredentials");
    const unknown = await server.call("POST", "/auth/login", {
      body: { login: "nobody-at-all", password: "not-the-password" },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers["retry-after"]).toBeUndefined();
  });
});
