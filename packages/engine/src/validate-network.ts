import { EngineInputError } from "./engine-input-error.js";
import { IdIndex } from "./id-index.js";
import { K_LOE, K_MS_FINISH, K_MS_START, K_SUM, K_TASK } from "./network-model.js";
import { tryWallMinutes } from "./time-format.js";
import type { NetworkInput, RelationInput } from "./types.js";

const ACTIVITY_TYPES = new Set(["task", "work", "milestone_start", "milestone_finish", "sum", "level_of_effort"]);
const LIMIT_TYPES = new Set(["not_earlier", "not_later", "in_date", "mandatory"]);
const LAG_CALENDARS = new Set(["predecessor", "successor", "24h", "project"]);
const PROGRESS = new Set(["retained_logic", "progress_override", "actual_dates"]);
const FLOAT_TYPES = new Set(["start", "finish", "smallest"]);
const CRITICAL = new Set(["float", "longest_path"]);
const SS_LAG_FROM = new Set(["early_start", "actual_start"]);

type Rec = Record<string, unknown>;
/** The checked item's name as EngineInputError.item (built only once something fails: see the loops below). */
type Item = string;

function fail(item: Item, message: string): never {
  throw new EngineInputError(item, message);
}

/** Kind code (K_* of network-model) of an activity type, -1 when it is not one. */
export function kindOf(type: unknown): number {
  switch (type) {
    case "task":
    case "work":
      return K_TASK;
    case "milestone_start":
      return K_MS_START;
    case "milestone_finish":
      return K_MS_FINISH;
    case "sum":
      return K_SUM;
    case "level_of_effort":
      return K_LOE;
    default:
      return -1;
  }
}

const activityItem = (id: string): string => `activity "${id}"`;

const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);

function checkDate(v: unknown, item: Item, field: string, optional: boolean): void {
  if (v === undefined && optional) return;
  if (tryWallMinutes(v) === undefined) {
    fail(item, `${field} "${String(v)}" is not a date YYYY-MM-DDTHH:mm (or whole minutes since 1970)`);
  }
}

/** A resource-driven activity's assignments: known calendars, whole minutes of remaining work. */
function checkResources(v: unknown, calendarIds: Map<string, number>, item: Item): void {
  if (!Array.isArray(v)) fail(item, "resources must be a list");
  for (const r of v as unknown[]) {
    if (!isRec(r) || typeof r.calendar !== "string" || !calendarIds.has(r.calendar)) {
      fail(item, `resources: unknown calendar "${isRec(r) ? String(r.calendar) : ""}"`);
    }
    checkMinutes((r as { remaining: unknown }).remaining, item, "resources.remaining", false, false);
  }
}

/** A manually scheduled task's typed dates: both given, the finish not before the start. */
function checkManual(v: unknown, item: Item): void {
  if (!isRec(v)) fail(item, "manual must be { start, finish }");
  checkDate(v.start, item, "manual.start", false);
  checkDate(v.finish, item, "manual.finish", false);
  if ((tryWallMinutes(v.finish) as number) < (tryWallMinutes(v.start) as number)) {
    fail(item, "manual.finish is before manual.start");
  }
}

function checkMinutes(v: unknown, item: Item, field: string, optional: boolean, allowNegative: boolean): void {
  if (v === undefined && optional) return;
  if (typeof v !== "number" || !Number.isInteger(v)) {
    fail(item, `${field} must be an integer number of minutes, got ${JSON.stringify(v)}`);
  }
  if (!allowNegative && v < 0) fail(item, `${field} must not be negative (${v})`);
  if (Math.abs(v) > 100_000_000) fail(item, `${field} is out of range (${v})`);
}

function checkEnum(v: unknown, allowed: Set<string>, item: Item, field: string): void {
  if (v === undefined) return;
  if (typeof v !== "string" || !allowed.has(v)) {
    fail(item, `${field} must be one of ${[...allowed].join(", ")}, got ${JSON.stringify(v)}`);
  }
}

function checkLimit(v: unknown, item: Item, field: string): void {
  if (v === undefined) return;
  if (!isRec(v)) fail(item, `${field} must be { type, date }`);
  if (typeof v.type !== "string" || !LIMIT_TYPES.has(v.type)) {
    fail(item, `${field}.type must be not_earlier, not_later, in_date or mandatory`);
  }
  checkDate(v.date, item, `${field}.date`, false);
}

