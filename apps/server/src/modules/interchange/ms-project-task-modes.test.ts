import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { emptyModel, standardWeek, writeSchedule } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace, uploadVersionFile } from "../workspace/workspace.test-kit.js";

/**
 * MS Project's manually scheduled tasks and elapsed durations survive an MSPDI import: the works keep the typed dates
 * and the elapsed flag, the details show them, and the server's calculation gives MS Project's dates (engine scenario
 * 063; a 24-hour clock for elapsed durations), as the fidelity harness does on the same files.
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

    // The same 4,320 minutes as working time: nine 8-hour days, Friday 6 to Wednesday 18 March.
    const off = await owner.call("PATCH", `/versions/${v}/wbs/${id["1"]}/update`, {
      revision: curing.revision,
      elapsed: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await calculate(owner, v);
    expect(await work(owner, v, id["1"])).toMatchObject({ elapsed: false, earlyFinish: "2026-03-18T17:00" });
  });
});
