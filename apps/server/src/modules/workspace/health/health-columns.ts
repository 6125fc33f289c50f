import type { ResultColumns as EngineColumns, NetworkInput } from "@planum/engine";
import type { HealthActivities, HealthRelations } from "@planum/formats";
import type { ItemColumns, RelationColumns } from "../calculation/network.repo.js";
import type { GanttSource, RelationSource } from "../wbs/gantt.repo.js";

/** A hard constraint in the DCMA sense: on a date, mandatory, or not later than (P6's start/finish on or before). */
const HARD = new Set(["in_date", "not_later", "mandatory"]);

/** What the DCMA checks read of a version: its activities as columns, their relations as places, resources at all. */
export interface HealthRows {
  /** Item id of each place. */
  ids: number[];
  activities: HealthActivities;
  relations: HealthRelations;
  hasResources: boolean;
}

/**
 * The health columns of a version built from what its calculation holds in memory (issue 21): the rows it read and
 * the engine's answer it is about to write, so a calculation judges its health without reading the tables again
 * (re-reading them cost ~0.5 s CPU per 100k activities inside the calculation's transaction). The same rules as
 * `readHealthRows`, which reads them from the tables for the health panel: activities are the items but sums (drafts
 * are not read by the calculation), a completed work has no remaining duration, a started one its entered remaining
 * else its duration, and the baseline finish is the target finish.
 */
export function healthRowsOfCalculation(
  c: ItemColumns,
  r: RelationColumns,
  input: NetworkInput,
  result: EngineColumns,
  /**
   * The health rows of the last calculation of the same network (kept-network.ts) and the relations they were made
   * of: when the relations are the same (the same columns, which a kept network changes by no patch) and so are the
   * places, its relations are taken as they are (~40 ms CPU of 270k relations looked up again).
   */
  previous?: { links: RelationColumns; health: HealthRows },
): HealthRows {
  const n = c.id.length;
  // The engine answers its activities in the input's order, which is the items' order; by id if it ever did not.
  let inOrder = result.ids.length === n;
  for (let k = 0; inOrder && k < n; k++) inOrder = result.ids[k] === input.activities[k]?.id;
  let resultAt: (k: number) => number = (k) => k;
  if (!inOrder) {
    const byId = new Map<string, number>();
    for (let j = 0; j < result.ids.length; j++) byId.set(result.ids[j], j);
    resultAt = (k) => byId.get(String(c.id[k])) ?? -1;
  }
  let count = 0;
  for (let k = 0; k < n; k++) if (c.t[k] !== "sum") count++;
  const ids = new Array<number>(count);
  const activities = healthColumnsOf(count);
  const { task, completed, remaining, hardConstraint, totalFloat, earlyFinish, actualStart, actualFinish } = activities;
  const place = placeTable(c.id);
  for (let k = 0, j = -1, at = 0; k < n; k++) {
    const status = c.st[k];
    const started = status !== "not_started";
    if (started) j++;
    const type = c.t[k];
    if (type === "sum") continue;
    place.set(c.id[k], at);
    ids[at] = c.id[k];
    task[at] = type === "work" || type === "task";
    const done = status === "completed";
    completed[at] = done;
    remaining[at] = done ? 0 : started ? (c.rem[j] ?? c.d[k]) : c.d[k];
    const slt = c.slt[k];
    const flt = c.flt[k];
    hardConstraint[at] = (slt !== null && HARD.has(slt)) || (flt !== null && HARD.has(flt));
    const from = resultAt(k);
    totalFloat[at] = from < 0 ? null : result.totalFloat[from];
    earlyFinish[at] = from < 0 ? null : result.earlyFinish[from];
    actualStart[at] = started ? c.as[j] : null;
    actualFinish[at] = started ? c.af[j] : null;
    at++;
  }
  for (const [id, finish] of c.tgf) {
    const k = place.get(id);
    if (k >= 0) activities.baselineFinish[k] = finish;
  }
  for (const id of c.asg) {
    const k = place.get(id);
    if (k >= 0) activities.assigned[k] = true;
  }
  const same = previous && previous.links === r && sameIds(previous.health.ids, ids);
  const relations = same ? previous.health.relations : relationsBetween(r, place.get);
  return { ids, activities, relations, hasResources: c.asg.length > 0 };
}

