import { decodeUsage, type UsageColumns } from "@planum/contracts";
import { tryParseDate } from "@planum/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import type { Actor } from "../structure/structure.test-kit.js";
import { addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const day = (s: string) => tryParseDate(s) as number;

async function usage(actor: Actor, query: string): Promise<UsageColumns> {
  const answer = await actor.call("GET", `/resource/usage?${query}`);
  if (answer.status !== 200) throw new Error(`usage failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return decodeUsage(answer.body.data);
}

/**
 * A crew of two (16 h a day) under a group "Бригады", a mason specialty, and two works from Monday 2025-01-13:
 * A10 of ten days and A20 of five, each with 10 h a day of the crew: 20 h a day demanded the first week.
 */
async function setUp() {
  const people = await setUpWorkspace(server);
  const { owner, space, version } = people;
  const a10 = await addItem(owner, version.id, { type: "work", name: "Кладка стен", code: "A10", duration: 10 * 480 });
  const a20 = await addItem(owner, version.id, { type: "work", name: "Перемычки", code: "A20", duration: 5 * 480 });
  const calc = await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`);
  if (calc.status !== 200) throw new Error(JSON.stringify(calc.body));
  const base = `/space/${space.id}`;
  const mason = (await owner.call("POST", `${base}/specialty`, { name: "Каменщик" })).body.data;
  const group = (await owner.call("POST", `${base}/resources`, { code: "CREWS", name: "Бригады", kind: "labor" })).body
    .data;
  const crew = (
    await owner.call("POST", `${base}/resources`, {
      code: "CREW-1",
      name: "Бригада каменщиков",
      kind: "labor",
      unit: "h",
      parentId: group.id,
      specialtyId: mason.id,
      availability: [{ from: "2025-01-01", maxUnitsPerDay: 16 }],
    })
  ).body.data;
  for (const work of [a10, a20]) {
    const saved = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
      wbsId: work.id,
      resourceId: crew.id,
      unitsPerDay: 10,
    });
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  }
  return { ...people, a10, a20, crew, group, mason };
}

