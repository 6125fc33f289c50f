import type { Layout, LayoutSettings } from "@planum/contracts";
import { BUILT_IN_COLUMNS, DEFAULT_BUILT_IN_COLUMNS, GANTT_SCALES, type GanttScale } from "../workspace/gantt";

/** A layout template of the space (the same answer as a user's layout). */
export type LayoutTemplate = Layout;

/** What the form edits of a template; widths and filters are carried through untouched. */
export interface LayoutDraft {
  name: string;
  columns: string[];
  grouping: string | null;
  ganttScale: GanttScale;
}

export const DEFAULT_DRAFT: LayoutDraft = {
  name: "",
  columns: [...DEFAULT_BUILT_IN_COLUMNS],
  grouping: null,
  ganttScale: "week",
};

export function draftOf(template: LayoutTemplate): LayoutDraft {
  const scale = GANTT_SCALES.includes(template.settings.ganttScale) ? template.settings.ganttScale : "week";
  return {
    name: template.name,
    columns: template.settings.columns.length ? [...template.settings.columns] : [...DEFAULT_BUILT_IN_COLUMNS],
    grouping: template.settings.grouping[0] ?? null,
    ganttScale: scale,
  };
}

/** The settings to store: the draft over what the template had, columns kept in the grid's order. */
export function settingsOf(draft: LayoutDraft, base?: LayoutSettings): LayoutSettings {
  const order = new Map<string, number>(BUILT_IN_COLUMNS.map((c, i) => [c, i]));
  const columns = [...draft.columns].sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999));
  return {
    columns,
    widths: Object.fromEntries(Object.entries(base?.widths ?? {}).filter(([key]) => columns.includes(key))),
    grouping: draft.grouping && columns.includes(draft.grouping) ? [draft.grouping] : [],
    filters: base?.filters ?? [],
    ganttScale: draft.ganttScale,
    extra: base?.extra ?? {},
  };
}
