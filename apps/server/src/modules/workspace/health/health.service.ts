import { createHash } from "node:crypto";
import type { CalculateSettings, HealthThresholds, VersionHealth } from "@planum/contracts";
import { type CriticalPathTestResult, criticalPathTest, scheduleColumns } from "@planum/engine";
import { type ColumnCheck, DCMA_THRESHOLDS, dcmaChecks, healthScore } from "@planum/formats";
import type { VersionRow } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { minutesText, textMinutes } from "../../../platform/time.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { readSettings } from "../calculation/calculate-settings.service.js";
import { findVersion } from "../calculation/calculation.repo.js";
import { calculationInput } from "../calculation/calculation-input.js";
import {
  findKeptHealth,
  findStoredHealth,
  findThresholds,
  lockedRevision,
  readAssignedIds,
  readHealthRows,
  type StoredHealth,
  storeHealth,
  storeThresholds,
  updateSummary,
} from "./health.repo.js";
import { type HealthRows, healthRowsOfCalculation } from "./health-columns.js";
import { takeCalculation } from "./kept-calculation.js";

/** A working day of the checks' 44-day rules (the engine's durations are working minutes of 8-hour days). */
const DAY_MINUTES = 8 * 60;

/**
 * The DCMA 14-point health of a version (issue 21): the answer its critical path test's job kept when nothing it
 * depends on changed since (`healthKey`), else straight from its tables — only the columns the checks need, in a few
 * bulk reads, judged by the same `dcmaChecks` as `planum check`. The critical path test needs a second engine pass
 * over the whole network, so a job runs it after each calculation (`criticalPathTestJobs`) and it is read here as
 * that job kept it; the data date is the version's (its project start when it has none).
 */
export async function versionHealth(db: DbOrTx, version: VersionRow, inputs?: HealthInputs): Promise<VersionHealth> {
  inputs ??= await healthInputs(db, version);
  const kept = await findKeptHealth(db, version.id, inputs.key);
  if (kept) return kept;
  const rows = await readHealthRows(db, version, inputs.assigned);
  return judge(rows, version, inputs.mustFinishBy, inputs.thresholds, inputs.cpt);
}

export type HealthInputs = Awaited<ReturnType<typeof healthInputs>>;

/** What a version's health depends on besides its rows, read from the database, and their key (`healthKey`). */
export async function healthInputs(db: DbOrTx, version: VersionRow) {
  const { mustFinishBy } = await readSettings(db, version.scheduleId);
  const thresholds = await findThresholds(db, version.scheduleId);
  const cpt = (await findStoredHealth(db, version.id))?.criticalPathTest ?? null;
  const assigned = await readAssignedIds(db, version.id);
  return { mustFinishBy, thresholds, cpt, assigned, key: healthKey(version, mustFinishBy, thresholds, cpt, assigned) };
}

/**
 * Everything a version's health depends on besides its rows, as one text: its revision (which grows with every change
 * inside the version and every calculation), project start and data date, the schedule's "must finish by" and
 * thresholds, the critical path test kept, and the works with a resource (assignments do not move the revision) as a
 * digest. Objects with their keys sorted: jsonb answers them in its own order.
 */
export function healthKey(
  version: Pick<VersionRow, "revision" | "projectStart" | "dataDate">,
  mustFinishBy: string | null | undefined,
  thresholds: Record<string, number>,
  cpt: StoredHealth["criticalPathTest"],
  assigned: readonly number[],
): string {
  const sorted = (o: object | null) => o && Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  const works = createHash("sha1")
    .update([...assigned].sort((a, b) => a - b).join(","))
    .digest("base64");
  return JSON.stringify([
    version.revision,
    version.projectStart,
    version.dataDate ?? "",
    mustFinishBy ?? "",
    sorted(thresholds),
    sorted(cpt),
    assigned.length,
    works,
  ]);
}

/**
 * The checks of `rows` judged by the schedule's thresholds, the critical path test as its job kept it; the works
 * behind a failed check in id order (the rows' order is the table's, which differs between reads and databases).
 */
