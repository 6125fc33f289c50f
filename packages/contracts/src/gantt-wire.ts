import type { CalcStatus } from "./workspace.schema.js";
import { GANTT_COST_COLUMNS, type GanttCalendar, type GanttColumns, type GanttCostColumn } from "./workspace-gantt.js";

/**
 * How `GET /versions/{id}/gantt` travels (layout 2): the columns of `GanttColumns`, each packed into one string.
 * `encodeGantt` and `decodeGantt` are the only two functions that know it; everyone else reads `GanttColumns`.
 *
 * Why: as plain JSON arrays 100,000 activities and 270,000 relations were 19 MB, and serializing, compressing and
 * parsing them was most of a Gantt call after an edit. Most of those bytes said little: ids that count up by one,
 * dates eight digits long that differ from the row's early start by a few days, columns of -1 (no baseline, no
 * actual dates, no limit), names that repeat the previous row's first words. So:
 * - an integer column is a string of variable-length numbers (source maps' base-64 VLQ: 5 bits a character, no
 *   separator, only letters, digits, `-` and `_`, so JSON never escapes it), with runs of one value sent once;
 * - each number is what is left after what the reader already knows: an id less the previous row's, a parent as the
 *   distance back to it, a date less the row's early start (the early start less the previous row's), a late or
 *   baseline finish less its start; signed values are zigzag-mapped, "none" is 0 and a value v is v + 1;
 * - texts (code, name) are sent as the length shared with the previous row's text plus the rest, all the rests in
 *   one string;
 * - relations are sorted by successor, so the successor column counts up and a predecessor is a short distance back.
 * A column holding a value the packing cannot carry (a fractional percent complete) travels as a plain JSON array.
 */
export const GANTT_WIRE_LAYOUT = 2;

/** A packed integer column, or the plain values when one of them is not a whole number. */
export type WireInts = string | (number | null)[];

/** A text column: the length shared with the previous row's text, the rest's length, and the rests joined. */
export interface WireTexts {
  shared: WireInts;
  rest: WireInts;
  text: string;
}

export interface GanttWire {
  version: typeof GANTT_WIRE_LAYOUT;
  /** Rows. */
  n: number;
  ids: WireInts;
  parent: WireInts;
  type: WireInts;
  code: WireTexts;
  name: WireTexts;
  calendar: WireInts;
  duration: WireInts;
  remaining: WireInts;
  earlyStart: WireInts;
  earlyFinish: WireInts;
  lateStart: WireInts;
  lateFinish: WireInts;
  totalFloat: WireInts;
  freeFloat: WireInts;
  critical: WireInts;
  progress: WireInts;
  baselineStart: WireInts;
  baselineFinish: WireInts;
  actualStart: WireInts;
  actualFinish: WireInts;
  startLimitType: WireInts;
  startLimitDate: WireInts;
  finishLimitType: WireInts;
  finishLimitDate: WireInts;
  revision: WireInts;
  /** 1 where the work has an elapsed duration (MS Project), else 0. */
  elapsed: WireInts;
  /** Money in cents, labour and volume in thousandths (GANTT_COST_COLUMNS), null = 0, else the signed value + 1. */
  plannedCost: WireInts;
  actualCost: WireInts;
  plannedLabour: WireInts;
  actualLabour: WireInts;
  plannedVolume: WireInts;
  actualVolume: WireInts;
  attrs: Record<string, (string | number | null)[]>;
  relations: { count: number; from: WireInts; to: WireInts; type: WireInts; lag: WireInts };
  calendars: GanttCalendar[];
  defaultCalendar: number;
  projectStart: number;
  dataDate: number;
  calcStatus: CalcStatus;
  versionRevision: number;
  /** The caller's expanded flags: last, because the server appends this per-user part to a shared beginning. */
  expanded: WireInts;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DIGIT = new Int8Array(128).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) DIGIT[ALPHABET.charCodeAt(k)] = k;
const CODE = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** Values whose arithmetic stays exact (a run flag doubles them). */
const MAX_PACKED = 2 ** 50;
/** A run this long or longer is sent as value + count. */
const MIN_RUN = 3;

