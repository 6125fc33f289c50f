import { createDaysFormat, displayDays, relationText } from "@planum/contracts";
import type { CellValue, ValueKind } from "./filter-ops";
import type { GanttAttributeKind } from "./gantt-data";
import { COST_COLUMNS, MONEY_COLUMNS, NO_TIME, RELATION_TYPES, TYPE_SUM, WBS_TYPES } from "./gantt-data";
import { minutesPerDayOf, type RowModel } from "./row-model";
import { civilParts } from "./scale-math";

/** Every built-in column, in the order the column chooser lists them: what a P6 user expects to find. */
export const BUILT_IN_COLUMNS = [
  "code",
  "name",
  "type",
  "status",
  "wbsPath",
  "calendar",
  "duration",
  "remainingDuration",
  "actualDuration",
  "start",
  "finish",
  "earlyStart",
  "earlyFinish",
  "lateStart",
  "lateFinish",
  "actualStart",
  "actualFinish",
  "baselineStart",
  "baselineFinish",
  "startVariance",
  "finishVariance",
  "totalFloat",
  "freeFloat",
  "progress",
  "critical",
  "constraint",
  "constraintDate",
  "secondaryConstraint",
  "secondaryConstraintDate",
  "predecessors",
  "successors",
  "count",
  "plannedCost",
  "actualCost",
  "plannedLabour",
  "actualLabour",
  "plannedVolume",
  "actualVolume",
] as const;
export type BuiltInColumn = (typeof BUILT_IN_COLUMNS)[number];
/** The columns shown until the user chooses: they fit beside the chart at 1440 px in every language. */
export const DEFAULT_BUILT_IN_COLUMNS: readonly BuiltInColumn[] = [
  "code",
  "name",
  "duration",
  "start",
  "finish",
  "totalFloat",
  "progress",
];
/** Built-in column keys, or `attr:<attributeId>` for an attribute column. */
export type ColumnKey = BuiltInColumn | `attr:${string}`;

export interface GridColumn {
  key: ColumnKey;
  width: number;
  /** Label for attribute columns; built-in columns take theirs from the `gantt` namespace (`columns.<key>`). */
  label?: string;
}

export interface ColumnMeta {
  kind: ValueKind;
  align: "left" | "right" | "center";
  editable: boolean;
}

const DATE_WIDTH = 92;
const DAYS_WIDTH = 72;
const WIDTHS: Record<BuiltInColumn, number> = {
  code: 84,
  name: 220,
  type: 100,
  status: 100,
  wbsPath: 120,
  calendar: 110,
  duration: DAYS_WIDTH,
  remainingDuration: DAYS_WIDTH,
  actualDuration: DAYS_WIDTH,
  start: DATE_WIDTH,
  finish: DATE_WIDTH,
  earlyStart: DATE_WIDTH,
  earlyFinish: DATE_WIDTH,
  lateStart: DATE_WIDTH,
  lateFinish: DATE_WIDTH,
  actualStart: DATE_WIDTH,
  actualFinish: DATE_WIDTH,
  baselineStart: DATE_WIDTH,
  baselineFinish: DATE_WIDTH,
  startVariance: DAYS_WIDTH,
  finishVariance: DAYS_WIDTH,
  totalFloat: DAYS_WIDTH,
  freeFloat: DAYS_WIDTH,
  progress: 64,
  critical: 72,
  constraint: 130,
  constraintDate: DATE_WIDTH,
  secondaryConstraint: 130,
  secondaryConstraintDate: DATE_WIDTH,
  predecessors: 150,
  successors: 150,
  count: 64,
  plannedCost: 120,
  actualCost: 120,
  plannedLabour: 110,
  actualLabour: 110,
  plannedVolume: 110,
  actualVolume: 110,
};

const text = (editable = false): ColumnMeta => ({ kind: "text", align: "left", editable });
const num = (editable = false): ColumnMeta => ({ kind: "number", align: "right", editable });
const date = (editable = false): ColumnMeta => ({ kind: "date", align: "right", editable });
const META: Record<BuiltInColumn, ColumnMeta> = {
  code: text(),
  name: text(true),
  type: text(),
  status: text(),
  wbsPath: text(),
  calendar: text(),
  duration: num(true),
  remainingDuration: num(),
  actualDuration: num(),
  start: date(true),
  finish: date(true),
  earlyStart: date(),
  earlyFinish: date(),
  lateStart: date(),
  lateFinish: date(),
  actualStart: date(),
  actualFinish: date(),
  baselineStart: date(),
  baselineFinish: date(),
  startVariance: num(),
  finishVariance: num(),
  totalFloat: num(),
  freeFloat: num(),
  progress: num(true),
  critical: text(),
  constraint: text(),
  constraintDate: date(),
  secondaryConstraint: text(),
  secondaryConstraintDate: date(),
  predecessors: text(),
  successors: text(),
  count: num(),
  plannedCost: num(),
  actualCost: num(),
  plannedLabour: num(),
  actualLabour: num(),
  plannedVolume: num(),
  actualVolume: num(),
};