/** Relation type codes (R_FS … R_SF of network-model) and lag-calendar codes (-1 = none given). */
const REL_CODE: Record<string, number> = { FS: 0, SS: 1, FF: 2, SF: 3 };
const LAG_CAL_CODE: Record<string, number> = { predecessor: 0, successor: 1, "24h": 2, project: 3 };

/** Relations read once into flat arrays: ends as node indices, type and lag-calendar codes, lags. */
export interface RelationArrays {
  relFrom: Int32Array;
  relTo: Int32Array;
  relType: Uint8Array;
  relLag: Int32Array;
  /** 0 predecessor, 1 successor, 2 24h, 3 project; -1 when the relation has no lagCalendar of its own. */
  relLagCal: Int8Array;
}

/** Activities' common fields read once: kind (K_*), calendar (index in input.calendars, -1 = default), duration. */
export interface ActivityArrays {
  actKind: Uint8Array;
  actCal: Int32Array;
  actDuration: Int32Array;
  /** Activities with any of remaining, actual dates, limits or a parent: only these are read again. */
  actRich: Int32Array;
}

/** What validation learnt on the way, reused by the network builder so nothing is read or looked up twice. */
export interface ValidatedNetwork extends RelationArrays, ActivityArrays {
  input: NetworkInput;
  /** Activities then externals, by id. */
  index: IdIndex;
}

/** Reads already validated relations into flat arrays (used when the relations change after validation). */
export function relationArrays(rels: readonly RelationInput[], index: IdIndex): RelationArrays {
  const m = rels.length;
  const out: RelationArrays = {
    relFrom: new Int32Array(m),
    relTo: new Int32Array(m),
    relType: new Uint8Array(m),
    relLag: new Int32Array(m),
    relLagCal: new Int8Array(m),
  };
  for (let r = 0; r < m; r++) {
    const rel = rels[r];
    out.relFrom[r] = index.get(rel.from) as number;
    out.relTo[r] = index.get(rel.to) as number;
    out.relType[r] = REL_CODE[rel.type];
    out.relLag[r] = rel.lag ?? 0;
    out.relLagCal[r] = rel.lagCalendar === undefined ? -1 : LAG_CAL_CODE[rel.lagCalendar];
  }
  return out;
}

/**
 * Checks the shape and references of a network (calendar ids, relation ends, durations, dates) and returns it
 * typed. Throws EngineInputError naming the offending item. Calendar interval syntax is checked when the
 * calendars are compiled.
 */
export function validateNetwork(input: unknown): NetworkInput {
  return validateAndIndex(input).input;
}

