import { compileFilter, parseFilterText } from "./filter-ops";
import { TYPE_SUM } from "./gantt-data";
import { type ColumnKey, cellValue, columnMeta } from "./grid-columns";
import type { RowModel } from "./row-model";

/**
 * Rows passing every column filter (texts as typed in the filter row), or null when no filter applies. Summaries
 * never pass on their own: they are shown through a passing descendant (see `withAncestors`), as P6 shows WBS bands.
 */
export function filterRows(model: RowModel, filters: Partial<Record<ColumnKey, string>>): Uint8Array | null {
  const tests: [ColumnKey, ReturnType<typeof compileFilter>][] = [];
  for (const [key, text] of Object.entries(filters) as [ColumnKey, string][]) {
    const kind = columnMeta(model, key).kind;
    const cond = parseFilterText(text, kind);
    if (cond) tests.push([key, compileFilter(cond, kind)]);
  }
  if (tests.length === 0) return null;
  const pass = new Uint8Array(model.n);
  for (let i = 0; i < model.n; i++) {
    if (model.type[i] === TYPE_SUM) continue;
    let ok = 1;
    for (const [key, test] of tests) {
      if (!test(cellValue(model, i, key))) {
        ok = 0;
        break;
      }
    }
    pass[i] = ok;
  }
  return pass;
}
