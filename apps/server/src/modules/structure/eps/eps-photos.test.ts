import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Sends one multipart `file` part as the actor, with X-Space-Id. */
function upload(who: Actor, nodeId: string, bytes: Buffer, filename = "photo.png", type = "image/png") {
  const boundary = "----planum-photo-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: "POST",
    url: `/api/v1/eps/${nodeId}/photos`,
    payload,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
      "x-space-id": who.spaceId,
    },
  });
}

describe("EPS node photos", () => {
  it("uploads, lists, serves and deletes a node's photos, and tells the room", async () => {
    const { owner } = await setUpSpace(server);
    const node = (await owner.call("POST", "/eps/create", { name: "Корпус" })).body.data;
    expect((await owner.call("GET", `/eps/${node.id}/photos`)).body.data).toEqual([]);

    server.ctx.realtime.sent.length = 0;
    const uploaded = await upload(owner, node.id, png, "facade.png");
    expect(uploaded.statusCode).toBe(200);
    const photo = uploaded.json().data;
    expect(photo).toEqual({
      id: expect.any(String),
      fileId: expect.any(String),
      name: "facade.png",
      size: png.length,
      mediaType: "image/png",
      caption: null,
      createdAt: expect.any(String),
    });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "eps_updated", action: "updated", nodeIds: [node.id], parentIds: [null] }),
    );

    expect((await owner.call("GET", `/eps/${node.id}/photos`)).body.data).toEqual([photo]);
    const all = await owner.call("GET", "/eps/photos");
    expect(all.body.data).toEqual([{ id: photo.id, nodeId: node.id, name: "facade.png", createdAt: photo.createdAt }]);

    const bytes = await server.call("GET", `/eps/${node.id}/photos/${photo.id}`, {
      token: owner.token,
      headers: { "x-space-id": owner.spaceId },
    });
    expect(bytes.status).toBe(200);
    expect(bytes.headers["content-type"]).toBe("image/png");
    expect(bytes.headers["x-content-type-options"]).toBe("nosniff");
    expect(bytes.raw.rawPayload.equals(png)).toBe(true);

    const deleted = await owner.call("DELETE", `/eps/${node.id}/photos/${photo.id}`);
    expect(deleted.status).toBe(200);
    expect((await owner.call("GET", `/eps/${node.id}/photos`)).body.data).toEqual([]);
    expect((await owner.call("GET", `/eps/${node.id}/photos/${photo.id}`)).status).toBe(404);
    expect(await server.ctx.storage.read(server.ctx.db, photo.fileId)).toBeNull();
  });

  it("deleting a node removes its photos' files too", async () => {
    const { owner } = await setUpSpace(server);
    const parent = (await owner.call("POST", "/eps/create", { name: "Участок" })).body.data;
    const child = (await owner.call("POST", "/eps/create", { name: "Секция", parentId: parent.id })).body.data;
    const photo = (await upload(owner, child.id, png)).json().data;
    expect(await server.ctx.storage.read(server.ctx.db, photo.fileId)).not.toBeNull();
    const refused = await owner.call("DELETE", `/eps/${parent.id}`);
    expect(refused.body.errors[0].code).toBe("ConfirmationRequired");
    expect((await owner.call("DELETE", `/eps/${parent.id}?confirmCount=2`)).status).toBe(200);
    expect(await server.ctx.storage.read(server.ctx.db, photo.fileId)).toBeNull();
  });

  it("refuses files that are not images, whatever they claim, and files over 10 MB", async () => {
    const { owner } = await setUpSpace(server);
    const node = (await owner.call("POST", "/eps/create", { name: "Корпус" })).body.data;
    const fake = await upload(owner, node.id, Buffer.from("<html>not an image</html>"), "x.png", "image/png");
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors[0].code).toBe("UnsupportedFileType");
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(owner, node.id, big);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors[0].code).toBe("FileTooLarge");
    expect((await owner.call("GET", `/eps/${node.id}/photos`)).body.data).toEqual([]);
  });

  it("answers 404 for another space's node or photo", async () => {
    const { owner, stranger } = await setUpSpace(server);
    const node = (await owner.call("POST", "/eps/create", { name: "Корпус" })).body.data;
    const photo = (await upload(owner, node.id, png)).json().data;
    const theirs = (await stranger.call("POST", "/eps/create", { name: "Чужой" })).body.data;

    expect((await stranger.call("GET", `/eps/${node.id}/photos`)).status).toBe(404);
    expect((await stranger.call("GET", `/eps/${node.id}/photos/${photo.id}`)).status).toBe(404);
    expect((await stranger.call("GET", `/eps/${theirs.id}/photos/${photo.id}`)).status).toBe(404);
    expect((await stranger.call("DELETE", `/eps/${theirs.id}/photos/${photo.id}`)).status).toBe(404);
    expect((await upload(stranger, node.id, png)).statusCode).toBe(404);
    expect((await stranger.call("GET", "/eps/photos")).body.data).toEqual([]);
    expect((await owner.call("GET", `/eps/${node.id}/photos`)).body.data).toHaveLength(1);
  });

  it("lets a reader look but not upload or delete (403, nothing changes)", async () => {
    const { owner, member } = await setUpSpace(server);
    const node = (await owner.call("POST", "/eps/create", { name: "Корпус" })).body.data;
    const photo = (await upload(owner, node.id, png)).json().data;

    expect((await member.call("GET", `/eps/${node.id}/photos`)).body.data).toEqual([photo]);
    expect((await member.call("GET", `/eps/${node.id}/photos/${photo.id}`)).status).toBe(200);
    const refused = await upload(member, node.id, png);
    expect(refused.statusCode).toBe(403);
    expect((await member.call("DELETE", `/eps/${node.id}/photos/${photo.id}`)).status).toBe(403);
    expect((await owner.call("GET", `/eps/${node.id}/photos`)).body.data).toEqual([photo]);
    expect((await owner.call("GET", "/eps/photos")).body.data).toHaveLength(1);
    expect((await server.ctx.storage.read(server.ctx.db, photo.fileId))?.bytes.equals(png)).toBe(true);
  });
});