/** validateNetwork, also returning the id index and the relation ends as node indices. */
export function validateAndIndex(input: unknown): ValidatedNetwork {
  if (!isRec(input)) throw new EngineInputError("network", "input must be a JSON object");
  checkDate(input.projectStart, "network", "projectStart", false);
  checkDate(input.dataDate, "network", "dataDate", true);
  const opts = input.options;
  if (opts !== undefined) {
    if (!isRec(opts)) throw new EngineInputError("options", "options must be an object");
    checkEnum(opts.progress, PROGRESS, "options", "progress");
    checkEnum(opts.floatType, FLOAT_TYPES, "options", "floatType");
    checkEnum(opts.lagCalendar, LAG_CALENDARS, "options", "lagCalendar");
    checkEnum(opts.critical, CRITICAL, "options", "critical");
    checkEnum(opts.ssLagFrom, SS_LAG_FROM, "options", "ssLagFrom");
    checkMinutes(opts.criticalFloat, "options", "criticalFloat", true, true);
    checkDate(opts.mustFinishBy, "options", "mustFinishBy", true);
    if (opts.openEndsCritical !== undefined && typeof opts.openEndsCritical !== "boolean") {
      throw new EngineInputError("options", "openEndsCritical must be true or false");
    }
    if (opts.startLinksBoundLate !== undefined && typeof opts.startLinksBoundLate !== "boolean") {
      throw new EngineInputError("options", "startLinksBoundLate must be true or false");
    }
    if (opts.resourceRunsInActivityHours !== undefined && typeof opts.resourceRunsInActivityHours !== "boolean") {
      throw new EngineInputError("options", "resourceRunsInActivityHours must be true or false");
    }
  }
  if (!Array.isArray(input.calendars)) throw new EngineInputError("network", "calendars must be an array");
  const calendarIds = new Map<string, number>();
  for (const c of input.calendars as unknown[]) {
    if (!isRec(c) || typeof c.id !== "string" || c.id === "") {
      throw new EngineInputError("calendar", "every calendar needs a string id");
    }
    if (calendarIds.has(c.id)) throw new EngineInputError(`calendar "${c.id}"`, "duplicate calendar id");
    calendarIds.set(c.id, calendarIds.size);
  }
  if (typeof input.defaultCalendar !== "string" || !calendarIds.has(input.defaultCalendar)) {
    throw new EngineInputError(
      `calendar "${String(input.defaultCalendar)}"`,
      "defaultCalendar is not a known calendar",
    );
  }
  if (!Array.isArray(input.activities)) throw new EngineInputError("network", "activities must be an array");
  const ids = new IdIndex((input.activities as unknown[]).length);
  const { sums, parents, ...activityArrays } = indexActivities(input.activities as unknown[], calendarIds, ids);
  for (const a of parents ? (input.activities as Rec[]) : []) {
    if (a.parent === undefined) continue;
    const item = `activity "${a.id as string}"`;
    if (!ids.has(a.parent as string)) throw new EngineInputError(item, `parent "${String(a.parent)}" does not exist`);
    if (!sums?.has(a.parent as string)) {
      throw new EngineInputError(item, `parent "${String(a.parent)}" is not a sum activity`);
    }
  }
  const externals = input.externals;
  if (externals !== undefined) {
    if (!Array.isArray(externals)) throw new EngineInputError("network", "externals must be an array");
    for (const x of externals as unknown[]) {
      if (!isRec(x) || typeof x.id !== "string" || x.id === "") {
        throw new EngineInputError("external", "every external needs a string id");
      }
      const item = `external "${x.id}"`;
      if (!ids.add(x.id)) throw new EngineInputError(item, "id is already used by an activity or external");
      for (const f of ["earlyStart", "earlyFinish", "lateStart", "lateFinish"]) checkDate(x[f], item, f, true);
      if (x.calendar !== undefined && (typeof x.calendar !== "string" || !calendarIds.has(x.calendar))) {
        throw new EngineInputError(item, `unknown calendar "${String(x.calendar)}"`);
      }
    }
  }
  if (!Array.isArray(input.relations)) throw new EngineInputError("network", "relations must be an array");
  return {
    input: input as unknown as NetworkInput,
    index: ids,
    ...activityArrays,
    ...readRelations(input.relations as unknown[], ids),
  };
}

/**
 * Checks the activities and indexes their ids. Each big loop of the validation is a function of its own: a cold
 * call runs a loop interpreted until V8 compiles it on the stack, and a small function compiles sooner and does
 * not fall back to the interpreter for code after the loop that never ran.
 */