/** Columns whose values are days of the row's calendar. */
const DAY_COLUMNS = new Set<ColumnKey>([
  "duration",
  "remainingDuration",
  "actualDuration",
  "startVariance",
  "finishVariance",
  "totalFloat",
  "freeFloat",
]);
/** Money, labour and volume columns (money among them shown with two decimals). */
const COST_KEYS: ReadonlySet<ColumnKey> = new Set<ColumnKey>(COST_COLUMNS);
/** Columns whose values are words to translate (`gantt.values.<column>.<value>`). */
const WORD_COLUMNS = new Set<ColumnKey>(["status", "critical", "constraint", "secondaryConstraint"]);

const ATTR_KIND: Record<GanttAttributeKind, ValueKind> = {
  string: "text",
  number: "number",
  money: "number",
  percentage: "number",
  date: "date",
  boolean: "text",
};

/** The standard column set: the default built-in columns, then one column per attribute of the payload (but the
 * optional ones, which the column chooser offers). */
export function defaultColumns(model: Pick<RowModel, "attributes">): GridColumn[] {
  const builtIn: GridColumn[] = DEFAULT_BUILT_IN_COLUMNS.map((key) => ({ key, width: WIDTHS[key] }));
  return [...builtIn, ...attributeColumnsOf({ attributes: model.attributes.filter((a) => !a.optional) })];
}

/** Every column the grid can show (the column chooser's list): all built-in columns, then the attributes. */
export function allColumns(model: Pick<RowModel, "attributes">): GridColumn[] {
  const builtIn: GridColumn[] = BUILT_IN_COLUMNS.map((key) => ({ key, width: WIDTHS[key] }));
  return [...builtIn, ...attributeColumnsOf(model)];
}

function attributeColumnsOf(model: Pick<RowModel, "attributes">): GridColumn[] {
  return model.attributes.map((a) => ({ key: `attr:${a.id}` as const, width: 120, label: a.label }));
}

export function attributeIdOf(key: ColumnKey): string | null {
  return key.startsWith("attr:") ? key.slice(5) : null;
}

export function columnMeta(model: RowModel, key: ColumnKey): ColumnMeta {
  const attr = attributeIdOf(key);
  if (attr === null) return META[key as BuiltInColumn];
  const def = model.attributes.find((a) => a.id === attr);
  const kind = def?.kind ?? "string";
  return {
    kind: ATTR_KIND[kind],
    align: ATTR_KIND[kind] === "text" ? "left" : "right",
    editable: kind !== "boolean" && !def?.readOnly,
  };
}

/** Shown start: the actual start when the work has begun, else the early start. */
export function shownStart(model: RowModel, i: number): number {
  return model.as[i] !== NO_TIME ? model.as[i] : model.es[i];
}

export function shownFinish(model: RowModel, i: number): number {
  return model.af[i] !== NO_TIME ? model.af[i] : model.ef[i];
}

/**
 * Working minutes as the "days" of the row's calendar (what P6 shows and what users type), by the one rule of
 * contracts' workspace-units and rounded as every screen shows them.
 */
export function minutesToDays(model: RowModel, i: number, minutes: number): number {
  return displayDays(minutes, minutesPerDayOf(model, i)) ?? 0;
}

const STATUS = ["not_started", "in_progress", "completed"] as const;
/** Constraint words by limit code (GANTT_LIMIT_CODES), for the start and the finish limit. */
const CONSTRAINTS = {
  start: [null, "start_not_earlier", "start_not_later", "start_on", "mandatory_start"],
  finish: [null, "finish_not_earlier", "finish_not_later", "finish_on", "mandatory_finish"],
} as const;
const orNull = (t: number) => (t === NO_TIME ? null : t);

/** P6's status of a row: completed with an actual finish, in progress with an actual start. */
export function statusOf(model: RowModel, i: number): (typeof STATUS)[number] {
  return model.af[i] !== NO_TIME ? "completed" : model.as[i] !== NO_TIME ? "in_progress" : "not_started";
}

