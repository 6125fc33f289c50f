import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "../db/schema/index.js";
import { setUpWorkspace } from "../modules/workspace/workspace.test-kit.js";
import { type S3TestServer, startS3Server } from "../test/s3-server.js";
import { createTestServer, type TestServer } from "../test/test-server.js";
import { objectKey, Storage } from "./storage.js";

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = "----planum-storage-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function uploadAvatar(server: TestServer, token: string, bytes = png) {
  const { payload, headers } = multipart(bytes, "me.png", "image/png");
  return server.app.inject({
    method: "POST",
    url: "/api/v1/users/avatar",
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

async function storedRow(server: TestServer, id: string) {
  const [row] = await server.ctx.db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}

/** The same user-visible behaviour on both backends. */
describe.each(["folder", "s3"] as const)("files in the %s store", (kind) => {
  let s3: S3TestServer | null = null;
  let server: TestServer;
  beforeAll(async () => {
    if (kind === "s3") s3 = await startS3Server(`planum-storage-${Date.now().toString(36)}`);
    server = await createTestServer(s3?.env ?? {});
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  it("uses the configured backend", () => {
    expect(server.ctx.storage.kind).toBe(kind);
  });

  it("stores an avatar, serves it byte-identical, and deletes it with its object", async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    expect((await uploadAvatar(server, user.token)).statusCode).toBe(200);
    const got = await server.call("GET", `/users/${user.user.id}/avatar`, { token: other.token });
    expect(got.status).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.raw.rawPayload.equals(png)).toBe(true);

    const [row] = await server.ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, user.user.id));
    expect(row.area).toBe("documents");
    expect((await server.ctx.storage.store.get(objectKey(row)))?.equals(png)).toBe(true);

    expect((await server.call("DELETE", "/users/avatar", { token: user.token })).status).toBe(200);
    expect((await server.call("GET", `/users/${user.user.id}/avatar`, { token: other.token })).status).toBe(404);
    expect(await storedRow(server, row.id)).toBeNull();
    expect(await server.ctx.storage.store.get(objectKey(row))).toBeNull();
  });

  it("stores a document (a node's photo), serves it byte-identical, and deletes it", async () => {
    const { owner } = await setUpWorkspace(server);
    const node = (await owner.call("POST", "/eps/create", { name: "Корпус", key: `K${Date.now()}` })).body.data;
    const { payload, headers } = multipart(png, "facade.png", "image/png");
    const uploaded = await server.app.inject({
      method: "POST",
      url: `/api/v1/eps/${node.id}/photos`,
      payload,
      headers: { ...headers, authorization: `Bearer ${owner.token}`, "x-space-id": owner.spaceId },
    });
    expect(uploaded.statusCode).toBe(200);
    const photo = uploaded.json().data;
    const asOwner = { token: owner.token, headers: { "x-space-id": owner.spaceId } };
    const bytes = await server.call("GET", `/eps/${node.id}/photos/${photo.id}`, asOwner);
    expect(bytes.status).toBe(200);
    expect(bytes.raw.rawPayload.equals(png)).toBe(true);

    expect((await owner.call("DELETE", `/eps/${node.id}/photos/${photo.id}`)).status).toBe(200);
    expect((await server.call("GET", `/eps/${node.id}/photos/${photo.id}`, asOwner)).status).toBe(404);
    expect(await server.ctx.storage.store.get(`documents/${photo.fileId}`)).toBeNull();
  });

  it("serves an export of the temp area through /storage/download byte-identical", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const exported = await owner.call("POST", `/versions/${version.id}/export/json`);
    expect(exported.status).toBe(200);
    const row = await storedRow(server, exported.body.data.fileId);
    expect(row?.area).toBe("temp");
    const stored = await server.ctx.storage.store.get(`temp/${exported.body.data.fileId}`);
    const download = await server.call("GET", `/storage/download/${exported.body.data.fileId}`, {
      token: owner.token,
      headers: { "x-space-id": owner.spaceId },
    });
    expect(download.status).toBe(200);
    expect(String(download.headers["content-disposition"])).toContain("attachment");
    expect(stored && download.raw.rawPayload.equals(stored)).toBe(true);
    expect(download.raw.rawPayload.length).toBe(exported.body.data.size);
  });

  it("sweeps temp files past their hours with their objects, and nothing else", async () => {
    const { db, storage, config } = server.ctx;
    const old = await storage.save(db, { area: "temp", name: "old.csv", mediaType: "text/csv", bytes: png });
    const fresh = await storage.save(db, { area: "temp", name: "new.csv", mediaType: "text/csv", bytes: png });
    const oldDocument = await storage.save(db, {
      area: "documents",
      name: "d.png",
      mediaType: "image/png",
      bytes: png,
    });
    const oldBackup = await storage.save(db, {
      area: "backup",
      name: "b.zip",
      mediaType: "application/zip",
      bytes: png,
    });
    const pastHours = sql`now() - make_interval(hours => ${config.tempFileHours + 1})`;
    for (const id of [old.id, oldDocument.id, oldBackup.id]) {
      await db.update(storedFiles).set({ createdAt: pastHours }).where(eq(storedFiles.id, id));
    }

    expect(await storage.sweepTemp(db, config.tempFileHours)).toBeGreaterThanOrEqual(1);
    expect(await storedRow(server, old.id)).toBeNull();
    expect(await storage.store.get(objectKey(old))).toBeNull();
    for (const kept of [fresh, oldDocument, oldBackup]) {
      expect(await storedRow(server, kept.id)).not.toBeNull();
      expect((await storage.read(db, kept.id))?.bytes.equals(png)).toBe(true);
    }
    // Two processes sweeping at once remove each file once, and a second sweep finds nothing more.
    const again = await storage.save(db, { area: "temp", name: "old2.csv", mediaType: "text/csv", bytes: png });
    await db.update(storedFiles).set({ createdAt: pastHours }).where(eq(storedFiles.id, again.id));
    const counts = await Promise.all([
      storage.sweepTemp(db, config.tempFileHours),
      storage.sweepTemp(db, config.tempFileHours),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await storage.sweepTemp(db, config.tempFileHours)).toBe(0);
  });

  it("leaves no row when the object cannot be written, and no object when the row cannot be inserted", async () => {
    const { db } = server.ctx;
    const store = server.ctx.storage.store;
    const failing = new Storage({
      kind: store.kind,
      put: () => Promise.reject(new Error("store down")),
      get: (key) => store.get(key),
      delete: (key) => store.delete(key),
      check: () => store.check(),
      close: () => {},
    });
    const [{ before }] = await db.select({ before: sql<number>`count(*)::int` }).from(storedFiles);
    await expect(
      failing.save(db, { area: "documents", name: "x.png", mediaType: "image/png", bytes: png }),
    ).rejects.toThrow("store down");
    const [{ after }] = await db.select({ after: sql<number>`count(*)::int` }).from(storedFiles);
    expect(after).toBe(before);

    const written: string[] = [];
    const recording = new Storage({
      kind: store.kind,
      put: async (key, bytes, type) => {
        written.push(key);
        await store.put(key, bytes, type);
      },
      get: (key) => store.get(key),
      delete: (key) => store.delete(key),
      check: () => store.check(),
      close: () => {},
    });
    // A space that does not exist: the row's foreign key refuses it after the object was written.
    await expect(
      recording.save(db, {
        area: "documents",
        name: "x.png",
        mediaType: "image/png",
        bytes: png,
        spaceId: "00000000-0000-0000-0000-000000000000",
      }),
    ).rejects.toThrow();
    expect(written).toHaveLength(1);
    expect(await store.get(written[0])).toBeNull();
  });
});

describe("two server processes on one database and one S3 store", () => {
  let s3: S3TestServer;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server(`planum-shared-${Date.now().toString(36)}`);
    a = await createTestServer(s3.env);
    b = await createTestServer(s3.env, { database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.stop();
  });

  it("download each other's files", async () => {
    const user = await a.signUp();
    expect((await uploadAvatar(a, user.token)).statusCode).toBe(200);
    const throughB = await b.call("GET", `/users/${user.user.id}/avatar`, { token: user.token });
    expect(throughB.status).toBe(200);
    expect(throughB.raw.rawPayload.equals(png)).toBe(true);

    const other = await b.signUp();
    const { payload, headers } = multipart(png, "other.png", "image/png");
    const uploaded = await b.app.inject({
      method: "POST",
      url: "/api/v1/users/avatar",
      payload,
      headers: { ...headers, authorization: `Bearer ${other.token}` },
    });
    expect(uploaded.statusCode).toBe(200);
    const throughA = await a.call("GET", `/users/${other.user.id}/avatar`, { token: user.token });
    expect(throughA.status).toBe(200);
    expect(throughA.raw.rawPayload.equals(png)).toBe(true);
  });
});
