// Schedule health (issue 21, target ≤ 500 ms for 100,000 activities), run by workspace-calc.mjs (BENCH_ONLY=health):
// the DCMA checks of a seeded, calculated version read four ways — from its tables (no Gantt build kept in the
// process: the fallback), as the critical path test's job kept it after the calculation, through the health panel's
// reader with the version's Gantt build kept (the first read after an edit, the same read repeated, the first read
// after an edit and a recalculation).
// Wall and CPU per case, with the load average; each reader's answer is checked against the tables' one.
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { versions } from "../dist/db/schema/index.js";
import { calculateVersion } from "../dist/modules/workspace/calculation/calculate-version.js";
import { keepCriticalPathTest, versionHealth } from "../dist/modules/workspace/health/health.service.js";
import { HealthReader } from "../dist/modules/workspace/health/health-reader.js";
import { GanttCache } from "../dist/modules/workspace/wbs/gantt-cache.js";
import { ChangeClock } from "../dist/platform/change-clock.js";
import { DatesWritten } from "../dist/platform/dates-written.js";

export async function healthCases({ db, seed, stats, cpuNow, activities, runs, dbName }) {
  const big = await seed(db, activities);
  const calculation = { db, datesWritten: new DatesWritten() };
  await calculateVersion(calculation, big.versionId);
  const current = async () => (await db.select().from(versions).where(eq(versions.id, big.versionId)))[0];
  const measured = () => ({ samples: [], cpu: [] });
  const time = async (into, fn) => {
    const c0 = cpuNow();
    const t0 = performance.now();
    const out = await fn();
    into.samples.push(performance.now() - t0);
    into.cpu.push(cpuNow() - c0);
    return out;
  };
  const report = (name, { samples, cpu }, health) =>
    process.stdout.write(
      `${JSON.stringify({ case: `version health (DCMA 14) ${name}, ${dbName}`, activities: health.activities, score: health.score, failed: health.failed, ...stats(samples, cpu), loadAverage: Math.round(os.loadavg()[0] * 10) / 10 })}\n`,
    );
  const same = async (health, row) => {
    if (JSON.stringify(health) !== JSON.stringify(await versionHealth(db, row)))
      throw new Error("the reader's health differs from the tables' one");
  };

  let row = await current();
  const tables = measured();
  let health;
  for (let k = 0; k < runs; k++) health = await time(tables, () => versionHealth(db, row));
  report("from the tables", tables, health);

  // After a calculation its critical path test's job keeps the panel's answer: a read of the unchanged version (in a
  // process that has not read it yet) is one row.
  const job = measured();
  await time(job, () => keepCriticalPathTest(db, row.id, async () => {}));
  process.stdout.write(
    `${JSON.stringify({ case: `critical path test job keeping the answer, ${dbName}`, activities, ...stats(job.samples, job.cpu), loadAverage: Math.round(os.loadavg()[0] * 10) / 10 })}\n`,
  );
  const keptRead = measured();
  for (let k = 0; k < runs; k++)
    health = await time(keptRead, () => new HealthReader(db, new GanttCache(db, 1024, new ChangeClock())).read(row));
  report("kept after the calculation, read by a fresh panel reader", keptRead, health);

  // The workspace has the version's Gantt open: its build is kept (`columns` is the cache's build step, here without
  // the answer's JSON and compression).
  const gantt = new GanttCache(db, 256 * 1024 * 1024, new ChangeClock());
  const reader = new HealthReader(db, gantt);
  await gantt.columns(row);
  const afterEdit = measured();
  const repeated = measured();
  // An edit as the workspace makes it: one work's duration, its revision and the version's (marked not calculated).
  const edit = async (k) => {
    await db.execute(sql`update wbs_items set duration = duration + 60, revision = revision + 1
      where id = (select id from wbs_items where version_id = ${row.id} and type = 'work' order by id offset ${k * 997} limit 1)`);
    await db.execute(
      sql`update versions set revision = revision + 1, calc_status = 'not_calculated' where id = ${row.id}`,
    );
    return current();
  };
  for (let k = 0; k < runs; k++) {
    row = await edit(k);
    health = await time(afterEdit, () => reader.read(row));
    await time(repeated, () => reader.read(row));
  }
  await same(health, row);
  report("the first read after an edit, the Gantt kept", afterEdit, health);
  report("the same read repeated", repeated, health);

  const afterCalculation = measured();
  let written = 0;
  for (let k = 0; k < Math.min(runs, 3); k++) {
    row = await edit(runs + k);
    written += (await calculateVersion(calculation, row.id)).written ?? 0;
    row = await current();
    health = await time(afterCalculation, () => reader.read(row));
  }
  await same(health, row);
  report(
    `the first read after an edit and its recalculation (~${Math.round(written / Math.min(runs, 3))} rows written), the Gantt kept`,
    afterCalculation,
    health,
  );
  // BENCH_HEALTH_PARTS=1: the first read after an edit, part by part (the Gantt's patch, the columns, the checks).
  if (process.env.BENCH_HEALTH_PARTS) {
    const { readGanttChanges } = await import("../dist/modules/workspace/wbs/gantt.repo.js");
    const { healthRowsOfGantt } = await import("../dist/modules/workspace/health/health-columns.js");
    const { judge } = await import("../dist/modules/workspace/health/health.service.js");
    const parts = { changes: measured(), patch: measured(), columns: measured(), checks: measured() };
    for (let k = 0; k < 3; k++) {
      row = await edit(2 * runs + k);
      await time(parts.changes, () => readGanttChanges(db, row, gantt.bases.get(row.id).mark));
      const base = await time(parts.patch, () => gantt.current(row, (b) => b));
      const rows = await time(parts.columns, async () =>
        healthRowsOfGantt(base.source, base.relations, base.index, []),
      );
      await time(parts.checks, async () => judge(rows, row, null, {}, null));
    }
    const cpu = Object.fromEntries(Object.entries(parts).map(([key, m]) => [key, stats(m.samples, m.cpu)]));
    process.stderr.write(`first read after an edit, parts: ${JSON.stringify(cpu)}\n`);
  }
  return { row, health };
}
