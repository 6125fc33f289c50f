import { displayDays } from "@planum/contracts";
import type { CellValue, ValueKind } from "./filter-ops";
import type { GanttAttributeKind } from "./gantt-data";
import { NO_TIME, WBS_TYPES } from "./gantt-data";
import type { RowModel } from "./row-model";
import { civilParts } from "./scale-math";

export const BUILT_IN_COLUMNS = [
  "code",
  "name",
  "type",
  "duration",
  "start",
  "finish",
  "totalFloat",
  "freeFloat",
  "progress",
] as const;
export type BuiltInColumn = (typeof BUILT_IN_COLUMNS)[number];
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

const WIDTHS: Record<BuiltInColumn, number> = {
  code: 90,
  name: 220,
  type: 100,
  duration: 80,
  start: 100,
  finish: 100,
  totalFloat: 90,
  freeFloat: 90,
  progress: 80,
};

const META: Record<BuiltInColumn, ColumnMeta> = {
  code: { kind: "text", align: "left", editable: false },
  name: { kind: "text", align: "left", editable: true },
  type: { kind: "text", align: "left", editable: false },
  duration: { kind: "number", align: "right", editable: true },
  start: { kind: "date", align: "right", editable: true },
  finish: { kind: "date", align: "right", editable: true },
  totalFloat: { kind: "number", align: "right", editable: false },
  freeFloat: { kind: "number", align: "right", editable: false },
  progress: { kind: "number", align: "right", editable: true },
};

const ATTR_KIND: Record<GanttAttributeKind, ValueKind> = {
  string: "text",
  number: "number",
  money: "number",
  percentage: "number",
  date: "date",
  boolean: "text",
};

/** The standard column set: every built-in column, then one column per attribute of the payload. */
export function defaultColumns(model: Pick<RowModel, "attributes">): GridColumn[] {
  const builtIn: GridColumn[] = BUILT_IN_COLUMNS.map((key) => ({ key, width: WIDTHS[key] }));
  const attrs: GridColumn[] = model.attributes.map((a) => ({ key: `attr:${a.id}`, width: 120, label: a.label }));
  return [...builtIn, ...attrs];
}

export function attributeIdOf(key: ColumnKey): string | null {
  return key.startsWith("attr:") ? key.slice(5) : null;
}

export function columnMeta(model: RowModel, key: ColumnKey): ColumnMeta {
  const attr = attributeIdOf(key);
  if (attr === null) return META[key as BuiltInColumn];
  const kind = model.attributes.find((a) => a.id === attr)?.kind ?? "string";
  return { kind: ATTR_KIND[kind], align: ATTR_KIND[kind] === "text" ? "left" : "right", editable: kind !== "boolean" };
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
  return displayDays(minutes, model.minutesPerDay[model.calendar[i]]) ?? 0;
}

/** The raw comparable value of a cell: minutes for dates, days for durations and floats, text otherwise. */
export function cellValue(model: RowModel, i: number, key: ColumnKey): CellValue {
  switch (key) {
    case "code":
      return model.code[i];
    case "name":
      return model.name[i];
    case "type":
      return WBS_TYPES[model.type[i]] ?? null;
    case "duration":
      return minutesToDays(model, i, model.duration[i]);
    case "start": {
      const t = shownStart(model, i);
      return t === NO_TIME ? null : t;
    }
    case "finish": {
      const t = shownFinish(model, i);
      return t === NO_TIME ? null : t;
    }
    case "totalFloat":
      return Number.isNaN(model.totalFloat[i]) ? null : minutesToDays(model, i, model.totalFloat[i]);
    case "freeFloat":
      return Number.isNaN(model.freeFloat[i]) ? null : minutesToDays(model, i, model.freeFloat[i]);
    case "progress":
      return model.progress[i];
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

/** Formats cells for a language; number formatters are built once, not per cell. */
export function createCellFormatter(locale: string, typeLabel: (type: string) => string) {
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const days = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
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
    const v = cellValue(model, i, key);
    if (v === null) return "";
    if (key === "type") return typeLabel(String(v));
    if (key === "progress") return `${num.format(v as number)} %`;
    if (kind === "date" && typeof v === "number") return date(v);
    if (key === "duration" || key === "totalFloat" || key === "freeFloat") return days.format(v as number);
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