const zigzag = (v: number) => (v >= 0 ? 2 * v : -2 * v - 1);
const unzigzag = (u: number) => (u % 2 === 0 ? u / 2 : -(u + 1) / 2);

/** Writes unsigned integers as VLQ characters into a growing byte buffer. */
class VlqWriter {
  private bytes = new Uint8Array(1024);
  private at = 0;

  put(value: number) {
    if (this.at + 11 > this.bytes.length) {
      const bigger = new Uint8Array(this.bytes.length * 2);
      bigger.set(this.bytes);
      this.bytes = bigger;
    }
    let v = value;
    while (v >= 32) {
      this.bytes[this.at++] = CODE[(v % 32) + 32];
      v = Math.floor(v / 32);
    }
    this.bytes[this.at++] = CODE[v];
  }

  text(): string {
    // ASCII only: each byte is one character. In slices, since a call takes a bounded number of arguments.
    const parts: string[] = [];
    for (let from = 0; from < this.at; from += 8192)
      parts.push(String.fromCharCode.apply(null, this.bytes.subarray(from, Math.min(this.at, from + 8192)) as never));
    return parts.join("");
  }
}

/**
 * Packs `n` values through `code` (value at k → unsigned integer, or NaN when it cannot be packed). Answers the
 * plain values when any cannot be packed.
 */
function packWith(n: number, code: (k: number) => number, plain: (k: number) => number | null): WireInts {
  const codes = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const c = code(k);
    if (!(Number.isInteger(c) && c >= 0 && c < MAX_PACKED)) return Array.from({ length: n }, (_, i) => plain(i));
    codes[k] = c;
  }
  const out = new VlqWriter();
  let k = 0;
  while (k < n) {
    const value = codes[k];
    let end = k + 1;
    while (end < n && codes[end] === value) end++;
    if (end - k >= MIN_RUN) {
      out.put(value * 2 + 1);
      out.put(end - k - MIN_RUN);
      k = end;
    } else {
      out.put(value * 2);
      k++;
    }
  }
  return out.text();
}

/** Unpacks `n` codes of a packed column; `value(code, k)` turns each back (it may read rows before k). */
function unpackWith(wire: WireInts, n: number, value: (code: number, k: number) => number | null): (number | null)[] {
  if (typeof wire !== "string") {
    if (wire.length !== n) throw new Error(`a Gantt column holds ${wire.length} values, expected ${n}`);
    return wire;
  }
  const out = new Array<number | null>(n);
  let k = 0;
  let at = 0;
  const next = () => {
    let result = 0;
    let scale = 1;
    for (;;) {
      const digit = DIGIT[wire.charCodeAt(at++)];
      if (digit === undefined || digit < 0) throw new Error("a Gantt column is not packed text");
      result += (digit % 32) * scale;
      if (digit < 32) return result;
      scale *= 32;
    }
  };
  while (at < wire.length) {
    const token = next();
    const code = Math.floor(token / 2);
    const count = token % 2 === 1 ? next() + MIN_RUN : 1;
    if (k + count > n) throw new Error(`a Gantt column holds more than ${n} values`);
    for (let c = 0; c < count; c++, k++) out[k] = value(code, k);
  }
  if (k !== n) throw new Error(`a Gantt column holds ${k} values, expected ${n}`);
  return out;
}

const NONE = -1;
/** A signed value, or NaN when it is not one (so the column travels plain). */
const signed = (v: number | null) => (typeof v === "number" ? zigzag(v) : Number.NaN);
/** A value where null = none: 0, else the signed value + 1. */
const nullable = (v: number | null) => (v === null ? 0 : zigzag(v) + 1);
/** A date (minutes, -1 = none) against a reference date the reader already has. */
const dateFrom = (v: number, reference: number) => (v === NONE ? 0 : zigzag(v - reference) + 1);
const dateBack = (code: number, reference: number) => (code === 0 ? NONE : unzigzag(code - 1) + reference);

