import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { inEnglish, seedWdpSchedule } from "../workspace/wdp/wdp.test-kit.js";
import { planA10, readUntil } from "./analytics.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Curve = { key: string; values: number[] };
const curve = (data: { curves: Curve[] }, key: string) => data.curves.find((c) => c.key === key)?.values;

describe("cost curves", () => {
  it("draws PV, EV, AC and EAC by hand-computed values, the curves asked in their order, within a window", async () => {
    const { owner, v, a, base, schedule, project, intruder } = await seedWdpSchedule(server);
    // A10: 1,000 of cost over Mon 13, Tue 14, Thu 16, Fri 17 and Mon 20 January 2025 (Wednesday is a holiday).
    await planA10(owner, base, v, a.id);
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-14T17:00" })).status).toBe(200);
    // 20 m³ of 100 done on Monday for 300: EV 200, AC 300, CPI 2/3.
    const fact = await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 20 },
        { itemId: a.id, measure: "cost", kind: "fact", date: "2025-01-13", value: 300 },
      ],
    });
    expect(fact.status).toBe(200);
    await readUntil(owner, `/analytics/version/${v}/series?measure=cost`, (d) => d.fresh && d.curves.length === 3);

    const all = await owner.call("POST", `/analytics/version/${v}/all-cost`, { period: "day" });
    expect(all.status).toBe(200);
    const data = all.body.data;
    expect(data.periods).toEqual([
      "2025-01-13",
      "2025-01-14",
      "2025-01-15",
      "2025-01-16",
      "2025-01-17",
      "2025-01-18",
      "2025-01-19",
      "2025-01-20",
    ]);
    // No contract value in this schedule: the money curves are absent.
    expect(data.curves.map((c: Curve) => c.key)).toEqual(["pv", "ev", "ac", "eac", "plan"]);
    expect(curve(data, "pv")).toEqual([200, 400, 400, 600, 800, 800, 800, 1000]);
    // What was done stops at the status day.
    expect(curve(data, "ev")).toEqual([200, 200]);
    expect(curve(data, "ac")).toEqual([300, 300]);
    // EAC = AC + (BAC − EV) / CPI = 300 + 800 × 3/2 = 1,500: the 1,200 left over the plan's three remaining days.
    expect(curve(data, "eac")).toEqual([300, 300, 300, 700, 1100, 1100, 1100, 1500]);
    expect(data).toMatchObject({ baseline: "plan", bac: 1000, eac: 1500, statusDate: "2025-01-14", fresh: true });
    // The same figure the earned value widget shows.
    const stats = (await owner.call("GET", `/analytics/version/${v}/stats`)).body.data;
    expect(stats.earnedValue.eac.cpi).toBeCloseTo(data.eac, 9);

    // Asked curves in the order asked, per week and not cumulative.
    const custom = await owner.call("POST", `/analytics/schedule/${schedule.id}/custom-cost`, {
      curves: ["eac", "ac"],
      period: "week",
      cumulative: false,
    });
    expect(custom.body.data.curves).toEqual([
      { key: "eac", values: [1100, 400] },
      { key: "ac", values: [300] },
    ]);
    // A window keeps its periods; running totals still count the days before it.
    const window = await owner.call("POST", `/analytics/project/${project.id}/custom-cost`, {
      curves: ["eac"],
      period: "day",
      from: "2025-01-16",
      to: "2025-01-17",
    });
    expect(window.body.data).toMatchObject({
      periods: ["2025-01-16", "2025-01-17"],
      curves: [{ values: [700, 1100] }],
    });

    // Bad input: localized refusals.
    for (const [body, code] of [
      [{ curves: [] }, "Required"],
      [{ curves: ["profit"] }, "InvalidValue"],
      [{ curves: ["pv", "pv"] }, "InvalidValue"],
      [{ curves: ["pv"], from: "2025-02-01", to: "2025-01-01" }, "InvalidValue"],
      [{ curves: ["pv"], period: "year" }, "InvalidValue"],
    ] as const) {
      const refused = await inEnglish(server, owner, "POST", `/analytics/version/${v}/custom-cost`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].code).toBe(code);
    }
    // Nobody of another space reads them.
    expect((await intruder.call("POST", `/analytics/version/${v}/all-cost`, {})).status).toBe(403);
  });

  it("keeps each user's cost chart of the space, refuses a bad one and shows nobody else's", async () => {
    const { owner, member, stranger } = await seedWdpSchedule(server);
    const fresh = (await owner.call("GET", "/analytics/setting/curved")).body.data;
    expect(fresh).toEqual({
      curves: ["pv", "ev", "ac", "eac", "plan", "money_plan", "money_fact"],
      period: "month",
      cumulative: true,
      saved: false,
    });
    const mine = { curves: ["ac", "pv"], period: "week", cumulative: false };
    expect((await owner.call("POST", "/analytics/setting/curved", mine)).body.data).toEqual({ ...mine, saved: true });
    expect((await owner.call("GET", "/analytics/setting/curved")).body.data).toEqual({ ...mine, saved: true });
    // Another member of the space and a user of another space keep their own (the default here).
    expect((await member.call("GET", "/analytics/setting/curved")).body.data.saved).toBe(false);
    expect((await stranger.call("GET", "/analytics/setting/curved")).body.data.saved).toBe(false);
    // A bad chart is refused and the kept one stays.
    const bad = await inEnglish(server, owner, "POST", "/analytics/setting/curved", {
      curves: ["ac", "margin"],
      period: "week",
      cumulative: false,
    });
    expect(bad.status).toBe(400);
    expect((await owner.call("GET", "/analytics/setting/curved")).body.data.curves).toEqual(["ac", "pv"]);
  });
});
