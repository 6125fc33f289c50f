import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { seedWdpSchedule, seriesOf } from "./wdp.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("work-done plans: distribution, facts, report, undo", () => {
  it("distributes plans over the work's working days, takes facts, reports plan against fact, undoes", async () => {
    const { owner, v, a, b, s, base, schedule } = await seedWdpSchedule(server);

    // Volume evenly: 20 m³ on each of the five working days, nothing on the holiday or the weekend.
    server.ctx.realtime.sent.length = 0;
    const spread = await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id, b.id],
      measure: "volume",
      mode: "evenly",
    });
    expect(spread.status).toBe(200);
    expect(spread.body.data.series).toEqual([
      {
        itemId: a.id,
        measure: "volume",
        kind: "plan",
        start: "2025-01-13",
        values: [20, 20, 0, 20, 20, 0, 0, 20],
        total: 100,
      },
      { itemId: b.id, measure: "volume", kind: "plan", start: "2025-01-13", values: [4, 4], total: 8 },
    ]);
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({
        type: "wdp_updated",
        versionId: v,
        action: "distribute_evenly",
        itemIds: [a.id, b.id],
      }),
    );
    // Labour follows the volume curve: 10 man-hours where 20 m³ are planned.
    const labour = await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "labour",
      mode: "by_volume",
    });
    expect(labour.body.data.series[0]).toMatchObject({ values: [10, 10, 0, 10, 10, 0, 0, 10], total: 50 });
    // Cost all at the end, a given total.
    const cost = await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "cost",
      mode: "end",
      total: "1200,5",
    });
    expect(cost.body.data.series[0]).toMatchObject({ start: "2025-01-20", values: [1200.5], total: 1200.5 });

    // Facts: 18,5 (comma as decimal point) on Monday and 21 on Tuesday.
    const facts = await owner.call("PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "fact",
      days: [
        { date: "2025-01-13", value: "18,5" },
        { date: "2025-01-14", value: 21 },
      ],
    });
    expect(facts.status).toBe(200);
    expect((await seriesOf(owner, v, a.id))["volume/fact"]).toEqual({
      start: "2025-01-13",
      values: [18.5, 21],
      total: 39.5,
    });

    // The report for Monday–Tuesday: plan 40, fact 39.5, behind by 0.5 (98.8 %); the sum adds A20's 8 of plan.
    const report = (await owner.call("GET", `/versions/${v}/wdp/report?from=2025-01-13&to=2025-01-14`)).body.data;
    const row = (id: number) => report.rows.find((r: { itemId: number }) => r.itemId === id);
    expect(row(a.id)).toMatchObject({
      plan: 40,
      fact: 39.5,
      deviation: -0.5,
      percent: 98.8,
      planTotal: 100,
      factTotal: 39.5,
      unit: "m3",
    });
    expect(row(s.id)).toMatchObject({ plan: 48, fact: 39.5, planTotal: 108 });
    expect(report.total).toEqual({ plan: 48, fact: 39.5, approvedPlan: 0, planTotal: 108, factTotal: 39.5 });

    // Actual info: facts from Monday to Tuesday on one work.
    const info = (await owner.call("GET", `/schedules/${schedule.id}/actual/info?versionId=${v}`)).body.data;
    expect(info).toMatchObject({
      firstFactDate: "2025-01-13",
      lastFactDate: "2025-01-14",
      worksWithFacts: 1,
      fact: { volume: 39.5 },
      plan: { volume: 108, labour: 50, cost: 1200.5 },
    });

    // On Tuesday: 60.5 m³ remain for Thu, Fri, Mon: 20.167 a day.
    const atDay = (await owner.call("GET", `/versions/${v}/update-volume-plan-at-day?date=2025-01-14`)).body.data;
    expect(atDay.find((r: { itemId: number }) => r.itemId === a.id)).toEqual({
      itemId: a.id,
      code: "A10",
      name: "Бетон",
      plan: 20,
      fact: 21,
      remaining: 60.5,
      remainingDays: 3,
      perDay: 20.167,
    });

    // A weekly fact of 70 allocated over Thursday–Monday: 23.333 + 23.334 + 23.333.
    const allocated = await owner.call("POST", `/versions/${v}/wdp/allocate/fact`, {
      itemId: a.id,
      measure: "volume",
      total: 70,
      from: "2025-01-16",
      to: "2025-01-20",
    });
    expect(allocated.status).toBe(200);
    expect(allocated.body.data.series[0]).toMatchObject({
      values: [18.5, 21, 0, 23.333, 23.334, 0, 0, 23.333],
      total: 109.5,
    });

    // Transfer Tuesday's 21 to A20's Tuesday.
    const moved = await owner.call("POST", `/versions/${v}/wdp/transfer-value`, {
      measure: "volume",
      kind: "fact",
      from: { itemId: a.id, date: "2025-01-14" },
      to: { itemId: b.id, date: "2025-01-14" },
    });
    expect(moved.status).toBe(200);
    expect((await seriesOf(owner, v, b.id))["volume/fact"]).toEqual({ start: "2025-01-14", values: [21], total: 21 });
    expect((await seriesOf(owner, v, a.id))["volume/fact"].total).toBe(88.5);

    // Undo the transfer: the 21 is back on A10, A20 has no fact.
    const undone = await owner.call("POST", `/versions/${v}/restore`, {});
    expect(undone.status).toBe(200);
    expect((await seriesOf(owner, v, a.id))["volume/fact"].values).toEqual([18.5, 21, 0, 23.333, 23.334, 0, 0, 23.333]);
    expect((await seriesOf(owner, v, b.id))["volume/fact"]).toBeUndefined();
    const history = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
    expect(history[0]).toMatchObject({ kind: "undo_wdp", action: "allocate_fact" });
  });
});
