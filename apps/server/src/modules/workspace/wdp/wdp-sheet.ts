import { readWdpValue, WDP_DECIMALS, type WdpKind, type WdpMeasure } from "@planum/contracts";
import type { Cell } from "@planum/formats";
import { AppError } from "../../../platform/errors.js";
import type { SeriesRow, WorkRow } from "./wdp.repo.js";
import { isColumnWord, kindOfWord, measureOfWord, type SheetLabels } from "./wdp-sheet-labels.js";

/**
 * The work-done plan as a sheet, in the grid's layout: fixed columns ID, code, work, unit, measure, data kind and
 * total (A…G), then one column per day from H; one line per work × measure × data kind. The ID column ties a line
 * back to its work on upload; the words of the measure and kind columns are read back in any of the three languages.
 */
export const FIXED_COLUMNS = 7;
const KINDS: WdpKind[] = ["plan", "fact", "approved_plan"];
const DAY_MS = 86_400_000;
const round = (v: number) => Math.round(v * 10 ** WDP_DECIMALS) / 10 ** WDP_DECIMALS;

/** "A", "B", …, "Z", "AA": a column's letters from its 0-based index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
/** A cell's reference ("H12") from 0-based row and column. */
export const cellRef = (row: number, column: number) => `${columnLetters(column)}${row + 1}`;
const shown = (day: number) => {
  const iso = new Date(day * DAY_MS).toISOString();
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
};
const workName = (w: Pick<WorkRow, "code" | "name">) => (w.code ? `${w.code} ${w.name}` : w.name);

/**
 * The lines and day columns of a plan sheet, one at a time (the streaming writer commits each, so 10,000 works × 3
 * measures × 2 years never sit in memory as a sheet). Works only (summaries carry no plan of their own).
 */
export function* planSheetRows(input: {
  works: WorkRow[];
  series: SeriesRow[];
  measures: WdpMeasure[];
  from: number;
  to: number;
  labels: SheetLabels;
}): Generator<Cell[]> {
  const { works, measures, from, to, labels } = input;
  const byKey = new Map(input.series.map((s) => [`${s.itemId}|${s.measure}|${s.kind}`, s]));
  const days = to - from + 1;
  const header: Cell[] = [...labels.columns];
  for (let d = 0; d < days; d++) header.push(new Date((from + d) * DAY_MS));
  yield header;
  for (const work of works) {
    if (work.type === "sum") continue;
    for (const measure of measures)
      for (const kind of KINDS) {
        const s = byKey.get(`${work.id}|${measure}|${kind}`);
        const line: Cell[] = [
          work.id,
          work.code,
          work.name,
          work.unit ?? "",
          labels.measures[measure],
          labels.kinds[kind],
        ];
        const cells: Cell[] = new Array(days).fill(null);
        let total = 0;
        if (s)
          for (let k = 0; k < s.values.length; k++) {
            const d = s.startDay + k - from;
            if (d < 0 || d >= days || s.values[k] === 0) continue;
            cells[d] = s.values[k];
            total += s.values[k];
          }
        line.push(round(total), ...cells);
        yield line;
      }
  }
}

/** A header cell as a day number: a date cell, or text as DD.MM.YYYY or YYYY-MM-DD. */
function dayOfCell(cell: Cell): number | null {
  if (cell instanceof Date) return Math.round(cell.getTime() / DAY_MS);
  if (typeof cell !== "string") return null;
  const text = cell.trim();
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const iso = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
  if (!iso) return null;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / DAY_MS;
}
const textOf = (cell: Cell) =>
  cell === null || cell === undefined
    ? ""
    : cell instanceof Date
      ? shown(Math.round(cell.getTime() / DAY_MS))
      : String(cell);

/** One changed cell of an uploaded sheet, with where it was. */
export interface SheetChange {
  ref: string;
  work: WorkRow;
  measure: WdpMeasure;
  kind: WdpKind;
  day: number;
  value: number;
}

/** What a changed cell must pass beyond being a number: the entry rules of the space (spec §5). */
export interface SheetRules {
  today: number;
  earliest: number | null;
}

