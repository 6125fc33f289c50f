import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3Server } from "../../test/s3-server.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";

describe("health-check on the local folder", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it("answers ok while the database and the store answer", async () => {
    const response = await server.call("GET", "/health-check");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: { status: "ok", version: expect.any(String), database: "ok", storage: "ok" },
    });
  });

  it("answers 503 while the process drains", async () => {
    server.ctx.process.draining = true;
    try {
      const response = await server.call("GET", "/health-check");
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({
        success: false,
        data: { status: "draining", database: "ok", storage: "ok" },
      });
    } finally {
      server.ctx.process.draining = false;
    }
    expect((await server.call("GET", "/health-check")).status).toBe(200);
  });
});

describe("health-check on an S3 store", () => {
  let s3: S3TestServer;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server(`planum-health-${Date.now().toString(36)}`);
    server = await createTestServer(s3.env);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  it("answers ok while the store answers, 503 with storage unreachable once it stops", async () => {
    const up = await server.call("GET", "/health-check");
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ status: "ok", database: "ok", storage: "ok" });

    await s3.stop();
    const down = await server.call("GET", "/health-check");
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      success: false,
      data: { status: "unavailable", database: "ok", storage: "unreachable" },
    });
  });
});
