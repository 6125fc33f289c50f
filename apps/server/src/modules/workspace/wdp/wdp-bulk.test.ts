import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { inEnglish, seedWdpSchedule, seriesOf } from "./wdp.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("work-done plans: planning status, bulk clears, redistribution after a calculation", () => {
  it("toggles the planning status, clears values and whole plans, re-spreads plans when a calculation moves works", async () => {
    const { owner, v, a, b, base } = await seedWdpSchedule(server);
    await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id, b.id],
      measure: "volume",
      mode: "evenly",
    });
    await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 15 },
        { itemId: a.id, measure: "labour", kind: "fact", date: "2025-01-13", value: 7 },
        { itemId: b.id, measure: "volume", kind: "fact", date: "2025-01-14", value: 3 },
      ],
    });

    // Longer work: 10 working days instead of 5. After the calculation the 100 m³ spread over ten days, the facts stay.
    const item = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
    expect(
      (await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, { revision: item.revision, duration: 4800 }))
        .status,
    ).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    const after = await seriesOf(owner, v, a.id);
    // Mon 13, Tue 14, Thu 16, Fri 17, Mon 20 … Fri 24, Mon 27: ten days of 10.
    expect(after["volume/plan"]).toEqual({
      start: "2025-01-13",
      values: [10, 10, 0, 10, 10, 0, 0, 10, 10, 10, 10, 10, 0, 0, 10],
      total: 100,
    });
    expect(after["volume/fact"]).toEqual({ start: "2025-01-13", values: [15], total: 15 });

    // Switched off: no entries, no redistribution; toggled back on.
    const off = await owner.call("POST", `${base}/bulk-toggle-status`, {
      versionId: v,
      itemIds: [a.id],
      status: "disabled",
    });
    expect(off.body.data.works).toEqual([{ itemId: a.id, status: "disabled", mode: "evenly" }]);
    const refused = await inEnglish(server, owner, "PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "fact",
      days: [{ date: "2025-01-14", value: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].message).toBe('Work "A10 Бетон" is not planned: its work-done plan status is off');
    const on = await owner.call("POST", `/versions/${v}/wdp/toggle-status`, { itemId: a.id });
    expect(on.body.data.works).toEqual([{ itemId: a.id, status: "active", mode: "evenly" }]);

    // Clear the plan of the second week: 50 m³ left (Mon 13 … Fri 17).
    const cleared = await owner.call("POST", `${base}/bulk-clear-values`, {
      versionId: v,
      itemIds: [a.id],
      kinds: ["plan"],
      from: "2025-01-18",
      to: "2025-01-31",
    });
    expect(cleared.body.data.series).toEqual([
      expect.objectContaining({ measure: "volume", kind: "plan", values: [10, 10, 0, 10, 10], total: 40 }),
    ]);
    // The whole plan of A10 goes (its facts stay); B keeps its own.
    const gone = await owner.call("POST", `${base}/bulk-clear-wdp`, { versionId: v, itemIds: [a.id] });
    expect(gone.body.data.removed).toEqual([{ itemId: a.id, measure: "volume", kind: "plan" }]);
    expect(Object.keys(await seriesOf(owner, v, a.id)).sort()).toEqual(["labour/fact", "volume/fact"]);
    expect((await seriesOf(owner, v, b.id))["volume/fact"].total).toBe(3);
    // Undo brings A10's plan and facts back.
    await owner.call("POST", `/versions/${v}/restore`, {});
    expect(Object.keys(await seriesOf(owner, v, a.id)).sort()).toEqual(["labour/fact", "volume/fact", "volume/plan"]);
  });

  it("a redistribution keeps plan days on approved days and before the allowed entry period", async () => {
    const { owner, space, v, a, base } = await seedWdpSchedule(server);
    await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "evenly",
    });
    // Tue 14 is approved (its plan of 20 becomes the approved plan), then the plan of Tue 14 is the one kept.
    const sent = await owner.call("POST", `/versions/${v}/mobile`, {
      date: "2025-01-14",
      cells: [{ itemId: a.id, measure: "volume", value: 18 }],
    });
    expect(sent.status).toBe(200);
    const approved = await owner.call("POST", `${base}/approvals`, {
      reportId: sent.body.data.id,
      decision: "APPROVED",
    });
    expect(approved.status).toBe(200);
    const longer = async (duration: number) => {
      const item = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
      expect(
        (await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, { revision: item.revision, duration })).status,
      ).toBe(200);
      expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    };
    await longer(4800);
    // Ten working days (Mon 13 … Mon 27): Tue 14 keeps its 20, the other 80 m³ go evenly over the nine others
    // (running shares of 80 in thousandths: 8.889, 17.778, 26.667, 35.556, 44.444, …).
    expect((await seriesOf(owner, v, a.id))["volume/plan"]).toEqual({
      start: "2025-01-13",
      values: [8.889, 20, 0, 8.889, 8.889, 0, 0, 8.889, 8.888, 8.889, 8.889, 8.889, 0, 0, 8.889],
      total: 100,
    });
    // With entry open only from yesterday, the whole plan (in 2025) is before the period: it stays as it is.
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: 1 });
    const before = (await seriesOf(owner, v, a.id))["volume/plan"];
    await longer(2400);
    expect((await seriesOf(owner, v, a.id))["volume/plan"]).toEqual(before);
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: null });
  });

  it("announces the plans a calculation spread again, once for the version", async () => {
    const { owner, v, a, b, base } = await seedWdpSchedule(server);
    await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id, b.id],
      measure: "volume",
      mode: "evenly",
    });
    const item = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
    await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, { revision: item.revision, duration: 4800 });
    server.ctx.realtime.sent.length = 0;
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    const events = server.ctx.realtime.sent.filter((e: { type: string }) => e.type === "wdp_updated");
    expect(events).toEqual([
      expect.objectContaining({ type: "wdp_updated", versionId: v, action: "redistribute", itemIds: [a.id] }),
    ]);
  });
});
