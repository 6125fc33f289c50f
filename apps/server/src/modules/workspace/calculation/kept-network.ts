import type { CalculateSettings } from "@planum/contracts";
import {
  type ActivityInput,
  type ActivityPatch,
  createScheduler,
  type ResultColumns as EngineColumns,
  type Scheduler,
} from "@planum/engine";
import type { DbOrTx } from "../../../platform/db.js";
import { ensureDefaultCalendar } from "../../calendars/calendars.service.js";
import type { HealthRows } from "../health/health-columns.js";
import type { VersionRow } from "./calculation.repo.js";
import {
  type ActivityContext,
  activityContext,
  activityOf,
  calculationInput,
  frameKey,
  networkFrame,
} from "./calculation-input.js";
import { knownResults } from "./known-results.js";
import {
  type ItemColumns,
  PROGRESS,
  type RelationColumns,
  readCalendarRows,
  readExternals,
  readNetworkChanges,
  type StoredResults,
} from "./network.repo.js";

/**
 * A version's compiled network kept in this process between its calculations (issue 10): the engine's scheduler
 * holding the network as last calculated, the rows it was built from (the health checks read them) and the answer
 * every row now holds. The next calculation of the version reads only the items written since by another
 * transaction (`xmin`, as known-results.ts and the Gantt's patch find them) and the counts of items and relations,
 * patches those activities into the scheduler and recalculates only what they move — instead of reading 100k rows,
 * building 100k activities and compiling the network again. Never stale: anything it cannot patch — a row added or
 * deleted (the counts tell), a relation written, another calendar, setting, external predecessor or resource
 * assignment (`frameKey`), a work started or un-started — makes the calculation read and compile the version whole.
 */
export interface NetworkState {
  /** The snapshot the rows were read at. */
  snapshot: string;
  scheduler: Scheduler;
  rows: ItemColumns;
  links: RelationColumns;
  /** Item id → place in `rows` (and in the scheduler's activities: the same order). */
  place: Map<number, number>;
  idText: ActivityContext["idText"];
  /** Predecessors outside the version's items, and `frameKey` of the network built. */
  candidates: number[];
  key: string;
}

export interface KeptNetwork extends NetworkState {
  /** The calculation's writing transaction (its `xid`, see known-results.ts). */
  xid: string;
  /** The answer the rows hold (the engine's last answer, written where it differed). */
  result: EngineColumns;
  /** The health rows judged of that answer (their relations serve the next calculation while `links` stay). */
  health: HealthRows;
}

/** Two versions at most: a kept 100k network (scheduler, input and rows) takes some 60 MB. */
const MAX_KEPT = 2;
const kept = new Map<string, KeptNetwork>();

export function keptNetwork(versionId: string): KeptNetwork | null {
  return kept.get(versionId) ?? null;
}

export function forgetNetwork(versionId: string) {
  kept.delete(versionId);
}

export function keepNetwork(versionId: string, network: KeptNetwork) {
  kept.delete(versionId);
  kept.set(versionId, network);
  for (const oldest of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    kept.delete(oldest);
  }
}

/** Above this share of changed items the version is read whole: as cheap, and the patch is not. */
const PATCH_RATIO = 0.25;

/**
 * The kept network brought up to the database's rows, ready to calculate (the scheduler patched, `rows` updated in
 * place), with the stored results in its activities' order; null when it cannot be patched — the caller forgets it
 * and reads the version whole. The kept network is changed even when null is answered: never use it afterwards.
 */