export function packTexts(values: readonly string[]): WireTexts {
  const n = values.length;
  const shared = new Array<number>(n);
  const rest = new Array<number>(n);
  const parts = new Array<string>(n);
  let previous = "";
  for (let k = 0; k < n; k++) {
    const text = values[k] ?? "";
    const limit = Math.min(text.length, previous.length);
    let s = 0;
    while (s < limit && text.charCodeAt(s) === previous.charCodeAt(s)) s++;
    shared[k] = s;
    rest[k] = text.length - s;
    parts[k] = text.slice(s);
    previous = text;
  }
  return {
    shared: packWith(
      n,
      (k) => shared[k],
      (k) => shared[k],
    ),
    rest: packWith(
      n,
      (k) => rest[k],
      (k) => rest[k],
    ),
    text: parts.join(""),
  };
}

export function unpackTexts(wire: WireTexts, n: number): string[] {
  const shared = unpackWith(wire.shared, n, (c) => c) as number[];
  const rest = unpackWith(wire.rest, n, (c) => c) as number[];
  const out = new Array<string>(n);
  let previous = "";
  let at = 0;
  for (let k = 0; k < n; k++) {
    const text = previous.slice(0, shared[k]) + wire.text.slice(at, at + rest[k]);
    at += rest[k];
    out[k] = text;
    previous = text;
  }
  if (at !== wire.text.length) throw new Error("a Gantt text column holds more text than its lengths say");
  return out;
}

/** A packed column of plain unsigned or signed integers (no reference). */
export const packSigned = (values: readonly (number | null)[]) =>
  packWith(
    values.length,
    (k) => signed(values[k]),
    (k) => values[k],
  );
export const unpackSigned = (wire: WireInts, n: number) => unpackWith(wire, n, unzigzag) as number[];

/**
 * Unpacks a signed column straight into a typed array of its length. Usage series hold hundreds of thousands of
 * values: a plain array that large is slow to fill (V8 keeps `new Array(n)` of that size as a dictionary).
 */
export function unpackSignedInto(wire: WireInts, out: Float64Array | Int32Array): void {
  const n = out.length;
  if (typeof wire !== "string") {
    if (wire.length !== n) throw new Error(`a packed column holds ${wire.length} values, expected ${n}`);
    for (let k = 0; k < n; k++) out[k] = wire[k] ?? 0;
    return;
  }
  let k = 0;
  let at = 0;
  const next = () => {
    let result = 0;
    let scale = 1;
    for (;;) {
      const digit = DIGIT[wire.charCodeAt(at++)];
      if (digit === undefined || digit < 0) throw new Error("a column is not packed text");
      result += (digit % 32) * scale;
      if (digit < 32) return result;
      scale *= 32;
    }
  };
  while (at < wire.length) {
    const token = next();
    const value = unzigzag(Math.floor(token / 2));
    const count = token % 2 === 1 ? next() + MIN_RUN : 1;
    if (k + count > n) throw new Error(`a packed column holds more than ${n} values`);
    for (const end = k + count; k < end; k++) out[k] = value;
  }
  if (k !== n) throw new Error(`a packed column holds ${k} values, expected ${n}`);
}

/** The reference of the row's own dates: its early start, else the project start. */
function ownStart(earlyStart: readonly number[], origin: number) {
  return (k: number) => (earlyStart[k] === NONE ? origin : earlyStart[k]);
}

/** A money, labour or volume column as whole hundredths or thousandths (most rows have none: runs of 0). */
function packAmounts(values: readonly (number | null)[], column: GanttCostColumn): WireInts {
  const scale = 10 ** GANTT_COST_COLUMNS[column];
  return packWith(
    values.length,
    (k) => {
      const v = values[k];
      return v === null || v === undefined ? 0 : zigzag(Math.round(v * scale)) + 1;
    },
    (k) => values[k] ?? null,
  );
}

function unpackAmounts(wire: WireInts, n: number, column: GanttCostColumn): (number | null)[] {
  const scale = 10 ** GANTT_COST_COLUMNS[column];
  return unpackWith(wire, n, (code) => (code === 0 ? null : unzigzag(code - 1) / scale));
}

