import {
  calendarMinutesPerDay,
  displayDays,
  type NetworkRelations,
  type NetworkTasks,
  type NetworkWorks,
} from "@planum/contracts";

/** Box size and gaps in diagram units (CSS pixels at zoom 1). */
export const BOX_W = 200;
export const BOX_H = 74;
export const COL_GAP = 64;
export const ROW_GAP = 18;
export const BAND_HEAD = 26;
export const BAND_GAP = 14;
export const MARGIN = 24;

/**
 * The decoded diagram: one typed array per field by box position (the works' WBS order), the relations by box
 * position, and the layout — a column per topological level (the longest chain of relations before the box), rows
 * packed inside bands, one band per WBS summary in WBS order, boxes of a column stacked in WBS order.
 */
export interface NetworkModel {
  n: number;
  ids: Float64Array;
  type: Uint8Array;
  code: string[];
  name: string[];
  es: Float64Array;
  ef: Float64Array;
  as: Float64Array;
  af: Float64Array;
  /** Total float in days of the box's calendar (the grid's rule, two decimals), NaN when not calculated. */
  floatDays: Float64Array;
  critical: Uint8Array;
  progress: Float32Array;
  /** Level (column) and top-left corner of each box, in diagram units. */
  level: Int32Array;
  x: Float64Array;
  y: Float64Array;
  rel: { count: number; from: Int32Array; to: Int32Array; type: Uint8Array; critical: Uint8Array };
  bands: { label: string; top: number; height: number }[];
  width: number;
  height: number;
  /** Position of a work id. */
  position: Map<number, number>;
  calculated: boolean;
}

/**
 * Levels by Kahn's order over the relations: a box sits one column right of its furthest predecessor. Boxes left
 * in a loop (the server refuses loops, but a payload may still carry one) go one column past the rest.
 */
export function levels(n: number, from: Int32Array, to: Int32Array): Int32Array {
  const level = new Int32Array(n);
  const indeg = new Int32Array(n);
  const outStart = new Int32Array(n + 1);
  for (let r = 0; r < from.length; r++) {
    outStart[from[r] + 1]++;
    indeg[to[r]]++;
  }
  for (let i = 0; i < n; i++) outStart[i + 1] += outStart[i];
  const out = new Int32Array(from.length);
  const fill = outStart.slice(0, n);
  for (let r = 0; r < from.length; r++) out[fill[from[r]]++] = to[r];
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue[tail++] = i;
  let max = 0;
  while (head < tail) {
    const i = queue[head++];
    if (level[i] > max) max = level[i];
    for (let k = outStart[i]; k < outStart[i + 1]; k++) {
      const j = out[k];
      if (level[i] + 1 > level[j]) level[j] = level[i] + 1;
      if (--indeg[j] === 0) queue[tail++] = j;
    }
  }
  if (tail < n) for (let i = 0; i < n; i++) if (indeg[i] > 0) level[i] = max + 1;
  return level;
}

export function buildNetworkModel(tasks: NetworkTasks, works: NetworkWorks, relations: NetworkRelations): NetworkModel {
  const n = works.ids.length;
  const position = new Map<number, number>();
  for (let i = 0; i < n; i++) position.set(works.ids[i], i);

  // days by the one rule of every screen (contracts' workspace-units): the box's calendar's usual working day
  const perDay = works.calendars.map((c) => calendarMinutesPerDay(c.week));
  const floatDays = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    floatDays[i] = displayDays(works.totalFloat[i], perDay[works.calendar[i]] ?? 0) ?? Number.NaN;
  }

  // Relations whose ends are both boxes of this answer (the calls are separate: a work may have gone meanwhile).
  const keep: number[] = [];
  for (let r = 0; r < relations.ids.length; r++) {
    if (position.has(relations.from[r]) && position.has(relations.to[r]) && relations.from[r] !== relations.to[r]) {
      keep.push(r);
    }
  }
  const count = keep.length;
  const from = new Int32Array(count);
  const to = new Int32Array(count);
  const type = new Uint8Array(count);
  const relCritical = new Uint8Array(count);
  const critical = Uint8Array.from(works.critical);
  keep.forEach((r, k) => {
    from[k] = position.get(relations.from[r]) as number;
    to[k] = position.get(relations.to[r]) as number;
    type[k] = relations.type[r];
    relCritical[k] = critical[from[k]] && critical[to[k]] ? 1 : 0;
  });

  const level = levels(n, from, to);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let maxLevel = 0;
  for (let i = 0; i < n; i++) {
    x[i] = MARGIN + level[i] * (BOX_W + COL_GAP);
    if (level[i] > maxLevel) maxLevel = level[i];
  }

  // Bands: one per summary the works sit under, in the works' (WBS) order; inside, each column stacks its boxes.
  const taskName = new Map<number, string>();
  for (let k = 0; k < tasks.ids.length; k++) {
    taskName.set(tasks.ids[k], tasks.code[k] ? `${tasks.code[k]} · ${tasks.name[k]}` : tasks.name[k]);
  }
  const bandOf = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const p = works.parent[i];
    let list = bandOf.get(p);
    if (!list) {
      list = [];
      bandOf.set(p, list);
    }
    list.push(i);
  }
  const bands: NetworkModel["bands"] = [];
  let top = MARGIN;
  const rowsInColumn = new Map<number, number>();
  for (const [parent, members] of bandOf) {
    rowsInColumn.clear();
    let rows = 0;
    for (const i of members) {
      const row = rowsInColumn.get(level[i]) ?? 0;
      rowsInColumn.set(level[i], row + 1);
      y[i] = top + BAND_HEAD + row * (BOX_H + ROW_GAP);
      if (row + 1 > rows) rows = row + 1;
    }
    const height = BAND_HEAD + rows * (BOX_H + ROW_GAP);
    bands.push({ label: taskName.get(parent) ?? "", top, height });
    top += height + BAND_GAP;
  }

  return {
    n,
    ids: Float64Array.from(works.ids),
    type: Uint8Array.from(works.type),
    code: works.code,
    name: works.name,
    es: Float64Array.from(works.earlyStart),
    ef: Float64Array.from(works.earlyFinish),
    as: Float64Array.from(works.actualStart),
    af: Float64Array.from(works.actualFinish),
    floatDays,
    critical,
    progress: Float32Array.from(works.progress),
    level,
    x,
    y,
    rel: { count, from, to, type, critical: relCritical },
    bands,
    width: MARGIN * 2 + (maxLevel + 1) * (BOX_W + COL_GAP) - COL_GAP,
    height: top + MARGIN,
    position,
    calculated: works.calcStatus === "calculated",
  };
}

/** The box under a diagram point, or -1. Boxes never overlap, so the first hit is the one. */
export function boxAt(m: NetworkModel, px: number, py: number): number {
  for (let i = 0; i < m.n; i++) {
    const x = m.x[i];
    const y = m.y[i];
    if (px >= x && px <= x + BOX_W && py >= y && py <= y + BOX_H) return i;
  }
  return -1;
}
