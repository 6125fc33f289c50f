import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TODAY = iso(Date.now());
const TOMORROW = iso(Date.now() + 86_400_000);

/** The same call in English (the server's base language is Russian). */
function inEnglish(actor: Actor, method: "GET" | "POST" | "PATCH", url: string, body?: unknown) {
  return server.call(method, url, {
    token: actor.token,
    body,
    language: "en",
    headers: { "x-space-id": actor.spaceId },
  });
}

/**
 * A calculated version: a sum S over work A10 (5 working days on a 5×8 calendar whose Wednesday 2025-01-15 is a
 * holiday: Mon 13, Tue 14, Thu 16, Fri 17, Mon 20; 100 m³, 50 man-hours, 1,000 of cost) and work A20 (2 days).
 */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, version, schedule } = ws;
  const v = version.id;
  const cal = (
    await owner.call("POST", "/calendars", {
      name: "Площадка",
      week: [DAY, DAY, DAY, DAY, DAY, [], []],
      exceptions: [{ date: "2025-01-15", intervals: [] }],
    })
  ).body.data.id;
  const s = await addItem(owner, v, { type: "sum", name: "Каркас", code: "S" });
  const a = await addItem(owner, v, {
    type: "work",
    name: "Бетон",
    code: "A10",
    parentId: s.id,
    duration: 2400,
    calendarId: cal,
    measure: "m3",
    plannedVolume: 100,
    plannedLabour: 50,
    plannedCost: 1000,
  });
  const b = await addItem(owner, v, {
    type: "work",
    name: "Арматура",
    code: "A20",
    parentId: s.id,
    duration: 960,
    calendarId: cal,
    plannedVolume: 8,
  });
  const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
  expect(calc.status).toBe(200);
  const base = `/schedules/${schedule.id}/wdp`;
  return { ...ws, v, s, a, b, cal, base };
}

async function seriesOf(actor: Actor, v: string, itemId: number) {
  const list = (await actor.call("GET", `/versions/${v}/wdp?itemIds=${itemId}`)).body.data;
  return Object.fromEntries(
    list.series.map((s: { measure: string; kind: string; start: string; values: number[]; total: number }) => [
      `${s.measure}/${s.kind}`,
      { start: s.start, values: s.values, total: s.total },
    ]),
  );
}

