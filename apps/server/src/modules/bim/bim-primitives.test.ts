import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** The tree root → facility → project (one schedule), a version of that schedule with two works. */
async function siteWithWorks(owner: Actor) {
  const tree = await buildTree(owner);
  const version = (
    await owner.call("POST", `/schedules/${tree.schedule.id}/versions/create`, {
      label: "Main",
      projectStart: "2025-01-13T08:00",
    })
  ).body.data;
  const work = async (code: string) =>
    (await owner.call("POST", `/versions/${version.id}/wbs/create`, { type: "work", code, name: code, duration: 480 }))
      .body.data.item.id as number;
  return { ...tree, version, crane: await work("CRANE"), pit: await work("PIT") };
}

const CABIN = {
  name: "Site cabin",
  shape: "box",
  size: [6, 2.5, 3],
  position: [10, -4, 0],
  rotation: [0, 0, 30],
  colour: "#228be6",
};

describe("primitive 3D models", () => {
  it("places, reads, changes and deletes shapes on a node's site plan, tied to works of the schedules under it", async () => {
    const { owner, member } = await setUpSpace(server, ["space:read", "eps:read"]);
    const { facility, project, crane, pit } = await siteWithWorks(owner);

    // On the facility (a node without a model): its works are those of the project under it.
    const created = await owner.call("POST", "/primitivesModels", { epsId: facility.id, ...CABIN, itemIds: [crane] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cabin = created.body.data;
    expect(cabin).toMatchObject({ epsId: facility.id, ...CABIN, itemIds: [crane] });
    const tank = (
      await owner.call("POST", "/primitivesModels", {
        epsId: facility.id,
        ...CABIN,
        name: "Tank",
        shape: "cylinder",
        itemIds: [],
      })
    ).body.data;

    // A member who may read the structure sees them in the order placed; the project has none of its own.
    const listed = await member.call("GET", `/primitivesModels/eps/${facility.id}`);
    expect(listed.body.data.map((p: { name: string }) => p.name)).toEqual(["Site cabin", "Tank"]);
    expect((await member.call("GET", `/primitivesModels/eps/${facility.id}/${tank.id}`)).body.data).toMatchObject({
      shape: "cylinder",
      itemIds: [],
    });
    expect((await member.call("GET", `/primitivesModels/eps/${project.id}`)).body.data).toEqual([]);

    // A change of the fields given: moved, turned, tied to both works.
    const moved = await owner.call("PATCH", "/primitivesModels", {
      id: cabin.id,
      epsId: facility.id,
      position: [0, 0, 1.5],
      rotation: [0, 0, -90],
      itemIds: [pit, crane, pit],
    });
    expect(moved.body.data).toMatchObject({
      name: "Site cabin",
      size: [6, 2.5, 3],
      position: [0, 0, 1.5],
      rotation: [0, 0, -90],
      itemIds: [crane, pit].sort((a, b) => a - b),
    });
    const untied = await owner.call("PATCH", "/primitivesModels", { id: cabin.id, epsId: facility.id, itemIds: [pit] });
    expect(untied.body.data.itemIds).toEqual([pit]);

    // Reading is not changing: a member without eps:write is refused and nothing moves.
    expect(
      (await member.call("PATCH", "/primitivesModels", { id: cabin.id, epsId: facility.id, name: "X" })).status,
    ).toBe(403);
    expect((await member.call("DELETE", `/primitivesModels/eps/${facility.id}/${cabin.id}`)).status).toBe(403);

    // Deleting a primitive removes it and its ties.
    expect((await owner.call("DELETE", `/primitivesModels/eps/${facility.id}/${tank.id}`)).status).toBe(200);
    expect((await owner.call("GET", `/primitivesModels/eps/${facility.id}/${tank.id}`)).status).toBe(404);
    expect((await owner.call("GET", `/primitivesModels/eps/${facility.id}`)).body.data).toEqual([
      expect.objectContaining({ id: cabin.id, name: "Site cabin", itemIds: [pit] }),
    ]);
  });

  it("answers a node's shapes with those of its ancestors' site plans, the root's first, when asked", async () => {
    const { owner, member } = await setUpSpace(server, ["space:read", "eps:read"]);
    const { root, facility, project, crane } = await siteWithWorks(owner);
    const place = async (epsId: string, name: string, itemIds: number[] = []) =>
      (await owner.call("POST", "/primitivesModels", { epsId, ...CABIN, name, itemIds })).body.data;
    await place(project.id, "Hoist", [crane]);
    await place(facility.id, "Crane", [crane]);
    await place(facility.id, "Fence");
    await place(root.id, "Gate");
    // A sibling project's shape is not an ancestor's: it stays out.
    const sibling = (await owner.call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус Б" })).body
      .data;
    await place(sibling.id, "Other hoist");

    const names = async (url: string) =>
      ((await member.call("GET", url)).body.data as { name: string; epsId: string }[]).map((p) => [p.name, p.epsId]);
    expect(await names(`/primitivesModels/eps/${project.id}?withAncestors=true`)).toEqual([
      ["Gate", root.id],
      ["Crane", facility.id],
      ["Fence", facility.id],
      ["Hoist", project.id],
    ]);
    expect(await names(`/primitivesModels/eps/${project.id}`)).toEqual([["Hoist", project.id]]);
    expect(await names(`/primitivesModels/eps/${project.id}?withAncestors=false`)).toEqual([["Hoist", project.id]]);
    const bad = await member.call("GET", `/primitivesModels/eps/${project.id}?withAncestors=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe("InvalidValue");
  });

  it("refuses bad input with a localized error and changes nothing", async () => {
    const { owner } = await setUpSpace(server);
    const { facility, project, crane } = await siteWithWorks(owner);
    const cabin = (await owner.call("POST", "/primitivesModels", { epsId: project.id, ...CABIN, itemIds: [crane] }))
      .body.data;
    for (const [body, code] of [
      [{ size: [-1, 2, 3] }, "InvalidNumber"],
      [{ size: [0, 2, 3] }, "InvalidNumber"],
      [{ shape: "pyramid" }, "InvalidValue"],
      [{ colour: "blue" }, "InvalidValue"],
      [{ rotation: [0, 0, 720] }, "InvalidNumber"],
      [{ name: "" }, "Required"],
    ] as const) {
      const create = await owner.call("POST", "/primitivesModels", {
        epsId: project.id,
        ...CABIN,
        itemIds: [],
        ...body,
      });
      expect(create.status).toBe(400);
      expect(create.body.errors[0].code).toBe(code);
      const change = await owner.call("PATCH", "/primitivesModels", { id: cabin.id, epsId: project.id, ...body });
      expect(change.status).toBe(400);
      expect(change.body.errors[0].code).toBe(code);
    }
    // A work of a schedule that is not under the node: the whole change is refused, in the caller's language.
    const other = await buildTree(owner);
    const otherVersion = (
      await owner.call("POST", `/schedules/${other.schedule.id}/versions/create`, {
        label: "Other",
        projectStart: "2025-01-13T08:00",
      })
    ).body.data;
    const foreign = (
      await owner.call("POST", `/versions/${otherVersion.id}/wbs/create`, {
        type: "work",
        code: "F",
        name: "F",
        duration: 60,
      })
    ).body.data.item.id as number;
    const refused = await server.call("PATCH", "/primitivesModels", {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
      body: { id: cabin.id, epsId: project.id, name: "Moved", position: [50, 50, 0], itemIds: [crane, foreign] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: "BimPrimitiveWork", params: { work: String(foreign) } });
    expect(refused.body.errors[0].message).toBe(
      `Работа ${foreign} не является строкой графика этого узла или узлов под ним`,
    );
    // A primitive named under another node of the space is not found there.
    expect((await owner.call("GET", `/primitivesModels/eps/${facility.id}/${cabin.id}`)).status).toBe(404);
    expect(
      (await owner.call("PATCH", "/primitivesModels", { id: cabin.id, epsId: facility.id, name: "Y" })).status,
    ).toBe(404);
    const unchanged = (await owner.call("GET", `/primitivesModels/eps/${project.id}/${cabin.id}`)).body.data;
    expect(unchanged).toMatchObject({ name: "Site cabin", position: CABIN.position, itemIds: [crane] });
  });

  it("a user of another space can neither read nor change a space's primitives", async () => {
    const { owner, stranger, intruder } = await setUpSpace(server);
    const { project, crane } = await siteWithWorks(owner);
    const cabin = (await owner.call("POST", "/primitivesModels", { epsId: project.id, ...CABIN, itemIds: [crane] }))
      .body.data;
    // Through their own space the node is not found; aiming at the first space they are not a member.
    for (const who of [stranger, intruder]) {
      expect((await who.call("GET", `/primitivesModels/eps/${project.id}`)).status).toBeGreaterThanOrEqual(403);
      expect(
        (await who.call("GET", `/primitivesModels/eps/${project.id}?withAncestors=true`)).status,
      ).toBeGreaterThanOrEqual(403);
      expect((await who.call("GET", `/primitivesModels/eps/${project.id}/${cabin.id}`)).status).toBeGreaterThanOrEqual(
        403,
      );
      expect(
        (await who.call("PATCH", "/primitivesModels", { id: cabin.id, epsId: project.id, name: "Theirs" })).status,
      ).toBeGreaterThanOrEqual(403);
      expect(
        (await who.call("DELETE", `/primitivesModels/eps/${project.id}/${cabin.id}`)).status,
      ).toBeGreaterThanOrEqual(403);
      expect(
        (await who.call("POST", "/primitivesModels", { epsId: project.id, ...CABIN, itemIds: [] })).status,
      ).toBeGreaterThanOrEqual(403);
    }
    // A stranger's own node cannot take the first space's works.
    const theirs = await buildTree(stranger);
    const tied = await stranger.call("POST", "/primitivesModels", {
      epsId: theirs.project.id,
      ...CABIN,
      itemIds: [crane],
    });
    expect(tied.body.errors[0].code).toBe("BimPrimitiveWork");
    expect((await owner.call("GET", `/primitivesModels/eps/${project.id}`)).body.data).toEqual([
      expect.objectContaining({ name: "Site cabin", itemIds: [crane] }),
    ]);
  });
});
