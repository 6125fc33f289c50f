import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("undo", () => {
  it("records WBS and relation changes and restores them, newest first, down to a chosen action", async () => {
    const { owner, stranger, version } = await setUpWorkspace(server);
    const v = version.id;
    const s = await addItem(owner, v, { type: "sum", name: "S", code: "S" });
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A", parentId: s.id });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "B", parentId: s.id });
    const relation = await link(owner, v, { predecessorId: a.id, successorId: b.id, lag: 60 });
    await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, { revision: a.revision, name: "A renamed" });
    const history = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
    expect(history.map((h: { kind: string; action: string }) => `${h.kind}:${h.action}`)).toEqual([
      "undo_wbs:update",
      "undo_relation:relation_create",
      "undo_wbs:create",
      "undo_wbs:create",
      "undo_wbs:create",
    ]);

    // Delete the sum: its children and their relation go too; one restore brings all back under the old ids.
    const current = (await owner.call("GET", `/versions/${v}/wbs/${s.id}`)).body.data;
    await owner.call("DELETE", `/versions/${v}/wbs`, { items: [{ id: s.id, revision: current.revision }] });
    expect((await owner.call("GET", `/versions/${v}/wbs`)).body.data).toHaveLength(0);
    const restored = await owner.call("POST", `/versions/${v}/restore`, {});
    expect(restored.status).toBe(200);
    const rows = (await owner.call("GET", `/versions/${v}/wbs`)).body.data;
    expect(rows.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([
      [s.id, "S"],
      [a.id, "A renamed"],
      [b.id, "B"],
    ]);
    expect((await owner.call("GET", `/versions/${v}/relations`)).body.data).toEqual([
      expect.objectContaining({ id: relation.id, lag: 60 }),
    ]);

    // Back to before the relation existed: the rename and the relation are undone.
    const list = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
    const relationAction = list.find((h: { action: string }) => h.action === "relation_create");
    const back = await owner.call("POST", `/versions/${v}/restore`, { actionId: relationAction.id });
    expect(back.body.data.undone).toHaveLength(2);
    expect((await owner.call("GET", `/versions/${v}/relations`)).body.data).toHaveLength(0);
    const a2 = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
    expect(a2.name).toBe("A");
    expect(a2.revision).toBeGreaterThan(a.revision + 1);
    expect((await owner.call("POST", `/versions/${v}/restore`, { actionId: 999999 })).status).toBe(404);
    expect((await stranger.call("GET", `/versions/${v}/undo-actions`)).status).toBe(404);
    expect((await stranger.call("POST", `/versions/${v}/restore`, {})).status).toBe(404);
  });
});