/** Working minutes from a to b on the row's calendar (the clock for an elapsed duration), negative when b is before a. */
function workingSpan(model: RowModel, i: number, a: number, b: number): number {
  if (model.elapsed[i] === 1) return b - a;
  const cal = model.cal[model.calendar[i]];
  return b >= a ? cal.workingBetween(a, b) : -cal.workingBetween(b, a);
}

/** The primary constraint (P6) is the start limit when there is one, else the finish limit; the secondary the other. */
function constraintOf(model: RowModel, i: number, secondary: boolean): { word: string | null; date: number } | null {
  const start =
    model.startLimitType[i] > 0
      ? { word: CONSTRAINTS.start[model.startLimitType[i]] ?? null, date: model.startLimitDate[i] }
      : null;
  const finish =
    model.finishLimitType[i] > 0
      ? { word: CONSTRAINTS.finish[model.finishLimitType[i]] ?? null, date: model.finishLimitDate[i] }
      : null;
  if (secondary) return start && finish ? finish : null;
  return start ?? finish;
}

/** The relations of a row as P6 lists them: "A10 FS", "A20 SS+2d", lags in days of the predecessor's calendar. */
function relationList(model: RowModel, i: number, incoming: boolean, dayUnit: string, locale: string): string {
  const rel = model.rel;
  const start = incoming ? rel.inStart : rel.outStart;
  const list = incoming ? rel.inRel : rel.outRel;
  const format = daysFormat(locale);
  const parts: string[] = [];
  for (let k = start[i]; k < start[i + 1]; k++) {
    const r = list[k];
    const other = incoming ? rel.from[r] : rel.to[r];
    const lagPerDay = model.minutesPerDay[model.calendar[rel.from[r]]];
    const lag = rel.lag[r];
    parts.push(relationText(model.code[other], RELATION_TYPES[rel.type[r]], lag, format(lag, lagPerDay), dayUnit));
  }
  return parts.join(", ");
}

const daysFormats = new Map<string, ReturnType<typeof createDaysFormat>>();
function daysFormat(locale: string) {
  let format = daysFormats.get(locale);
  if (!format) {
    format = createDaysFormat(locale);
    daysFormats.set(locale, format);
  }
  return format;
}

/** The WBS path of a row: the codes of its summaries from the root, joined by dots (P6's WBS column). */
function wbsPathOf(model: RowModel, i: number): string {
  const codes: string[] = [];
  for (let p = model.parent[i]; p >= 0; p = model.parent[p]) codes.push(model.code[p]);
  return codes.reverse().join(".");
}

/** Words and units of the language that cells need (relation lists carry the day letter). */
export interface CellWords {
  dayUnit: string;
  locale: string;
}
const NO_WORDS: CellWords = { dayUnit: "d", locale: "en" };