/**
 * The cells of an uploaded sheet whose value differs from the stored one (a blank cell is 0), each checked:
 * the header must be the exported one (fixed columns, then consecutive days), every line's ID a work of the version
 * and its measure and kind known words, every changed value a number, not negative, a fact not after today, no day
 * before the allowed entry period, no approved plan, no work out of planning. The first refusal names its cell.
 */
export function readPlanSheet(input: {
  rows: Cell[][];
  works: Map<number, WorkRow>;
  stored: Map<string, SeriesRow>;
  rules: SheetRules;
  labels: SheetLabels;
}): SheetChange[] {
  const { rows, works, stored, rules, labels } = input;
  const header = rows[0] ?? [];
  for (let k = 0; k < FIXED_COLUMNS; k++)
    if (!isColumnWord(k, textOf(header[k])))
      throw new AppError("WdpUploadColumns", {
        cell: cellRef(0, k),
        expected: labels.columns[k],
        found: textOf(header[k]),
      });
  const firstDay = dayOfCell(header[FIXED_COLUMNS]);
  if (firstDay === null)
    throw new AppError("WdpUploadColumns", {
      cell: cellRef(0, FIXED_COLUMNS),
      expected: "DD.MM.YYYY",
      found: textOf(header[FIXED_COLUMNS]),
    });
  // Day columns run on one day at a time until the header ends; a gap or a moved date is a shifted column.
  let days = 1;
  for (let c = FIXED_COLUMNS + 1; c < header.length; c++) {
    if (header[c] === null || header[c] === undefined || header[c] === "") {
      const rest = header.slice(c).some((h) => h !== null && h !== undefined && h !== "");
      if (!rest) break;
    }
    if (dayOfCell(header[c]) !== firstDay + days)
      throw new AppError("WdpUploadColumns", {
        cell: cellRef(0, c),
        expected: shown(firstDay + days),
        found: textOf(header[c]),
      });
    days++;
  }
  const out: SheetChange[] = [];
  let lines = 0;
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (row.every((c) => c === null || c === undefined || c === "")) continue;
    lines++;
    const idCell = row[0];
    const id = typeof idCell === "number" ? idCell : Number(textOf(idCell).trim());
    const work = Number.isInteger(id) ? works.get(id) : undefined;
    if (!work) throw new AppError("WdpUploadUnknownWork", { cell: cellRef(r, 0), value: textOf(idCell) });
    const measure = measureOfWord(textOf(row[4]));
    if (!measure) throw new AppError("WdpUploadUnknownLine", { cell: cellRef(r, 4), value: textOf(row[4]) });
    const kind = kindOfWord(textOf(row[5]));
    if (!kind) throw new AppError("WdpUploadUnknownLine", { cell: cellRef(r, 5), value: textOf(row[5]) });
    const series = stored.get(`${work.id}|${measure}|${kind}`);
    for (let d = 0; d < days; d++) {
      const c = FIXED_COLUMNS + d;
      const raw = row[c];
      const day = firstDay + d;
      const ref = cellRef(r, c);
      const where = { cell: ref, work: workName(work), date: shown(day) };
      const blank = raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");
      const value = blank ? 0 : typeof raw === "number" || typeof raw === "string" ? readWdpValue(raw) : null;
      if (value === null) throw new AppError("WdpUploadInvalidValue", { ...where, value: textOf(raw) });
      if (value < 0) throw new AppError("WdpUploadNegativeValue", where);
      const before = series ? (series.values[day - series.startDay] ?? 0) : 0;
      if (round(value) === round(before)) continue;
      if (kind === "approved_plan") throw new AppError("WdpUploadApprovedPlan", where);
      if (work.status === "disabled") throw new AppError("WdpUploadWorkDisabled", { cell: ref, work: workName(work) });
      if (kind === "fact" && day > rules.today)
        throw new AppError("WdpUploadFactInFuture", { ...where, today: shown(rules.today) });
      if (rules.earliest !== null && day < rules.earliest)
        throw new AppError("WdpUploadBeforeEntryPeriod", { ...where, earliest: shown(rules.earliest) });
      out.push({ ref, work, measure, kind, day, value: round(value) });
    }
  }
  if (lines === 0) throw new AppError("WdpUploadEmpty");
  return out;
}