export function judge(
  rows: HealthRows,
  version: VersionRow,
  mustFinishBy: string | null | undefined,
  thresholds: HealthThresholds,
  cpt: StoredHealth["criticalPathTest"],
  /** Without the works behind each failed check (all empty): what a summary needs (~0.1 s CPU less at 100k). */
  summaryOnly = false,
): VersionHealth {
  const dataDate = version.dataDate ?? version.projectStart;
  const checks = dcmaChecks(rows.activities, rows.relations, {
    dayMinutes: DAY_MINUTES,
    dataDate: textMinutes(dataDate),
    plannedStart: textMinutes(version.projectStart),
    ...(mustFinishBy ? { mustFinishBy: textMinutes(mustFinishBy) } : {}),
    hasResources: rows.hasResources,
    ...(cpt
      ? {
          criticalPathTest: {
            delayMinutes: cpt.delayMinutes,
            finishBefore: textMinutes(cpt.finishBefore),
            finishAfter: textMinutes(cpt.finishAfter),
            workShift: cpt.workShift,
          },
        }
      : {}),
    thresholds,
  });
  // Sorted as 32-bit integers (ids are int4): a comparator sort of 100k failed works cost ~0.2 s per calculation.
  const workIds = (c: ColumnCheck) =>
    c.passed === false && !summaryOnly ? Array.from(Int32Array.from(c.rows, (k) => rows.ids[k]).sort()) : [];
  return {
    score: healthScore(checks),
    activities: rows.ids.length,
    passed: checks.filter((c) => c.passed === true).length,
    failed: checks.filter((c) => c.passed === false).length,
    notApplicable: checks.filter((c) => c.passed === null).length,
    checks: checks.map((c) => ({
      id: c.id,
      key: c.key,
      threshold: c.threshold,
      limit: c.limit,
      value: c.value,
      count: c.count,
      total: c.total,
      passed: c.passed,
      workIds: c.key === "critical_path_test" && cpt && c.passed === false ? [cpt.workId] : workIds(c),
      ...(c.note ? { note: c.note } : {}),
    })),
    thresholds,
  };
}

/**
 * After a calculation, inside its transaction (issue 21): the health of the results it is writing, judged from the
 * rows and results it holds in memory (no table is read again but the thresholds), kept with the version so
 * analytics can roll the scores up without recomputing every version. The critical path test is not part of it: it
 * needs a second engine pass, so it runs after the commit as a job (`CRITICAL_PATH_TEST_JOB`); until it is kept the
 * check does not apply.
 */
export async function recordHealth(
  tx: DbOrTx,
  version: VersionRow,
  mustFinishBy: string | null | undefined,
  rows: HealthRows,
) {
  const health = judge(rows, version, mustFinishBy, await findThresholds(tx, version.scheduleId), null, true);
  const { score, passed, failed, notApplicable, activities } = health;
  await storeHealth(tx, {
    versionId: version.id,
    criticalPathTest: null,
    summary: { score, passed, failed, notApplicable, activities },
  });
}

export const CRITICAL_PATH_TEST_JOB = "health_critical_path_test";

/**
 * The DCMA critical path test of a calculated version, off the calculation's request path (issue 21): a job on the
 * queue runs `keepCriticalPathTest`, then tells the open health panels.
 */
export function criticalPathTestJobs(ctx: Pick<AppContext, "db" | "jobs" | "realtime">) {
  const events = new WorkspaceEvents(ctx.realtime);
  ctx.jobs.register(CRITICAL_PATH_TEST_JOB, async ({ job, complete }) => {
    const version = await keepCriticalPathTest(ctx.db, String(job.payload.versionId), complete);
    if (version) events.healthUpdated(version.spaceId, job.createdBy, version.id);
    return version ? undefined : { skipped: true };
  });
  return {
    /** Asks for the critical path test of a version just calculated. */
    afterCalculation: (spaceId: string, userId: string | null, versionId: string) =>
      ctx.jobs.enqueue(CRITICAL_PATH_TEST_JOB, { spaceId, userId: userId ?? undefined, payload: { versionId } }),
  };
}

