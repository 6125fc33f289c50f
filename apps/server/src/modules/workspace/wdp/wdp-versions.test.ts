import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { seedWdpSchedule, seriesOf } from "./wdp.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("work-done plans with versions and undo", () => {
  it("undoing a WBS deletion brings the works back with their plans, facts and planning state", async () => {
    const { owner, v, a, b, s, base } = await seedWdpSchedule(server);
    await owner.call("POST", `${base}/distribute`, { versionId: v, itemIds: [a.id], measure: "volume", mode: "end" });
    await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 12 },
        { itemId: b.id, measure: "labour", kind: "plan", date: "2025-01-14", value: 6 },
      ],
    });
    await owner.call("POST", `${base}/bulk-toggle-status`, { versionId: v, itemIds: [b.id], status: "disabled" });
    const beforeA = await seriesOf(owner, v, a.id);
    const beforeB = await seriesOf(owner, v, b.id);
    const sum = (await owner.call("GET", `/versions/${v}/wbs/${s.id}`)).body.data;
    const deleted = await owner.call("DELETE", `/versions/${v}/wbs`, { items: [{ id: s.id, revision: sum.revision }] });
    expect(deleted.status).toBe(200);
    expect(await seriesOf(owner, v, a.id)).toEqual({});

    server.ctx.realtime.sent.length = 0;
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect(await seriesOf(owner, v, a.id)).toEqual(beforeA);
    expect(await seriesOf(owner, v, b.id)).toEqual(beforeB);
    const works = (await owner.call("GET", `/versions/${v}/wdp?itemIds=${a.id},${b.id}`)).body.data.works;
    expect(works).toEqual(
      expect.arrayContaining([
        { itemId: a.id, status: "active", mode: "end" },
        { itemId: b.id, status: "disabled", mode: "evenly" },
      ]),
    );
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "wdp_updated", versionId: v, action: "restore" }),
    );
  });

  it("a copied version (a target too) and copied works carry their plans, facts and planning state", async () => {
    const { owner, v, a, b, s, base, schedule } = await seedWdpSchedule(server);
    await owner.call("POST", `${base}/distribute`, { versionId: v, itemIds: [a.id], measure: "volume", mode: "end" });
    await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [{ itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 12 }],
    });
    await owner.call("POST", `${base}/bulk-toggle-status`, { versionId: v, itemIds: [b.id], status: "disabled" });
    const plans = await seriesOf(owner, v, a.id);
    const codeOf = async (version: string) => {
      const list = (await owner.call("GET", `/versions/${version}/wdp`)).body.data;
      const rows = (await owner.call("GET", `/versions/${version}/wbs`)).body.data;
      const items: { id: number; code: string }[] = Array.isArray(rows) ? rows : rows.items;
      const code = new Map(items.map((i) => [i.id, i.code]));
      return {
        series: Object.fromEntries(
          list.series.map((x: { itemId: number; measure: string; kind: string; start: string; values: number[] }) => [
            `${code.get(x.itemId)}:${x.measure}/${x.kind}`,
            { start: x.start, values: x.values },
          ]),
        ),
        works: Object.fromEntries(
          list.works.map((w: { itemId: number; status: string; mode: string }) => [
            code.get(w.itemId),
            `${w.status}/${w.mode}`,
          ]),
        ),
      };
    };
    const original = await codeOf(v);
    expect(Object.keys(original.series).sort()).toEqual(["A10:volume/fact", "A10:volume/plan"]);

    for (const kind of ["version", "target"]) {
      const created = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
        kind,
        label: `copy ${kind}`,
        copyFromId: v,
      });
      expect(created.status).toBe(200);
      expect(await codeOf(created.body.data.id)).toEqual(original);
    }

    // Works copied inside the version come with their plans and facts, as they come with their progress.
    const copied = await owner.call("POST", `/versions/${v}/wbs/copy`, { ids: [s.id], parentId: null });
    expect(copied.status).toBe(200);
    const sums = (await owner.call("GET", `/versions/${v}/wdp`)).body.data.series.filter(
      (x: { itemId: number }) => x.itemId !== a.id && x.itemId !== b.id,
    );
    expect(
      sums.map((x: { measure: string; kind: string; values: number[] }) => [x.measure, x.kind, x.values]).sort(),
    ).toEqual([
      ["volume", "fact", plans["volume/fact"].values],
      ["volume", "plan", plans["volume/plan"].values],
    ]);
  });

  it("undoing a work-done plan change leaves the version's revision and calculation alone", async () => {
    const { owner, v, a, base } = await seedWdpSchedule(server);
    const before = (await owner.call("GET", `/versions/${v}`)).body.data;
    expect(before.calcStatus).toBe("calculated");
    await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "evenly",
    });
    const undone = await owner.call("POST", `/versions/${v}/restore`, {});
    expect(undone.status).toBe(200);
    expect(undone.body.data.versionRevision).toBe(before.revision);
    expect((await owner.call("GET", `/versions/${v}`)).body.data).toMatchObject({
      calcStatus: "calculated",
      revision: before.revision,
    });
    expect(await seriesOf(owner, v, a.id)).toEqual({});
  });
});