export async function patchKeptNetwork(
  db: DbOrTx,
  version: VersionRow,
  settings: CalculateSettings,
  net: KeptNetwork,
): Promise<{ stored: StoredResults; snapshot: string } | null> {
  const { c: changed, rc: changedLinks } = await readNetworkChanges(db, version, net);
  const rows = net.rows;
  if (changed.n !== rows.id.length || changed.rn !== net.links.a.length || changedLinks > 0) return null;
  const m = changed.id.length;
  if (m > rows.id.length * PATCH_RATIO) return null;
  // The rows as the database holds them now: each changed item written over its place.
  const at = new Array<number>(m);
  for (let q = 0; q < m; q++) {
    const k = net.place.get(changed.id[q]);
    if (k === undefined) return null;
    // A work started or un-started moves the progress columns, which hold started items only: read it whole.
    if ((rows.st[k] === "not_started") !== (changed.st[q] === "not_started")) return null;
    at[q] = k;
  }
  const startedAt = startedPlaces(rows, at);
  for (let q = 0, jq = -1; q < m; q++) {
    const k = at[q];
    for (const key of ["p", "t", "cal", "d", "slt", "sld", "flt", "fld", "st"] as const)
      (rows[key] as unknown[])[k] = changed[key][q];
    if (changed.st[q] === "not_started") continue;
    jq++;
    const j = startedAt.get(k)!;
    for (const key of PROGRESS) (rows[key] as unknown[])[j] = changed[key][jq];
  }
  const ids = new Set(changed.id);
  const merge = <T>(list: T[], fresh: T[], id: (v: T) => number) => list.filter((v) => !ids.has(id(v))).concat(fresh);
  rows.alap = merge(rows.alap, changed.alap, (id) => id);
  rows.rd = merge(rows.rd, changed.rd, (id) => id);
  rows.xf = merge(rows.xf, changed.xf, ([id]) => id);
  rows.man = merge(rows.man, changed.man, ([id]) => id);
  rows.el = merge(rows.el, changed.el, (id) => id);
  rows.sp = merge(rows.sp ?? [], changed.sp ?? [], ([id]) => id);
  rows.tgf = merge(rows.tgf, changed.tgf, ([id]) => id);
  rows.asg = changed.asg;
  rows.snap = changed.snap;

  // Whatever else the network is made of, as now: it must be as built.
  const defaultCalendar = await ensureDefaultCalendar(db, version.spaceId);
  const ctx = await activityContext(db, version, settings, rows, defaultCalendar.id, net.idText);
  const { externals } = await readExternals(db, version, net.candidates);
  const frame = networkFrame(
    version,
    settings,
    defaultCalendar.id,
    await readCalendarRows(db, version),
    externals,
    rows.el.length > 0,
  );
  if (frameKey(frame, ctx) !== net.key) return null;

  const activities = net.scheduler.input().activities;
  for (let q = 0; q < m; q++) {
    const k = at[q];
    const patch = patchOf(activities[k], activityOf(rows, k, startedAt.get(k) ?? -1, ctx));
    if (patch) net.scheduler.updateActivity(activities[k].id, patch);
  }

  // Stored results: the last answer, but where another transaction wrote a row (its results as it wrote them).
  // Typed copies (a native copy: Array.from of seven 100k columns cost ~25 ms CPU); a row's result that another
  // transaction left empty is NaN there, which equals no answer of the engine, so the row is written.
  const r = net.result;
  const stored = [r.earlyStart, r.earlyFinish, r.lateStart, r.lateFinish, r.totalFloat, r.freeFloat, r.critical].map(
    (column) => Float64Array.from(column),
  ) as unknown as StoredResults;
  const res = changed.res;
  if (res)
    for (let q = 0; q < m; q++)
      for (let column = 0; column < 7; column++) stored[column][at[q]] = res[column][q] ?? Number.NaN;
  return { stored, snapshot: changed.snap };
}

/** Place among started items (the progress columns' index) of each of the items `at` that is started. */
function startedPlaces(rows: ItemColumns, at: readonly number[]): Map<number, number> {
  const wanted = new Set(at);
  const out = new Map<number, number>();
  if (wanted.size === 0) return out;
  for (let k = 0, j = -1; k < rows.st.length; k++) {
    if (rows.st[k] === "not_started") continue;
    j++;
    if (wanted.has(k)) out.set(k, j);
  }
  return out;
}

/** The fields that differ from `before` in `after` (undefined: removed); null when none does. */
function patchOf(before: ActivityInput, after: ActivityInput): ActivityPatch | null {
  const patch: Record<string, unknown> = {};
  let any = false;
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (key === "id") continue;
    const x = b[key];
    const y = a[key];
    if (x === y || (typeof x === "object" && typeof y === "object" && JSON.stringify(x) === JSON.stringify(y)))
      continue;
    patch[key] = y;
    any = true;
  }
  return any ? (patch as ActivityPatch) : null;
}

/**
 * The version's network ready to calculate: the kept one patched, else read whole and compiled (the stored results
 * known from the last calculation here not read again). Taken out of the keeping: the caller keeps it again once its
 * answer is written. Throws EngineInputError on a network the engine refuses.
 */
export async function networkToCalculate(
  db: DbOrTx,
  version: VersionRow,
  settings: CalculateSettings,
): Promise<{ net: NetworkState; stored: StoredResults; previous?: { links: RelationColumns; health: HealthRows } }> {
  const kept = keptNetwork(version.id);
  forgetNetwork(version.id);
  const patched = kept ? await patchKeptNetwork(db, version, settings, kept) : null;
  if (kept && patched)
    return {
      net: { ...kept, snapshot: patched.snapshot },
      stored: patched.stored,
      previous: { links: kept.links, health: kept.health },
    };
  const read = await calculationInput(db, version, settings, knownResults(version.id));
  const place = new Map<number, number>();
  for (let k = 0; k < read.rows.id.length; k++) place.set(read.rows.id[k], k);
  const net: NetworkState = {
    snapshot: read.snapshot,
    scheduler: createScheduler(read.input),
    rows: read.rows,
    links: read.links,
    place,
    idText: read.idText,
    candidates: read.candidates,
    key: read.key,
  };
  return { net, stored: read.stored };
}
