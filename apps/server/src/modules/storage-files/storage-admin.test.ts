import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ PLANUM_MAX_UPLOAD_MB: "7", PLANUM_MAX_BACKUP_MB: "300" });
});
afterAll(() => server.close());

async function spaceWithFiles() {
  const owner = await server.signUp();
  const space = await server.createSpace(owner.token, "Stored");
  const save = (area: "documents" | "temp" | "backup", name: string, size: number) =>
    server.ctx.storage.save(server.ctx.db, {
      area,
      name,
      mediaType: "application/octet-stream",
      bytes: Buffer.alloc(size, 7),
      spaceId: space.id,
      ownerUserId: owner.user.id,
    });
  const files = {
    photo: await save("documents", "фото.jpg", 1000),
    plan: await save("documents", "plan.pdf", 500),
    export: await save("temp", "export.xer", 250),
    backup: await save("backup", "backup.json", 4000),
  };
  return { owner, space, files };
}

describe("storage administration", () => {
  it("answers the largest file each area takes", async () => {
    const user = await server.signUp();
    const limit = async (query: string) =>
      (await server.call("GET", `/storage/max-size${query}`, { token: user.token })).body.data.bytes;
    expect(await limit("")).toBe(7 * 1024 * 1024);
    expect(await limit("?area=documents")).toBe(7 * 1024 * 1024);
    expect(await limit("?area=temp")).toBe(7 * 1024 * 1024);
    expect(await limit("?area=backup")).toBe(300 * 1024 * 1024);
    const wrong = await server.call("GET", "/storage/max-size?area=attic", { token: user.token, language: "en" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].code).toBe("InvalidValue");
  });

  it("shows the space's use of each area and its files, newest first", async () => {
    const { owner, space, files } = await spaceWithFiles();
    const usage = await server.call("GET", `/space/${space.id}/storage`, { token: owner.token });
    expect(usage.status).toBe(200);
    expect(usage.body.data.areas).toEqual([
      { area: "documents", files: 2, bytes: 1500, maxBytes: 7 * 1024 * 1024 },
      { area: "temp", files: 1, bytes: 250, maxBytes: 7 * 1024 * 1024 },
      { area: "backup", files: 1, bytes: 4000, maxBytes: 300 * 1024 * 1024 },
    ]);
    expect(usage.body.data.files.map((f: { id: string }) => f.id)).toEqual([
      files.backup.id,
      files.export.id,
      files.plan.id,
      files.photo.id,
    ]);
    expect(usage.body.data.files[3]).toMatchObject({ name: "фото.jpg", ownerLogin: owner.user.login });
  });

  it("deletes a stored file with its bytes; backups are left to the backup calls", async () => {
    const { owner, space, files } = await spaceWithFiles();
    const headers = { "x-space-id": space.id };
    const deleted = await server.call("DELETE", `/storage/${files.photo.id}`, { token: owner.token, headers });
    expect(deleted.status).toBe(200);
    expect(await server.ctx.storage.read(server.ctx.db, files.photo.id)).toBeNull();
    expect(await server.ctx.storage.store.get(`documents/${files.photo.id}`)).toBeNull();
    const again = await server.call("DELETE", `/storage/${files.photo.id}`, { token: owner.token, headers });
    expect(again.status).toBe(404);
    const backup = await server.call("DELETE", `/storage/${files.backup.id}`, { token: owner.token, headers });
    expect(backup.status).toBe(404);
    expect(await server.ctx.storage.read(server.ctx.db, files.backup.id)).not.toBeNull();
    const usage = await server.call("GET", `/space/${space.id}/storage`, { token: owner.token });
    expect(usage.body.data.areas[0]).toMatchObject({ area: "documents", files: 1, bytes: 500 });
  });

  it("lets neither another space's administrator nor a plain member read or delete the space's files", async () => {
    const { owner, space, files } = await spaceWithFiles();
    const other = await spaceWithFiles();
    const member = await server.signUp();
    await server.call("POST", `/space/${space.id}/users/invite`, {
      token: owner.token,
      body: { login: member.user.login },
    });
    // Another space's administrator, naming their own space: the file is not there.
    const foreign = await server.call("DELETE", `/storage/${files.plan.id}`, {
      token: other.owner.token,
      headers: { "x-space-id": other.space.id },
    });
    expect(foreign.status).toBe(404);
    // Naming this space: they are no member of it.
    const intruding = await server.call("DELETE", `/storage/${files.plan.id}`, {
      token: other.owner.token,
      headers: { "x-space-id": space.id },
    });
    expect(intruding.status).toBe(403);
    expect((await server.call("GET", `/space/${space.id}/storage`, { token: other.owner.token })).status).toBe(403);
    const plain = await server.call("DELETE", `/storage/${files.plan.id}`, {
      token: member.token,
      headers: { "x-space-id": space.id },
    });
    expect(plain.status).toBe(403);
    expect((await server.call("GET", `/space/${space.id}/storage`, { token: member.token })).status).toBe(403);
    expect(await server.ctx.storage.read(server.ctx.db, files.plan.id)).not.toBeNull();
  });
});
