import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, link, setUpWorkspace } from "../workspace.test-kit.js";
import { SITE_DAY as DAY, seedWdpSchedule } from "./wdp.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/**
 * Work A10: 15 working days (7200 min), 150 m³, on a 5×8 calendar whose Wednesday 2025-01-15 is a holiday; A20
 * (2 days) follows it. The site reports 30 m³ on Mon 13 and Tue 14, then 5 m³ a day from Thu 16 to Wed 29 (ten
 * working days): 110 m³. Data date Thursday 2025-01-30 08:00: twelve working days spent (5760 min).
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
  const a = await addItem(owner, v, {
    type: "work",
    name: "Бетон",
    code: "A10",
    duration: 7200,
    calendarId: cal,
    measure: "m3",
    plannedVolume: 150,
  });
  const b = await addItem(owner, v, { type: "work", name: "Кровля", code: "A20", duration: 960, calendarId: cal });
  await link(owner, v, { predecessorId: a.id, successorId: b.id });
  expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
  const base = `/schedules/${schedule.id}/wdp`;
  await owner.call("POST", `${base}/distribute`, { versionId: v, itemIds: [a.id], measure: "volume", mode: "evenly" });
  const days = ["2025-01-16", "2025-01-17", "2025-01-20", "2025-01-21", "2025-01-22"];
  days.push("2025-01-23", "2025-01-24", "2025-01-27", "2025-01-28", "2025-01-29");
  const facts = await owner.call("PATCH", `${base}/update-many`, {
    versionId: v,
    cells: [
      { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 30 },
      { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-14", value: "30,0" },
      ...days.map((date) => ({ itemId: a.id, measure: "volume", kind: "fact", date, value: 5 })),
    ],
  });
  expect(facts.status).toBe(200);
  expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-30T08:00" })).status).toBe(200);
  return { ...ws, v, a, b, base };
}

async function datesOf(owner: Actor, v: string) {
  const table = (await owner.call("GET", `/versions/${v}/timetable`)).body.data;
  return Object.fromEntries(table.items.map((row: { code: string }) => [row.code, row]));
}

