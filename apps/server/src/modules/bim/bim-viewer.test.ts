import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function convertedModel(owner: Actor) {
  const { project } = await buildTree(owner);
  const boundary = "----planum-ifc-viewer-test";
  const answer = await server.app.inject({
    method: "POST",
    url: `/api/v1/projects/${project.id}/3d/upload`,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="steel.ifc"\r\n\r\n`),
      readFileSync(new URL("./fixtures/ifc2x3-example.ifc", import.meta.url)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${owner.token}`,
      "x-space-id": owner.spaceId,
    },
  });
  await server.ctx.jobs.idle();
  return { project, model: answer.json().data.model as { id: string } };
}

const WALLS = { ifcType: "IfcWallStandardCase", colour: "#ff8800", hidden: false };

describe("3D viewer state and appearance profiles", () => {
  it("keeps each user's viewer state of a model: camera, hidden, isolated, section, profile", async () => {
    const { owner, member } = await setUpSpace(server, ["space:read", "eps:read"]);
    const { model } = await convertedModel(owner);
    const profile = (await owner.call("POST", `/spaces/${owner.spaceId}/bim/create`, { name: "Walls", rules: [WALLS] }))
      .body.data;
    expect((await owner.call("GET", `/bim/state?modelId=${model.id}`)).body.data).toBeNull();
    const state = {
      modelId: model.id,
      camera: { position: [10, 20, 30], target: [1, 2, 3] },
      hidden: [917],
      isolated: null,
      section: { axis: "z", at: 0.4 },
      profileId: profile.id,
    };
    expect((await owner.call("PUT", "/bim/state", state)).body.data).toEqual(state);
    expect((await owner.call("GET", `/bim/state?modelId=${model.id}`)).body.data).toEqual(state);
    // Another user of the space has a state of their own.
    expect((await member.call("GET", `/bim/state?modelId=${model.id}`)).body.data).toBeNull();
    const mine = { ...state, hidden: [], isolated: [232, 322], section: null, profileId: null };
    await member.call("PUT", "/bim/state", mine);
    expect((await member.call("GET", `/bim/state?modelId=${model.id}`)).body.data).toEqual(mine);
    expect((await owner.call("GET", `/bim/state?modelId=${model.id}`)).body.data).toEqual(state);

    // Bad input changes nothing: a section beyond the model, a camera without numbers, a missing model.
    for (const [body, code] of [
      [{ ...state, hidden: [], section: { axis: "z", at: 2 } }, "InvalidNumber"],
      [{ ...state, hidden: [], section: { axis: "w", at: 0.5 } }, "InvalidValue"],
      [{ ...state, hidden: [], camera: { position: [1, 2], target: [0, 0, 0] } }, null],
    ] as const) {
      const bad = await owner.call("PUT", "/bim/state", body);
      expect(bad.status).toBe(400);
      if (code) expect(bad.body.errors[0].code).toBe(code);
    }
    const missing = await owner.call("PUT", "/bim/state", { ...state, modelId: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    expect((await owner.call("GET", `/bim/state?modelId=${model.id}`)).body.data).toEqual(state);
  });

  it("profiles are the space's: members read them, space:write changes them, names are unique", async () => {
    const { owner, member } = await setUpSpace(server, ["space:read", "eps:read"]);
    const base = `/spaces/${owner.spaceId}/bim`;
    const created = await owner.call("POST", `${base}/create`, { name: "Walls", rules: [WALLS] });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: "Walls", rules: [WALLS] });
    const id = created.body.data.id;
    const taken = await owner.call("POST", `${base}/create`, { name: "Walls", rules: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].code).toBe("NameTaken");
    const badColour = await owner.call("POST", `${base}/create`, {
      name: "Bad",
      rules: [{ ...WALLS, colour: "orange" }],
    });
    expect(badColour.status).toBe(400);
    expect(badColour.body.errors[0].code).toBe("InvalidValue");
    const badType = await owner.call("POST", `${base}/create`, { name: "Bad", rules: [{ ...WALLS, ifcType: "Wall" }] });
    expect(badType.body.errors[0].code).toBe("InvalidValue");

    const hideSlabs = { ifcType: "IfcSlab", colour: null, hidden: true };
    const updated = await owner.call("PUT", `${base}/${id}/update`, { name: "Structure", rules: [WALLS, hideSlabs] });
    expect(updated.body.data).toMatchObject({ id, name: "Structure", rules: [WALLS, hideSlabs] });
    expect((await member.call("GET", base)).body.data).toEqual([updated.body.data]);
    // A member without space:write reads but cannot change.
    expect((await member.call("POST", `${base}/create`, { name: "Mine", rules: [] })).status).toBe(403);
    expect((await member.call("DELETE", `${base}/${id}/delete`)).status).toBe(403);
    expect((await owner.call("DELETE", `${base}/${id}/delete`)).body.data).toBeNull();
    expect((await owner.call("GET", base)).body.data).toEqual([]);
  });

  it("another space's member can neither read nor change states and profiles", async () => {
    const { owner, stranger, intruder } = await setUpSpace(server);
    const { model } = await convertedModel(owner);
    const base = `/spaces/${owner.spaceId}/bim`;
    const profile = (await owner.call("POST", `${base}/create`, { name: "Walls", rules: [WALLS] })).body.data;
    const state = {
      modelId: model.id,
      camera: { position: [10, 20, 30], target: [1, 2, 3] },
      hidden: [],
      isolated: null,
      section: null,
      profileId: profile.id,
    };
    await owner.call("PUT", "/bim/state", state);
    // The stranger's own space: the model and the profile are not there.
    const theirs = { ...state, profileId: null };
    for (const who of [stranger, intruder]) {
      for (const [method, path, body] of [
        ["GET", `/bim/state?modelId=${model.id}`, undefined],
        ["PUT", "/bim/state", theirs],
        ["GET", base, undefined],
        ["POST", `${base}/create`, { name: "Mine", rules: [] }],
        ["PUT", `${base}/${profile.id}/update`, { name: "Mine", rules: [] }],
        ["DELETE", `${base}/${profile.id}/delete`, undefined],
      ] as const) {
        expect([403, 404], `${method} ${path}`).toContain((await who.call(method, path, body)).status);
      }
    }
    // In their own space, a profile of another space cannot be named in a state nor changed through their space.
    const ownBase = `/spaces/${stranger.spaceId}/bim`;
    expect((await stranger.call("PUT", `${ownBase}/${profile.id}/update`, { name: "X", rules: [] })).status).toBe(404);
    expect((await stranger.call("GET", ownBase)).body.data).toEqual([]);
    expect((await owner.call("GET", base)).body.data).toEqual([profile]);
    expect((await owner.call("GET", `/bim/state?modelId=${model.id}`)).body.data).toEqual(state);
  });
});