/**
 * The critical path test of a calculated version: reads the network again, runs the engine twice (as calculated, and
 * with the last critical work delayed), and keeps the test with the version's health — its summary judged again with
 * it, and the whole answer of the health panel under its key, so that reads of the unchanged version cost one row.
 * A version changed since (not calculated, or its revision moved meanwhile) is left alone (null): its next
 * calculation asks for a test of its own. `complete` ends the job inside the same transaction.
 */
export async function keepCriticalPathTest(
  db: Db,
  versionId: string,
  complete: (tx: DbOrTx, result: Record<string, unknown>) => Promise<unknown>,
): Promise<VersionRow | null> {
  const version = await findVersion(db, versionId);
  if (version?.calcStatus !== "calculated") return null;
  const settings = await readSettings(db, version.scheduleId);
  const { input, calculated, health, assigned } = await calculationOf(db, version, settings);
  const test = criticalPathTest(input, calculated);
  return db.transaction(async (tx) => {
    // Locked as a calculation's end locks it: a calculation committing meanwhile is seen here, or waits for us.
    if ((await lockedRevision(tx, versionId)) !== version.revision) {
      await complete(tx, { skipped: true });
      return null;
    }
    const stored = storedTest(test);
    const thresholds = await findThresholds(tx, version.scheduleId);
    const judged = judge(health, version, settings.mustFinishBy, thresholds, stored);
    const { score, passed, failed, notApplicable, activities } = judged;
    await storeHealth(tx, {
      versionId,
      criticalPathTest: stored,
      summary: { score, passed, failed, notApplicable, activities },
      health: judged,
      // The key of what this answer was judged from (the assigned works as the calculation's read found them).
      healthKey: healthKey(version, settings.mustFinishBy, thresholds, stored, assigned),
    });
    await complete(tx, { workId: stored?.workId ?? null, score });
    return version;
  });
}

/**
 * The network, answer and health rows of the version as calculated (and the works with resources its read found):
 * those its calculation kept in this process when they are of this revision, else read and calculated again.
 */
async function calculationOf(db: DbOrTx, version: VersionRow, settings: CalculateSettings) {
  const kept = takeCalculation(version.id, version.revision);
  if (kept) return { input: kept.input, calculated: kept.result, health: kept.health, assigned: kept.assigned };
  const { input, rows, links } = await calculationInput(db, version, settings);
  const calculated = scheduleColumns(input);
  return { input, calculated, health: healthRowsOfCalculation(rows, links, input, calculated), assigned: rows.asg };
}

function storedTest(test: CriticalPathTestResult | undefined): StoredHealth["criticalPathTest"] {
  return test
    ? {
        workId: Number(test.id),
        delayMinutes: test.delay,
        finishBefore: minutesText(test.finishBefore),
        finishAfter: minutesText(test.finishAfter),
        workShift: test.workShift,
      }
    : null;
}

/**
 * Stores the schedule's thresholds (only the keys that differ from the DCMA defaults) and answers the version's
 * health judged by them; the version's kept summary follows, and the schedule's open health panels are told.
 */
export async function updateThresholds(
  ctx: Pick<AppContext, "db" | "realtime">,
  version: VersionRow,
  thresholds: HealthThresholds,
  byUserId: string | null,
): Promise<VersionHealth> {
  const own = Object.fromEntries(
    Object.entries(thresholds).filter(
      ([key, value]) => value !== undefined && value !== DCMA_THRESHOLDS[key as keyof typeof DCMA_THRESHOLDS],
    ),
  ) as Record<string, number>;
  const health = await ctx.db.transaction(async (tx) => {
    await storeThresholds(tx, version.spaceId, version.scheduleId, own);
    const inputs = await healthInputs(tx, version);
    const judged = await versionHealth(tx, version, inputs);
    const { score, passed, failed, notApplicable, activities } = judged;
    await updateSummary(
      tx,
      version.id,
      { score, passed, failed, notApplicable, activities },
      {
        health: judged,
        healthKey: inputs.key,
      },
    );
    return judged;
  });
  new WorkspaceEvents(ctx.realtime).healthThresholdsUpdated(version.spaceId, byUserId, version.scheduleId);
  return health;
}
