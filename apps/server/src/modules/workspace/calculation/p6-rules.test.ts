import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ActivityInput, NetworkInput, RelationInput } from "@planum/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

/**
 * The engine's numbered P6 scenarios (packages/engine/test/scenarios) built through the API as a planner would —
 * calendars, works with their constraints and progress, relations, the schedule's calculate settings, the version's
 * project start and data date — then calculated by the server: the stored dates, floats and flags must be the
 * scenario's expected ones. This proves the server hands every rule to the engine.
 */

interface Fixture {
  title: string;
  input: NetworkInput;
  expected: { finish?: string; activities: Record<string, Record<string, unknown>> };
}

const scenarios = join(dirname(fileURLToPath(import.meta.url)), "../../../../../../packages/engine/test/scenarios");
const fixture = (name: string) => JSON.parse(readFileSync(join(scenarios, `${name}.json`), "utf8")) as Fixture;

/** Engine options → the calculate settings of the schedule. */
function settingsOf(options: NetworkInput["options"] = {}) {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (key === "progress") body.progressOption = value;
    else if (key === "critical") body.criticalBy = value;
    else if (
      ["floatType", "lagCalendar", "criticalFloat", "mustFinishBy", "ssLagFrom", "openEndsCritical"].includes(key)
    )
      body[key] = value;
    else throw new Error(`option ${key} has no calculate setting`);
  }
  return body;
}

const TYPE = { task: "work", work: "work", milestone_start: "milestone_start", milestone_finish: "milestone_finish" };
const asText = (d: string | number | undefined) => {
  if (typeof d === "number") throw new Error("scenario dates are texts");
  return d;
};

let server: TestServer;
let owner: Actor;
let scheduleId: string;
beforeAll(async () => {
  server = await createTestServer();
  const ws = await setUpWorkspace(server);
  owner = ws.owner;
  scheduleId = ws.schedule.id;
});
afterAll(() => server.close());

