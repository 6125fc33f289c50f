import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { inEnglish, seedWdpSchedule } from "../workspace/wdp/wdp.test-kit.js";
import { addRoofSchedule, planA10, readUntil } from "./analytics.test-kit.js";
import { queueDailyRecount } from "./analytics-daily.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Curve = { kind: string; values: number[] };
const last = (curves: Curve[], kind: string) => curves.find((c) => c.kind === kind)?.values.at(-1);

describe("analytics of a version and its schedule", () => {
  it("draws the cost S-curve from the work-done plans and moves the fact and earned value when a fact is entered", async () => {
    const { owner, v, a, base, schedule } = await seedWdpSchedule(server);
    // A10 plans 1,000 of cost, 50 man-hours and 100 m³ over its five days.
    await planA10(owner, base, v, a.id);
    // Status at the end of Tuesday 14 January 2025 (the data date): two of the five days are planned by then.
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-14T17:00" })).status).toBe(200);
    const first = await readUntil(owner, `/analytics/version/${v}/series?measure=cost`, (d) => d.fresh);
    expect(first.curves.map((c: Curve) => c.kind).sort()).toEqual(["forecast", "plan"]);
    expect(last(first.curves, "plan")).toBe(1000);
    expect(first.periods[0]).toBe("2025-01-13");

    // 20 m³ done for 300 on Monday: a fifth of the volume earns a fifth of the budget; the spend is the actual cost.
    const facts = await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 20 },
        { itemId: a.id, measure: "cost", kind: "fact", date: "2025-01-13", value: 300 },
      ],
    });
    expect(facts.status).toBe(200);
    const moved = await readUntil(
      owner,
      `/analytics/version/${v}/series?measure=cost`,
      (d) => d.fresh && last(d.curves, "fact") === 300,
    );
    // The forecast: 300 spent to date, the 700 left over the plan's three remaining days; it ends at the total.
    expect(last(moved.curves, "forecast")).toBe(1000);
    expect(moved.statusDate).toBe("2025-01-14");

    const stats = (await owner.call("GET", `/analytics/version/${v}/stats`)).body.data;
    // PV: Monday's and Tuesday's 200 each; EV 200; AC 300.
    expect(stats.earnedValue).toMatchObject({ baseline: "plan", pv: 400, ev: 200, ac: 300, bac: 1000, sv: -200 });
    expect(stats.earnedValue.cpi).toBeCloseTo(200 / 300, 10);
    expect(stats.earnedValue.spi).toBeCloseTo(0.5, 10);
    expect(stats.earnedValue.eac.cpi).toBeCloseTo(1500, 9);
    // Earned schedule: 200 is Monday's whole plan → ES 1 day at AT 2 days (Monday 13 to Tuesday 14).
    expect(stats.earnedValue.schedule).toMatchObject({ es: 1, at: 2, svt: -1 });
    expect(stats.count).toMatchObject({ works: 2 });
    const cost = stats.totals.find((t: { measure: string }) => t.measure === "cost");
    expect(cost).toMatchObject({ plan: 1000, fact: 300, target: null });

    // The schedule's analytics are its current version's.
    const viaSchedule = (await owner.call("GET", `/analytics/schedule/${schedule.id}/cost`)).body.data;
    expect(viaSchedule).toMatchObject({ measure: "cost", plan: 1000, fact: 300 });
    const labour = (await owner.call("GET", `/analytics/version/${v}/labour`)).body.data;
    expect(labour.plan).toBe(50);

    // Per week instead of per day: the five working days fall in the weeks of Mon 13 and Mon 20 January 2025.
    const weekly = (
      await owner.call("GET", `/analytics/version/${v}/series?measure=volume&period=week&cumulative=false`)
    ).body.data;
    expect(weekly.periods).toEqual(["2025-01-13", "2025-01-20"]);
    expect(weekly.curves.find((c: Curve) => c.kind === "plan").values.reduce((s: number, x: number) => s + x, 0)).toBe(
      100,
    );
    // Four of A10's five days fall in the first week (Wednesday the 15th is a holiday): 80 m³, then 20.
    expect(weekly.curves.find((c: Curve) => c.kind === "plan").values).toEqual([80, 20]);
  });

  it("moves the sums by the changed works only and agrees with a count of everything", async () => {
    const { owner, v, a, b, base } = await seedWdpSchedule(server);
    await planA10(owner, base, v, a.id);
    const spreadB = await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [b.id],
      measure: "volume",
      mode: "evenly",
    });
    expect(spreadB.status).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-14T17:00" })).status).toBe(200);
    // Three changes one after the other, on two works (A10 and A20 fall in different blocks): A10's Monday cost,
    // A20's Monday volume, then A10's Monday cost again, lower.
    const fact = (itemId: number, measure: string, value: number) =>
      owner.call("PATCH", `${base}/update-many`, {
        versionId: v,
        cells: [{ itemId, measure, kind: "fact", date: "2025-01-13", value }],
      });
    expect((await fact(a.id, "cost", 300)).status).toBe(200);
    expect((await fact(b.id, "volume", 4)).status).toBe(200);
    expect((await fact(a.id, "volume", 20)).status).toBe(200);
    expect((await fact(a.id, "cost", 250)).status).toBe(200);
    const costUrl = `/analytics/version/${v}/series?measure=cost`;
    const volumeUrl = `/analytics/version/${v}/series?measure=volume`;
    const cost = await readUntil(owner, costUrl, (d) => d.fresh && last(d.curves, "fact") === 250);
    const volume = await readUntil(owner, volumeUrl, (d) => d.fresh && last(d.curves, "fact") === 24);
    const stats = (await owner.call("GET", `/analytics/version/${v}/stats`)).body.data;
    expect(stats.earnedValue).toMatchObject({ ev: 200, ac: 250 });

    // A count of everything, asked for, finds the same figures.
    const all = await owner.call("PATCH", `/versions/${v}/calculate/indicators/all`);
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ versions: 1 });
    expect(await readUntil(owner, costUrl, (d) => d.fresh)).toEqual(cost);
    expect(await readUntil(owner, volumeUrl, (d) => d.fresh)).toEqual(volume);
    expect((await owner.call("GET", `/analytics/version/${v}/stats`)).body.data).toEqual(stats);
  });

  it("counts again each day what the day makes late, without any change", async () => {
    const { owner, v, a, base } = await seedWdpSchedule(server);
    await planA10(owner, base, v, a.id);
    const url = `/analytics/version/${v}/count`;
    // Today's figures once the count queued by the plans has ended (the count alone does not say it is fresh).
    const today = (await readUntil(owner, `/analytics/version/${v}/stats`, (d) => d.fresh)).count;
    // As if counted yesterday: the stored day is behind and its late counts are yesterday's (here, made up).
    const db = server.ctx.db;
    await db.execute(sql`update analytics_versions set status_day = status_day - 1,
      counts = jsonb_set(counts, '{lateStart}', '99') where version_id = ${v}`);
    expect((await owner.call("GET", url)).body.data.lateStart).toBe(99);
    const day = new Date().toISOString().slice(0, 10);
    await db.execute(sql`delete from analytics_daily_runs where day = ${day}`);
    expect(await queueDailyRecount(server.ctx)).not.toBeNull();
    // Once a day: a second process ticking the same day queues nothing.
    expect(await queueDailyRecount(server.ctx)).toBeNull();
    // The day's job queues the count of each version counted on an earlier day; both end.
    await server.ctx.jobs.idle();
    expect(await readUntil(owner, url, (d) => d.lateStart !== 99)).toEqual(today);
  });

  it("lists the works behind a count and compares with the target version", async () => {
    const { owner, v, a, base, schedule } = await seedWdpSchedule(server);
    await planA10(owner, base, v, a.id);
    const count = (await owner.call("GET", `/analytics/version/${v}/count`)).body.data;
    expect(count).toMatchObject({ works: 2, notStarted: 2, completed: 0, delayed: 0 });
    const waiting = (await owner.call("GET", `/analytics/version/${v}/works?set=not_started`)).body.data;
    expect(waiting.map((w: { code: string }) => w.code).sort()).toEqual(["A10", "A20"]);
    const codes = async (query: string) =>
      (await owner.call("GET", `/analytics/version/${v}/works?${query}`)).body.data
        .map((w: { code: string }) => w.code)
        .sort();
    // A period of the curve: the week of the 13th has both works under way, Monday the 20th only A10 (five days with
    // Wednesday off), March none.
    expect(await codes("set=in_period&from=2025-01-13&to=2025-01-19")).toEqual(["A10", "A20"]);
    expect(await codes("set=in_period&from=2025-01-20&to=2025-01-20")).toEqual(["A10"]);
    expect(await codes("set=in_period&from=2025-03-01&to=2025-03-31")).toEqual([]);
    // Behind schedule (what SPI opens): by today, without a target version by their own dates, neither has started.
    expect(await codes("set=behind")).toEqual(["A10", "A20"]);
    // A copy kept as the target version becomes the baseline curve.
    const copy = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Базовый",
      kind: "target",
      copyFromId: v,
    });
    expect(copy.status).toBe(200);
    // A new target version is the baseline of the schedule's other versions: they are counted again.
    const withTarget = await readUntil(owner, `/analytics/version/${v}/series?measure=cost`, (d) =>
      d.curves.some((c: Curve) => c.kind === "target"),
    );
    expect(last(withTarget.curves, "target")).toBe(1000);
    const ev = (await owner.call("GET", `/analytics/version/${v}/stats`)).body.data.earnedValue;
    expect(ev.baseline).toBe("target");
  });

  it("rolls a node's and the space's schedules up from their current versions", async () => {
    const ws = await seedWdpSchedule(server);
    const { owner, v, a, base, project, facility, root, space } = ws;
    await planA10(owner, base, v, a.id);
    // A second schedule in the same project, with its own version and 250 of cost planned on one work.
    await addRoofSchedule(owner, project.id);
    for (const url of [
      `/analytics/project/${project.id}/cost`,
      `/analytics/facility/${facility.id}/cost`,
      `/eps/${root.id}/analytics/cost`,
      `/analytics/space/${space.id}/cost`,
    ]) {
      // A roll-up queues what was never counted and answers when every schedule is in: 1,000 + 250.
      const total = await readUntil(owner, url, (d) => d.plan === 1250);
      expect(total).toMatchObject({ measure: "cost", plan: 1250, fact: 0 });
    }
    const series = await readUntil(
      owner,
      `/analytics/project/${project.id}/series?measure=cost&period=month`,
      (d) => d.fresh,
    );
    expect(series.versions).toBe(2);
    // Months from January 2025; nothing is done and the status day is today, so the forecast runs on to tomorrow.
    expect(series.periods.slice(0, 2)).toEqual(["2025-01-01", "2025-02-01"]);
    const plan = series.curves.find((c: Curve) => c.kind === "plan").values;
    expect(plan.slice(0, 2)).toEqual([1000, 1250]);
    expect(plan.at(-1)).toBe(1250);
    expect(last(series.curves, "forecast")).toBe(1250);
    const count = (await owner.call("GET", `/analytics/project/${project.id}/count`)).body.data;
    expect(count.works).toBe(3);

    // The concrete schedule's status is Tuesday 14.01 with a fifth of A10 earned (200 of the 400 planned by then);
    // the roof has no data date and counts to today, its 250 all planned and nothing done. Each is measured at its
    // own status day: PV 400 + 250, EV 200 — measured at today, A10's whole 1,000 would be due and SPI fall to 0.16.
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-14T17:00" })).status).toBe(200);
    const fact = await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 20 },
        { itemId: a.id, measure: "cost", kind: "fact", date: "2025-01-13", value: 300 },
      ],
    });
    expect(fact.status).toBe(200);
    const stats = await readUntil(
      owner,
      `/analytics/project/${project.id}/stats`,
      (d) => d.fresh && d.earnedValue.ev === 200 && d.earnedValue.pv === 650,
    );
    expect(stats.earnedValue.spi).toBeCloseTo(200 / 650, 10);
    expect(stats.earnedValue.ac).toBe(300);
    expect(stats.earnedValue.bac).toBe(1250);
    // Earned schedule weighed by budgets: the concrete schedule's ES 1 of AT 2 days, the roof's ES 0 since February.
    expect(stats.earnedValue.schedule.spit).toBeGreaterThan(0);
    expect(stats.earnedValue.schedule.spit).toBeLessThan(0.75);
    expect(stats.earnedValue.statusDate).not.toBe("2025-01-14");
    // EAC adds the schedules' own: the concrete one's 300 + 800 ÷ ⅔ = 1,500 and the roof's 250 at budget rate (nothing
    // spent) — not 1,250 ÷ ⅔ = 1,875 of one CPI over both; the cost chart's EAC on the same node says the same.
    expect(stats.earnedValue.eac.cpi).toBeCloseTo(1750, 9);
    expect(stats.earnedValue.vac).toBeCloseTo(-500, 9);
    expect(stats.earnedValue.etc).toBeCloseTo(1450, 9);
    const chart = await owner.call("POST", `/analytics/project/${project.id}/all-cost`, { period: "month" });
    expect(chart.body.data.eac).toBeCloseTo(1750, 9);
  });

  it("refuses a bad query in the caller's language and lets nobody of another space read", async () => {
    const { owner, stranger, intruder, member, v, schedule, project, facility, root, space } =
      await seedWdpSchedule(server);
    const bad = await inEnglish(server, owner, "GET", `/analytics/version/${v}/series?measure=bricks`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/^[A-Za-z]/);
    for (const query of [
      "set=everything",
      "set=in_period&from=2025-01-13",
      "set=in_period&from=2025-02-01&to=2025-01-01",
      "set=in_period&from=13.01.2025&to=2025-01-20",
    ]) {
      const refused = await inEnglish(server, owner, "GET", `/analytics/version/${v}/works?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].message).toMatch(/^[A-Za-z]/);
    }
    const reads = ["series", "money", "cost", "labour", "count", "stats", "works?set=critical"].flatMap((what) => [
      `/analytics/version/${v}/${what}`,
      `/analytics/schedule/${schedule.id}/${what}`,
      `/analytics/project/${project.id}/${what}`,
      `/analytics/facility/${facility.id}/${what}`,
      `/eps/${root.id}/analytics/${what}`,
      `/analytics/space/${space.id}/${what}`,
    ]);
    // Nobody of another space has a recount queued either.
    for (const [method, url] of [
      ["PATCH", `/versions/${v}/calculate/indicators/all`],
      ["POST", `/eps/${root.id}/analytics/calculate`],
    ] as const) {
      expect([403, 404]).toContain((await stranger.call(method, url)).status);
      expect([403, 404]).toContain((await intruder.call(method, url)).status);
    }
    expect((await member.call("POST", `/eps/${root.id}/analytics/calculate`)).body.data).toEqual({ versions: 1 });
    for (const url of reads) {
      expect([403, 404]).toContain((await stranger.call("GET", url)).status);
      expect([403, 404]).toContain((await intruder.call("GET", url)).status);
      expect((await member.call("GET", url)).status).toBe(200);
    }
  });
});
