import { emptyModel, readPmxml, readXer, type ScheduleModel, standardWeek, writeXer } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace, uploadVersionFile } from "../workspace/workspace.test-kit.js";

/**
 * P6's activity details travel through an import and an export: duration and percent-complete types, expected finish,
 * suspend/resume, notes, mandatory and as-late-as-possible constraints, and the project's scheduling options; the
 * stored rows calculate as P6 does (engine scenarios 037–040, 043).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function upload(actor: Actor, scheduleId: string, bytes: Uint8Array, name: string) {
  return uploadVersionFile(server, actor, scheduleId, bytes, name);
}

async function download(actor: Actor, versionId: string, format: string) {
  const exported = await actor.call("POST", `/versions/${versionId}/export/${format}`);
  expect(exported.status, JSON.stringify(exported.body)).toBe(200);
  const file = await actor.call("GET", `/storage/download/${exported.body.data.fileId}`);
  return new Uint8Array((file as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload);
}

/** A P6 project as P6 would export it: data date Wednesday 4 March 2026, five works with P6's details. */
function p6Model(): ScheduleModel {
  const m = emptyModel("xer");
  m.calendars.push({
    id: "1",
    name: "P6 Standard 5x8",
    kind: "global",
    isDefault: true,
    week: standardWeek(),
    exceptions: [],
  });
  m.projects.push({
    id: "10",
    code: "DETAILS",
    name: "Details",
    plannedStart: "2026-03-02T08:00",
    dataDate: "2026-03-04T08:00",
    defaultCalendarId: "1",
    options: { openEndsCritical: true, useExpectedFinish: true, ssLagFrom: "actual_start" },
  });
  const base = { projectId: "10", calendarId: "1", plannedDuration: 480, remainingDuration: 480 };
  m.activities.push(
    {
      ...base,
      id: "101",
      code: "A",
      name: "Suspended",
      type: "task",
      status: "in_progress",
      plannedDuration: 2400,
      remainingDuration: 960,
      actualStart: "2026-03-02T08:00",
      suspendDate: "2026-03-03T17:00",
      resumeDate: "2026-03-05T08:00",
      durationType: "fixed_units",
      percentCompleteType: "physical",
      notes: "Crane booked\nfrom Thursday",
    },
    {
      ...base,
      id: "102",
      code: "B",
      name: "Mandatory",
      type: "task",
      status: "not_started",
      constraint: { type: "mandatory_start", date: "2026-03-10T08:00" },
      secondaryConstraint: { type: "finish_on_or_before", date: "2026-03-20T17:00" },
    },
    {
      ...base,
      id: "103",
      code: "C",
      name: "Late as possible",
      type: "task",
      status: "not_started",
      constraint: { type: "as_late_as_possible" },
    },
    {
      ...base,
      id: "104",
      code: "D",
      name: "Expected",
      type: "task",
      status: "not_started",
      plannedDuration: 960,
      remainingDuration: 960,
      expectedFinish: "2026-03-13T17:00",
      durationType: "fixed_duration_units",
      percentCompleteType: "units",
    },
  );
  m.relations.push(
    { predecessorId: "101", successorId: "102", type: "FS", lag: 0 },
    { predecessorId: "103", successorId: "102", type: "FS", lag: 0 },
  );
  return m;
}

describe("P6 activity details through import and export", () => {
  it("stores what a P6 file states, calculates with it, and writes it back into XER and P6 XML", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const uploaded = await upload(owner, schedule.id, writeXer(p6Model()), "details.xer");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const v = uploaded.body.data.versionId as string;
    const settings = (await owner.call("GET", `/schedules/${schedule.id}/calculate-settings`)).body.data;
    expect(settings).toMatchObject({ openEndsCritical: true, useExpectedFinish: true, ssLagFrom: "actual_start" });

    const list = (await owner.call("GET", `/versions/${v}/timetable`)).body.data.items as {
      id: number;
      code: string;
    }[];
    const id = Object.fromEntries(list.map((row) => [row.code, row.id]));
    const item = async (code: string) => (await owner.call("GET", `/versions/${v}/wbs/${id[code]}`)).body.data;
    expect(await item("A")).toMatchObject({
      status: "in_progress",
      suspendDate: "2026-03-03T17:00",
      resumeDate: "2026-03-05T08:00",
      durationType: "fixed_units",
      percentCompleteType: "physical",
      notes: "Crane booked\nfrom Thursday",
    });
    expect(await item("B")).toMatchObject({
      startLimitType: "mandatory",
      startLimitDate: "2026-03-10T08:00",
      finishLimitType: "not_later",
      finishLimitDate: "2026-03-20T17:00",
      alap: false,
    });
    expect(await item("C")).toMatchObject({ alap: true, startLimitType: null, finishLimitType: null });
    expect(await item("D")).toMatchObject({
      expectedFinish: "2026-03-13T17:00",
      durationType: "fixed_duration_units",
      percentCompleteType: "units",
    });
    // nothing of it is reported as left out any more
    const warnings = (uploaded.body.data.report?.warnings ?? []) as { code: string }[];
    expect(warnings.map((w) => w.code)).not.toContain("ConstraintIgnored");

    const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    // A resumes on Thursday with its 2 days left; B starts on its mandatory date whatever the logic; C, as late as
    // possible, ends just before B; D runs to its expected finish.
    expect(await item("A")).toMatchObject({ earlyStart: "2026-03-02T08:00", earlyFinish: "2026-03-06T17:00" });
    expect(await item("B")).toMatchObject({ earlyStart: "2026-03-10T08:00", lateStart: "2026-03-10T08:00" });
    expect(await item("C")).toMatchObject({ earlyStart: "2026-03-09T08:00", earlyFinish: "2026-03-09T17:00" });
    expect(await item("D")).toMatchObject({ earlyStart: "2026-03-04T08:00", earlyFinish: "2026-03-13T17:00" });

    for (const [format, read] of [
      ["xer", readXer],
      ["xml-primavera", readPmxml],
    ] as const) {
      const back = read(await download(owner, v, format));
      const byCode = Object.fromEntries(back.activities.map((a) => [a.code, a]));
      expect(back.projects[0].options, format).toMatchObject({
        openEndsCritical: true,
        useExpectedFinish: true,
        ssLagFrom: "actual_start",
      });
      expect(byCode.A, format).toMatchObject({
        suspendDate: "2026-03-03T17:00",
        resumeDate: "2026-03-05T08:00",
        durationType: "fixed_units",
        percentCompleteType: "physical",
        notes: "Crane booked\nfrom Thursday",
      });
      expect(byCode.B.constraint, format).toEqual({ type: "mandatory_start", date: "2026-03-10T08:00" });
      expect(byCode.B.secondaryConstraint, format).toEqual({ type: "finish_on_or_before", date: "2026-03-20T17:00" });
      expect(byCode.C.constraint, format).toEqual({ type: "as_late_as_possible" });
      expect(byCode.D, format).toMatchObject({
        expectedFinish: "2026-03-13T17:00",
        durationType: "fixed_duration_units",
      });
    }
  });
});