/** Builds the scenario as a new version of the schedule through the API, calculates it and returns the timetable. */
async function runThroughApi(name: string) {
  const fx = fixture(name);
  const input = fx.input;
  const reset = await owner.call("DELETE", `/schedules/${scheduleId}/calculate-settings`);
  expect(reset.status).toBe(200);
  const settings = settingsOf(input.options);
  if (Object.keys(settings).length) {
    const saved = await owner.call("PUT", `/schedules/${scheduleId}/calculate-settings`, settings);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const created = await owner.call("POST", `/schedules/${scheduleId}/versions/create`, {
    label: name.slice(0, 40),
    projectStart: asText(input.projectStart),
    ...(input.dataDate !== undefined ? { dataDate: asText(input.dataDate) } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const v = created.body.data.id as string;

  const calendarIds = new Map<string, string>();
  for (const calendar of input.calendars) {
    const answer = await owner.call("POST", "/calendars", {
      name: `${name.slice(0, 3)}-${calendar.id}`,
      week: calendar.week,
      exceptions: calendar.exceptions ?? [],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    calendarIds.set(calendar.id, answer.body.data.id);
  }
  const ids = new Map<string, number>();
  for (const a of input.activities as ActivityInput[]) {
    const { id, type = "task", calendar, duration, startLimit, finishLimit, alap, expectedFinish, ...progress } = a;
    const unknown = Object.keys(progress).filter(
      (k) => !["actualStart", "actualFinish", "remaining", "resume"].includes(k),
    );
    if (unknown.length) throw new Error(`${name}: ${unknown.join(", ")} not built here`);
    const item = await addItem(owner, v, {
      type: TYPE[type as keyof typeof TYPE],
      name: id,
      code: id,
      duration,
      calendarId: calendarIds.get(calendar ?? input.defaultCalendar),
      ...(startLimit ? { startLimitType: startLimit.type, startLimitDate: asText(startLimit.date) } : {}),
      ...(finishLimit ? { finishLimitType: finishLimit.type, finishLimitDate: asText(finishLimit.date) } : {}),
      ...(alap ? { alap: true } : {}),
      ...(expectedFinish !== undefined ? { expectedFinish: asText(expectedFinish) } : {}),
    });
    ids.set(id, item.id);
    if (progress.actualStart !== undefined) {
      const update = await owner.call("PATCH", `/versions/${v}/wbs/${item.id}/update`, {
        revision: item.revision,
        actualStart: asText(progress.actualStart),
        ...(progress.actualFinish !== undefined ? { actualFinish: asText(progress.actualFinish) } : {}),
        ...(progress.remaining !== undefined ? { remaining: progress.remaining } : {}),
        // P6 asks for the suspend date before the resume date: suspended at the data date.
        ...(progress.resume !== undefined
          ? { suspendDate: asText(input.dataDate), resumeDate: asText(progress.resume) }
          : {}),
      });
      expect(update.status, JSON.stringify(update.body)).toBe(200);
    }
  }
  for (const r of input.relations as RelationInput[]) {
    await link(owner, v, {
      predecessorId: ids.get(r.from),
      successorId: ids.get(r.to),
      type: r.type.toLowerCase(),
      lag: r.lag ?? 0,
      ...(r.lagCalendar ? { lagCalendar: r.lagCalendar } : {}),
    });
  }
  const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  const table = (await owner.call("GET", `/versions/${v}/timetable`)).body.data;
  const byCode = Object.fromEntries(table.items.map((row: { code: string }) => [row.code, row]));
  return { fx, v, finish: table.finish as string, byCode, ids };
}

/** The scenario's expected values that the timetable stores (the engine's remaining duration is not stored). */
function stored(want: Record<string, unknown>) {
  const { remaining: _, ...rest } = want;
  return rest;
}

describe("P6 scheduling rules through the API equal the engine scenarios", () => {
  const names = [
    "021-ss-lag-from-early-start",
    "022-ss-lag-from-actual-start",
    "036-open-ends-critical",
    "037-as-late-as-possible",
    "038-mandatory-start",
    "039-mandatory-finish",
    "040-expected-finish",
    "041-sf-without-lag-keeps-the-instant",
    "042-start-milestone-at-the-data-date",
    "043-suspended-until-resume",
  ];
  for (const name of names) {
    it(name, async () => {
      const { fx, finish, byCode } = await runThroughApi(name);
      if (fx.expected.finish) expect(finish).toBe(fx.expected.finish);
      for (const [code, want] of Object.entries(fx.expected.activities))
        expect({ code, ...byCode[code] }, `${name} ${code}`).toMatchObject({ code, ...stored(want) });
    });
  }

  it("without P6's options the same works calculate otherwise: the rules come from the settings and the works", async () => {
    // 036 without "make open-ended activities critical": A has 3 days of float to the project finish.
    await owner.call("DELETE", `/schedules/${scheduleId}/calculate-settings`);
    const open = await runThroughApi("036-open-ends-critical");
    await owner.call("PUT", `/schedules/${scheduleId}/calculate-settings`, { openEndsCritical: false });
    await owner.call("PATCH", `/versions/${open.v}/timetable/calculate/synchronous`);
    const again = (await owner.call("GET", `/versions/${open.v}/timetable`)).body.data;
    const a = again.items.find((row: { code: string }) => row.code === "A");
    expect(a).toMatchObject({ totalFloat: 1440, critical: false });

    // 040 with "use expected finish dates" off: A keeps the day it has left, B its two days.
    const expected = await runThroughApi("040-expected-finish");
    const put = await owner.call("PUT", `/schedules/${scheduleId}/calculate-settings`, { useExpectedFinish: false });
    expect(put.body.data.useExpectedFinish).toBe(false);
    await owner.call("PATCH", `/versions/${expected.v}/timetable/calculate/synchronous`);
    const rows = (await owner.call("GET", `/versions/${expected.v}/timetable`)).body.data.items;
    const byCode = Object.fromEntries(rows.map((row: { code: string }) => [row.code, row]));
    expect(byCode.A).toMatchObject({ earlyFinish: "2026-03-04T17:00" });
    expect(byCode.B).toMatchObject({ earlyStart: "2026-03-05T08:00", earlyFinish: "2026-03-06T17:00" });

    // 037 with B no longer as late as possible: B starts at once and keeps its float.
    const alap = await runThroughApi("037-as-late-as-possible");
    const b = (await owner.call("GET", `/versions/${alap.v}/wbs/${alap.ids.get("B")}`)).body.data;
    expect(b.alap).toBe(true);
    const off = await owner.call("PATCH", `/versions/${alap.v}/wbs/${b.id}/update`, {
      revision: b.revision,
      alap: false,
    });
    expect(off.status).toBe(200);
    await owner.call("PATCH", `/versions/${alap.v}/timetable/calculate/synchronous`);
    const after = (await owner.call("GET", `/versions/${alap.v}/wbs/${b.id}`)).body.data;
    expect(after).toMatchObject({ alap: false, earlyStart: "2026-03-02T08:00", totalFloat: 960 });
  });

  it("refuses bad values of the new settings and work fields, changing nothing", async () => {
    await owner.call("DELETE", `/schedules/${scheduleId}/calculate-settings`);
    const url = `/schedules/${scheduleId}/calculate-settings`;
    for (const body of [{ openEndsCritical: "yes" }, { useExpectedFinish: 1 }, { ssLagFrom: "late_start" }]) {
      const answer = await owner.call("PUT", url, body);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].code).toBe("InvalidValue");
    }
    expect((await owner.call("GET", url)).body.data).toMatchObject({
      openEndsCritical: false,
      useExpectedFinish: true,
      ssLagFrom: "early_start",
    });
    const { v, ids } = await runThroughApi("038-mandatory-start");
    const b = (await owner.call("GET", `/versions/${v}/wbs/${ids.get("B")}`)).body.data;
    expect(b).toMatchObject({ startLimitType: "mandatory", startLimitDate: "2026-03-04T08:00" });
    const bad = await owner.call("PATCH", `/versions/${v}/wbs/${b.id}/update`, {
      revision: b.revision,
      startLimitType: "mandatory_start",
    });
    expect(bad.status).toBe(400);
    const noDate = await owner.call("PATCH", `/versions/${v}/wbs/${b.id}/update`, {
      revision: b.revision,
      finishLimitType: "mandatory",
    });
    expect(noDate.status).toBe(400);
    expect(noDate.body.errors[0].code).toBe("ConstraintDateRequired");
    const alap = await owner.call("PATCH", `/versions/${v}/wbs/${b.id}/update`, { revision: b.revision, alap: "1" });
    expect(alap.status).toBe(400);
    expect((await owner.call("GET", `/versions/${v}/wbs/${b.id}`)).body.data).toMatchObject({
      revision: b.revision,
      startLimitType: "mandatory",
      finishLimitType: null,
      alap: false,
    });
  });

  it("a user of another space can neither read nor change the settings or a work's P6 fields", async () => {
    const other = await setUpWorkspace(server);
    const url = `/schedules/${scheduleId}/calculate-settings`;
    const read = await other.owner.call("GET", url);
    expect([403, 404]).toContain(read.status);
    const write = await other.owner.call("PUT", url, { openEndsCritical: true });
    expect([403, 404]).toContain(write.status);
    const { v, ids } = await runThroughApi("037-as-late-as-possible");
    const id = ids.get("B");
    expect([403, 404]).toContain((await other.owner.call("GET", `/versions/${v}/wbs/${id}`)).status);
    const change = await other.owner.call("PATCH", `/versions/${v}/wbs/${id}/update`, { revision: 1, alap: false });
    expect([403, 404]).toContain(change.status);
    expect((await owner.call("GET", url)).body.data.openEndsCritical).toBe(false);
    expect((await owner.call("GET", `/versions/${v}/wbs/${id}`)).body.data.alap).toBe(true);
  });
});
