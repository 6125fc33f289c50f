import type { WbsItem } from "@planum/contracts";
import type { wbsItems } from "../../../db/schema/index.js";
import { AppError } from "../../../platform/errors.js";
import { minutesText, wallClockText } from "../../../platform/time.js";

export type WbsRow = typeof wbsItems.$inferSelect;

export function toWbsDto(row: WbsRow): WbsItem {
  return {
    id: row.id,
    versionId: row.versionId,
    parentId: row.parentId,
    sortOrder: row.sortOrder,
    type: row.type,
    code: row.code,
    name: row.name,
    calendarId: row.calendarId,
    duration: row.duration,
    startLimitType: row.startLimitType,
    startLimitDate: wallClockText(row.startLimitDate),
    finishLimitType: row.finishLimitType,
    finishLimitDate: wallClockText(row.finishLimitDate),
    inScope: row.inScope,
    status: row.status,
    percentComplete: row.percentComplete,
    actualStart: wallClockText(row.actualStart),
    actualFinish: wallClockText(row.actualFinish),
    remaining: row.remaining,
    baselineDuration: row.baselineDuration,
    baseIntensity: row.baseIntensity,
    targetDuration: row.targetDuration,
    targetStart: wallClockText(row.targetStart),
    targetFinish: wallClockText(row.targetFinish),
    plannedVolume: row.plannedVolume,
    actualVolume: row.actualVolume,
    plannedLabour: row.plannedLabour,
    actualLabour: row.actualLabour,
    plannedCost: row.plannedCost,
    actualCost: row.actualCost,
    measure: row.measure,
    durationType: row.durationType,
    percentCompleteType: row.percentCompleteType,
    resourceDependent: row.resourceDependent,
    expectedFinish: wallClockText(row.expectedFinish),
    suspendDate: wallClockText(row.suspendDate),
    resumeDate: wallClockText(row.resumeDate),
    notes: row.notes,
    alap: row.alap,
    manualStart: wallClockText(row.manualStart),
    manualFinish: wallClockText(row.manualFinish),
    elapsed: row.elapsed,
    splits: row.splits ? row.splits.map(([from, to]) => [minutesText(from), minutesText(to)]) : null,
    attrs: row.attrs,
    earlyStart: wallClockText(row.earlyStart),
    earlyFinish: wallClockText(row.earlyFinish),
    lateStart: wallClockText(row.lateStart),
    lateFinish: wallClockText(row.lateFinish),
    totalFloat: row.totalFloat,
    freeFloat: row.freeFloat,
    critical: row.critical,
    revision: row.revision,
  };
}

/**
 * A change made against an old revision: 409 with the row as it is now in `errors[0].data.current` (several rows:
 * `data.current` is the list), so the client shows the other user's change instead of overwriting it.
 */
export function staleRevision(entity: "wbs_item" | "relation", current: unknown[], firstId: number, revision: number) {
  return new AppError("Conflict", { entity, id: firstId, revision }, undefined, {
    current: current.length === 1 ? current[0] : current,
  });
}

/**
 * Rows in tree order (parent before children, siblings by sort order then id), from flat parallel arrays. Orphans
 * (a parent outside the set) are treated as roots, so a partial read never loses rows.
 */
export function treeOrder(ids: ArrayLike<number>, parents: ArrayLike<number>, orders: ArrayLike<number>): number[] {
  const n = ids.length;
  const position = new Map<number, number>();
  for (let i = 0; i < n; i++) position.set(ids[i], i);
  const byOrder = Array.from({ length: n }, (_, i) => i).sort((a, b) => orders[a] - orders[b] || ids[a] - ids[b]);
  const firstChild = new Int32Array(n).fill(-1);
  const nextSibling = new Int32Array(n).fill(-1);
  const lastChild = new Int32Array(n).fill(-1);
  const roots: number[] = [];
  for (const i of byOrder) {
    const p = parents[i] < 0 ? undefined : position.get(parents[i]);
    if (p === undefined) roots.push(i);
    else {
      if (lastChild[p] < 0) firstChild[p] = i;
      else nextSibling[lastChild[p]] = i;
      lastChild[p] = i;
    }
  }
  const out: number[] = [];
  const stack: number[] = [];
  for (let r = roots.length - 1; r >= 0; r--) stack.push(roots[r]);
  while (stack.length > 0) {
    const i = stack.pop()!;
    out.push(i);
    const children: number[] = [];
    for (let c = firstChild[i]; c >= 0; c = nextSibling[c]) children.push(c);
    for (let c = children.length - 1; c >= 0; c--) stack.push(children[c]);
  }
  return out;
}