function indexActivities(
  acts: unknown[],
  calendarIds: Map<string, number>,
  ids: IdIndex,
): ActivityArrays & { sums: Set<string> | undefined; parents: boolean } {
  let sums: Set<string> | undefined;
  let parents = false;
  const n = acts.length;
  const actKind = new Uint8Array(n);
  const actCal = new Int32Array(n);
  const actDuration = new Int32Array(n);
  const rich: number[] = [];
  for (let k = 0; k < n; k++) {
    const a = acts[k];
    if (!isRec(a) || typeof a.id !== "string" || a.id === "") {
      throw new EngineInputError(`activity #${k}`, "every activity needs a string id");
    }
    const id = a.id;
    // Only present fields are checked and the item name is built only on failure, so the common path stays a
    // handful of property reads and no allocation.
    if (!ids.add(id)) fail(activityItem(id), "duplicate activity id");
    const type = a.type;
    if (type !== undefined) {
      const kind = kindOf(type);
      if (kind < 0) checkEnum(type, ACTIVITY_TYPES, activityItem(id), "type");
      actKind[k] = kind;
      if (kind === K_SUM) {
        sums ??= new Set();
        sums.add(id);
      }
    }
    const calendar = a.calendar;
    if (calendar === undefined) actCal[k] = -1;
    else {
      const c = typeof calendar === "string" ? calendarIds.get(calendar) : undefined;
      if (c === undefined) fail(activityItem(id), `unknown calendar "${String(calendar)}"`);
      actCal[k] = c;
    }
    const d = a.duration;
    if (typeof d !== "number" || !Number.isInteger(d) || d < 0 || d > 100_000_000) {
      checkMinutes(d, activityItem(id), "duration", false, false);
    }
    actDuration[k] = d as number;
    const remaining = a.remaining;
    const startLimit = a.startLimit;
    const finishLimit = a.finishLimit;
    const as = a.actualStart;
    const af = a.actualFinish;
    const parent = a.parent;
    const alap = a.alap;
    const expected = a.expectedFinish;
    const resume = a.resume;
    const resources = a.resources;
    const manual = a.manual;
    if (
      manual === undefined &&
      resume === undefined &&
      resources === undefined &&
      alap === undefined &&
      expected === undefined &&
      remaining === undefined &&
      startLimit === undefined &&
      finishLimit === undefined &&
      as === undefined &&
      af === undefined &&
      parent === undefined
    ) {
      continue;
    }
    rich.push(k);
    if (remaining !== undefined) checkMinutes(remaining, activityItem(id), "remaining", true, false);
    if (startLimit !== undefined) checkLimit(startLimit, activityItem(id), "startLimit");
    if (finishLimit !== undefined) checkLimit(finishLimit, activityItem(id), "finishLimit");
    if (as !== undefined) checkDate(as, activityItem(id), "actualStart", true);
    if (af !== undefined) checkDate(af, activityItem(id), "actualFinish", true);
    if (as !== undefined && af !== undefined) {
      if ((tryWallMinutes(af) as number) < (tryWallMinutes(as) as number)) {
        fail(activityItem(id), "actualFinish is before actualStart");
      }
    }
    if (alap !== undefined && typeof alap !== "boolean") fail(activityItem(id), "alap must be true or false");
    if (expected !== undefined) checkDate(expected, activityItem(id), "expectedFinish", true);
    if (resume !== undefined) checkDate(resume, activityItem(id), "resume", true);
    if (resources !== undefined) checkResources(resources, calendarIds, activityItem(id));
    if (manual !== undefined) checkManual(manual, activityItem(id));
    if (parent !== undefined) {
      if (typeof parent !== "string") fail(activityItem(id), "parent must be an id");
      parents = true;
    }
  }
  return { sums, parents, actKind, actCal, actDuration, actRich: Int32Array.from(rich) };
}

/** Checks the relations and reads each one once into flat arrays, so the builder never touches the objects again. */
function readRelations(rels: unknown[], ids: IdIndex): RelationArrays {
  const m = rels.length;
  const relFrom = new Int32Array(m);
  const relTo = new Int32Array(m);
  const relType = new Uint8Array(m);
  const relLag = new Int32Array(m);
  const relLagCal = new Int8Array(m);
  for (let i = 0; i < m; i++) {
    const r = rels[i];
    if (!isRec(r)) throw new EngineInputError(`relation #${i}`, "a relation must be an object");
    const rf = r.from;
    const rt = r.to;
    const from = typeof rf === "string" ? ids.get(rf) : undefined;
    const to = typeof rt === "string" ? ids.get(rt) : undefined;
    const type = r.type;
    const code = type === "FS" ? 0 : type === "SS" ? 1 : type === "FF" ? 2 : type === "SF" ? 3 : -1;
    // Cheap checks first; the item name is only built for the relation that fails.
    if (from === undefined || to === undefined || code < 0) {
      const item = `relation #${i} ${String(rf)}->${String(rt)}`;
      if (from === undefined) fail(item, `predecessor "${String(rf)}" does not exist`);
      if (to === undefined) fail(item, `successor "${String(rt)}" does not exist`);
      fail(item, `type must be FS, SS, FF or SF, got ${JSON.stringify(type)}`);
    }
    relFrom[i] = from as number;
    relTo[i] = to as number;
    relType[i] = code;
    const lag = r.lag;
    if (lag !== undefined) {
      if (!(typeof lag === "number" && Number.isInteger(lag) && Math.abs(lag) <= 100_000_000)) {
        checkMinutes(lag, `relation #${i} ${String(rf)}->${String(rt)}`, "lag", true, true);
      }
      relLag[i] = lag as number;
    }
    const lc = r.lagCalendar;
    if (lc === undefined) relLagCal[i] = -1;
    else {
      checkEnum(lc, LAG_CALENDARS, `relation #${i}`, "lagCalendar");
      relLagCal[i] = LAG_CAL_CODE[lc as string];
    }
  }
  return { relFrom, relTo, relType, relLag, relLagCal };
}
