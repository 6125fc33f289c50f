import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

/** Schedule health (issue 21): the DCMA checks of a version from its stored rows, failing ones naming their works. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Check = {
  key: string;
  passed: boolean | null;
  count: number;
  total: number;
  value: number | null;
  workIds: number[];
};

describe("version health", () => {
  it("fails the checks a hand-built schedule breaks, names their works, and refuses another space", async () => {
    const { owner, member, stranger, version } = await setUpWorkspace(server);
    const v = version.id;
    const day = 480;
    const work = (code: string, extra: Record<string, unknown> = {}) =>
      addItem(owner, v, { type: "work", name: code, code, duration: day, ...extra });
    const a = await work("A10");
    const b = await work("A20");
    const c = await work("A30", { startLimitType: "in_date", startLimitDate: "2025-01-20T08:00" });
    const d = await work("A40", { duration: 60 * day });
    const lone = await work("A50");
    await link(owner, v, { predecessorId: a.id, successorId: b.id, lag: -60 });
    await link(owner, v, { predecessorId: b.id, successorId: c.id, type: "ss", lag: 120 });
    await link(owner, v, { predecessorId: c.id, successorId: d.id });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);

    const answer = await member.call("GET", `/versions/${v}/health`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const health = answer.body.data as { score: number; activities: number; failed: number; checks: Check[] };
    const check = Object.fromEntries(health.checks.map((x) => [x.key, x])) as Record<string, Check>;
    expect(health.checks.map((x) => x.key)).toHaveLength(14);
    expect(health.activities).toBe(5);

    // Missing logic: A has no predecessor, D no successor, the lone work neither: 3 of 5 open tasks.
    expect(check.logic).toMatchObject({ passed: false, count: 3, total: 5, value: 60 });
    expect(check.logic.workIds.sort()).toEqual([a.id, d.id, lone.id].sort());
    // One lead and one lag among three relations; each names both of its works.
    expect(check.leads).toMatchObject({ passed: false, count: 1, total: 3 });
    expect(check.leads.workIds.sort()).toEqual([a.id, b.id].sort());
    expect(check.lags).toMatchObject({ passed: false, count: 1 });
    expect(check.lags.workIds.sort()).toEqual([b.id, c.id].sort());
    // Two of three relations finish-to-start: below 90 %.
    expect(check.relationship_types).toMatchObject({ passed: false, count: 1 });
    expect(check.hard_constraints).toMatchObject({ passed: false, count: 1, workIds: [c.id] });
    expect(check.high_duration).toMatchObject({ passed: false, count: 1, workIds: [d.id] });
    // No work has a resource.
    expect(check.resources).toMatchObject({ passed: false, count: 5 });
    expect(check.negative_float).toMatchObject({ passed: true, count: 0, workIds: [] });
    // Without a baseline these cannot be judged.
    expect(check.missed_tasks.passed).toBeNull();
    expect(check.bei.passed).toBeNull();
    const applicable = health.checks.filter((x) => x.passed !== null);
    expect(health.score).toBe(Math.round((applicable.filter((x) => x.passed).length / applicable.length) * 100));
    expect(health.failed).toBeGreaterThanOrEqual(8);

    // Computed from the stored rows each time: once D leads to the lone work, D is no longer open-ended.
    await link(owner, v, { predecessorId: d.id, successorId: lone.id });
    const after = (await owner.call("GET", `/versions/${v}/health`)).body.data as { checks: Check[] };
    const logic = after.checks.find((x) => x.key === "logic");
    expect(logic?.count).toBe(2);
    expect(logic?.workIds.sort()).toEqual([a.id, lone.id].sort());

    // Another space's user can neither read the health nor learn the version exists.
    expect((await stranger.call("GET", `/versions/${v}/health`)).status).toBe(404);
  });
  it("runs the critical path test after each calculation and judges missed tasks, CPLI and BEI by the data date", async () => {
    const { owner, member, stranger, project, schedule, version } = await setUpWorkspace(server);
    const v = version.id;
    const day = 480;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A", duration: 2 * day });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "B", duration: 3 * day });
    const c = await addItem(owner, v, { type: "work", name: "C", code: "C", duration: day });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await link(owner, v, { predecessorId: b.id, successorId: c.id });
    const health = async () => {
      const answer = await member.call("GET", `/versions/${v}/health`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return Object.fromEntries((answer.body.data.checks as Check[]).map((x) => [x.key, x])) as Record<string, Check>;
    };
    // The score a calculation keeps (judged from what it held in memory, the critical path test then added by its
    // job) is the one the health panel judges from the tables.
    const keptScore = async () =>
      (await member.call("GET", `/eps/${project.id}/analytics/health`)).body.data.versions[0]?.score as number;
    const panelScore = async () => (await member.call("GET", `/versions/${v}/health`)).body.data.score as number;
    const calculate = async () => {
      server.ctx.realtime.sent.length = 0;
      expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
      // The critical path test runs after the answer, as a job, and tells the health panels when it is kept.
      await server.ctx.jobs.idle();
      expect(server.ctx.realtime.sent).toContainEqual(
        expect.objectContaining({ type: "health_updated", versionId: v }),
      );
      expect(await keptScore()).toBe(await panelScore());
    };
    await calculate();
    // The job delayed C (the last critical work) by a day: the finish moved from 20.01 to 21.01 17:00.
    const first = await health();
    expect(first.critical_path_test).toMatchObject({ passed: true, value: 1440 });
    expect(first.missed_tasks.passed).toBeNull();

    // The baseline: a target version copied now, its dates taken as the works' target dates.
    const target = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      kind: "target",
      label: "Baseline",
      copyFromId: v,
    });
    expect(target.status).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}/update/target-dates`, {})).status).toBe(200);
    // A slips by two days, and on Thursday 16.01 08:00 (the data date) it is still under way.
    const current = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
    const longer = await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, {
      revision: current.revision,
      duration: 4 * day,
    });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    await calculate();
    expect((await owner.call("POST", `/versions/${v}/update-progress`, { dataDate: "16.01.2025 08:00" })).status).toBe(
      200,
    );
    await calculate();
    const late = await health();
    // A was due by the baseline (14.01 17:00) and is not finished: 1 of 1 due task missed, BEI 0 of 1.
    expect(late.missed_tasks).toMatchObject({ passed: false, count: 1, total: 1, value: 100, workIds: [a.id] });
    expect(late.bei).toMatchObject({ passed: false, value: 0, total: 1, workIds: [a.id] });
    // The forecast finish (22.01 17:00) against the baseline's (20.01 17:00), from the data date: 105 h / 153 h.
    expect(late.cpli.passed).toBe(false);
    expect(late.cpli.value).toBeCloseTo(105 / 153, 2);
    expect(late.critical_path_test.passed).toBe(true);

    // A mandatory finish on C holds the project finish: delaying the critical path moves nothing, the test fails
    // and names the work it delayed.
    const cNow = (await owner.call("GET", `/versions/${v}/wbs/${c.id}`)).body.data;
    const pinned = await owner.call("PATCH", `/versions/${v}/wbs/${c.id}/update`, {
      revision: cNow.revision,
      finishLimitType: "mandatory",
      finishLimitDate: "22.01.2025 17:00",
    });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
    await calculate();
    const held = await health();
    expect(held.critical_path_test).toMatchObject({ passed: false, value: 0, workIds: [c.id] });

    // Thresholds per schedule: a CPLI of 0.6 is enough for this one; bad values are refused and change nothing.
    const refused = await server.call("PUT", `/versions/${v}/health/thresholds`, {
      token: owner.token,
      body: { cpli: 3, logic: -1 },
      headers: { "x-space-id": owner.spaceId, "x-language": "en" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].code).toBe("HealthThresholdRange");
    expect(refused.body.errors[0].message).toContain("between 0 and");
    const russian = await owner.call("PUT", `/versions/${v}/health/thresholds`, { bei: 5 });
    expect(russian.body.errors[0].message).toBe("Порог должен быть от 0 до 2");
    expect((await health()).cpli.passed).toBe(false);
    server.ctx.realtime.sent.length = 0;
    const eased = await owner.call("PUT", `/versions/${v}/health/thresholds`, { cpli: 0.6, logic: 5 });
    expect(eased.status, JSON.stringify(eased.body)).toBe(200);
    expect(eased.body.data.thresholds).toEqual({ cpli: 0.6 });
    const cpli = (eased.body.data.checks as Check[]).find((x) => x.key === "cpli");
    expect(cpli).toMatchObject({ passed: true, limit: 0.6 });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "health_thresholds_updated", scheduleId: schedule.id }),
    );
    expect((await health()).cpli.passed).toBe(true);

    // Rolled up over the project: its schedule's current version with the score kept (judged by the new thresholds).
    const rolled = await member.call("GET", `/eps/${project.id}/analytics/health`);
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.data).toMatchObject({
      score: eased.body.data.score,
      unscored: 0,
      versions: [{ versionId: v, scheduleId: schedule.id, score: eased.body.data.score, activities: 3 }],
    });
    expect((await stranger.call("GET", `/eps/${project.id}/analytics/health`)).status).toBe(404);

    // A read-only member cannot change thresholds; another space's user neither reads nor changes anything.
    expect((await member.call("PUT", `/versions/${v}/health/thresholds`, { cpli: 0.1 })).status).toBe(403);
    expect((await stranger.call("PUT", `/versions/${v}/health/thresholds`, { cpli: 0.1 })).status).toBe(404);
    expect((await owner.call("GET", `/versions/${v}/health`)).body.data.thresholds).toEqual({ cpli: 0.6 });

    // The health as a built-in report: the panel's 14 checks under the score, as XLSX (here in Russian) and PDF.
    const report = (actor: typeof owner, format: "xlsx" | "pdf", language: string) =>
      server.call("POST", `/versions/${v}/report/health`, {
        token: actor.token,
        body: { format },
        language,
        headers: { "x-space-id": actor.spaceId },
      });
    const xlsx = await report(member, "xlsx", "ru");
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ExcelJS.Buffer);
    const ws = book.worksheets[0];
    expect(ws.getCell("A1").value).toBe("Качество графика (DCMA 14)");
    expect(String(ws.getCell("A2").value)).toContain(`Оценка: ${eased.body.data.score} %`);
    expect(ws.rowCount).toBe(4 + 14);
    const row = (id: number) => ws.getRow(4 + id).values as unknown[];
    // The pinned finish fails the critical path test; the eased CPLI passes; one hard constraint of three works.
    expect(row(12).slice(1)).toEqual([
      12,
      "Проверка критического пути",
      0,
      expect.any(String),
      expect.any(Number),
      expect.any(Number),
      "Нарушение",
    ]);
    expect(row(13)[7]).toBe("Норма");
    expect(row(5).slice(1, 8)).toEqual([5, "Жёсткие ограничения", 33.33, "≤ 5%", 1, 3, "Нарушение"]);
    const pdf = await report(owner, "pdf", "fr");
    expect(pdf.status).toBe(200);
    expect(pdf.raw.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    expect((await report(stranger, "xlsx", "en")).status).toBe(404);
  });

  it("judges the critical path test from the calculation it follows as it would from the tables", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const day = 480;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A", duration: 2 * day });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "B", duration: 3 * day });
    const c = await addItem(owner, v, { type: "work", name: "C", code: "C", duration: day });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await link(owner, v, { predecessorId: a.id, successorId: c.id });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    // The job after the calculation takes what the calculation kept in this process (no second read and pass).
    await server.ctx.jobs.idle();
    const stored = async () => {
      const answer = await owner.call("GET", `/versions/${v}/health`);
      expect(answer.status).toBe(200);
      const checks = answer.body.data.checks as Check[];
      return { score: answer.body.data.score, test: checks.find((x) => x.key === "critical_path_test") };
    };
    const fromCalculation = await stored();
    // B (3 days, to Friday 17.01) is the last critical work: delayed a day, the finish moves to Monday.
    expect(fromCalculation.test).toMatchObject({ passed: true, value: 3 * 1440, workIds: [] });
    // Asked again, nothing is kept any more: the job reads the version and calculates it as before, and agrees.
    await server.ctx.jobs.enqueue("health_critical_path_test", { spaceId: owner.spaceId, payload: { versionId: v } });
    await server.ctx.jobs.idle();
    expect(await stored()).toEqual(fromCalculation);
    // A change, and a calculation of it.
    const current = (await owner.call("GET", `/versions/${v}/wbs/${c.id}`)).body.data;
    const longer = await owner.call("PATCH", `/versions/${v}/wbs/${c.id}/update`, {
      revision: current.revision,
      duration: 5 * day,
    });
    expect(longer.status).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    await server.ctx.jobs.idle();
    // The new calculation kept its own network (C, 5 days, is now the last critical work): the same test as read.
    const after = await stored();
    expect(after.test).toMatchObject({ passed: true, value: 1440 });
    await server.ctx.jobs.enqueue("health_critical_path_test", { spaceId: owner.spaceId, payload: { versionId: v } });
    await server.ctx.jobs.idle();
    expect(await stored()).toEqual(after);
  });
});
