import type { ResultColumns as EngineColumns, NetworkInput } from "@planum/engine";
import type { HealthActivities, HealthRelations } from "@planum/formats";
import type { ItemColumns, RelationColumns } from "../calculation/calculation.repo.js";
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
): HealthRows {
  const n = c.id.length;
  // The engine answers its activities in the input's order, which is the items' order; by id if it ever did not.
  let resultAt: (k: number) => number = (k) => k;
  if (result.ids.length !== n || result.ids.some((id, k) => id !== input.activities[k]?.id)) {
    const byId = new Map<string, number>();
    for (let j = 0; j < result.ids.length; j++) byId.set(result.ids[j], j);
    resultAt = (k) => byId.get(String(c.id[k])) ?? -1;
  }
  const ids: number[] = [];
  const task: boolean[] = [];
  const completed: boolean[] = [];
  const remaining: number[] = [];
  const hardConstraint: boolean[] = [];
  const totalFloat: (number | null)[] = [];
  const earlyFinish: (number | null)[] = [];
  const actualStart: (number | null)[] = [];
  const actualFinish: (number | null)[] = [];
  const place = new Map<number, number>();
  for (let k = 0, j = -1; k < n; k++) {
    const started = c.st[k] !== "not_started";
    if (started) j++;
    if (c.t[k] === "sum") continue;
    place.set(c.id[k], ids.length);
    ids.push(c.id[k]);
    task.push(c.t[k] === "work" || c.t[k] === "task");
    const done = c.st[k] === "completed";
    completed.push(done);
    remaining.push(done ? 0 : started ? (c.rem[j] ?? c.d[k]) : c.d[k]);
    hardConstraint.push(HARD.has(c.slt[k] ?? "") || HARD.has(c.flt[k] ?? ""));
    const at = resultAt(k);
    totalFloat.push(at < 0 ? null : result.totalFloat[at]);
    earlyFinish.push(at < 0 ? null : result.earlyFinish[at]);
    actualStart.push(started ? c.as[j] : null);
    actualFinish.push(started ? c.af[j] : null);
  }
  const count = ids.length;
  const baselineFinish: (number | null)[] = new Array(count).fill(null);
  for (const [id, finish] of c.tgf) {
    const k = place.get(id);
    if (k !== undefined) baselineFinish[k] = finish;
  }
  const assigned: boolean[] = new Array(count).fill(false);
  for (const id of c.asg) {
    const k = place.get(id);
    if (k !== undefined) assigned[k] = true;
  }
  // Relations to sums, drafts or other versions' works (external links) are no logic between two activities here.
  const relations: HealthRelations = { from: [], to: [], type: [], lag: [] };
  for (let k = 0; k < r.a.length; k++) {
    const from = place.get(r.a[k]);
    const to = place.get(r.b[k]);
    if (from === undefined || to === undefined) continue;
    relations.from.push(from);
    relations.to.push(to);
    relations.type.push(r.t[k].toUpperCase() as HealthRelations["type"][number]);
    relations.lag.push(r.l[k]);
  }
  const activities: HealthActivities = {
    task,
    completed,
    remaining,
    hardConstraint,
    totalFloat,
    earlyFinish,
    actualStart,
    actualFinish,
    baselineFinish,
    assigned,
  };
  return { ids, activities, relations, hasResources: c.asg.length > 0 };
}

/**
 * The health columns of a version from the rows and relations its Gantt build keeps (issue 21): the same rules as
 * `readHealthRows` — activities are the items but sums and drafts; a completed work has no remaining duration, a
 * not started one its duration, another its entered remaining else its duration; the baseline finish is the target
 * finish — over the Gantt's sentinels (-1 for no remaining, no date). Only arrays of its own leave: the build's are
 * written into by its next patch.
 */
export function healthRowsOfGantt(c: GanttSource, r: RelationSource, assignedIds: readonly number[]): HealthRows {
  const n = c.id.length;
  const ids: number[] = [];
  const task: boolean[] = [];
  const completed: boolean[] = [];
  const remaining: number[] = [];
  const hardConstraint: boolean[] = [];
  const totalFloat: (number | null)[] = [];
  const earlyFinish: (number | null)[] = [];
  const actualStart: (number | null)[] = [];
  const actualFinish: (number | null)[] = [];
  const baselineFinish: (number | null)[] = [];
  const place = new Map<number, number>();
  const date = (m: number) => (m === -1 ? null : m);
  for (let k = 0; k < n; k++) {
    const type = c.t[k];
    if (type === "sum" || type === "draft") continue;
    place.set(c.id[k], ids.length);
    ids.push(c.id[k]);
    task.push(type === "work" || type === "task");
    const status = c.st[k];
    completed.push(status === "completed");
    remaining.push(status === "completed" ? 0 : status === "not_started" || c.rem[k] === -1 ? c.d[k] : c.rem[k]);
    hardConstraint.push(HARD.has(c.slt[k] ?? "") || HARD.has(c.flt[k] ?? ""));
    totalFloat.push(c.tf[k]);
    earlyFinish.push(date(c.ef[k]));
    actualStart.push(date(c.as[k]));
    actualFinish.push(date(c.af[k]));
    baselineFinish.push(date(c.bf[k]));
  }
  const assigned: boolean[] = new Array(ids.length).fill(false);
  for (const id of assignedIds) {
    const k = place.get(id);
    if (k !== undefined) assigned[k] = true;
  }
  const relations: HealthRelations = { from: [], to: [], type: [], lag: [] };
  for (let k = 0; k < r.a.length; k++) {
    const from = place.get(r.a[k]);
    const to = place.get(r.b[k]);
    if (from === undefined || to === undefined) continue;
    relations.from.push(from);
    relations.to.push(to);
    relations.type.push(r.t[k].toUpperCase() as HealthRelations["type"][number]);
    relations.lag.push(r.l[k]);
  }
  const activities: HealthActivities = {
    task,
    completed,
    remaining,
    hardConstraint,
    totalFloat,
    earlyFinish,
    actualStart,
    actualFinish,
    baselineFinish,
    assigned,
  };
  return { ids, activities, relations, hasResources: assignedIds.length > 0 };
}