describe("progress from daily facts", () => {
  it("sets actual start, % complete and remaining from the facts by the default scenario, and the calculation moves the dates", async () => {
    const { owner, v, a } = await setUp();
    const before = await datesOf(owner, v);
    // Planned: Mon 13 + 15 working days (the holiday skipped) finishes Mon 2025-02-03 17:00.
    expect(before.A10.earlyFinish).toBe("2025-02-03T17:00");

    const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    expect(calc.status).toBe(200);
    const work = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
    // Default scenarios (1, 6, 9, 12): a work with daily volume is measured by 6, volume by actual duration.
    // 110 of 150 m³ = 73.33 %; 110 m³ took 5760 min, so 40 m³ take 5760 × 40 / 110 = 2094.5 → 2095 min.
    expect(work).toMatchObject({
      status: "in_progress",
      actualStart: "2025-01-13T08:00",
      actualFinish: null,
      remaining: 2095,
    });
    expect(work.percentComplete).toBeCloseTo(73.33, 2);
    const after = await datesOf(owner, v);
    // 2095 min from Thu 30 08:00: Thu, Fri, Mon, Tue (1920) and 175 min of Wed 5 Feb → 10:55.
    expect(after.A10.earlyFinish).toBe("2025-02-05T10:55");
    expect(after.A20.earlyStart).toBe("2025-02-05T10:55");

    const progress = await owner.call("GET", `/versions/${v}/wdp/progress`);
    expect(progress.status).toBe(200);
    expect(progress.body.data).toMatchObject({
      versionId: v,
      asOf: "2025-01-30T08:00",
      applied: true,
      intensityDays: 10,
    });
    expect(progress.body.data.rows).toEqual([
      expect.objectContaining({
        itemId: a.id,
        code: "A10",
        unit: "m3",
        mode: "evenly",
        scenario: 6,
        measure: "volume",
        planned: { volume: 150, labour: 0, cost: 0 },
        actual: { volume: 110, labour: 0, cost: 0 },
        actualStart: "2025-01-13T08:00",
        remaining: 2095,
        actualDuration: 5760,
        // The last ten working days (Thu 16 – Wed 29) brought 50 m³: 5 a day, so 40 m³ take 8 days.
        intensity: 5,
        remainingByIntensity: 3840,
        minutesPerDay: 480,
        byIntensity: false,
      }),
    ]);
  });

  it("applies remaining duration by intensity (undoable), and the next calculation keeps it", async () => {
    const { owner, v, a, b } = await setUp();
    server.ctx.realtime.sent.length = 0;
    const applied = await owner.call("PATCH", `/versions/${v}/calculate-remains-duration-by-intensity`, {
      itemIds: [a.id],
    });
    expect(applied.status).toBe(200);
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "wdp_updated", versionId: v, action: "remaining_by_intensity" }),
    );
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data.remaining).toBe(3840);
    // 3840 min = 8 days from Thu 30: Thu, Fri, Mon 3 … Mon 10 Feb 17:00.
    expect((await datesOf(owner, v)).A10.earlyFinish).toBe("2025-02-10T17:00");
    // A redistribution keeps the choice.
    await owner.call(
      "POST",
      `/schedules/${(await owner.call("GET", `/versions/${v}`)).body.data.scheduleId}/wdp/distribute`,
      {
        versionId: v,
        itemIds: [a.id],
        measure: "volume",
        mode: "start",
      },
    );
    const rows = (await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data.rows;
    expect(rows[0]).toMatchObject({ byIntensity: true, remaining: 3840 });

    // Undo takes the redistribution back, then the choice: the remaining follows the scenario again.
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data.rows[0].byIntensity).toBe(true);
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data.rows[0].byIntensity).toBe(false);
    // Chosen again, then back to the scenario by the call itself.
    await owner.call("PATCH", `/versions/${v}/calculate-remains-duration-by-intensity`, { itemIds: [a.id] });
    const back = await owner.call("PATCH", `/versions/${v}/calculate-remains-duration-by-intensity`, {
      itemIds: [a.id],
      byIntensity: false,
    });
    expect(back.status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data.rows[0]).toMatchObject({
      byIntensity: false,
      remaining: 2095,
    });
    // A work without facts has no progress row; a sum or an unknown work is refused, nothing written.
    expect(
      (await owner.call("PATCH", `/versions/${v}/calculate-remains-duration-by-intensity`, { itemIds: [a.id, 999999] }))
        .status,
    ).toBe(404);
    expect((await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data.rows[0].byIntensity).toBe(false);
    expect(
      (await owner.call("PATCH", `/versions/${v}/calculate-remains-duration-by-intensity`, { itemIds: [] })).status,
    ).toBe(400);
    const wrong = await owner.call("PATCH", `/versions/${v}/calculate-remains-duration-by-intensity`, {
      itemIds: [b.id],
      byIntensity: "yes",
    });
    expect(wrong.status).toBe(400);
  });

  it("finishes a work when its facts reach the plan, and a quantity scenario set on the schedule rules", async () => {
    const { owner, v, a, base, schedule } = await setUp();
    await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [{ itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-29", value: 45 }],
    });
    // 30 + 30 + 9 × 5 + 45 = 150 m³ on Wed 29: finished at the end of that day.
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    const work = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
    expect(work).toMatchObject({ status: "completed", actualFinish: "2025-01-29T17:00", percentComplete: 100 });
    const dates = await datesOf(owner, v);
    expect(dates.A10.earlyFinish).toBe("2025-01-29T17:00");

    // Scenario 5 (volume by planned duration) on another work state: clear the last fact, set the scenario.
    await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [{ itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-29", value: 5 }],
    });
    const settings = await owner.call("PUT", `/schedules/${schedule.id}/calculate-settings`, { scenario: 5 });
    expect(settings.status).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    // 40 of 150 m³ remain: 7200 × 40 / 150 = 1920 min.
    expect((await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data).toMatchObject({
      status: "in_progress",
      actualFinish: null,
      remaining: 1920,
    });
  });

  it("sets a work back to not started when every fact of it is cleared; progress typed by hand stays", async () => {
    const { owner, v, a, b, base } = await setUp();
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data.status).toBe("in_progress");
    // A20 has no facts: its progress is typed by hand and no calculation takes it away.
    const revision = (await owner.call("GET", `/versions/${v}/wbs/${b.id}`)).body.data.revision;
    const typed = await owner.call("PATCH", `/versions/${v}/wbs/${b.id}/update`, {
      revision,
      status: "in_progress",
      actualStart: "13.01.2025 08:00",
      percentComplete: 10,
    });
    expect(typed.status).toBe(200);
    // The whole plan goes first (its planning row with it), then every fact.
    expect((await owner.call("POST", `${base}/bulk-clear-wdp`, { versionId: v, itemIds: [a.id] })).status).toBe(200);
    const cleared = await owner.call("POST", `${base}/bulk-clear-values`, {
      versionId: v,
      itemIds: [a.id],
      kinds: ["fact"],
      from: "2025-01-01",
      to: "2025-02-28",
    });
    expect(cleared.status).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data).toMatchObject({
      status: "not_started",
      actualStart: null,
      actualFinish: null,
      percentComplete: 0,
      remaining: 7200,
    });
    expect((await owner.call("GET", `/versions/${v}/wbs/${b.id}`)).body.data).toMatchObject({
      status: "in_progress",
      actualStart: "2025-01-13T08:00",
    });
    expect((await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data.rows).toEqual([]);
  });

  it("still sets a work back to not started after its facts are cleared when its plan was redistributed meanwhile", async () => {
    const { owner, v, a, base } = await setUp();
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data.status).toBe("in_progress");
    // A new mode with its own options must not forget that the work's progress came from its facts.
    const spread = await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "by_date",
      from: "2025-01-13",
      to: "2025-01-31",
    });
    expect(spread.status).toBe(200);
    const cleared = await owner.call("POST", `${base}/bulk-clear-values`, {
      versionId: v,
      itemIds: [a.id],
      kinds: ["fact"],
    });
    expect(cleared.status).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data).toMatchObject({
      status: "not_started",
      actualStart: null,
      percentComplete: 0,
    });
  });

  it("takes no progress from facts into a calculation while the version has no data date", async () => {
    const { owner, v, a } = await setUp();
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: null })).status).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data).toMatchObject({
      status: "not_started",
      actualStart: null,
    });
    expect((await datesOf(owner, v)).A10.earlyFinish).toBe("2025-02-03T17:00");
    // The planning tab still shows what the facts say, as of the end of today, and that it is not applied.
    const shown = (await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data;
    expect(shown).toMatchObject({ applied: false });
    expect(shown.rows[0]).toMatchObject({ actual: { volume: 110 }, actualStart: "2025-01-13T08:00" });
  });

  it("rolls planned and done quantities up to the WBS summaries; volume only while the units agree", async () => {
    const { owner, v, a, b, s, base } = await seedWdpSchedule(server);
    const spread = (itemIds: number[], measure: string, mode: string) =>
      owner.call("POST", `${base}/distribute`, { versionId: v, itemIds, measure, mode });
    expect((await spread([a.id], "volume", "evenly")).status).toBe(200);
    expect((await spread([a.id], "labour", "by_volume")).status).toBe(200);
    const facts = await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: "18,5" },
        { itemId: a.id, measure: "labour", kind: "fact", date: "2025-01-13", value: 9 },
      ],
    });
    expect(facts.status).toBe(200);
    // Only A10 carries a volume (m³): the summary adds it up with its unit.
    const first = (await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data;
    expect(first.sums).toEqual([
      {
        itemId: s.id,
        parentId: null,
        code: "S",
        name: "Каркас",
        unit: "m3",
        planned: { volume: 100, labour: 50, cost: 0 },
        actual: { volume: 18.5, labour: 9, cost: 0 },
      },
    ]);
    // A20's volume has no unit: m³ and an unnamed unit do not add up, labour still does.
    expect((await spread([b.id], "volume", "evenly")).status).toBe(200);
    const mixed = (await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data.sums[0];
    expect(mixed).toMatchObject({
      unit: null,
      planned: { volume: null, labour: 50, cost: 0 },
      actual: { volume: null, labour: 9 },
    });
  });

  it("lets nobody of another space read the progress or choose intensity", async () => {
    const { owner, stranger, intruder, member, v, a } = await setUp();
    for (const who of [stranger, intruder]) {
      expect([403, 404]).toContain((await who.call("GET", `/versions/${v}/wdp/progress`)).status);
      const write = await who.call("PATCH", `/versions/${v}/calculate-remains-duration-by-intensity`, {
        itemIds: [a.id],
      });
      expect([403, 404]).toContain(write.status);
    }
    expect((await member.call("GET", `/versions/${v}/wdp/progress`)).status).toBe(200);
    const memberWrite = await member.call("PATCH", `/versions/${v}/calculate-remains-duration-by-intensity`, {
      itemIds: [a.id],
    });
    expect([403, 404]).toContain(memberWrite.status);
    expect((await owner.call("GET", `/versions/${v}/wdp/progress`)).body.data.rows[0].byIntensity).toBe(false);
  });
});