/** The raw comparable value of a cell: minutes for dates, days for durations and floats, text otherwise. */
export function cellValue(model: RowModel, i: number, key: ColumnKey, words: CellWords = NO_WORDS): CellValue {
  switch (key) {
    case "code":
      return model.code[i];
    case "name":
      return model.name[i];
    case "type":
      return WBS_TYPES[model.type[i]] ?? null;
    case "status":
      return statusOf(model, i);
    case "wbsPath":
      return wbsPathOf(model, i);
    case "calendar":
      return model.calendars[model.calendar[i]]?.name ?? null;
    case "duration":
      return minutesToDays(model, i, model.duration[i]);
    case "remainingDuration": {
      if (model.af[i] !== NO_TIME) return 0;
      const rem = model.remaining[i];
      return minutesToDays(model, i, rem >= 0 ? rem : model.duration[i]);
    }
    case "actualDuration": {
      if (model.as[i] === NO_TIME) return 0;
      const end = model.af[i] !== NO_TIME ? model.af[i] : model.dataDate !== NO_TIME ? model.dataDate : model.as[i];
      return minutesToDays(model, i, Math.max(0, workingSpan(model, i, model.as[i], end)));
    }
    case "start":
      return orNull(shownStart(model, i));
    case "finish":
      return orNull(shownFinish(model, i));
    case "earlyStart":
      return orNull(model.es[i]);
    case "earlyFinish":
      return orNull(model.ef[i]);
    case "lateStart":
      return orNull(model.ls[i]);
    case "lateFinish":
      return orNull(model.lf[i]);
    case "actualStart":
      return orNull(model.as[i]);
    case "actualFinish":
      return orNull(model.af[i]);
    case "baselineStart":
      return orNull(model.bs[i]);
    case "baselineFinish":
      return orNull(model.bf[i]);
    case "startVariance": {
      // P6's variance: baseline minus current, negative when the work is later than planned.
      const t = shownStart(model, i);
      if (model.bs[i] === NO_TIME || t === NO_TIME) return null;
      return minutesToDays(model, i, workingSpan(model, i, t, model.bs[i]));
    }
    case "finishVariance": {
      const t = shownFinish(model, i);
      if (model.bf[i] === NO_TIME || t === NO_TIME) return null;
      return minutesToDays(model, i, workingSpan(model, i, t, model.bf[i]));
    }
    case "totalFloat":
      return Number.isNaN(model.totalFloat[i]) ? null : minutesToDays(model, i, model.totalFloat[i]);
    case "freeFloat":
      return Number.isNaN(model.freeFloat[i]) ? null : minutesToDays(model, i, model.freeFloat[i]);
    case "progress":
      return model.progress[i];
    case "critical":
      return model.critical[i] ? "yes" : "no";
    case "constraint":
    case "secondaryConstraint": {
      const c = constraintOf(model, i, key === "secondaryConstraint");
      return c ? c.word : null;
    }
    case "constraintDate":
    case "secondaryConstraintDate": {
      const c = constraintOf(model, i, key === "secondaryConstraintDate");
      return c && c.date !== NO_TIME ? c.date : null;
    }
    case "predecessors":
      return relationList(model, i, true, words.dayUnit, words.locale);
    case "successors":
      return relationList(model, i, false, words.dayUnit, words.locale);
    case "count":
      return model.type[i] === TYPE_SUM ? model.count[i] : null;
    case "plannedCost":
    case "actualCost":
    case "plannedLabour":
    case "actualLabour":
    case "plannedVolume":
    case "actualVolume": {
      const v = model.costs[key][i];
      return Number.isNaN(v) ? null : v;
    }
    default: {
      const values = model.attrs.get(key.slice(5));
      return values ? (values[i] ?? null) : null;
    }
  }
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** DD.MM.YYYY (spec §9 display format), with HH:mm when the time matters. */
export function formatDay(t: number, withTime = false): string {
  const p = civilParts(t);
  const date = `${pad(p.day)}.${pad(p.month + 1)}.${p.year}`;
  if (!withTime) return date;
  const m = ((t % 1440) + 1440) % 1440;
  return `${date} ${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/**
 * Formats cells for a language; number formatters are built once, not per cell. `word` translates the values of
 * status, critical and constraint columns; `dayUnit` is the day letter of relation lists ("A10 FS+2d").
 */
export function createCellFormatter(
  locale: string,
  typeLabel: (type: string) => string,
  word: (column: string, value: string) => string = (_column, value) => value,
  dayUnit = "d",
) {
  const words: CellWords = { dayUnit, locale };
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const days = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  // Money as amounts are written (two decimals); labour hours and volume to the thousandth they are kept to.
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const dateCache = new Map<number, string>();
  const date = (t: number) => {
    let s = dateCache.get(t);
    if (s === undefined) {
      s = formatDay(t);
      if (dateCache.size > 50_000) dateCache.clear();
      dateCache.set(t, s);
    }
    return s;
  };
  return (model: RowModel, i: number, key: ColumnKey, kind: ValueKind): string => {
    const v = cellValue(model, i, key, words);
    if (v === null) return "";
    if (key === "type") return typeLabel(String(v));
    if (WORD_COLUMNS.has(key)) return word(key, String(v));
    if (key === "progress") return `${num.format(v as number)} %`;
    if (kind === "date" && typeof v === "number") return date(v);
    if (DAY_COLUMNS.has(key)) return days.format(v as number);
    if (MONEY_COLUMNS.has(key)) return money.format(v as number);
    if (COST_KEYS.has(key)) return amount.format(v as number);
    if (typeof v === "number") return num.format(v);
    return v;
  };
}

/** Sort comparator over row positions for a column; empty values sort last in both directions. */
export function rowComparator(model: RowModel, key: ColumnKey, direction: 1 | -1): (a: number, b: number) => number {
  const n = model.n;
  const values: CellValue[] = new Array(n);
  for (let i = 0; i < n; i++) values[i] = cellValue(model, i, key);
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  return (a, b) => {
    const va = values[a];
    const vb = values[b];
    if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1;
    const c = typeof va === "number" && typeof vb === "number" ? va - vb : collator.compare(String(va), String(vb));
    return c !== 0 ? c * direction : a - b;
  };
}
