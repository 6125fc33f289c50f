import type { StoredCurves } from "../../db/schema/index.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { countWorks, readAnalytics, readBlocks, storeAnalytics, versionWithTarget } from "./analytics.repo.js";
import { BLOCKS, countBlocks, statusDayOf } from "./analytics-count.js";
import { CurvesSum } from "./analytics-curves.js";
import { storeIndicatorValues } from "./indicator-values.js";

const BLOCK = "block:";

/** What the parts asked of a count mean: every block, or these blocks; the counts; the target's plans. */
function partsOf(dirty: Record<string, number>) {
  const blocks: number[] = [];
  for (const key of Object.keys(dirty)) if (key.startsWith(BLOCK)) blocks.push(Number(key.slice(BLOCK.length)));
  return { all: "all" in dirty, blocks, counts: "counts" in dirty, target: "target" in dirty };
}

/** The parts a change of these works asks for: their blocks. */
export function blockParts(itemIds: number[]): string[] {
  return [...new Set(itemIds.map((id) => `${BLOCK}${id % BLOCKS}`))];
}

/** Adds to `curves` one kind of curves taken from `from` as its `target` (the target version's plans, or kept). */
function setTarget(curves: StoredCurves, from: StoredCurves | undefined, kind: "plan" | "target") {
  for (const [measure, kinds] of Object.entries(from ?? {})) {
    const curve = kinds[kind];
    if (!curve) continue;
    curves[measure] ??= {};
    curves[measure].target = curve;
  }
}

/**
 * Counts what changed of a version since its last count (the `analytics_version` job; a first read of a version never
 * counted runs it too) and stores it. A change of a few works' plans or facts recounts the blocks holding them and
 * moves the version's sums by the blocks' difference; a calculation, a version change or a first count counts every
 * block; the works' counts are taken again when the works or the status day changed. Answers null when the version
 * is gone or nothing was asked since the last count, else the schedule and whether the count was stored (false when a
 * newer count got there first).
 */
export async function recountVersion(
  db: Db,
  spaceId: string,
  versionId: string,
  /** Called inside the transaction that stores the count (the job completes in it). */
  onStore?: (tx: DbOrTx) => Promise<void>,
  depth = 0,
): Promise<{ scheduleId: string; stored: boolean; isTarget: boolean } | null> {
  const version = await versionWithTarget(db, spaceId, versionId);
  if (!version) return null;
  const [row] = await readAnalytics(db, spaceId, [versionId]);
  const generation = row?.generation ?? 0;
  const dirty = row?.dirty ?? {};
  const counted = !!row && row.computedGeneration >= 0 && !!row.counts;
  if (counted && row.computedGeneration >= generation && Object.keys(dirty).length === 0) return null;
  const parts = partsOf(dirty);
  const full = !counted || parts.all;
  const statusDay = statusDayOf(version.dataDate);

  const fresh = await countBlocks(db, spaceId, versionId, full ? null : parts.blocks);
  const own = new CurvesSum();
  if (full) for (const curves of fresh.values()) own.addAll(curves);
  else {
    own.addAll(row.curves, 1, ["target"]);
    for (const curves of (await readBlocks(db, versionId, parts.blocks)).values()) own.addAll(curves, -1);
    for (const curves of fresh.values()) own.addAll(curves);
  }
  const curves = own.result();

  if (version.targetId) {
    if (full || parts.target) {
      let [stored] = await readAnalytics(db, spaceId, [version.targetId]);
      // A target never counted is counted first (once: a target version has no target of its own to wait for).
      if ((!stored || stored.computedGeneration < 0) && depth === 0) {
        await recountVersion(db, spaceId, version.targetId, undefined, depth + 1);
        [stored] = await readAnalytics(db, spaceId, [version.targetId]);
      }
      setTarget(curves, stored?.curves, "plan");
    } else setTarget(curves, row.curves, "target");
  }

  const counts =
    full || parts.counts || row.statusDay !== statusDay || !row.counts
      ? await countWorks(db, versionId, statusDay)
      : row.counts;
  const stored = await db.transaction(async (tx) => {
    const done = await storeAnalytics(
      tx,
      spaceId,
      versionId,
      generation,
      { statusDay, curves, counts },
      {
        counted: fresh,
        allBlocks: full,
      },
    );
    // The indicators are computed from the figures just stored, in the same transaction (issue 15).
    if (done) await storeIndicatorValues(tx, spaceId, versionId);
    await onStore?.(tx);
    return done;
  });
  return { scheduleId: version.scheduleId, stored, isTarget: version.kind === "target" };
}
