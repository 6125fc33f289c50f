export type {
  GanttAttribute,
  GanttAttributeKind,
  GanttChange,
  GanttData,
  GanttLink,
  GanttRelations,
  WbsType,
} from "./gantt-data";
export { LIMIT_TYPES, RELATION_TYPES, WBS_TYPES } from "./gantt-data";
export { activeFilterCount, type GanttView } from "./gantt-view";
export type { ColumnKey, GridColumn } from "./grid-columns";
export { BUILT_IN_COLUMNS, DEFAULT_BUILT_IN_COLUMNS, defaultColumns } from "./grid-columns";
export type { SortState } from "./grid-header";
export { decodeGanttData, GanttDataError, type RowModel } from "./row-model";
export { GANTT_SCALES, type GanttScale } from "./scale-math";
export type { GanttPerfProbe } from "./timeline-canvas";
export { WorkspaceGantt, type WorkspaceGanttProps } from "./workspace-gantt";
