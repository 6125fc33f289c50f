import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, BAD_NAMES, buildTree, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function attribute(actor: Actor, nodeId: string, body: Record<string, unknown>) {
  const response = await actor.call("POST", `/eps/${nodeId}/attributes/create`, body);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.data as { id: string; name: string; access: string };
}

describe("attributes", () => {
  it("creates attributes of every input type, inherits them down the tree, and validates definitions", async () => {
    const { owner } = await setUpSpace(server);
    const { root, facility, project } = await buildTree(owner);
    const spaceWide = await attribute(owner, project.id, { name: "Бюджет", type: "money", spaceWide: true });
    expect(spaceWide).toMatchObject({ scope: "space", scopeId: null, type: "money", target: "node", access: "write" });
    const onFacility = await attribute(owner, facility.id, {
      name: "Стадия",
      type: "list",
      listValues: ["П", "Р", "Стройка"],
    });
    expect(onFacility).toMatchObject({ scope: "facility", scopeId: facility.id, listValues: ["П", "Р", "Стройка"] });
    await attribute(owner, project.id, { name: "Код", type: "code" });

    const atProject = await owner.call("GET", `/eps/${project.id}/attributes/get-visible`);
    expect(atProject.body.data.map((a: { name: string }) => a.name)).toEqual(["Бюджет", "Стадия", "Код"]);
    const atRoot = await owner.call("GET", `/eps/${root.id}/attributes/get-visible`);
    expect(atRoot.body.data.map((a: { name: string }) => a.name)).toEqual(["Бюджет"]);
    const own = await owner.call("GET", `/eps/${facility.id}/attributes/get`);
    expect(own.body.data.map((a: { name: string }) => a.name)).toEqual(["Стадия"]);

    for (const [name, code] of BAD_NAMES) {
      const response = await owner.call("POST", `/eps/${root.id}/attributes/create`, { name, type: "string" });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].code).toBe(code);
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ name: "T", type: "colour" }, "InvalidValue"],
      [{ name: "T", type: "list" }, "Required"],
      [{ name: "T", type: "list", listValues: ["a", "a"] }, "InvalidValue"],
      [{ name: "T" }, "InvalidValue"],
    ];
    for (const [body, code] of bad) {
      const response = await owner.call("POST", `/eps/${root.id}/attributes/create`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors[0].code).toBe(code);
    }
    const dup = await owner.call("POST", `/eps/${facility.id}/attributes/create`, { name: "стадия", type: "string" });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].code).toBe("NameTaken");
  });

  it("validates values by type: comma decimals, the spec's dates, 32-character texts, list entries", async () => {
    const { owner } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    const ids: Record<string, string> = {};
    for (const type of ["number", "string", "date", "money", "percentage", "boolean"])
      ids[type] = (await attribute(owner, project.id, { name: type, type })).id;
    ids.list = (await attribute(owner, project.id, { name: "list", type: "list", listValues: ["A", "B"] })).id;
    ids.code = (await attribute(owner, project.id, { name: "code", type: "code" })).id;
    ids.level = (await attribute(owner, project.id, { name: "level", type: "wbs-level" })).id;

    server.ctx.realtime.sent.length = 0;
    const saved = await owner.call("PUT", `/eps/${project.id}/values/update`, {
      values: [
        { attributeId: ids.number, value: " 12,5 " },
        { attributeId: ids.string, value: "Монолит" },
        { attributeId: ids.date, value: "5.3.26" },
        { attributeId: ids.money, value: 1500 },
        { attributeId: ids.percentage, value: "99,9" },
        { attributeId: ids.boolean, value: true },
        { attributeId: ids.list, value: "B" },
      ],
    });
    expect(saved.status).toBe(200);
    const value = (id: string) => saved.body.data.find((a: { id: string }) => a.id === id).value;
    expect([ids.number, ids.string, ids.date, ids.money, ids.percentage, ids.boolean, ids.list].map(value)).toEqual([
      12.5,
      "Монолит",
      "2026-03-05",
      1500,
      99.9,
      true,
      "B",
    ]);
    expect(value(ids.level)).toBe(3);
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "eps_updated", action: "values", nodeIds: [project.id] }),
    );

    const bad: [string, unknown, string][] = [
      [ids.number, "12.5.1", "InvalidNumber"],
      [ids.number, "", "ok"],
      [ids.date, "32.01.2026", "InvalidDate"],
      [ids.string, "x".repeat(33), "MaxLength"],
      [ids.string, "a|b", "ProhibitedCharacters"],
      [ids.percentage, "101", "InvalidValue"],
      [ids.boolean, "yes", "InvalidValue"],
      [ids.list, "C", "InvalidValue"],
      [ids.code, "X", "AttributeReadOnly"],
    ];
    for (const [attributeId, input, code] of bad) {
      if (code === "ok") continue;
      const response = await owner.call("PUT", `/eps/${project.id}/values/update`, {
        values: [
          { attributeId: ids.money, value: 1 },
          { attributeId, value: input },
        ],
      });
      expect(response.status, `${input}`).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ code, params: { field: "values.1.value" } });
    }
    // All or nothing: the valid money value of the refused calls was not written.
    const values = await owner.call("GET", `/eps/${project.id}/attribute-values`);
    expect(values.body.data.find((v: { attributeId: string }) => v.attributeId === ids.money).value).toBe(1500);
    const cleared = await owner.call("PUT", `/eps/${project.id}/values/update`, {
      values: [{ attributeId: ids.number, value: null }],
    });
    expect(cleared.body.data.find((a: { id: string }) => a.id === ids.number).value).toBeNull();
    expect((await owner.call("PUT", `/eps/${project.id}/values/update`, { values: [] })).status).toBe(400);
    expect(
      (await owner.call("PUT", `/eps/${project.id}/values/update`, { values: [{ attributeId: "x", value: 1 }] }))
        .status,
    ).toBe(400);
  });

  it("searches values in a subtree, orders and hides attributes in the panel", async () => {
    const { owner } = await setUpSpace(server);
    const { root, facility, project } = await buildTree(owner);
    const a = await attribute(owner, root.id, { name: "Подрядчик", type: "string" });
    const b = await attribute(owner, root.id, { name: "Объём", type: "number" });
    await owner.call("PUT", `/eps/${project.id}/values/update`, {
      values: [{ attributeId: a.id, value: "СтройМонтаж" }],
    });
    await owner.call("PUT", `/eps/${facility.id}/values/update`, { values: [{ attributeId: a.id, value: "Другой" }] });
    const found = await owner.call("GET", `/eps/${root.id}/attribute-values/search?attributeId=${a.id}&text=монтаж`);
    expect(found.body.data).toEqual([{ nodeId: project.id, name: "Цех 1", kind: "project", value: "СтройМонтаж" }]);
    expect((await owner.call("GET", `/eps/${root.id}/attribute-values/search?attributeId=${a.id}`)).status).toBe(400);

    const view = await owner.call("PUT", `/eps/${project.id}/attribute/settings`, { order: [b.id, a.id], hidden: [] });
    expect(view.body.data).toEqual({ order: [b.id, a.id], hidden: [] });
    const panel = await owner.call("GET", `/eps/${project.id}/attributes-with-values`);
    expect(panel.body.data.map((x: { name: string; value: unknown }) => [x.name, x.value])).toEqual([
      ["Объём", null],
      ["Подрядчик", "СтройМонтаж"],
    ]);
    await owner.call("PUT", `/eps/${project.id}/attribute/settings`, { order: [], hidden: [b.id] });
    expect((await owner.call("GET", `/eps/${project.id}/attribute/settings`)).body.data.hidden).toEqual([b.id]);
    expect((await owner.call("GET", `/eps/${project.id}/attributes-with-values`)).body.data).toHaveLength(1);
    expect((await owner.call("GET", `/eps/${project.id}/attributes/get-visible`)).body.data).toHaveLength(1);
    expect((await owner.call("GET", `/projects/${project.id}/attributes`)).body.data[0].value).toBe("СтройМонтаж");
  });

  it("renames, changes lists (dropping values of removed entries) and deletes attributes", async () => {
    const { owner } = await setUpSpace(server);
    const { root, project } = await buildTree(owner);
    const list = await attribute(owner, root.id, { name: "Цвет", type: "list", listValues: ["red", "blue"] });
    await owner.call("PUT", `/eps/${project.id}/values/update`, { values: [{ attributeId: list.id, value: "red" }] });
    const updated = await owner.call("PUT", `/eps/${root.id}/attributes/${list.id}/update`, {
      name: "Окраска",
      listValues: ["blue", "green"],
    });
    expect(updated.body.data).toMatchObject({ name: "Окраска", listValues: ["blue", "green"] });
    const values = await owner.call("GET", `/eps/${project.id}/attribute-values`);
    expect(values.body.data).toEqual([{ attributeId: list.id, value: null }]);
    // Managed only where defined: through the project it is not found.
    expect((await owner.call("PUT", `/eps/${project.id}/attributes/${list.id}/update`, { name: "Z" })).status).toBe(
      404,
    );
    expect((await owner.call("PUT", `/eps/${root.id}/attributes/${list.id}/update`, { name: "" })).status).toBe(400);
    expect((await owner.call("DELETE", `/eps/${root.id}/attributes/${list.id}/delete`)).status).toBe(200);
    expect((await owner.call("GET", `/eps/${project.id}/attributes/get-visible`)).body.data).toEqual([]);
  });

  it("per-role access: none hides values, read refuses writes with 403 and changes nothing", async () => {
    const { owner, member, roleId } = await setUpSpace(server, ["eps:read", "attribute:read", "attribute:write"]);
    const { root, project } = await buildTree(owner);
    const open = await attribute(owner, root.id, { name: "Открытый", type: "string" });
    const secret = await attribute(owner, root.id, { name: "Секрет", type: "money" });
    const fixed = await attribute(owner, root.id, { name: "Только чтение", type: "number" });
    await owner.call("PUT", `/eps/${project.id}/values/update`, {
      values: [
        { attributeId: secret.id, value: 1e6 },
        { attributeId: fixed.id, value: 7 },
      ],
    });
    const set = await owner.call("PUT", `/eps/${root.id}/attribute-access`, {
      roleId,
      items: [
        { attributeId: secret.id, access: "none" },
        { attributeId: fixed.id, access: "read" },
      ],
    });
    expect(set.body.data.map((a: { name: string; access: string }) => [a.name, a.access])).toEqual([
      ["Открытый", "write"],
      ["Секрет", "none"],
      ["Только чтение", "read"],
    ]);
    const seen = await member.call("GET", `/eps/${project.id}/attributes-with-values`);
    expect(seen.body.data.map((a: { name: string; access: string }) => [a.name, a.access])).toEqual([
      ["Открытый", "write"],
      ["Только чтение", "read"],
    ]);
    expect(JSON.stringify(seen.body.data)).not.toContain("1000000");
    const values = await member.call("GET", `/eps/${project.id}/attribute-values`);
    expect(values.body.data.map((v: { attributeId: string }) => v.attributeId)).not.toContain(secret.id);
    const searched = await member.call(
      "GET",
      `/eps/${root.id}/attribute-values/search?attributeId=${secret.id}&text=1`,
    );
    expect(searched.status).toBe(404);

    expect(
      (await member.call("PUT", `/eps/${project.id}/values/update`, { values: [{ attributeId: fixed.id, value: 8 }] }))
        .status,
    ).toBe(403);
    expect(
      (await member.call("PUT", `/eps/${project.id}/values/update`, { values: [{ attributeId: secret.id, value: 1 }] }))
        .status,
    ).toBe(404);
    expect(
      (
        await member.call("PUT", `/eps/${project.id}/values/update`, {
          values: [{ attributeId: open.id, value: "ok" }],
        })
      ).status,
    ).toBe(200);
    const after = await owner.call("GET", `/eps/${project.id}/attribute-values`);
    expect(after.body.data.find((v: { attributeId: string }) => v.attributeId === fixed.id).value).toBe(7);
    expect(after.body.data.find((v: { attributeId: string }) => v.attributeId === secret.id).value).toBe(1e6);

    // The member may not define attributes nor change access.
    expect((await member.call("POST", `/eps/${root.id}/attributes/create`, { name: "M", type: "string" })).status).toBe(
      403,
    );
    expect((await member.call("DELETE", `/eps/${root.id}/attributes/${open.id}/delete`)).status).toBe(403);
    expect((await member.call("PUT", `/eps/${root.id}/attribute/settings`, { order: [], hidden: [] })).status).toBe(
      403,
    );
    expect(
      (await member.call("DELETE", `/eps/${root.id}/attribute-access`, { roleId, attributeId: secret.id })).status,
    ).toBe(403);
    expect((await member.call("GET", `/eps/${root.id}/attribute-access/${roleId}`)).status).toBe(403);

    // Removing the row gives the role its abilities back for that attribute.
    expect(
      (await owner.call("DELETE", `/eps/${root.id}/attribute-access`, { roleId, attributeId: secret.id })).status,
    ).toBe(200);
    const back = await member.call("GET", `/eps/${project.id}/attribute-values`);
    expect(back.body.data.find((v: { attributeId: string }) => v.attributeId === secret.id).value).toBe(1e6);
    const forRole = await owner.call("GET", `/eps/${root.id}/attribute-access/${roleId}`);
    expect(forRole.body.data.find((a: { id: string }) => a.id === secret.id).access).toBe("write");
  });

  it("a member without attribute:read sees no attributes; strangers see nothing", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server, ["eps:read"]);
    const { root, project } = await buildTree(owner);
    const a = await attribute(owner, root.id, { name: "Скрытый", type: "string" });
    await owner.call("PUT", `/eps/${project.id}/values/update`, { values: [{ attributeId: a.id, value: "тайна" }] });
    expect((await member.call("GET", `/eps/${project.id}/attributes-with-values`)).body.data).toEqual([]);
    expect((await member.call("GET", `/eps/${project.id}/attribute-values`)).body.data).toEqual([]);
    expect((await stranger.call("GET", `/eps/${project.id}/attribute-values`)).status).toBe(404);
    expect((await intruder.call("GET", `/eps/${project.id}/attribute-values`)).status).toBe(403);
    expect(
      (await stranger.call("PUT", `/eps/${project.id}/values/update`, { values: [{ attributeId: a.id, value: "x" }] }))
        .status,
    ).toBe(404);
    expect((await stranger.call("DELETE", `/eps/${root.id}/attributes/${a.id}/delete`)).status).toBe(404);
    const strangerNode = (await stranger.call("POST", "/eps/create", { name: "S" })).body.data;
    expect((await stranger.call("DELETE", `/eps/${strangerNode.id}/attributes/${a.id}/delete`)).status).toBe(404);
    expect((await owner.call("GET", `/eps/${project.id}/attribute-values`)).body.data[0].value).toBe("тайна");
  });
});
