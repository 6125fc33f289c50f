import type { GanttColumns, Layout, LayoutSettings } from "@planum/contracts";
import { BUILT_IN_COLUMNS, type ColumnKey, type GanttData, type GanttView } from "./gantt";

/** A saved view: the user's version layout of the schedule, or a template of the space. */
export type SavedLayout = Layout;

const BUILT_IN = new Set<string>(BUILT_IN_COLUMNS);
const isColumnKey = (key: unknown): key is ColumnKey =>
  typeof key === "string" && (BUILT_IN.has(key) || (key.startsWith("attr:") && key.length > 5));

/**
 * A layout's settings as the Gantt's view. Stored shape (the server keeps it as given): `columns` keys in order,
 * `widths` by key, `grouping` (the first level is used), `filters` as `{ key, text }` filter-row texts, `ganttScale`,
 * and in `extra` the sort (`{ key, direction }`) and exact zoom (`pxPerDay`). Unknown keys are skipped.
 */
export function viewOfLayout(settings: LayoutSettings): GanttView {
  const filters: GanttView["filters"] = {};
  for (const f of settings.filters) {
    if (isColumnKey(f.key) && typeof f.text === "string" && f.text.trim() !== "") filters[f.key] = f.text;
  }
  const sort = settings.extra.sort as { key?: unknown; direction?: unknown } | null | undefined;
  const zoom = settings.extra.pxPerDay;
  return {
    columns: settings.columns.filter(isColumnKey).map((key) => ({ key, width: settings.widths[key] ?? 0 })),
    filters,
    groupBy: isColumnKey(settings.grouping[0]) ? settings.grouping[0] : null,
    sort:
      sort && isColumnKey(sort.key) && (sort.direction === 1 || sort.direction === -1)
        ? { key: sort.key, direction: sort.direction }
        : null,
    scale: settings.ganttScale,
    ...(typeof zoom === "number" && zoom > 0 ? { pxPerDay: zoom } : {}),
  };
}

/** The Gantt's view as layout settings, keeping what else the base layout had in `extra`. */
export function layoutOfView(view: GanttView, base?: LayoutSettings): LayoutSettings {
  return {
    columns: view.columns.map((c) => c.key),
    widths: Object.fromEntries(view.columns.map((c) => [c.key, Math.round(c.width)])),
    grouping: view.groupBy ? [view.groupBy] : [],
    filters: (Object.entries(view.filters) as [ColumnKey, string][])
      .filter(([, text]) => text.trim() !== "")
      .map(([key, text]) => ({ key, text })),
    ganttScale: view.scale,
    extra: { ...(base?.extra ?? {}), sort: view.sort, ...(view.pxPerDay ? { pxPerDay: view.pxPerDay } : {}) },
  };
}

export type LayoutSource = { kind: "layout" | "template"; layout: SavedLayout };

/**
 * The layout the `filter` query parameter names: an id or a name (case ignored) of the user's layouts first, then of
 * the space's templates. Null when nothing matches.
 */
export function findLayout(
  filter: string,
  layouts: readonly SavedLayout[],
  templates: readonly SavedLayout[],
): LayoutSource | null {
  const wanted = filter.trim().toLocaleLowerCase();
  if (!wanted) return null;
  const match = (l: SavedLayout) => l.id === filter.trim() || l.name.toLocaleLowerCase() === wanted;
  const own = layouts.find(match);
  if (own) return { kind: "layout", layout: own };
  const template = templates.find(match);
  return template ? { kind: "template", layout: template } : null;
}

/** What opens the workspace: the `filter` parameter's layout, else the user's active layout, else nothing. */
export function initialLayout(
  filter: string | null,
  layouts: readonly SavedLayout[],
  templates: readonly SavedLayout[],
): LayoutSource | null {
  if (filter) return findLayout(filter, layouts, templates);
  const active = layouts.find((l) => l.active);
  return active ? { kind: "layout", layout: active } : null;
}

/** A query-string flag: present and not "0"/"false"/"no". */
export function flagParam(value: string | null): boolean {
  return value !== null && !["0", "false", "no", "off"].includes(value.trim().toLowerCase());
}

/**
 * Baseline bars from another version (the `target` query parameter): each row takes the calculated dates of the
 * target version's row with the same code, as the server's "update target dates" does, without storing anything.
 * Rows without a counterpart (or with an uncalculated one) show no baseline.
 */
export function withTargetBaseline(
  data: GanttData,
  target: Pick<GanttColumns, "code" | "earlyStart" | "earlyFinish">,
): GanttData {
  const byCode = new Map<string, number>();
  for (let i = target.code.length - 1; i >= 0; i--) if (target.code[i]) byCode.set(target.code[i], i);
  const n = data.ids.length;
  const baselineStart = new Array<number>(n);
  const baselineFinish = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const k = data.code[i] ? byCode.get(data.code[i]) : undefined;
    const ok = k !== undefined && target.earlyStart[k] >= 0 && target.earlyFinish[k] >= 0;
    baselineStart[i] = ok ? target.earlyStart[k] : -1;
    baselineFinish[i] = ok ? target.earlyFinish[k] : -1;
  }
  return { ...data, baselineStart, baselineFinish };
}