describe("resource usage", () => {
  it("answers demand against availability by day, week and month with the over-allocated days marked", async () => {
    const { owner, crew, group } = await setUp();
    const daily = await usage(owner, "scale=day&from=2025-01-13&to=2025-01-26");
    expect(daily.rows.id).toEqual([group.id, crew.id]);
    expect(daily.rows.kind).toEqual(["group", "resource"]);
    expect(daily.rows.depth).toEqual([0, 1]);
    const n = daily.bucketStarts.length - 1;
    expect(n).toBe(14);
    const crewRow = (c: UsageColumns, pick: Float64Array | Int32Array) => {
      const b = c.bucketStarts.length - 1;
      const r = c.rows.id.indexOf(crew.id);
      return Array.from(pick.subarray(r * b, (r + 1) * b));
    };
    expect(crewRow(daily, daily.demand)).toEqual([20, 20, 20, 20, 20, 0, 0, 10, 10, 10, 10, 10, 0, 0]);
    expect(crewRow(daily, daily.availability)).toEqual([16, 16, 16, 16, 16, 0, 0, 16, 16, 16, 16, 16, 0, 0]);
    expect(crewRow(daily, daily.overDays)).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // The group has no availability of its own: it shows its crew's, so it is over-allocated too.
    expect(Array.from(daily.overDays.subarray(0, n))).toEqual(crewRow(daily, daily.overDays));
    // The resource Gantt: one bar per assignment on the crew's row, by start.
    expect(daily.bars.code.sort()).toEqual(["A10", "A20"]);
    expect(daily.bars.row).toEqual([1, 1]);
    expect(daily.versions).toHaveLength(1);

    const weekly = await usage(owner, "scale=week&from=2025-01-13&to=2025-01-26");
    expect(weekly.bucketStarts).toEqual([day("2025-01-13"), day("2025-01-20"), day("2025-01-27")]);
    expect(crewRow(weekly, weekly.demand)).toEqual([100, 50]);
    expect(crewRow(weekly, weekly.availability)).toEqual([80, 80]);
    expect(crewRow(weekly, weekly.overDays)).toEqual([5, 0]);

    // No range asked: the works' span; by month.
    const monthly = await usage(owner, "scale=month");
    expect(monthly.fromDay).toBe(day("2025-01-13"));
    expect(monthly.toDay).toBe(day("2025-01-25"));
    expect(crewRow(monthly, monthly.demand)).toEqual([150]);
  });

  it("groups by specialty, keeps one resource's subtree or what the filter names", async () => {
    const { owner, crew, group, mason } = await setUp();
    const bySpecialty = await usage(owner, "scale=week&by=specialty&from=2025-01-13&to=2025-01-19");
    expect(bySpecialty.rows.id).toEqual([mason.id]);
    expect(bySpecialty.rows.name).toEqual(["Каменщик"]);
    expect(Array.from(bySpecialty.demand)).toEqual([100]);
    expect(Array.from(bySpecialty.overDays)).toEqual([5]);
    expect((await usage(owner, `resourceId=${crew.id}`)).rows.id).toEqual([crew.id]);
    expect((await usage(owner, `filter=${encodeURIComponent("каменщ")}`)).rows.id).toEqual([group.id, crew.id]);
    expect((await usage(owner, "filter=nothing-like-it")).rows.id).toEqual([]);
  });

  it("names the works that make a bar with their units that day", async () => {
    const { owner, crew, group, mason, schedule } = await setUp();
    const works = await owner.call("GET", `/resource/${crew.id}/wbs-by-assignment?from=2025-01-15&to=2025-01-15`);
    expect(works.status).toBe(200);
    expect(works.body.data).toHaveLength(2);
    expect(works.body.data[0]).toMatchObject({ units: 10, scheduleId: schedule.id, resourceCode: "CREW-1", unit: "h" });
    expect(works.body.data.map((w: { workCode: string }) => w.workCode).sort()).toEqual(["A10", "A20"]);
    // A group names its members' works; a specialty its resources'.
    const ofGroup = await owner.call("GET", `/resource/${group.id}/wbs-by-assignment?from=2025-01-20&to=2025-01-24`);
    expect(ofGroup.body.data).toMatchObject([{ workCode: "A10", units: 50 }]);
    const ofMason = await owner.call(
      "GET",
      `/resource/${mason.id}/wbs-by-assignment?by=specialty&from=2025-01-13&to=2025-01-13`,
    );
    expect(ofMason.body.data.map((w: { units: number }) => w.units)).toEqual([10, 10]);
  });

  it("refuses bad input with a localized error", async () => {
    const { owner, crew } = await setUp();
    const bad: [string, string][] = [
      ["/resource/usage?scale=hour", "InvalidValue"],
      ["/resource/usage?from=2025-02-30", "InvalidDate"],
      ["/resource/usage?from=2025-02-10&to=2025-02-01", "FinishBeforeStart"],
      ["/resource/usage?scale=day&from=2025-01-01&to=2030-01-01", "InvalidValue"],
      ["/resource/usage?by=crew", "InvalidValue"],
      ["/resource/usage?versions=not-a-version", "InvalidValue"],
      [`/resource/${crew.id}/wbs-by-assignment?from=2025-01-13`, "Required"],
    ];
    for (const [url, code] of bad) {
      const answer = await owner.call("GET", url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.errors[0].code, url).toBe(code);
    }
    const ru = await server.call("GET", "/resource/usage?from=2025-02-10&to=2025-02-01", {
      token: owner.token,
      headers: { "x-space-id": owner.spaceId, "x-language": "ru" },
    });
    expect(ru.body.errors[0].message).toMatch(/[а-я]/);
  });

  it("answers one version's resource Gantt on the rows of the resources it uses", async () => {
    const { owner, space, version, crew, group, member } = await setUp();
    // a resource the version does not use stays out of its Gantt (it is in the space's usage)
    await owner.call("POST", `/space/${space.id}/resources`, { code: "IDLE", name: "Простой", kind: "labor" });
    const gantt = async (actor: Actor, query: string) => {
      const answer = await actor.call("GET", `/versions/${version.id}/resource-gantt?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return decodeUsage(answer.body.data);
    };
    const daily = await gantt(owner, "scale=day&from=2025-01-13&to=2025-01-19");
    expect(daily.rows.code).toEqual(["CREWS", "CREW-1"]);
    expect(daily.rows.id).toEqual([group.id, crew.id]);
    expect(daily.bars.code.sort()).toEqual(["A10", "A20"]);
    expect(Array.from(daily.demand.subarray(7, 14))).toEqual([20, 20, 20, 20, 20, 0, 0]);
    expect(daily.versions.map((v) => v.id)).toEqual([version.id]);
    expect(daily.choices.map((v) => v.id)).toEqual([version.id]);
    expect((await usage(owner, "scale=day")).rows.code).toContain("IDLE");
    // by specialty, and readable with the version's read access alone
    const bySpecialty = await gantt(member, "by=specialty");
    expect(bySpecialty.rows.name).toEqual(["Каменщик"]);
    const bad = await owner.call("GET", `/versions/${version.id}/resource-gantt?scale=hour`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe("InvalidValue");
  });

  it("lets another space's user see nothing of this space's usage", async () => {
    const { crew, version, stranger, intruder, mason } = await setUp();
    expect((await intruder.call("GET", "/resource/usage")).status).toBe(403);
    expect([403, 404]).toContain((await intruder.call("GET", `/versions/${version.id}/resource-gantt`)).status);
    expect([403, 404]).toContain((await stranger.call("GET", `/versions/${version.id}/resource-gantt`)).status);
    expect(
      (await intruder.call("GET", `/resource/${crew.id}/wbs-by-assignment?from=2025-01-13&to=2025-01-13`)).status,
    ).toBe(403);
    // Through their own space: no rows, and this space's version, resource and specialty are not found.
    const own = await usage(stranger, "scale=day");
    expect(own.rows.id).toEqual([]);
    expect(own.bars.code).toEqual([]);
    expect((await stranger.call("GET", `/resource/usage?versions=${version.id}`)).status).toBe(404);
    expect((await stranger.call("GET", `/resource/usage?resourceId=${crew.id}`)).status).toBe(404);
    const day15 = "from=2025-01-13&to=2025-01-13";
    expect((await stranger.call("GET", `/resource/${crew.id}/wbs-by-assignment?${day15}`)).status).toBe(404);
    expect((await stranger.call("GET", `/resource/${mason.id}/wbs-by-assignment?by=specialty&${day15}`)).status).toBe(
      404,
    );
  });
});
