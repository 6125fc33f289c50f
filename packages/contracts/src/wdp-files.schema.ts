import { z } from "zod";
import { WDP_MEASURES, wdpAllocateBody, wdpChangeSchema, wdpDay } from "./wdp.schema.js";
import { workspaceUuid } from "./workspace.schema.js";

/** Work-done plans as files (spec §7: `wdp upload`, `wdp report`) and the report's edit. */

/** The most day columns one exported sheet carries (Excel stops at 16,384 columns). */
export const WDP_SHEET_MAX_DAYS = 10_000;

/**
 * POST /versions/{id}/wdp/export: the plan as an XLSX in the grid's layout — one line per work, measure and data
 * kind (plan, fact, approved), one column per day. Without from/to the sheet spans the works' dates and every
 * value. The answer names the stored file to download (`GET /storage/download/{fileId}`).
 */
export const wdpExportBody = z.object({
  measures: z
    .array(z.enum(WDP_MEASURES, { error: "InvalidValue" }))
    .min(1, { error: "Required" })
    .default(["volume"]),
  from: wdpDay.optional(),
  to: wdpDay.optional(),
});
export type WdpExportBody = z.infer<typeof wdpExportBody>;

/** POST /versions/{id}/wdp/report/export: the report of GET /versions/{id}/wdp/report as an XLSX. */
export const wdpReportExportBody = z.object({
  from: wdpDay,
  to: wdpDay,
  measure: z.enum(WDP_MEASURES, { error: "InvalidValue" }).default("volume"),
});

/**
 * POST /schedules/{id}/wdp/upload (multipart, one file): an exported sheet with values changed. All or nothing:
 * every changed cell passes the entry rules or nothing is written, and a refusal names the cell ("K12").
 */
export const wdpUploadQuery = z.object({ versionId: workspaceUuid.optional() });
export const wdpUploadSchema = wdpChangeSchema.extend({
  /** Cells whose value changed (and were written). */
  cells: z.number(),
});
export type WdpUpload = z.infer<typeof wdpUploadSchema>;

/**
 * PATCH /schedules/{id}/wdp/report-edit: a work's plan or fact of the report's period set from the report (a
 * weekly report of 70 m³): spread over the work's working days of the period, replacing those days.
 */
export const wdpReportEditBody = wdpAllocateBody.extend({
  versionId: workspaceUuid.optional(),
  kind: z.enum(["plan", "fact"], { error: "InvalidValue" }),
});
export type WdpReportEditBody = z.infer<typeof wdpReportEditBody>;