/** The `expanded` column alone (the server writes it per user after the shared part). */
export const encodeExpanded = (expanded: readonly number[]) => packSigned(expanded);

/** The columns as they travel (see the top of this file). */
export function encodeGantt(columns: GanttColumns): GanttWire {
  return { ...encodeGanttShared(columns), expanded: encodeExpanded(columns.expanded) };
}

/** The packed columns of a Gantt less `expanded`. */
export type GanttSharedWire = Omit<GanttWire, "expanded">;
/** The columns of a Gantt less `expanded`. */
type SharedColumns = Omit<GanttColumns, "expanded">;

/**
 * The columns each packed column is packed against besides its own values: a date against the row's early start
 * (the early start against the previous row's), a finish against its start. Changing one of them re-packs it.
 */
const PACKED_AGAINST: Partial<Record<keyof GanttSharedWire, (keyof SharedColumns)[]>> = {
  earlyFinish: ["earlyStart"],
  lateStart: ["earlyStart"],
  lateFinish: ["earlyStart", "earlyFinish"],
  baselineStart: ["earlyStart"],
  baselineFinish: ["earlyStart", "baselineStart"],
  actualStart: ["earlyStart"],
  actualFinish: ["earlyStart", "actualStart"],
  startLimitDate: ["earlyStart"],
  finishLimitDate: ["earlyStart", "earlyFinish"],
};

/**
 * All but the per-user `expanded` column, as it travels: the part the server keeps for every user of a version.
 * `previous` is the packing of the same rows in the same order before some of their columns changed (`changed`
 * names them, `relations` for any relation): the other packed columns are taken from it as they are, since packing
 * every column of 100,000 rows again was most of a Gantt call after an edit that changed one or two. Another row
 * count or project start (every date is packed against it) packs everything again.
 */
