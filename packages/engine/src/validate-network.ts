import { EngineInputError } from "./engine-input-error.js";
import { tryParseDateTime } from "./time-format.js";
import type { NetworkInput } from "./types.js";

const ACTIVITY_TYPES = new Set(["task", "work", "milestone_start", "milestone_finish", "sum", "level_of_effort"]);
const RELATION_TYPES = new Set(["FS", "SS", "FF", "SF"]);
const LIMIT_TYPES = new Set(["not_earlier", "not_later", "in_date"]);
const LAG_CALENDARS = new Set(["predecessor", "successor", "24h", "project"]);
const PROGRESS = new Set(["retained_logic", "progress_override", "actual_dates"]);
const FLOAT_TYPES = new Set(["start", "finish", "smallest"]);
const CRITICAL = new Set(["float", "longest_path"]);
const SS_LAG_FROM = new Set(["early_start", "actual_start"]);

type Rec = Record<string, unknown>;
/** Item names are built only when something fails: 400k template strings would dominate a cold validation. */
type Item = string | (() => string);

function fail(item: Item, message: string): never {
  throw new EngineInputError(typeof item === "string" ? item : item(), message);
}

const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);

function checkDate(v: unknown, item: Item, field: string, optional: boolean): void {
  if (v === undefined && optional) return;
  if (tryParseDateTime(v) === undefined) {
    fail(item, `${field} "${String(v)}" is not a date YYYY-MM-DDTHH:mm`);
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
    fail(item, `${field}.type must be not_earlier, not_later or in_date`);
  }
  checkDate(v.date, item, `${field}.date`, false);
}

/** What validation learnt on the way, reused by the network builder so ids are looked up once. */
export interface ValidatedNetwork {
  input: NetworkInput;
  /** Activities then externals, by id. */
  index: Map<string, number>;
  relFrom: Int32Array;
  relTo: Int32Array;
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
  }
  if (!Array.isArray(input.calendars)) throw new EngineInputError("network", "calendars must be an array");
  const calendarIds = new Set<string>();
  for (const c of input.calendars as unknown[]) {
    if (!isRec(c) || typeof c.id !== "string" || c.id === "") {
      throw new EngineInputError("calendar", "every calendar needs a string id");
    }
    if (calendarIds.has(c.id)) throw new EngineInputError(`calendar "${c.id}"`, "duplicate calendar id");
    calendarIds.add(c.id);
  }
  if (typeof input.defaultCalendar !== "string" || !calendarIds.has(input.defaultCalendar)) {
    throw new EngineInputError(
      `calendar "${String(input.defaultCalendar)}"`,
      "defaultCalendar is not a known calendar",
    );
  }
  if (!Array.isArray(input.activities)) throw new EngineInputError("network", "activities must be an array");
  const ids = new Map<string, number>();
  let sums: Set<string> | undefined;
  const acts = input.activities as unknown[];
  for (let k = 0; k < acts.length; k++) {
    const a = acts[k];
    if (!isRec(a) || typeof a.id !== "string" || a.id === "") {
      throw new EngineInputError(`activity #${k}`, "every activity needs a string id");
    }
    const id = a.id;
    // Only present fields are checked and the item name is built lazily: a cold 100k-activity validation is
    // interpreter time, so the common path stays a handful of property reads.
    const item = () => `activity "${id}"`;
    if (ids.has(id)) fail(item, "duplicate activity id");
    ids.set(id, k);
    const type = a.type;
    if (type !== undefined) {
      checkEnum(type, ACTIVITY_TYPES, item, "type");
      if (type === "sum") {
        sums ??= new Set();
        sums.add(id);
      }
    }
    if (a.calendar !== undefined && (typeof a.calendar !== "string" || !calendarIds.has(a.calendar))) {
      fail(item, `unknown calendar "${String(a.calendar)}"`);
    }
    const d = a.duration;
    if (typeof d !== "number" || !Number.isInteger(d) || d < 0 || d > 100_000_000) {
      checkMinutes(d, item, "duration", false, false);
    }
    if (a.remaining !== undefined) checkMinutes(a.remaining, item, "remaining", true, false);
    if (a.startLimit !== undefined) checkLimit(a.startLimit, item, "startLimit");
    if (a.finishLimit !== undefined) checkLimit(a.finishLimit, item, "finishLimit");
    if (a.actualStart !== undefined) checkDate(a.actualStart, item, "actualStart", true);
    if (a.actualFinish !== undefined) checkDate(a.actualFinish, item, "actualFinish", true);
    if (a.actualStart !== undefined && a.actualFinish !== undefined) {
      if ((tryParseDateTime(a.actualFinish) as number) < (tryParseDateTime(a.actualStart) as number)) {
        fail(item, "actualFinish is before actualStart");
      }
    }
    if (a.parent !== undefined && typeof a.parent !== "string") fail(item, "parent must be an id");
  }
  for (const a of input.activities as Rec[]) {
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
      if (ids.has(x.id)) throw new EngineInputError(item, "id is already used by an activity or external");
      ids.set(x.id, ids.size);
      for (const f of ["earlyStart", "earlyFinish", "lateStart", "lateFinish"]) checkDate(x[f], item, f, true);
      if (x.calendar !== undefined && (typeof x.calendar !== "string" || !calendarIds.has(x.calendar))) {
        throw new EngineInputError(item, `unknown calendar "${String(x.calendar)}"`);
      }
    }
  }
  if (!Array.isArray(input.relations)) throw new EngineInputError("network", "relations must be an array");
  const rels = input.relations as unknown[];
  const relFrom = new Int32Array(rels.length);
  const relTo = new Int32Array(rels.length);
  for (let i = 0; i < rels.length; i++) {
    const r = rels[i];
    if (!isRec(r)) throw new EngineInputError(`relation #${i}`, "a relation must be an object");
    const from = typeof r.from === "string" ? ids.get(r.from) : undefined;
    const to = typeof r.to === "string" ? ids.get(r.to) : undefined;
    // Cheap checks first; the item name is only built for the relation that fails.
    if (from === undefined || to === undefined || typeof r.type !== "string" || !RELATION_TYPES.has(r.type)) {
      const item = `relation #${i} ${String(r.from)}->${String(r.to)}`;
      if (from === undefined) fail(item, `predecessor "${String(r.from)}" does not exist`);
      if (to === undefined) fail(item, `successor "${String(r.to)}" does not exist`);
      fail(item, `type must be FS, SS, FF or SF, got ${JSON.stringify(r.type)}`);
    }
    relFrom[i] = from as number;
    relTo[i] = to as number;
    const lag = r.lag;
    if (lag !== undefined && !(typeof lag === "number" && Number.isInteger(lag) && Math.abs(lag) <= 100_000_000)) {
      checkMinutes(lag, `relation #${i} ${String(r.from)}->${String(r.to)}`, "lag", true, true);
    }
    if (r.lagCalendar !== undefined) checkEnum(r.lagCalendar, LAG_CALENDARS, `relation #${i}`, "lagCalendar");
  }
  return { input: input as unknown as NetworkInput, index: ids, relFrom, relTo };
}
