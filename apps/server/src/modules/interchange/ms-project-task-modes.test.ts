import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodeGantt } from "@planum/contracts";
import { emptyModel, standardWeek, writeSchedule } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace, uploadVersionFile } from "../workspace/workspace.test-kit.js";

/**
 * MS Project's manually scheduled tasks, elapsed durations and split tasks survive an MSPDI import: the works keep the
 * typed dates, the elapsed flag and the splits, the details show them, and the server's calculation gives MS Project's
 * dates (engine scenario 063; a 24-hour clock for elapsed durations; the splits' working time added to what is left),
 * as the fidelity harness does on the same files.
 */

const __dirname = path.dirname(fileURLToPath(import.meta.url));
const fidelity = path.resolve(__dirname, "../../../../../packages/formats/fidelity");

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Row = { id: number; code: string };

async function importFile(actor: Actor, scheduleId: string, bytes: Uint8Array, name: string) {
  const uploaded = await uploadVersionFile(server, actor, scheduleId, bytes, name);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const v = uploaded.body.data.versionId as string;
  const list = (await actor.call("GET", `/versions/${v}/timetable`)).body.data.items as Row[];
  const id = Object.fromEntries(list.map((row) => [row.code, row.id]));
  return { v, id };
}

async function calculate(actor: Actor, v: string) {
  const calc = await actor.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
}

const work = async (actor: Actor, v: string, id: number) =>
  (await actor.call("GET", `/versions/${v}/wbs/${id}`)).body.data;

/** An MSPDI file as MS Project writes it: Friday 6 March 2026, a 3-elapsed-day pour, then a day of stripping. */
async function elapsedFile(): Promise<Uint8Array> {
  const m = emptyModel("mspdi");
  m.calendars.push({
    id: "1",
    name: "Standard",
    kind: "global",
    isDefault: true,
    week: standardWeek(),
    exceptions: [],
  });
  m.projects.push({
    id: "1",
    code: "P",
    name: "Curing",
    plannedStart: "2026-03-06T08:00",
    defaultCalendarId: "1",
    options: {},
  });
  const base = { projectId: "1", calendarId: "1", type: "task" as const, status: "not_started" as const };
  m.activities.push(
    {
      ...base,
      id: "1",
      code: "1",
      name: "Curing",
      plannedDuration: 3 * 1440,
      remainingDuration: 3 * 1440,
      elapsedDuration: true,
    },
    { ...base, id: "2", code: "2", name: "Stripping", plannedDuration: 480, remainingDuration: 480 },
  );
  m.relations.push({ predecessorId: "1", successorId: "2", type: "FS", lag: 0 });
  return writeSchedule(m, "mspdi");
}

