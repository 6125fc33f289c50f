import type { GanttColumns } from "@planum/contracts";
import type { VersionRow } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { buildGanttColumns } from "./wbs/gantt-columns.js";

/**
 * What other modules read of the workspace: they call these, never the workspace's files (docs/architecture.md, "Add
 * a module"), so the workspace may change how it stores and arranges rows without breaking them.
 */

/** A version's rows in the Gantt's tree order as columns, with the user's collapsed rows (`expanded`). */
export function readVersionGantt(db: DbOrTx, version: VersionRow, userId: string): Promise<GanttColumns> {
  return buildGanttColumns(db, version, userId);
}
