import type { HealthThresholds, VersionHealth } from "@planum/contracts";
import type { CriticalPathTestResult } from "@planum/engine";
import { type ColumnCheck, DCMA_THRESHOLDS, dcmaChecks, healthScore } from "@planum/formats";
import type { VersionRow } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import type { DbOrTx } from "../../../platform/db.js";
import { minutesText, textMinutes } from "../../../platform/time.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { readSettings } from "../calculation/calculate-settings.service.js";
import {
  findStoredHealth,
  findThresholds,
  readHealthRows,
  type StoredHealth,
  storeHealth,
  storeThresholds,
  updateSummary,
} from "./health.repo.js";

/** A working day of the checks' 44-day rules (the engine's durations are working minutes of 8-hour days). */
const DAY_MINUTES = 8 * 60;

/**
 * The DCMA 14-point health of a version, straight from its tables (issue 21): only the columns the checks need, in a
 * few bulk reads, judged by the same `dcmaChecks` as `planum check`. The critical path test needs a second engine
 * pass over the whole network, so it is run by each calculation (see `criticalPathTest`) and read here as the last
 * calculation left it; the data date is the version's (its project start when it has none).
 */
export async function versionHealth(db: DbOrTx, version: VersionRow): Promise<VersionHealth> {
  const rows = await readHealthRows(db, version);
  const settings = await readSettings(db, version.scheduleId);
  const thresholds = await findThresholds(db, version.scheduleId);
  const stored = await findStoredHealth(db, version.id);
  return judge(rows, version, settings.mustFinishBy, thresholds, stored?.criticalPathTest ?? null);
}

function judge(
  rows: Awaited<ReturnType<typeof readHealthRows>>,
  version: VersionRow,
  mustFinishBy: string | null | undefined,
  thresholds: HealthThresholds,
  cpt: StoredHealth["criticalPathTest"],
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
  const workIds = (c: ColumnCheck) => (c.passed === false ? c.rows.map((k) => rows.ids[k]) : []);
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
 * After a calculation, inside its transaction (issue 21): the critical path test the calculation ran while the
 * network was in memory, and the health of the results just written, kept with the version so a later read shows
 * the test and analytics can roll the scores up without recomputing every version.
 */
export async function recordHealth(tx: DbOrTx, version: VersionRow, test: CriticalPathTestResult | undefined) {
  const criticalPathTest = test
    ? {
        workId: Number(test.id),
        delayMinutes: test.delay,
        finishBefore: minutesText(test.finishBefore),
        finishAfter: minutesText(test.finishAfter),
        workShift: test.workShift,
      }
    : null;
  const rows = await readHealthRows(tx, version);
  const settings = await readSettings(tx, version.scheduleId);
  const health = judge(
    rows,
    version,
    settings.mustFinishBy,
    await findThresholds(tx, version.scheduleId),
    criticalPathTest,
  );
  const { score, passed, failed, notApplicable, activities } = health;
  await storeHealth(tx, {
    versionId: version.id,
    criticalPathTest,
    summary: { score, passed, failed, notApplicable, activities },
  });
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
    const judged = await versionHealth(tx, version);
    const { score, passed, failed, notApplicable, activities } = judged;
    await updateSummary(tx, version.id, { score, passed, failed, notApplicable, activities });
    return judged;
  });
  new WorkspaceEvents(ctx.realtime).healthThresholdsUpdated(version.spaceId, byUserId, version.scheduleId);
  return health;
}
