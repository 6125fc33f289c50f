import { type IndicatorValue, indicatorColour } from "@planum/contracts";
import type { StoredCurves } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { type AnalyticsRow, countWorks, versionWithTarget, worksByCodes, worksUnder } from "./analytics.repo.js";
import { countItems, statusDayOf } from "./analytics-count.js";
import { indicatorOf } from "./indicator-rollup.js";
import { evaluateIndicators, figuresOf, indicatorsOfSchedule } from "./indicator-values.js";

/**
 * The works under a WBS row of a version (the row itself when it is a work); NotFound (field `wbsId`) when the row is
 * not the version's.
 */
export async function worksOfRow(db: DbOrTx, spaceId: string, versionId: string, itemId: number) {
  const works = await worksUnder(db, spaceId, versionId, itemId);
  if (!works) throw new AppError("NotFound", { field: "wbsId" });
  return works;
}

/**
 * Indicator values of one WBS node or one work (issue 15): the schedule's indicators evaluated over the figures of
 * its works alone, counted as a version's are (plans, facts, earned cost, counts, the target version's plans of the
 * works with the same codes as the baseline). Computed when asked: a node's works are read once, and a WBS node of a
 * large version is opened far less often than its figures change. `versions` is 1: nothing is rolled up.
 */
export async function wbsIndicatorValues(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  itemId: number,
): Promise<IndicatorValue[]> {
  const version = await versionWithTarget(db, spaceId, versionId);
  if (!version) throw new AppError("NotFound");
  const works = await worksOfRow(db, spaceId, versionId, itemId);
  const list = await indicatorsOfSchedule(db, spaceId, version.scheduleId);
  if (list.length === 0) return [];
  const ids = works.map((w) => w.id);
  const statusDay = statusDayOf(version.dataDate);
  const curves: StoredCurves = await countItems(db, spaceId, versionId, ids);
  if (version.targetId) {
    const targetIds = await worksByCodes(
      db,
      version.targetId,
      works.map((w) => w.code).filter((c) => c !== ""),
    );
    const target = await countItems(db, spaceId, version.targetId, targetIds, true);
    for (const [measure, kinds] of Object.entries(target)) {
      if (!kinds.plan) continue;
      curves[measure] ??= {};
      curves[measure].target = kinds.plan;
    }
  }
  const row: AnalyticsRow = {
    versionId,
    spaceId,
    generation: 0,
    computedGeneration: 0,
    statusDay,
    curves,
    counts: await countWorks(db, versionId, statusDay, ids),
    computedAt: null,
    dirty: {},
  };
  const values = evaluateIndicators(list, figuresOf([row]));
  // The first of a key names it, as in a roll-up (a project's and a schedule's never share one: checked on writing).
  const seen = new Set<string>();
  return list
    .filter((i) => !seen.has(i.key) && seen.add(i.key))
    .map((i) => {
      const value = values.get(i.key) ?? null;
      return { ...indicatorOf(i), value, colour: indicatorColour(value, i.thresholds), versions: 1 };
    });
}