export function encodeGanttShared(
  columns: SharedColumns,
  previous?: { wire: GanttSharedWire; changed: ReadonlySet<keyof SharedColumns> },
): GanttSharedWire {
  const n = columns.ids.length;
  const reuse = previous?.wire.n === n && previous.wire.projectStart === columns.projectStart ? previous : null;
  /** The previous packing of a column, when neither it nor what it is packed against changed. */
  const kept = <K extends keyof GanttSharedWire & keyof SharedColumns>(name: K): GanttSharedWire[K] | undefined => {
    if (!reuse || reuse.changed.has(name)) return undefined;
    if (PACKED_AGAINST[name]?.some((other) => reuse.changed.has(other))) return undefined;
    return reuse.wire[name];
  };
  const origin = columns.projectStart;
  const es = columns.earlyStart;
  const start = ownStart(es, origin);
  const dates = (values: readonly number[], reference: (k: number) => number) =>
    packWith(
      n,
      (k) => dateFrom(values[k], reference(k)),
      (k) => values[k],
    );
  const finishOf = (starts: readonly number[]) => (k: number) => (starts[k] === NONE ? start(k) : starts[k]);
  const packEarlyStart = () => {
    let previousStart = origin;
    const codes = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      codes[k] = dateFrom(es[k], previousStart);
      if (es[k] !== NONE) previousStart = es[k];
    }
    return packWith(
      n,
      (k) => codes[k],
      (k) => es[k],
    );
  };
  return {
    version: GANTT_WIRE_LAYOUT,
    n,
    ids:
      kept("ids") ??
      packWith(
        n,
        (k) => signed(columns.ids[k] - (k > 0 ? columns.ids[k - 1] : 0)),
        (k) => columns.ids[k],
      ),
    parent:
      kept("parent") ??
      packWith(
        n,
        (k) => (columns.parent[k] < 0 ? 0 : k - columns.parent[k]),
        (k) => columns.parent[k],
      ),
    type: kept("type") ?? packSigned(columns.type),
    code: kept("code") ?? packTexts(columns.code),
    name: kept("name") ?? packTexts(columns.name),
    calendar: kept("calendar") ?? packSigned(columns.calendar),
    duration: kept("duration") ?? packSigned(columns.duration),
    remaining: kept("remaining") ?? packSigned(columns.remaining),
    earlyStart: kept("earlyStart") ?? packEarlyStart(),
    earlyFinish: kept("earlyFinish") ?? dates(columns.earlyFinish, start),
    lateStart: kept("lateStart") ?? dates(columns.lateStart, start),
    lateFinish: kept("lateFinish") ?? dates(columns.lateFinish, finishOf(columns.earlyFinish)),
    totalFloat:
      kept("totalFloat") ??
      packWith(
        n,
        (k) => nullable(columns.totalFloat[k]),
        (k) => columns.totalFloat[k],
      ),
    freeFloat:
      kept("freeFloat") ??
      packWith(
        n,
        (k) => nullable(columns.freeFloat[k]),
        (k) => columns.freeFloat[k],
      ),
    critical: kept("critical") ?? packSigned(columns.critical),
    progress: kept("progress") ?? packSigned(columns.progress),
    baselineStart: kept("baselineStart") ?? dates(columns.baselineStart, start),
    baselineFinish: kept("baselineFinish") ?? dates(columns.baselineFinish, finishOf(columns.baselineStart)),
    actualStart: kept("actualStart") ?? dates(columns.actualStart, start),
    actualFinish: kept("actualFinish") ?? dates(columns.actualFinish, finishOf(columns.actualStart)),
    startLimitType: kept("startLimitType") ?? packSigned(columns.startLimitType),
    startLimitDate: kept("startLimitDate") ?? dates(columns.startLimitDate, start),
    finishLimitType: kept("finishLimitType") ?? packSigned(columns.finishLimitType),
    finishLimitDate: kept("finishLimitDate") ?? dates(columns.finishLimitDate, finishOf(columns.earlyFinish)),
    revision: kept("revision") ?? packSigned(columns.revision),
    elapsed: kept("elapsed") ?? packSigned(columns.elapsed),
    plannedCost: kept("plannedCost") ?? packAmounts(columns.plannedCost, "plannedCost"),
    actualCost: kept("actualCost") ?? packAmounts(columns.actualCost, "actualCost"),
    plannedLabour: kept("plannedLabour") ?? packAmounts(columns.plannedLabour, "plannedLabour"),
    actualLabour: kept("actualLabour") ?? packAmounts(columns.actualLabour, "actualLabour"),
    plannedVolume: kept("plannedVolume") ?? packAmounts(columns.plannedVolume, "plannedVolume"),
    actualVolume: kept("actualVolume") ?? packAmounts(columns.actualVolume, "actualVolume"),
    attrs: columns.attrs,
    relations: reuse && !reuse.changed.has("relations") ? reuse.wire.relations : encodeRelations(columns.relations),
    calendars: columns.calendars,
    defaultCalendar: columns.defaultCalendar,
    projectStart: columns.projectStart,
    dataDate: columns.dataDate,
    calcStatus: columns.calcStatus,
    versionRevision: columns.versionRevision,
  };
}

function encodeRelations(relations: GanttColumns["relations"]): GanttWire["relations"] {
  const { from, to, type, lag } = relations;
  const count = from.length;
  const order = Array.from({ length: count }, (_, r) => r).sort((a, b) => to[a] - to[b] || from[a] - from[b]);
  return {
    count,
    to: packWith(
      count,
      (r) => (r === 0 ? to[order[0]] : to[order[r]] - to[order[r - 1]]),
      (r) => to[order[r]],
    ),
    from: packWith(
      count,
      (r) => signed(to[order[r]] - from[order[r]]),
      (r) => from[order[r]],
    ),
    type: packWith(
      count,
      (r) => signed(type[order[r]]),
      (r) => type[order[r]],
    ),
    lag: packWith(
      count,
      (r) => signed(lag[order[r]]),
      (r) => lag[order[r]],
    ),
  };
}