describe("work-done plans", () => {
  it("distributes plans over the work's working days, takes facts, reports plan against fact, undoes", async () => {
    const { owner, v, a, b, s, base, schedule } = await setUp();

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

  it("refuses bad entries with a message naming the work and the day, writing nothing", async () => {
    const { owner, v, a, base, space, schedule } = await setUp();
    const put = (value: unknown, date = "2025-01-13", kind = "fact") =>
      inEnglish(owner, "PATCH", `${base}/update`, {
        versionId: v,
        itemId: a.id,
        measure: "volume",
        kind,
        days: [
          { date: "2025-01-14", value: 5 },
          { date, value },
        ],
      });
    const future = await put(3, TOMORROW);
    expect(future.status).toBe(400);
    expect(future.body.errors[0].code).toBe("WdpFactInFuture");
    expect(future.body.errors[0].message).toContain('Work "A10 Бетон"');
    expect(future.body.errors[0].message).toContain(TOMORROW.split("-").reverse().join("."));
    // A plan for tomorrow is fine; a fact for today too.
    expect((await put(3, TOMORROW, "plan")).status).toBe(200);
    expect((await put(3, TODAY)).status).toBe(200);
    const negative = await put(-1);
    expect(negative.body.errors[0]).toMatchObject({ code: "WdpNegativeValue" });
    expect(negative.body.errors[0].message).toBe('Work "A10 Бетон", 13.01.2025: the quantity cannot be negative');
    const word = await put("двадцать");
    expect(word.body.errors[0]).toMatchObject({ code: "WdpInvalidValue" });
    expect((await put(Number.MAX_VALUE)).body.errors[0].code).toBe("WdpInvalidValue");
    expect((await put("")).body.errors[0].code).toBe("WdpInvalidValue");
    const badDate = await put(1, "2025-13-40");
    expect(badDate.status).toBe(400);
    // Only today's fact and tomorrow's plan got in, each with the 5 of the 14th.
    const now = await seriesOf(owner, v, a.id);
    expect(now["volume/fact"].total).toBe(8);
    expect(now["volume/plan"].total).toBe(8);

    // The allowed entry period: 30 days before today.
    const settings = await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: 30 });
    expect(settings.body.data.wdpEntryDays).toBe(30);
    const limit = (await owner.call("GET", `/schedules/${schedule.id}/limit-for-dp`)).body.data;
    expect(limit).toEqual({ entryDays: 30, keyDate: TODAY, earliest: iso(Date.now() - 30 * 86_400_000) });
    const old = await put(1);
    expect(old.body.errors[0].code).toBe("WdpBeforeEntryPeriod");
    // The first refused cell is named: the 14th comes first in the request.
    expect(old.body.errors[0].message).toContain("14.01.2025");
    const ru = await owner.call("PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "fact",
      days: [{ date: "2025-01-13", value: 1 }],
    });
    expect(ru.body.errors[0].message).toContain(
      "Работа «A10 Бетон», 13.01.2025: день раньше разрешённого периода ввода",
    );
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: null });

    // A plan total below the facts already in, by_fact.
    const below = await inEnglish(owner, "POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "by_fact",
      total: 2,
    });
    expect(below.body.errors[0]).toMatchObject({ code: "WdpPlanBelowFacts" });
    expect(below.body.errors[0].message).toBe(
      'Work "A10 Бетон": the plan total 2 is less than the facts already entered (8)',
    );
    // A sum carries no plan of its own; unknown works and versions are not found.
    const s = (await addItem(owner, v, { type: "sum", name: "Пустая", code: "S2" })).id;
    expect((await put(1, "2025-01-13")).status).toBe(200);
    expect(
      (await owner.call("POST", `${base}/distribute`, { versionId: v, itemIds: [s], measure: "volume", mode: "start" }))
        .status,
    ).toBe(400);
    expect(
      (
        await owner.call("POST", `${base}/distribute`, {
          versionId: v,
          itemIds: [999999],
          measure: "volume",
          mode: "start",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.call("POST", `${base}/distribute`, {
          versionId: v,
          itemIds: [a.id],
          measure: "weight",
          mode: "start",
        })
      ).status,
    ).toBe(400);

    // A locked version refuses every change.
    expect((await owner.call("POST", `/versions/${v}/setLocked`, { locked: true })).status).toBe(200);
    const locked = await inEnglish(owner, "PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "fact",
      days: [{ date: "2025-01-16", value: 1 }],
    });
    expect(locked.status).toBe(409);
    expect(locked.body.errors[0].code).toBe("VersionLocked");
    expect((await owner.call("POST", `/versions/${v}/wdp/toggle-status`, { itemId: a.id })).status).toBe(409);
    const fact = (await seriesOf(owner, v, a.id))["volume/fact"];
    // 1 on the 13th, 5 on the 14th, 3 today: the refused 1 of the 16th is not there.
    expect(fact.values.slice(0, 4)).toEqual([1, 5, 0, 0]);
    expect(fact.total).toBe(9);
  });

  it("toggles the planning status, clears values and whole plans, re-spreads plans when a calculation moves works", async () => {
    const { owner, v, a, b, base } = await setUp();
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
    const refused = await inEnglish(owner, "PATCH", `${base}/update`, {
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

  it("undoing a WBS deletion brings the works back with their plans, facts and planning state", async () => {
    const { owner, v, a, b, s, base } = await setUp();
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
    const { owner, v, a, b, s, base, schedule } = await setUp();
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

  it("keeps facts and the days before the entry period through distributions and whole-plan clears", async () => {
    const { owner, space, v, a, b, base } = await setUp();
    await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id, b.id],
      measure: "volume",
      mode: "evenly",
    });
    await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [{ itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 15 }],
    });
    const before = await seriesOf(owner, v, a.id);

    // January 2025 lies before an entry period of 30 days: a distribution that would change it is refused.
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: 30 });
    const spread = await inEnglish(owner, "POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "start",
    });
    expect(spread.status).toBe(400);
    expect(spread.body.errors[0].message).toContain(
      'Work "A10 Бетон", 13.01.2025: the day is before the allowed entry',
    );
    // A whole-plan clear keeps the days before the period (all of them here) and the facts.
    const kept = await owner.call("POST", `${base}/bulk-clear-wdp`, { versionId: v, itemIds: [a.id] });
    expect(kept.status).toBe(200);
    expect(kept.body.data.removed).toEqual([]);
    expect(await seriesOf(owner, v, a.id)).toEqual(before);

    // Without a period the plan goes, the facts stay.
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: null });
    const gone = await owner.call("POST", `${base}/bulk-clear-wdp`, { versionId: v, itemIds: [a.id] });
    expect(gone.body.data.removed).toEqual([{ itemId: a.id, measure: "volume", kind: "plan" }]);
    expect(await seriesOf(owner, v, a.id)).toEqual({ "volume/fact": before["volume/fact"] });
  });

  it("refuses typing the approved plan: approval writes it", async () => {
    const { owner, v, a, base } = await setUp();
    const one = await inEnglish(owner, "PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "approved_plan",
      days: [{ date: "2025-01-13", value: 5 }],
    });
    expect(one.status).toBe(400);
    expect(one.body.errors[0].message).toBe(
      'Work "A10 Бетон", 13.01.2025: the approved plan is written by approving facts, not entered',
    );
    const many = await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "plan", date: "2025-01-13", value: 5 },
        { itemId: a.id, measure: "volume", kind: "approved_plan", date: "2025-01-14", value: 5 },
      ],
    });
    expect(many.status).toBe(400);
    expect(many.body.errors[0].message).toBe(
      "Работа «A10 Бетон», 14.01.2025: утверждённый план записывается утверждением факта, а не вводом",
    );
    expect(await seriesOf(owner, v, a.id)).toEqual({});
  });

  it("undoing a work-done plan change leaves the version's revision and calculation alone", async () => {
    const { owner, v, a, base } = await setUp();
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

  it("announces the plans a calculation spread again, once for the version", async () => {
    const { owner, v, a, b, base } = await setUp();
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

  it("lets nobody of another space read or change a work-done plan", async () => {
    const { owner, stranger, intruder, member, v, a, base, schedule } = await setUp();
    await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "evenly",
    });
    const reads = [
      `/schedules/${schedule.id}/limit-for-dp`,
      `/schedules/${schedule.id}/actual/info?versionId=${v}`,
      `/versions/${v}/wdp`,
      `/versions/${v}/wdp/report?from=2025-01-01&to=2025-02-01`,
      `/versions/${v}/update-volume-plan-at-day?date=2025-01-14`,
    ];
    for (const url of reads) {
      expect([403, 404]).toContain((await stranger.call("GET", url)).status);
      expect([403, 404]).toContain((await intruder.call("GET", url)).status);
      expect((await member.call("GET", url)).status).toBe(200);
    }
    const cell = { itemId: a.id, measure: "volume", kind: "plan", date: "2025-01-13", value: 99 };
    const writes: [string, string, unknown][] = [
      ["PATCH", `${base}/update`, { versionId: v, itemId: a.id, measure: "volume", kind: "plan", days: [cell] }],
      ["PATCH", `${base}/update-many`, { versionId: v, cells: [cell] }],
      ["POST", `${base}/distribute`, { versionId: v, itemIds: [a.id], measure: "volume", mode: "start" }],
      ["POST", `${base}/bulk-toggle-status`, { versionId: v, itemIds: [a.id], status: "disabled" }],
      ["POST", `${base}/bulk-clear-values`, { versionId: v, itemIds: [a.id] }],
      ["POST", `${base}/bulk-clear-wdp`, { versionId: v, itemIds: [a.id] }],
      [
        "POST",
        `/versions/${v}/wdp/allocate/plan`,
        { itemId: a.id, measure: "volume", total: 5, from: "2025-01-13", to: "2025-01-14" },
      ],
      [
        "POST",
        `/versions/${v}/wdp/allocate/fact`,
        { itemId: a.id, measure: "volume", total: 5, from: "2025-01-13", to: "2025-01-14" },
      ],
      [
        "POST",
        `/versions/${v}/wdp/transfer-value`,
        {
          measure: "volume",
          kind: "plan",
          from: { itemId: a.id, date: "2025-01-13" },
          to: { itemId: a.id, date: "2025-01-14" },
        },
      ],
      ["POST", `/versions/${v}/wdp/toggle-status`, { itemId: a.id }],
    ];
    for (const [method, url, body] of writes) {
      for (const who of [stranger, intruder, member]) {
        const answer = await who.call(method as "POST", url, body);
        expect([403, 404], `${method} ${url}`).toContain(answer.status);
      }
    }
    // The other space's own schedule cannot name this version either.
    const elsewhere = await setUpWorkspace(server);
    const foreign = await elsewhere.owner.call("PATCH", `/schedules/${elsewhere.schedule.id}/wdp/update-many`, {
      versionId: v,
      cells: [cell],
    });
    expect(foreign.status).toBe(404);
    const still = await seriesOf(owner, v, a.id);
    expect(Object.keys(still)).toEqual(["volume/plan"]);
    expect(still["volume/plan"].values).toEqual([20, 20, 0, 20, 20, 0, 0, 20]);
  });
});