function sameIds(a: readonly number[], b: readonly number[]) {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * The activity columns of `count` places, of their final length to be filled by place: pushing 100k values into
 * eleven growing arrays cost more than the loops' own work. No baseline and no assignment until one is set.
 */
function healthColumnsOf(count: number): HealthActivities {
  return {
    task: new Array<boolean>(count),
    completed: new Array<boolean>(count),
    remaining: new Array<number>(count),
    hardConstraint: new Array<boolean>(count),
    totalFloat: new Array<number | null>(count),
    earlyFinish: new Array<number | null>(count),
    actualStart: new Array<number | null>(count),
    actualFinish: new Array<number | null>(count),
    baselineFinish: new Array<number | null>(count).fill(null),
    assigned: new Array<boolean>(count).fill(false),
  };
}

/**
 * The relations between two activities, as their places (`placeOf`: -1 for none). Relations to sums, drafts or
 * other versions' works (external links) are no logic between two activities here.
 */
function relationsBetween(
  r: Pick<RelationSource, "a" | "b" | "t" | "l">,
  placeOf: (id: number) => number,
): HealthRelations {
  const relations: HealthRelations = { from: [], to: [], type: [], lag: [] };
  for (let k = 0; k < r.a.length; k++) {
    const from = placeOf(r.a[k]);
    const to = placeOf(r.b[k]);
    if (from < 0 || to < 0) continue;
    relations.from.push(from);
    relations.to.push(to);
    relations.type.push(LINK_TYPE[r.t[k]]);
    relations.lag.push(r.l[k]);
  }
  return relations;
}

/**
 * Item id → place (-1: none) for the ids of one version: an Int32Array over their range when they lie close together
 * (a version's rows take their ids from one sequence, mostly in runs), a Map otherwise. 370k lookups of relation ends
 * in a Map were a third of the health rows' time.
 */
function placeTable(ids: readonly number[]) {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  if (ids.length > 0 && max - min < 4 * ids.length + 1024) {
    const table = new Int32Array(max - min + 1).fill(-1);
    return {
      set: (id: number, at: number) => {
        table[id - min] = at;
      },
      get: (id: number) => (id >= min && id <= max ? table[id - min] : -1),
    };
  }
  const map = new Map<number, number>();
  return {
    set: (id: number, at: number) => {
      map.set(id, at);
    },
    get: (id: number) => map.get(id) ?? -1,
  };
}

const LINK_TYPE: Record<string, HealthRelations["type"][number]> = { fs: "FS", ss: "SS", ff: "FF", sf: "SF" };

/**
 * The health columns of a version from the rows and relations its Gantt build keeps (issue 21), `index` being the
 * build's row id → source index: the same rules as `readHealthRows` — activities are the items but sums and drafts;
 * a completed work has no remaining duration, a not started one its duration, another its entered remaining else its
 * duration; the baseline finish is the target finish — over the Gantt's sentinels (-1 for no remaining, no date).
 * Only arrays of its own leave: the build's are written into by its next patch.
 */
export function healthRowsOfGantt(
  c: GanttSource,
  r: RelationSource,
  index: ReadonlyMap<number, number>,
  assignedIds: readonly number[],
): HealthRows {
  const n = c.id.length;
  // Source index → place among the activities (-1: a sum or a draft).
  const placeOf = new Int32Array(n).fill(-1);
  let count = 0;
  for (let k = 0; k < n; k++) if (c.t[k] !== "sum" && c.t[k] !== "draft") placeOf[k] = count++;
  const ids = new Array<number>(count);
  const activities = healthColumnsOf(count);
  const { task, completed, remaining, hardConstraint, totalFloat, earlyFinish, actualStart, actualFinish } = activities;
  const { baselineFinish, assigned } = activities;
  const date = (m: number) => (m === -1 ? null : m);
  for (let k = 0; k < n; k++) {
    const at = placeOf[k];
    if (at < 0) continue;
    const type = c.t[k];
    const status = c.st[k];
    ids[at] = c.id[k];
    task[at] = type === "work" || type === "task";
    completed[at] = status === "completed";
    remaining[at] = status === "completed" ? 0 : status === "not_started" || c.rem[k] === -1 ? c.d[k] : c.rem[k];
    const slt = c.slt[k];
    const flt = c.flt[k];
    hardConstraint[at] = (slt !== null && HARD.has(slt)) || (flt !== null && HARD.has(flt));
    totalFloat[at] = c.tf[k];
    earlyFinish[at] = date(c.ef[k]);
    actualStart[at] = date(c.as[k]);
    actualFinish[at] = date(c.af[k]);
    baselineFinish[at] = date(c.bf[k]);
  }
  const placeOfId = (id: number) => {
    const k = index.get(id);
    return k === undefined ? -1 : placeOf[k];
  };
  for (const id of assignedIds) {
    const at = placeOfId(id);
    if (at >= 0) assigned[at] = true;
  }
  return { ids, activities, relations: relationsBetween(r, placeOfId), hasResources: assignedIds.length > 0 };
}