/** Turns the answer of `GET /versions/{id}/gantt` back into its columns. Throws on a payload it cannot read. */
export function decodeGantt(wire: GanttWire): GanttColumns {
  if (wire.version !== GANTT_WIRE_LAYOUT) throw new Error(`unknown Gantt layout ${String(wire.version)}`);
  const n = wire.n;
  const origin = wire.projectStart;
  let previousStart = origin;
  const earlyStart = unpackWith(wire.earlyStart, n, (code) => {
    const value = dateBack(code, previousStart);
    if (value !== NONE) previousStart = value;
    return value;
  }) as number[];
  // A plain (unpacked) early start column was not read through the callback: nothing depends on previousStart after.
  const start = ownStart(earlyStart, origin);
  const dates = (column: WireInts, reference: (k: number) => number) =>
    unpackWith(column, n, (code, k) => dateBack(code, reference(k))) as number[];
  const finishOf = (starts: readonly number[]) => (k: number) => (starts[k] === NONE ? start(k) : starts[k]);
  const earlyFinish = dates(wire.earlyFinish, start);
  const baselineStart = dates(wire.baselineStart, start);
  const actualStart = dates(wire.actualStart, start);
  let previousId = 0;
  const ids = unpackWith(wire.ids, n, (code) => {
    previousId += unzigzag(code);
    return previousId;
  }) as number[];
  const nullableBack = (code: number) => (code === 0 ? null : unzigzag(code - 1));
  return {
    version: 1,
    ids,
    parent: unpackWith(wire.parent, n, (code, k) => (code === 0 ? -1 : k - code)) as number[],
    type: unpackSigned(wire.type, n),
    code: unpackTexts(wire.code, n),
    name: unpackTexts(wire.name, n),
    calendar: unpackSigned(wire.calendar, n),
    duration: unpackSigned(wire.duration, n),
    remaining: unpackSigned(wire.remaining, n),
    earlyStart,
    earlyFinish,
    lateStart: dates(wire.lateStart, start),
    lateFinish: dates(wire.lateFinish, finishOf(earlyFinish)),
    totalFloat: unpackWith(wire.totalFloat, n, nullableBack),
    freeFloat: unpackWith(wire.freeFloat, n, nullableBack),
    critical: unpackSigned(wire.critical, n),
    progress: unpackSigned(wire.progress, n),
    baselineStart,
    baselineFinish: dates(wire.baselineFinish, finishOf(baselineStart)),
    actualStart,
    actualFinish: dates(wire.actualFinish, finishOf(actualStart)),
    startLimitType: unpackSigned(wire.startLimitType, n),
    startLimitDate: dates(wire.startLimitDate, start),
    finishLimitType: unpackSigned(wire.finishLimitType, n),
    finishLimitDate: dates(wire.finishLimitDate, finishOf(earlyFinish)),
    revision: unpackSigned(wire.revision, n),
    elapsed: unpackSigned(wire.elapsed, n),
    expanded: unpackSigned(wire.expanded, n),
    plannedCost: unpackAmounts(wire.plannedCost, n, "plannedCost"),
    actualCost: unpackAmounts(wire.actualCost, n, "actualCost"),
    plannedLabour: unpackAmounts(wire.plannedLabour, n, "plannedLabour"),
    actualLabour: unpackAmounts(wire.actualLabour, n, "actualLabour"),
    plannedVolume: unpackAmounts(wire.plannedVolume, n, "plannedVolume"),
    actualVolume: unpackAmounts(wire.actualVolume, n, "actualVolume"),
    attrs: wire.attrs,
    relations: decodeRelations(wire.relations),
    calendars: wire.calendars,
    defaultCalendar: wire.defaultCalendar,
    projectStart: wire.projectStart,
    dataDate: wire.dataDate,
    calcStatus: wire.calcStatus,
    versionRevision: wire.versionRevision,
  };
}

function decodeRelations(wire: GanttWire["relations"]): GanttColumns["relations"] {
  const count = wire.count;
  let previous = 0;
  const to = unpackWith(wire.to, count, (code) => {
    previous += code;
    return previous;
  }) as number[];
  return {
    from: unpackWith(wire.from, count, (code, r) => to[r] - unzigzag(code)) as number[],
    to,
    type: unpackSigned(wire.type, count),
    lag: unpackSigned(wire.lag, count),
  };
}