describe("MS Project's task modes through an import", () => {
  it("manually scheduled tasks keep their typed dates before the project start, as MS Project 2010 stored them", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const name = "assignment-assignments-project2010-mspdi.xml";
    const bytes = new Uint8Array(readFileSync(path.join(fidelity, "mpxj", name)));
    const { v, id } = await importFile(owner, schedule.id, bytes, name);
    // Task 1 not started, task 2 begun: both typed 4–15 January 2016 under a project starting 10 March.
    expect(await work(owner, v, id["1"])).toMatchObject({
      manualStart: "2016-01-04T08:00",
      manualFinish: "2016-01-15T17:00",
      elapsed: false,
    });
    await calculate(owner, v);
    for (const code of ["1", "2"]) {
      expect(await work(owner, v, id[code])).toMatchObject({
        earlyStart: "2016-01-04T08:00",
        earlyFinish: "2016-01-15T17:00",
        lateFinish: "2016-01-15T17:00",
        totalFloat: 0,
      });
    }
    // Typed dates out of order or only one of them are refused with a message, and change nothing.
    const before = await work(owner, v, id["1"]);
    for (const bad of [{ manualFinish: "03.01.2016 17:00" }, { manualStart: null }]) {
      const refused = await owner.call("PATCH", `/versions/${v}/wbs/${id["1"]}/update`, {
        revision: before.revision,
        ...bad,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ code: "ManualDatesInvalid" });
    }
    // Scheduled automatically again, task 1 (not started) starts with the project on 10 March.
    const automatic = await owner.call("PATCH", `/versions/${v}/wbs/${id["1"]}/update`, {
      revision: before.revision,
      manualStart: null,
      manualFinish: null,
    });
    expect(automatic.status, JSON.stringify(automatic.body)).toBe(200);
    await calculate(owner, v);
    expect(await work(owner, v, id["1"])).toMatchObject({ manualStart: null, earlyStart: "2016-03-10T08:00" });
  });

  it("split tasks keep their splits and recalculate to MS Project's dates; a copied version keeps them too", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const name = "mspdisplittask.xml";
    const bytes = new Uint8Array(readFileSync(path.join(fidelity, "mpxj", name)));
    const { v, id } = await importFile(owner, schedule.id, bytes, name);
    // Split Task 1: 80 h of work from Thursday 21 September 2006, its bar split over three days (26–29 September).
    const split = await work(owner, v, id["1"]);
    expect(split).toMatchObject({ duration: 80 * 60, elapsed: false });
    expect(split.splits).toEqual([
      ["2006-09-26T17:00", "2006-09-27T17:00"],
      ["2006-09-27T17:00", "2006-09-28T17:00"],
      ["2006-09-28T17:00", "2006-09-29T17:00"],
    ]);
    await calculate(owner, v);
    // MS Project's stored dates: the three split days push Task 1's finish from 4 to 9 October, and Task 2 (120 h,
    // split five days) to 18 October, the project's finish; without the splits they end 4 and 11 October.
    expect(await work(owner, v, id["1"])).toMatchObject({
      earlyStart: "2006-09-21T08:00",
      earlyFinish: "2006-10-09T17:00",
      lateStart: "2006-10-02T08:00",
      lateFinish: "2006-10-18T17:00",
      totalFloat: 7 * 480,
    });
    expect(await work(owner, v, id["2"])).toMatchObject({
      earlyStart: "2006-09-21T08:00",
      earlyFinish: "2006-10-18T17:00",
      lateFinish: "2006-10-18T17:00",
      totalFloat: 0,
    });

    // A version copied from it keeps the splits, and its own calculation gives the same dates.
    const copy = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Copy",
      copyFromId: v,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const c = copy.body.data.id as string;
    const rows = (await owner.call("GET", `/versions/${c}/timetable`)).body.data.items as Row[];
    const copied = rows.find((row) => row.code === "1")!;
    expect((await work(owner, c, copied.id)).splits).toEqual(split.splits);
    await calculate(owner, c);
    expect(await work(owner, c, copied.id)).toMatchObject({
      earlyFinish: "2006-10-09T17:00",
      lateStart: "2006-10-02T08:00",
      totalFloat: 7 * 480,
    });
  });

  it("an elapsed duration runs over the weekend; switched off it takes working days; another space can do neither", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const { v, id } = await importFile(owner, schedule.id, await elapsedFile(), "curing.xml");
    const curing = await work(owner, v, id["1"]);
    expect(curing).toMatchObject({ elapsed: true, manualStart: null, manualFinish: null });
    await calculate(owner, v);
    // 72 hours on the clock from Friday 08:00 end Monday 08:00; the successor works Monday.
    expect(await work(owner, v, id["1"])).toMatchObject({
      earlyStart: "2026-03-06T08:00",
      earlyFinish: "2026-03-09T08:00",
    });
    expect(await work(owner, v, id["2"])).toMatchObject({
      earlyStart: "2026-03-09T08:00",
      earlyFinish: "2026-03-09T17:00",
    });

    const other = await setUpWorkspace(server);
    expect([403, 404]).toContain((await other.owner.call("GET", `/versions/${v}/wbs/${id["1"]}`)).status);
    const foreign = await other.owner.call("PATCH", `/versions/${v}/wbs/${id["1"]}/update`, {
      revision: curing.revision,
      elapsed: false,
    });
    expect([403, 404]).toContain(foreign.status);
    const bad = await owner.call("PATCH", `/versions/${v}/wbs/${id["1"]}/update`, {
      revision: curing.revision,
      elapsed: "no",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: "InvalidValue" });
    expect((await work(owner, v, id["1"])).elapsed).toBe(true);

    // The Gantt marks the elapsed work, whose grid shows 4,320 minutes as 3 days of 24 hours.
    const gantt = async () => decodeGantt((await owner.call("GET", `/versions/${v}/gantt`)).body.data);
    const before = await gantt();
    expect(before.elapsed[before.ids.indexOf(id["1"])]).toBe(1);
    expect(before.elapsed[before.ids.indexOf(id["2"])]).toBe(0);

    // The same 4,320 minutes as working time: nine 8-hour days, Friday 6 to Wednesday 18 March.
    const off = await owner.call("PATCH", `/versions/${v}/wbs/${id["1"]}/update`, {
      revision: curing.revision,
      elapsed: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await calculate(owner, v);
    expect(await work(owner, v, id["1"])).toMatchObject({ elapsed: false, earlyFinish: "2026-03-18T17:00" });
    const after = await gantt();
    expect(after.elapsed[after.ids.indexOf(id["1"])]).toBe(0);
  });
});
