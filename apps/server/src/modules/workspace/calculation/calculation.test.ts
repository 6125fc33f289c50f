import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const TWO_SHIFTS: [string, string][] = [
  ["06:00", "14:00"],
  ["14:00", "22:00"],
];

describe("timetable", () => {
  it("calculates exact dates on a two-shift calendar with a holiday, stores them and reads them back", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const calendar = await owner.call("POST", "/calendars", {
      name: "Две смены",
      week: [TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, [], []],
      exceptions: [{ date: "2025-01-15", intervals: [] }],
    });
    expect(calendar.status).toBe(200);
    const cal = calendar.body.data.id;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 960, calendarId: cal });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 1920, calendarId: cal });
    const c = await addItem(owner, v, { type: "work", name: "C", code: "A30", duration: 480 });
    const m = await addItem(owner, v, { type: "milestone_finish", name: "M", code: "M1", calendarId: cal });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await link(owner, v, { predecessorId: a.id, successorId: c.id, type: "ss" });
    await link(owner, v, { predecessorId: b.id, successorId: m.id });

    server.ctx.realtime.sent.length = 0;
    const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    expect(calc.status).toBe(200);
    expect(calc.body.data).toMatchObject({ finish: "2025-01-17T08:00", activities: 4, relations: 3 });
    expect(calc.body.data.version.calcStatus).toBe("calculated");
    const table = (await owner.call("GET", `/versions/${v}/timetable`)).body.data;
    expect(table).toMatchObject({ calcStatus: "calculated", finish: "2025-01-17T08:00", calcError: null });
    const byCode = Object.fromEntries(table.items.map((row: { code: string }) => [row.code, row]));
    // A: Monday 08:00–22:00 is 840 minutes, the last 120 fall on Tuesday 06:00–08:00.
    expect(byCode.A10).toMatchObject({
      earlyStart: "2025-01-13T08:00",
      earlyFinish: "2025-01-14T08:00",
      totalFloat: 0,
      critical: true,
    });
    // B: Tuesday 08:00–22:00 (840), Wednesday is a holiday, Thursday 06:00–22:00 (960), Friday 06:00–08:00 (120).
    expect(byCode.A20).toMatchObject({
      earlyStart: "2025-01-14T08:00",
      earlyFinish: "2025-01-17T08:00",
      critical: true,
    });
    expect(byCode.M1).toMatchObject({ earlyStart: "2025-01-17T08:00", earlyFinish: "2025-01-17T08:00" });
    // C (standard 5×8) starts with A and may finish as late as the project: Thursday 17:00.
    expect(byCode.A30).toMatchObject({
      earlyStart: "2025-01-13T08:00",
      earlyFinish: "2025-01-13T17:00",
      lateFinish: "2025-01-16T17:00",
      totalFloat: 1440,
      critical: false,
    });
    const item = (await owner.call("GET", `/versions/${v}/wbs/${b.id}`)).body.data;
    expect(item).toMatchObject({ earlyFinish: "2025-01-17T08:00", lateFinish: "2025-01-17T08:00", totalFloat: 0 });
    // The calculation's own events (the health job that follows may already have told the health panels).
    const calculationEvents = server.ctx.realtime.sent.filter((e) => e.type === "timetable_calculate");
    expect(calculationEvents.map((e) => e.status)).toEqual(["in_process", "completed"]);

    // An edit makes the dates stale until the next calculation.
    await owner.call("PATCH", `/versions/${v}/wbs/${c.id}/update`, { revision: c.revision, duration: 960 });
    expect((await owner.call("GET", `/versions/${v}`)).body.data.calcStatus).toBe("not_calculated");
  });

  it("a recalculation after an edit rewrites only the rows it moved, and stores what a whole calculation stores", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    // A chain A → B → C → M beside a free work D and a start-to-start branch E on A, with a lag and a limit.
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 960 });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 1440 });
    const c = await addItem(owner, v, { type: "work", name: "C", code: "A30", duration: 480 });
    await addItem(owner, v, { type: "work", name: "D", code: "A40", duration: 2400 });
    const e = await addItem(owner, v, { type: "work", name: "E", code: "A50", duration: 480 });
    const m = await addItem(owner, v, { type: "milestone_finish", name: "M", code: "M1" });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await link(owner, v, { predecessorId: b.id, successorId: c.id, lag: 480 });
    await link(owner, v, { predecessorId: c.id, successorId: m.id });
    await link(owner, v, { predecessorId: a.id, successorId: e.id, type: "ss" });
    const calculate = async () => {
      const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
      expect(calc.status).toBe(200);
      return calc.body.data as { written: number; activities: number };
    };
    const timetable = async () => (await owner.call("GET", `/versions/${v}/timetable`)).body.data.items;
    const first = await calculate();
    expect(first.written).toBe(first.activities);
    // Nothing changed: nothing is rewritten.
    expect((await calculate()).written).toBe(0);
    const current = (await owner.call("GET", `/versions/${v}/wbs/${b.id}`)).body.data;
    expect(
      (await owner.call("PATCH", `/versions/${v}/wbs/${b.id}/update`, { revision: current.revision, duration: 1920 }))
        .status,
    ).toBe(200);
    // B longer moves B, C and M, and the floats of D (the project ends later) and E (its late dates follow M).
    const after = await calculate();
    expect(after.written).toBeGreaterThan(0);
    expect(after.written).toBeLessThan(after.activities);
    const partial = await timetable();
    // The same version calculated from nothing stored: every row written, the same results.
    await server.ctx.db.execute(sql`update wbs_items set early_start = null, early_finish = null, late_start = null,
      late_finish = null, total_float = null, free_float = null, critical = false where version_id = ${v}`);
    const whole = await calculate();
    expect(whole.written).toBe(whole.activities);
    expect(await timetable()).toEqual(partial);
    expect(partial.find((row: { code: string }) => row.code === "A40")).toMatchObject({ critical: false });
  });

  it("starts a work after its predecessor in another version, and leaves a draft linked to it out", async () => {
    const { owner, version, schedule } = await setUpWorkspace(server);
    const v = version.id;
    const other = (
      await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
        label: "Смежная",
        projectStart: "2025-01-13T08:00",
      })
    ).body.data as { id: string };
    const x = await addItem(owner, other.id, { type: "work", name: "Фундамент", code: "X1", duration: 960 });
    expect((await owner.call("PATCH", `/versions/${other.id}/timetable/calculate/synchronous`)).status).toBe(200);
    const a = await addItem(owner, v, { type: "work", name: "Каркас", code: "A10", duration: 480 });
    const d = await addItem(owner, v, { type: "draft", name: "Черновик", code: "D1" });
    await link(owner, v, { predecessorId: x.id, successorId: a.id });
    await server.ctx.db.execute(sql`insert into relations (space_id, version_id, predecessor_id, successor_id, type)
      select space_id, version_id, ${d.id}, ${a.id}, 'fs' from wbs_items where id = ${a.id}`);
    server.ctx.changes.advance();
    const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.data).toMatchObject({ activities: 1, relations: 1, finish: "2025-01-15T17:00" });
    const table = (await owner.call("GET", `/versions/${v}/timetable`)).body.data;
    // X1 takes Monday and Tuesday: A10 starts at the next working minute after it, and takes Wednesday.
    expect(table.items.find((row: { code: string }) => row.code === "A10")).toMatchObject({
      earlyStart: "2025-01-15T08:00",
      earlyFinish: "2025-01-15T17:00",
    });
  });

  it("runs as a job with progress events, honours progress and the data date, and reports failures with their reason", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-15T08:00" });
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 1440 });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 480 });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, {
      revision: a.revision,
      status: "in_progress",
      actualStart: "2025-01-13T08:00",
      percentComplete: 50,
    });
    server.ctx.realtime.sent.length = 0;
    const started = await owner.call("PATCH", `/versions/${v}/timetable/calculate`);
    expect(started.body.data).toMatchObject({ calcStatus: "in_process", jobId: expect.any(String) });
    const again = await owner.call("PATCH", `/versions/${v}/timetable/calculate`);
    expect(again.body.errors?.[0]?.code ?? "none").toMatch(/CalculationInProgress|none/);
    await server.ctx.jobs.idle();
    const job = await server.ctx.jobs.get(started.body.data.jobId);
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    const events = server.ctx.realtime.sent.filter((e) => e.type === "timetable_calculate");
    expect(events.at(-1)).toMatchObject({ status: "completed", progress: 100, versionId: v });
    expect(events.some((e) => e.type === "timetable_calculate" && e.progress === 60)).toBe(true);
    const table = (await owner.call("GET", `/versions/${v}/timetable`)).body.data;
    const byCode = Object.fromEntries(table.items.map((row: { code: string }) => [row.code, row]));
    // Half of three days remains (720 minutes) from the data date Wednesday 08:00: done Wednesday 17:00 + 240.
    expect(byCode.A10.earlyFinish).toBe("2025-01-16T12:00");
    expect(byCode.A20).toMatchObject({ earlyStart: "2025-01-16T13:00", earlyFinish: "2025-01-17T12:00" });

    // A loop that came in by other means (an import): the calculation fails and says where.
    await server.ctx.db.execute(sql`insert into relations (space_id, version_id, predecessor_id, successor_id, type)
      select space_id, version_id, ${b.id}, ${a.id}, 'fs' from wbs_items where id = ${a.id}`);
    server.ctx.realtime.sent.length = 0;
    const failed = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    expect(failed.status).toBe(409);
    expect(failed.body.errors[0].code).toBe("CalculationFailed");
    expect(failed.body.errors[0].params.reason).toMatch(/loop: A(10|20) → A(10|20) → A(10|20)/);
    const after = (await owner.call("GET", `/versions/${v}`)).body.data;
    expect(after).toMatchObject({ calcStatus: "not_calculated", calcError: expect.stringContaining("loop") });
    expect(server.ctx.realtime.sent.at(-1)).toMatchObject({ type: "timetable_calculate", status: "error" });
    const jobFail = await owner.call("PATCH", `/versions/${v}/timetable/calculate`);
    await server.ctx.jobs.idle();
    expect(await server.ctx.jobs.get(jobFail.body.data.jobId)).toMatchObject({ status: "error" });
  });

  it("keeps calculation settings per schedule with the spec's default scenarios, and checks access", async () => {
    const { owner, member, stranger, schedule, version } = await setUpWorkspace(server);
    const url = `/schedules/${schedule.id}/calculate-settings`;
    expect((await owner.call("GET", url)).body.data).toMatchObject({
      scenario: 1,
      volumeScenario: 6,
      labourScenario: 9,
      costScenario: 12,
      progressOption: "retained_logic",
      floatType: "finish",
      calculationMode: "manual",
    });
    const saved = await owner.call("POST", url, {
      scenario: 6,
      floatType: "smallest",
      mustFinishBy: "01.03.2025 17:00",
    });
    expect(saved.body.data).toMatchObject({ scenario: 6, floatType: "smallest", mustFinishBy: "2025-03-01T17:00" });
    const put = await owner.call("PUT", url, { criticalFloat: 480 });
    expect(put.body.data).toMatchObject({ scenario: 6, criticalFloat: 480 });
    expect((await owner.call("PUT", url, { scenario: 99 })).status).toBe(400);
    expect((await owner.call("PUT", url, { unknown: 1 })).status).toBe(400);
    expect((await member.call("PUT", url, { scenario: 2 })).status).toBe(403);
    expect((await stranger.call("GET", url)).status).toBe(404);
    expect((await stranger.call("PATCH", `/versions/${version.id}/timetable/calculate`)).status).toBe(404);
    expect((await member.call("PATCH", `/versions/${version.id}/timetable/calculate`)).status).toBe(403);
    expect((await owner.call("DELETE", url)).body.data.scenario).toBe(1);
  });

  it("a settings change that calculates differently makes calculated versions not calculated, and says so", async () => {
    const { owner, schedule, version } = await setUpWorkspace(server);
    const url = `/schedules/${schedule.id}/calculate-settings`;
    const v = version.id;
    await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 480 });
    const calculate = () => owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    const status = async () => (await owner.call("GET", `/versions/${v}`)).body.data.calcStatus;
    expect((await calculate()).status).toBe(200);
    server.ctx.realtime.sent.length = 0;
    await owner.call("PUT", url, { floatType: "start" });
    expect(await status()).toBe("not_calculated");
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "versions_changed", action: "updated", versionIds: [v] }),
    );
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "calculate_settings_updated", scheduleId: schedule.id }),
    );
    // Saving values that calculate the same leaves the results as they are.
    await calculate();
    await owner.call("PUT", url, { floatType: "start" });
    expect(await status()).toBe("calculated");
    // Back to the defaults is a change too.
    await owner.call("DELETE", url);
    expect(await status()).toBe("not_calculated");
  });
  it("marks critical by total float or by the longest path, as the settings say", async () => {
    const { owner, schedule, version } = await setUpWorkspace(server);
    const v = version.id;
    // Two chains into one milestone, and a deadline both miss: every activity has negative float.
    const a = await addItem(owner, v, { type: "work", name: "Long", code: "A10", duration: 5 * 480 });
    const b = await addItem(owner, v, { type: "work", name: "Short", code: "B10", duration: 2 * 480 });
    const m = await addItem(owner, v, { type: "milestone_finish", name: "End", code: "M1" });
    await link(owner, v, { predecessorId: a.id, successorId: m.id });
    await link(owner, v, { predecessorId: b.id, successorId: m.id });
    const url = `/schedules/${schedule.id}/calculate-settings`;
    const critical = async () => {
      expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
      const items = (await owner.call("GET", `/versions/${v}/timetable`)).body.data.items as {
        code: string;
        critical: boolean;
      }[];
      return items
        .filter((row) => row.critical)
        .map((row) => row.code)
        .sort();
    };
    await owner.call("PUT", url, { mustFinishBy: "14.01.2025 17:00" });
    expect(await critical()).toEqual(["A10", "B10", "M1"]);
    const saved = await owner.call("PUT", url, { criticalBy: "longest_path" });
    expect(saved.body.data.criticalBy).toBe("longest_path");
    expect(await critical()).toEqual(["A10", "M1"]);
    expect((await owner.call("PUT", url, { criticalBy: "shortest" })).status).toBe(400);
  });
  it("a version left in process by a killed process is free again; a live holder or an open job keeps it", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 480 });
    const hold = (holder: { runner?: string; job?: string }) =>
      server.ctx.db.execute(sql`update versions set calc_status = 'in_process', calc_runner_id = ${holder.runner ?? null},
        calc_job_id = ${holder.job ?? null} where id = ${v}`);
    const calculate = async () => {
      const answer = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
      return answer.status === 200 ? "calculated" : answer.body.errors[0].code;
    };

    // Held by this (live) process, e.g. a synchronous calculation still running: refused, as a job start is.
    await hold({ runner: server.ctx.process.id });
    expect(await calculate()).toBe("CalculationInProgress");
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate`)).body.errors[0].code).toBe(
      "CalculationInProgress",
    );

    // Held by another process: refused while its heartbeat is recent, free once it went quiet (the process was killed).
    // A fresh id each run: a retry (CI) or another run on the same PostgreSQL must not meet the row left before.
    const other = randomUUID();
    await server.ctx.db.execute(
      sql`insert into server_processes (id, role, host, pid) values (${other}, 'all', 'elsewhere', 1)`,
    );
    await hold({ runner: other });
    expect(await calculate()).toBe("CalculationInProgress");
    await server.ctx.db.execute(
      sql`update server_processes set seen_at = now() - interval '1 minute' where id = ${other}`,
    );
    expect(await calculate()).toBe("calculated");
    const after = (await owner.call("GET", `/versions/${v}`)).body.data;
    expect(after).toMatchObject({ calcStatus: "calculated", calcError: null });

    // A process that is gone altogether (its row already cleaned up) holds nothing either.
    await hold({ runner: "6f1c2b1e-0000-4000-8000-00000000dead" });
    expect(await calculate()).toBe("calculated");

    // Held by a job: refused while the job is open (another process may run it), free once it ended.
    const [job] = (
      (await server.ctx.db.execute(sql`insert into jobs (type, status) values ('calculate_timetable', 'in_process')
        returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    await hold({ runner: other, job: job.id });
    expect(await calculate()).toBe("CalculationInProgress");
    await server.ctx.db.execute(sql`update jobs set status = 'error' where id = ${job.id}`);
    expect(await calculate()).toBe("calculated");

    // A job started through the API hands the version to itself and frees it when it ends.
    const started = await owner.call("PATCH", `/versions/${v}/timetable/calculate`);
    expect(started.status).toBe(200);
    await server.ctx.jobs.idle();
    const [row] = (
      (await server.ctx.db.execute(
        sql`select calc_status, calc_runner_id, calc_job_id from versions where id = ${v}`,
      )) as unknown as {
        rows: { calc_status: string; calc_runner_id: string | null; calc_job_id: string | null }[];
      }
    ).rows;
    expect(row).toEqual({ calc_status: "calculated", calc_runner_id: null, calc_job_id: null });
  });
});
