import { TYPE_SUM } from "./gantt-data";
import type { ColumnKey } from "./grid-columns";
import { cellValue } from "./grid-columns";
import type { RowModel } from "./row-model";
import type { RowGroup } from "./tree-index";

/**
 * Groups the non-summary rows by the shown text of one column (P6 "group by"): summaries are dropped because the
 * grouping replaces the WBS. Groups are ordered by label with empty values last.
 */
export function buildGroups(
  model: RowModel,
  key: ColumnKey,
  label: (row: number) => string,
  emptyLabel: string,
): RowGroup[] {
  const byKey = new Map<string, { label: string; rows: number[] }>();
  for (let i = 0; i < model.n; i++) {
    if (model.type[i] === TYPE_SUM) continue;
    const raw = cellValue(model, i, key);
    const text = raw === null ? "" : label(i);
    let g = byKey.get(text);
    if (!g) {
      g = { label: text === "" ? emptyLabel : text, rows: [] };
      byKey.set(text, g);
    }
    g.rows.push(i);
  }
  const collator = new Intl.Collator(undefined, { numeric: true });
  return [...byKey.entries()]
    .sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : collator.compare(a, b)))
    .map(([k, g]) => ({ key: k, label: g.label, members: Int32Array.from(g.rows) }));
}

/** Earliest start and latest finish of a group's rows, for its summary bar. */
export function groupSpan(model: RowModel, group: RowGroup): [number, number] {
  let s = Number.POSITIVE_INFINITY;
  let f = Number.NEGATIVE_INFINITY;
  for (const m of group.members) {
    if (model.es[m] >= 0 && model.es[m] < s) s = model.es[m];
    if (model.ef[m] > f) f = model.ef[m];
  }
  return [s, f];
}
