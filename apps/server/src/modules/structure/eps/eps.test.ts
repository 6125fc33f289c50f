import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { BAD_NAMES, buildTree, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("EPS tree", () => {
  it("lists the light tree, one level on demand, and searches by name or key", async () => {
    const { owner } = await setUpSpace(server);
    const { root, facility, project } = await buildTree(owner);
    const second = (await owner.call("POST", "/eps/create", { name: "Корпус Б" })).body.data;

    const all = await owner.call("GET", "/eps");
    expect(all.status).toBe(200);
    expect(all.body.data.nodes).toEqual([
      { id: root.id, parentId: null, kind: "node", name: "Корпус А", key: root.key, order: 0, hasChildren: true },
      { id: second.id, parentId: null, kind: "node", name: "Корпус Б", key: null, order: 1, hasChildren: false },
      expect.objectContaining({ id: facility.id, parentId: root.id, kind: "facility", hasChildren: true }),
      expect.objectContaining({ id: project.id, parentId: facility.id, kind: "project", hasChildren: false }),
    ]);
    expect((await owner.call("GET", "/eps/without-analytic")).body.data.nodes).toHaveLength(4);

    const roots = await owner.call("GET", "/eps?parentId=root");
    expect(roots.body.data.nodes.map((n: { id: string }) => n.id)).toEqual([root.id, second.id]);
    const children = await owner.call("GET", `/eps?parentId=${root.id}`);
    expect(children.body.data.nodes).toEqual([expect.objectContaining({ id: facility.id, hasChildren: true })]);

    const found = await owner.call("GET", `/eps?search=${encodeURIComponent("цех")}`);
    expect(found.body.data.nodes.map((n: { id: string }) => n.id)).toEqual([project.id]);
    expect(found.body.data.ancestorIds.sort()).toEqual([root.id, facility.id].sort());
    const byKey = await owner.call("GET", `/eps?search=${root.key.slice(0, 6)}`);
    expect(byKey.body.data.nodes.map((n: { id: string }) => n.id)).toEqual([root.id]);
    expect((await owner.call("GET", "/eps?search=%25")).body.data.nodes).toEqual([]);
    expect((await owner.call("GET", "/eps?parentId=bad")).status).toBe(400);

    const node = await owner.call("GET", `/eps/${project.id}`);
    expect(node.body.data).toMatchObject({ id: project.id, ancestorIds: [root.id, facility.id], kind: "project" });
    const space = await server.call("GET", `/eps/${project.id}/space-id`, { token: owner.token });
    expect(space.body.data).toEqual({ spaceId: owner.spaceId });
  });

  it("creates nodes only where their kind may hang, and validates names and keys", async () => {
    const { owner } = await setUpSpace(server);
    const { facility, project } = await buildTree(owner);
    for (const [name, code] of BAD_NAMES) {
      const response = await owner.call("POST", "/eps/create", { name });
      expect(response.status, String(name)).toBe(400);
      expect(response.body.errors[0].code).toBe(code);
    }
    expect((await owner.call("POST", "/eps/create", {})).body.errors[0].code).toBe("Required");
    expect((await owner.call("POST", "/eps/create", { name: "Ok", key: "has space" })).body.errors[0].code).toBe(
      "ProhibitedCharacters",
    );
    const underProject = await owner.call("POST", "/eps/create", { name: "Deep", parentId: project.id });
    expect(underProject.status).toBe(400);
    expect(underProject.body.errors[0].code).toBe("InvalidParent");
    expect((await owner.call("POST", "/facilities/create", { name: "F", parentId: facility.id })).status).toBe(400);
    expect((await owner.call("POST", "/eps/create", { name: "X", parentId: crypto.randomUUID() })).status).toBe(404);
    expect((await owner.call("GET", "/eps")).body.data.nodes).toHaveLength(3);
  });

  it("renames, moves up and down, and tells the room", async () => {
    const { owner } = await setUpSpace(server);
    const a = (await owner.call("POST", "/eps/create", { name: "A" })).body.data;
    const b = (await owner.call("POST", "/eps/create", { name: "B" })).body.data;
    server.ctx.realtime.sent.length = 0;
    const renamed = await owner.call("PATCH", `/eps/${a.id}/rename`, { name: "A2" });
    expect(renamed.body.data.name).toBe("A2");
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({
        type: "eps_updated",
        spaceId: owner.spaceId,
        action: "updated",
        nodeIds: [a.id],
        parentIds: [null],
      }),
    );
    expect((await owner.call("PATCH", `/eps/${a.id}/rename`, { name: "x".repeat(33) })).status).toBe(400);
    const down = await owner.call("PATCH", `/eps/${a.id}/down`);
    expect(down.body.data.nodes.map((n: { name: string }) => n.name)).toEqual(["B", "A2"]);
    const edge = await owner.call("PATCH", `/eps/${a.id}/down`);
    expect(edge.body.data.nodes.map((n: { name: string }) => n.name)).toEqual(["B", "A2"]);
    const up = await owner.call("PATCH", `/eps/${a.id}/up`);
    expect(up.body.data.nodes.map((n: { id: string }) => n.id)).toEqual([a.id, b.id]);
  });

  it("moves a subtree under another parent, keeping kinds in their places and refusing cycles", async () => {
    const { owner, member } = await setUpSpace(server);
    const north = (await owner.call("POST", "/eps/create", { name: "North" })).body.data;
    const south = (await owner.call("POST", "/eps/create", { name: "South" })).body.data;
    const zone = (await owner.call("POST", "/eps/create", { name: "Zone", parentId: north.id })).body.data;
    const plant = (await owner.call("POST", "/facilities/create", { name: "Plant", parentId: zone.id })).body.data;
    const project = (await owner.call("POST", `/facilities/${plant.id}/project/create`, { name: "Stage 1" })).body.data;
    await owner.call("POST", "/eps/create", { name: "Yard", parentId: south.id });

    const moved = await owner.call("PATCH", `/eps/${zone.id}/move`, { parentId: south.id, index: 0 });
    expect(moved.status).toBe(200);
    expect(moved.body.data.nodes.map((n: { name: string }) => n.name)).toEqual(["Zone", "Yard"]);
    const node = (await owner.call("GET", `/eps/${project.id}`)).body.data;
    expect(node.ancestorIds).toEqual([south.id, zone.id, plant.id]);
    expect((await owner.call("GET", `/eps?parentId=${north.id}`)).body.data.nodes).toEqual([]);

    const intoOwnChild = await owner.call("PATCH", `/eps/${south.id}/move`, { parentId: zone.id });
    expect(intoOwnChild.body.errors[0].code).toBe("InvalidParent");
    const projectToRoot = await owner.call("PATCH", `/eps/${project.id}/move`, { parentId: null });
    expect(projectToRoot.body.errors[0].code).toBe("InvalidParent");
    const byReader = await member.call("PATCH", `/eps/${zone.id}/move`, { parentId: north.id });
    expect(byReader.status).toBe(403);
    expect((await owner.call("GET", `/eps/${zone.id}`)).body.data.parentId).toBe(south.id);
  });

  it("keys: set, validate, get, find by key, unique in the space", async () => {
    const { owner, stranger } = await setUpSpace(server);
    const a = (await owner.call("POST", "/eps/create", { name: "A" })).body.data;
    const b = (await owner.call("POST", "/eps/create", { name: "B" })).body.data;
    expect((await owner.call("PUT", `/eps/${a.id}/set-key`, { key: "K-1" })).body.data).toEqual({ key: "K-1" });
    expect((await owner.call("GET", `/eps/${a.id}/get-key`)).body.data).toEqual({ key: "K-1" });
    expect((await owner.call("GET", "/eps/get-by-key/K-1")).body.data.id).toBe(a.id);
    expect((await owner.call("GET", "/eps/get-by-key/nope")).status).toBe(404);
    expect((await owner.call("POST", `/eps/${b.id}/validate-key`, { key: "K-1" })).body.data).toEqual({
      valid: false,
      code: "KeyTaken",
    });
    expect((await owner.call("POST", `/eps/${a.id}/validate-key`, { key: "K-1" })).body.data.valid).toBe(true);
    const taken = await owner.call("PUT", `/eps/${b.id}/set-key`, { key: "K-1" });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].code).toBe("KeyTaken");
    expect((await owner.call("PUT", `/eps/${b.id}/set-key`, { key: "k;1" })).status).toBe(400);
    expect((await owner.call("POST", "/eps/create", { name: "C", key: "K-1" })).status).toBe(409);
    // Keys are unique per space only.
    expect((await stranger.call("POST", "/eps/create", { name: "Mine", key: "K-1" })).status).toBe(200);
    expect((await stranger.call("GET", "/eps/get-by-key/K-1")).body.data.name).toBe("Mine");
  });

  it("passport: typed fields, spec dates and comma numbers", async () => {
    const { owner } = await setUpSpace(server);
    const a = (await owner.call("POST", "/eps/create", { name: "A" })).body.data;
    const saved = await owner.call("PUT", `/eps/${a.id}/passport`, {
      passport: {
        fullName: "Корпус А, этап 1",
        plannedStart: "01.02.2026",
        plannedFinish: "15.мар.2026",
        budget: "1000,5",
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      fullName: "Корпус А, этап 1",
      plannedStart: "2026-02-01",
      plannedFinish: "2026-03-15",
      budget: 1000.5,
    });
    expect((await owner.call("GET", `/eps/${a.id}/passport`)).body.data.budget).toBe(1000.5);
    const bad: [unknown, string][] = [
      [{ plannedStart: "31.02.2026" }, "InvalidDate"],
      [{ budget: "12a" }, "InvalidNumber"],
      [{ plannedStart: "02.02.2026", plannedFinish: "01.02.2026" }, "InvalidDate"],
      [{ customer: "x".repeat(129) }, "MaxLength"],
      [{ unknownField: 1 }, "InvalidValue"],
    ];
    for (const [passport, code] of bad) {
      const response = await owner.call("PUT", `/eps/${a.id}/passport`, { passport });
      expect(response.status, JSON.stringify(passport)).toBe(400);
      expect(response.body.errors[0].code).toBe(code);
    }
    expect((await owner.call("GET", `/eps/${a.id}/passport`)).body.data.fullName).toBe("Корпус А, этап 1");
  });

  it("comments: post (with an event), list, delete own; readers may not post", async () => {
    const { owner, member } = await setUpSpace(server);
    const a = (await owner.call("POST", "/eps/create", { name: "A" })).body.data;
    server.ctx.realtime.sent.length = 0;
    const posted = await owner.call("POST", `/eps/${a.id}/comments`, { text: "Проверить <сроки>" });
    expect(posted.body.data).toMatchObject({ text: "Проверить <сроки>", userId: owner.userId, author: "Petrova Anna" });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "eps_comment_created", nodeId: a.id, commentId: posted.body.data.id }),
    );
    expect((await owner.call("POST", `/eps/${a.id}/comments`, { text: "" })).status).toBe(400);
    expect((await owner.call("POST", `/eps/${a.id}/comments`, { text: "x".repeat(2001) })).status).toBe(400);
    expect((await member.call("GET", `/eps/${a.id}/comments`)).body.data).toHaveLength(1);
    expect((await member.call("POST", `/eps/${a.id}/comments`, { text: "Мне можно?" })).status).toBe(403);
    expect((await member.call("DELETE", `/eps/${a.id}/comments/${posted.body.data.id}`)).status).toBe(403);
    expect((await owner.call("DELETE", `/eps/${a.id}/comments/${posted.body.data.id}`)).status).toBe(200);
    expect((await owner.call("GET", `/eps/${a.id}/comments`)).body.data).toEqual([]);
  });

  it("keeps each user's named settings and tree state", async () => {
    const { owner, member } = await setUpSpace(server);
    const a = (await owner.call("POST", "/eps/create", { name: "A" })).body.data;
    const first = await member.call("POST", `/eps/${a.id}/user/settings`, {
      name: "Мой вид",
      settings: { columns: ["name"] },
    });
    expect(first.body.data).toEqual([expect.objectContaining({ name: "Мой вид", active: false })]);
    const id = first.body.data[0].id;
    await member.call("POST", `/eps/${a.id}/user/settings`, { name: "Второй", settings: {} });
    const active = await member.call("PATCH", `/eps/${a.id}/user/settings/set-active`, { settingsId: id });
    expect(active.body.data.filter((s: { active: boolean }) => s.active).map((s: { id: string }) => s.id)).toEqual([
      id,
    ]);
    expect((await owner.call("GET", `/eps/${a.id}/user/settings`)).body.data).toEqual([]);
    expect((await owner.call("DELETE", `/eps/${a.id}/user/settings/${id}`)).status).toBe(404);
    expect((await member.call("DELETE", `/eps/${a.id}/user/settings/${id}`)).status).toBe(200);
    expect((await member.call("POST", `/eps/${a.id}/user/settings`, { name: "", settings: {} })).status).toBe(400);

    expect((await member.call("PUT", "/eps/tree-state", { expanded: [a.id] })).body.data).toEqual({ expanded: [a.id] });
    expect((await member.call("GET", "/eps/tree-state")).body.data).toEqual({ expanded: [a.id] });
    expect((await owner.call("GET", "/eps/tree-state")).body.data).toEqual({ expanded: [] });
    expect((await member.call("PUT", "/eps/tree-state", { expanded: ["nope"] })).status).toBe(400);
  });

  it("deletes subtrees only after the client confirmed the count, in one go", async () => {
    const { owner } = await setUpSpace(server);
    const { root, facility, project, schedule } = await buildTree(owner);
    const other = (await owner.call("POST", "/eps/create", { name: "Other" })).body.data;
    const ask = await owner.call("DELETE", "/eps/delete-by-checkbox", { ids: [root.id, other.id] });
    expect(ask.status).toBe(409);
    expect(ask.body.errors[0]).toMatchObject({ code: "ConfirmationRequired", params: { count: 4 } });
    expect((await owner.call("DELETE", "/eps/delete-by-checkbox", { ids: [root.id], confirmCount: 4 })).status).toBe(
      409,
    );
    expect((await owner.call("GET", "/eps")).body.data.nodes).toHaveLength(4);
    server.ctx.realtime.sent.length = 0;
    const done = await owner.call("DELETE", "/eps/delete-by-checkbox", { ids: [root.id], confirmCount: 3 });
    expect(done.body.data).toEqual({ deleted: 3, schedules: 1 });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "eps_updated", action: "deleted", nodeIds: [root.id], parentIds: [null] }),
    );
    expect((await owner.call("GET", "/eps")).body.data.nodes.map((n: { id: string }) => n.id)).toEqual([other.id]);
    expect((await owner.call("GET", `/schedules/${schedule.id}`)).status).toBe(404);
    expect((await owner.call("GET", `/projects/${project.id}`)).status).toBe(404);
    expect((await owner.call("GET", `/facilities/${facility.id}`)).status).toBe(404);
    expect((await owner.call("DELETE", `/eps/${other.id}`)).status).toBe(409);
    expect((await owner.call("DELETE", `/eps/${other.id}?confirmCount=1`)).body.data.deleted).toBe(1);
    expect((await owner.call("DELETE", "/eps/delete-by-checkbox", { ids: [] })).status).toBe(400);
  });

  it("another space's nodes answer 404, strangers get 403, and nothing changes", async () => {
    const { owner, stranger, intruder } = await setUpSpace(server);
    const { root } = await buildTree(owner);
    for (const [method, url, body] of [
      ["GET", `/eps/${root.id}`],
      ["PATCH", `/eps/${root.id}/rename`, { name: "Hacked" }],
      ["PUT", `/eps/${root.id}/passport`, { passport: { fullName: "Hacked" } }],
      ["DELETE", "/eps/delete-by-checkbox", { ids: [root.id], confirmCount: 3 }],
      ["POST", `/eps/${root.id}/comments`, { text: "Hacked" }],
      ["GET", `/eps/get-by-key/${root.key}`],
    ] as const) {
      expect((await stranger.call(method, url, body)).status, `${method} ${url}`).toBe(404);
      expect((await intruder.call(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await intruder.call("GET", "/eps")).status).toBe(403);
    expect((await server.call("GET", "/eps", { token: owner.token })).status).toBe(403);
    expect((await server.call("GET", `/eps/${root.id}/space-id`, { token: stranger.token })).status).toBe(403);
    expect((await stranger.call("GET", "/eps")).body.data.nodes).toEqual([]);
    expect((await owner.call("GET", `/eps/${root.id}`)).body.data.name).toBe("Корпус А");
    expect((await owner.call("GET", `/eps/${root.id}/comments`)).body.data).toEqual([]);
  });

  it("a member without eps:write gets 403 for every change and nothing changes", async () => {
    const { owner, member } = await setUpSpace(server);
    const { root, facility } = await buildTree(owner);
    for (const [method, url, body] of [
      ["POST", "/eps/create", { name: "New" }],
      ["PATCH", `/eps/${root.id}/rename`, { name: "Renamed" }],
      ["PATCH", `/eps/${root.id}/down`],
      ["PUT", `/eps/${root.id}/set-key`, { key: "NEW" }],
      ["PUT", `/eps/${root.id}/passport`, { passport: { fullName: "X" } }],
      ["DELETE", "/eps/delete-by-checkbox", { ids: [root.id], confirmCount: 3 }],
      ["POST", "/facilities/create", { name: "F" }],
      ["POST", `/facilities/${facility.id}/project/create`, { name: "P" }],
    ] as const)
      expect((await member.call(method, url, body)).status, `${method} ${url}`).toBe(403);
    const nodes = (await member.call("GET", "/eps")).body.data.nodes;
    expect(nodes).toHaveLength(3);
    expect(nodes[0]).toMatchObject({ name: "Корпус А", key: root.key });
    const role = await member.call("GET", `/eps/${root.id}/role`);
    expect(role.body.data).toMatchObject({ role: "member", roleId: null });
    expect(role.body.data.abilities).toContain("eps:read");
    expect(role.body.data.abilities).not.toContain("eps:write");
  });

  it("the demo space gets a believable construction structure, once", async () => {
    const { owner, space } = await setUpSpace(server);
    expect((await owner.call("POST", `/space/${space.id}/demo`)).status).toBe(200);
    await server.ctx.jobs.idle();
    const nodes = (await owner.call("GET", "/eps")).body.data.nodes as { kind: string; name: string; key: string }[];
    expect(nodes.filter((n) => n.kind === "facility")).toHaveLength(2);
    expect(nodes.filter((n) => n.kind === "project")).toHaveLength(3);
    const project = nodes.find((n) => n.key === "SEV-K1-MON")!;
    const byKey = (await owner.call("GET", `/eps/get-by-key/${project.key}`)).body.data;
    const panel = await owner.call("GET", `/eps/${byKey.id}/attributes-with-values`);
    expect(panel.body.data).toContainEqual(
      expect.objectContaining({ name: "Бюджет", type: "money", value: 412500000 }),
    );
    expect(panel.body.data).toContainEqual(expect.objectContaining({ name: "Код", value: "SEV-K1-MON" }));
    expect((await owner.call("GET", `/projects/${byKey.id}/schedules`)).body.data).toHaveLength(2);
    await owner.call("POST", `/space/${space.id}/demo`);
    await server.ctx.jobs.idle();
    expect((await owner.call("GET", "/eps")).body.data.nodes).toHaveLength(nodes.length);
  });
});
