import type { GanttColumns, Language, VersionHealth, WdpMeasure, WdpReport } from "@planum/contracts";
import type { VersionRow, VersionScope } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { versionHealth } from "./health/health.service.js";
import { buildGanttColumns } from "./wbs/gantt-columns.js";
import { wdpReport } from "./wdp/wdp-report.js";
import { SHEET_LABELS } from "./wdp/wdp-sheet-labels.js";

/**
 * What other modules read of the workspace: they call these, never the workspace's files (docs/architecture.md, "Add
 * a module"), so the workspace may change how it stores and arranges rows without breaking them.
 */

/** A version's rows in the Gantt's tree order as columns, with the user's collapsed rows (`expanded`). */
export function readVersionGantt(db: DbOrTx, version: VersionRow, userId: string): Promise<GanttColumns> {
  return buildGanttColumns(db, version, userId);
}

/** Plan against fact of the version's work-done plans over a period (the grid's report: works and summaries, a total). */
export function readWdpReport(
  db: DbOrTx,
  scope: VersionScope,
  query: { from: string; to: string; measure: WdpMeasure },
): Promise<WdpReport> {
  return wdpReport(db, scope, query);
}

/** A work-done plan measure's name as the grid and its sheets write it. */
export const wdpMeasureWord = (measure: WdpMeasure, language: Language) => SHEET_LABELS[language].measures[measure];

/** The health as a table (its report and its print): the 14 checks under the score. */
export { healthTable } from "./health/health-table.js";

/** A version's DCMA health as its health panel shows it (the critical path test as its job last kept it). */
export function readVersionHealth(db: DbOrTx, version: VersionRow): Promise<VersionHealth> {
  return versionHealth(db, version);
}
