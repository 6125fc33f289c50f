import { GANTT_COST_COLUMNS, type GanttCostColumn } from "@planum/contracts";
import type { GanttSource } from "./gantt.repo.js";

/** Where each money, labour and volume column of the Gantt is read from among the rows as the database sends them. */
const SOURCE: Record<GanttCostColumn, "pcost" | "acost" | "plab" | "alab" | "pvol" | "avol"> = {
  plannedCost: "pcost",
  actualCost: "acost",
  plannedLabour: "plab",
  actualLabour: "alab",
  plannedVolume: "pvol",
  actualVolume: "avol",
};
export const COST_COLUMNS = Object.keys(GANTT_COST_COLUMNS) as GanttCostColumn[];

const SUM = 0;
const DRAFT = 5;

export type CostColumns = Record<GanttCostColumn, (number | null)[]>;

/**
 * The money, labour and volume columns of rows in tree order (`type`, `parent` as the Gantt holds them; `at(k)` =
 * the source row of position k): a work's own figures, a summary the sum of the works below it, drafts left out of
 * the sums (as the grid leaves them out of its roll-up); a summary with nothing below holds none. Rows come in tree
 * order, parents before children, so one pass from the end adds each row into its parent after its own children
 * were added into it. Sums are rounded to the column's decimals, as update-costs rounds the works' figures.
 */
export function costColumns(
  type: readonly number[],
  parent: readonly number[],
  source: GanttSource,
  at: (k: number) => number,
): CostColumns {
  const n = type.length;
  const out = {} as CostColumns;
  for (const column of COST_COLUMNS) {
    const own = source[SOURCE[column]];
    const values = new Array<number | null>(n);
    for (let k = 0; k < n; k++) values[k] = type[k] === SUM ? null : (own[at(k)] ?? null);
    for (let k = n - 1; k >= 0; k--) {
      const v = values[k];
      const p = parent[k];
      if (v === null || p < 0 || type[k] === DRAFT) continue;
      values[p] = (values[p] ?? 0) + v;
    }
    const scale = 10 ** GANTT_COST_COLUMNS[column];
    for (let k = 0; k < n; k++) {
      const v = values[k];
      if (type[k] === SUM && v !== null) values[k] = Math.round(v * scale) / scale;
    }
    out[column] = values;
  }
  return out;
}

/** The columns of `next` whose values differ from `before`'s. */
export function changedCostColumns(before: CostColumns, next: CostColumns): GanttCostColumn[] {
  return COST_COLUMNS.filter((column) => {
    const a = before[column];
    const b = next[column];
    if (a.length !== b.length) return true;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return true;
    return false;
  });
}
