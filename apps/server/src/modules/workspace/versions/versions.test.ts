import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("versions", () => {
  it("creates versions: the first is actual, a new actual takes the status, labels and kinds are validated", async () => {
    const { owner, schedule, version } = await setUpWorkspace(server);
    const first = await owner.call("GET", `/versions/${version.id}`);
    expect(first.body.data).toMatchObject({
      kind: "actual",
      label: "Базовая",
      locked: false,
      projectStart: "2025-01-13T08:00",
      calcStatus: "not_calculated",
      dataDate: null,
    });
    const target = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      kind: "target",
      label: "Цель",
      projectStart: "13.01.2025",
    });
    expect(target.body.data).toMatchObject({ kind: "target", projectStart: "2025-01-13T00:00" });
    const actual = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      kind: "actual",
      label: "Факт",
    });
    expect(actual.body.data.kind).toBe("actual");
    const list = await owner.call("GET", `/schedules/${schedule.id}/versions`);
    expect(list.body.data.map((v: { kind: string }) => v.kind)).toEqual(["version", "target", "actual"]);
    await owner.call("POST", `/versions/${version.id}/setActualStatus`);
    const again = await owner.call("GET", `/schedules/${schedule.id}/versions`);
    expect(
      again.body.data.filter((v: { kind: string }) => v.kind === "actual").map((v: { id: string }) => v.id),
    ).toEqual([version.id]);
    for (const [body, code] of [
      [{ label: "" }, "Required"],
      [{ label: "x", kind: "other" }, "InvalidValue"],
      [{ label: "x", projectStart: "32.01.2025" }, "InvalidDate"],
    ] as const) {
      const bad = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors[0].code).toBe(code);
    }
  });

  it("locks: edits answer 409 VersionLocked with the label, unlocking allows them again; label changes", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const item = await addItem(owner, version.id, { type: "work", name: "Бетон", duration: 480 });
    expect((await owner.call("POST", `/versions/${version.id}/setLocked`, { locked: true })).body.data.locked).toBe(
      true,
    );
    const refused = [
      await owner.call("POST", `/versions/${version.id}/wbs/create`, { type: "work", name: "X" }),
      await owner.call("PATCH", `/versions/${version.id}/wbs/${item.id}/update`, {
        revision: item.revision,
        name: "Y",
      }),
      await owner.call("DELETE", `/versions/${version.id}/wbs`, { items: [{ id: item.id, revision: item.revision }] }),
      await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`),
      await owner.call("PATCH", `/versions/${version.id}`, { dataDate: "2025-02-01T08:00" }),
      await owner.call("DELETE", `/versions/${version.id}`),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.errors[0].code).toBe("VersionLocked");
      expect(answer.body.errors[0].message).toContain("Базовая");
    }
    const label = await owner.call("PATCH", `/versions/${version.id}/change-label`, { label: "Утверждённая" });
    expect(label.body.data.label).toBe("Утверждённая");
    await owner.call("POST", `/versions/${version.id}/setLocked`, { locked: false });
    const ok = await owner.call("PATCH", `/versions/${version.id}/wbs/${item.id}/update`, {
      revision: item.revision,
      name: "Y",
    });
    expect(ok.status).toBe(200);
  });

  it("copies a version with its WBS and relations, within and across schedules, and deletes one or many", async () => {
    const { owner, schedule, project, version } = await setUpWorkspace(server);
    const sum = await addItem(owner, version.id, { type: "sum", name: "Каркас", code: "S1" });
    const a = await addItem(owner, version.id, { type: "work", name: "A", code: "A10", parentId: sum.id });
    const b = await addItem(owner, version.id, { type: "work", name: "B", code: "A20", parentId: sum.id });
    await link(owner, version.id, { predecessorId: a.id, successorId: b.id, type: "ss", lag: 120 });
    const details = { durationType: "fixed_units", percentCompleteType: "physical", notes: "Кран 50 т" };
    const detailed = await owner.call("PATCH", `/versions/${version.id}/wbs/${b.id}/update`, {
      revision: b.revision,
      ...details,
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const copy = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Копия",
      copyFromId: version.id,
    });
    expect(copy.status).toBe(200);
    const rows = (await owner.call("GET", `/versions/${copy.body.data.id}/wbs`)).body.data;
    expect(rows.map((r: { code: string }) => r.code)).toEqual(["S1", "A10", "A20"]);
    expect(rows[1].parentId).toBe(rows[0].id);
    expect(rows[0].id).not.toBe(sum.id);
    // Every field of a work travels with the copy, the activity details too.
    expect((await owner.call("GET", `/versions/${copy.body.data.id}/wbs/${rows[2].id}`)).body.data).toMatchObject(
      details,
    );
    const rels = (await owner.call("GET", `/versions/${copy.body.data.id}/relations`)).body.data;
    expect(rels).toHaveLength(1);
    expect(rels[0]).toMatchObject({ predecessorId: rows[1].id, successorId: rows[2].id, type: "ss", lag: 120 });

    const other = (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "Второй" })).body.data;
    const moved = await owner.call("POST", `/versions/${version.id}/copy-to/${other.id}`, { label: "Перенос" });
    expect(moved.body.data).toMatchObject({ scheduleId: other.id, kind: "actual", label: "Перенос" });
    expect((await owner.call("GET", `/versions/${moved.body.data.id}/wbs/count`)).body.data).toMatchObject({
      total: 3,
    });

    const many = await owner.call("DELETE", "/versions", { ids: [copy.body.data.id, moved.body.data.id] });
    expect(many.body.data.deleted).toHaveLength(2);
    expect((await owner.call("GET", `/versions/${copy.body.data.id}`)).status).toBe(404);
    expect(server.ctx.realtime.sent.some((e) => e.type === "delete_versions")).toBe(true);
  });

  it("checks empty works and takes target dates from the target version by code", async () => {
    const { owner, schedule, version } = await setUpWorkspace(server);
    await addItem(owner, version.id, { type: "work", name: "Пустая", code: "E1", duration: 0 });
    const full = await addItem(owner, version.id, { type: "work", name: "Полная", code: "F1", duration: 960 });
    const empty = await owner.call("GET", `/versions/${version.id}/check-empty-works`);
    expect(empty.body.data).toMatchObject({ count: 1, items: [{ code: "E1" }] });
    await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`);
    const target = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      kind: "target",
      label: "Цель",
      copyFromId: version.id,
    });
    expect(target.body.data.calcStatus).toBe("calculated");
    const updated = await owner.call("PATCH", `/versions/${version.id}/update/target-dates`, {});
    expect(updated.body.data).toMatchObject({ targetVersionId: target.body.data.id, updated: 2 });
    const item = (await owner.call("GET", `/versions/${version.id}/wbs/${full.id}`)).body.data;
    expect(item).toMatchObject({
      targetDuration: 960,
      targetStart: "2025-01-13T08:00",
      targetFinish: "2025-01-14T17:00",
    });
  });

  it("another space's versions answer 404/403 and never data; a read-only member cannot change", async () => {
    const { owner, member, intruder, stranger, schedule, version } = await setUpWorkspace(server);
    expect((await intruder.call("GET", `/versions/${version.id}`)).status).toBe(403);
    expect((await stranger.call("GET", `/versions/${version.id}`)).status).toBe(404);
    expect((await stranger.call("GET", `/schedules/${schedule.id}/versions`)).status).toBe(404);
    expect((await stranger.call("POST", `/versions/${version.id}/setLocked`, { locked: true })).status).toBe(404);
    expect((await stranger.call("DELETE", "/versions", { ids: [version.id] })).status).toBe(404);
    expect((await member.call("GET", `/versions/${version.id}`)).status).toBe(200);
    const refused = await member.call("POST", `/versions/${version.id}/setLocked`, { locked: true });
    expect(refused.status).toBe(403);
    expect((await owner.call("GET", `/versions/${version.id}`)).body.data.locked).toBe(false);
  });
});
