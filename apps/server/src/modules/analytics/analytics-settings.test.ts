import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { inEnglish } from "../workspace/wdp/wdp.test-kit.js";
import { setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const weeklyLabour = {
  name: "Трудозатраты по неделям",
  widgets: ["s_curve", "counts"],
  measure: "labour",
  period: "week",
  cumulative: false,
};
const costOnly = {
  name: "Cost",
  widgets: ["s_curve", "earned_value"],
  measure: "cost",
  period: "month",
  cumulative: true,
};

describe("dashboard settings and presets", () => {
  it("keeps each user's settings per node, shares presets, and refuses bad input and others' settings", async () => {
    const { owner, member, stranger, intruder, root, project } = await setUpWorkspace(server);
    const at = (node: string) => `/analytics/setting/${node}`;
    expect((await owner.call("GET", at(root.id))).body.data).toEqual([]);

    // The owner's own setting at the root: made active there, not at the project.
    const mine = await owner.call("POST", `${at(root.id)}/create`, weeklyLabour);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ ...weeklyLabour, shared: false, nodeId: root.id, active: true });
    expect((await owner.call("GET", at(project.id))).body.data).toEqual([]);

    // Bad input: no widget, an unknown widget, an empty name — a message in the caller's language, nothing written.
    for (const body of [
      { ...weeklyLabour, widgets: [] },
      { ...weeklyLabour, widgets: ["pie"] },
      { ...weeklyLabour, name: "  " },
      { ...weeklyLabour, period: "year" },
    ]) {
      const bad = await inEnglish(server, owner, "POST", `${at(root.id)}/create`, body);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].message).toMatch(/^[A-Za-z]/);
    }
    expect((await owner.call("GET", at(root.id))).body.data).toHaveLength(1);

    // A preset is the space's: a read-only member may use it but not make one.
    expect((await member.call("POST", "/analytics/preset/create", costOnly)).status).toBe(403);
    const preset = (await owner.call("POST", "/analytics/preset/create", costOnly)).body.data;
    expect(preset).toMatchObject({ ...costOnly, shared: true, nodeId: null });
    const memberList = (await member.call("GET", at(root.id))).body.data;
    expect(memberList.map((s: { id: string }) => s.id)).toEqual([preset.id]);
    const chosen = await member.call("POST", `${at(root.id)}/setActive`, { settingId: preset.id });
    expect(chosen.body.data).toEqual([{ ...preset, active: true }]);
    // The owner's choice at the root is still their own setting.
    const ownerList = (await owner.call("GET", at(root.id))).body.data;
    expect(ownerList.find((s: { active: boolean }) => s.active).id).toBe(mine.body.data.id);

    // Somebody else's setting is not found: neither the member nor the stranger changes, deletes or activates it.
    const id = mine.body.data.id;
    for (const [actor, method, url, body] of [
      [member, "PATCH", `/analytics/setting/${id}/update`, costOnly],
      [member, "DELETE", `/analytics/setting/${id}/delete`, undefined],
      [member, "POST", `${at(root.id)}/setActive`, { settingId: id }],
      [intruder, "PATCH", `/analytics/setting/${id}/update`, costOnly],
      [intruder, "GET", at(root.id), undefined],
      [stranger, "PATCH", `/analytics/setting/${id}/update`, costOnly],
      [stranger, "DELETE", `/analytics/setting/${id}/delete`, undefined],
      [stranger, "PATCH", `/analytics/preset/${preset.id}/update`, costOnly],
      [stranger, "DELETE", `/analytics/preset/${preset.id}/delete`, undefined],
    ] as const) {
      const answer = await actor.call(method, url, body);
      expect([403, 404]).toContain(answer.status);
    }
    // A preset of another space cannot be made active here.
    const theirs = (await stranger.call("POST", "/analytics/preset/create", costOnly)).body.data;
    expect((await owner.call("POST", `${at(root.id)}/setActive`, { settingId: theirs.id })).status).toBe(404);
    expect((await owner.call("GET", at(root.id))).body.data).toEqual(ownerList);

    // The owner updates and deletes their own: the default dashboard is back when the active one goes.
    const updated = await owner.call("PATCH", `/analytics/setting/${id}/update`, { ...weeklyLabour, name: "Неделя" });
    expect(updated.body.data.name).toBe("Неделя");
    expect((await owner.call("DELETE", `/analytics/setting/${id}/delete`)).body.data).toEqual({ id });
    const after = (await owner.call("GET", at(root.id))).body.data;
    expect(after.map((s: { id: string; active: boolean }) => [s.id, s.active])).toEqual([[preset.id, false]]);
    expect((await owner.call("DELETE", `/analytics/preset/${preset.id}/delete`)).status).toBe(200);
    expect((await member.call("GET", at(root.id))).body.data).toEqual([]);
  });
});
