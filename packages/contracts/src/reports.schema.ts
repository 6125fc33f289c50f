import { z } from "zod";
import { nameField, requiredText } from "./validation.js";
import { WDP_MEASURES } from "./wdp.schema.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Reports (spec §3 report, §7 Reports, Versions report/{x}, Batch processing report): the space's XLSX templates
 * uploaded at an EPS node and run for a version into XLSX or PDF, and the built-in reports of a version.
 */
export const REPORT_FORMATS = ["xlsx", "pdf"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** Which WBS rows fill a template's repeated region: every row, works only, or WBS nodes only. */
export const REPORT_WBS_DISPLAYS = ["all", "works", "nodes"] as const;
export type ReportWbsDisplay = (typeof REPORT_WBS_DISPLAYS)[number];
export const BUILT_IN_REPORTS = [
  "listing",
  "lookahead2",
  "lookahead4",
  "progress",
  "wdpPlanFact",
  "resourceUsage",
  "delays",
  "health",
] as const;
/** Built-in reports over a period (`from`, `to`): the others look from the data date or at the whole version. */
export const PERIOD_REPORTS: readonly BuiltInReport[] = ["progress", "wdpPlanFact", "resourceUsage"];
export type BuiltInReport = (typeof BUILT_IN_REPORTS)[number];
/** A template is an organisation's form, not a data file: a few hundred kilobytes at most. */
export const REPORT_TEMPLATE_MAX_BYTES = 5 * 1024 * 1024;
export const REPORT_YEAR = { min: 2000, max: 2100 } as const;
export const REPORT_BATCH_MAX_VERSIONS = 200;

const yearField = z.coerce
  .number({ error: "InvalidNumber" })
  .int({ error: "InvalidNumber" })
  .min(REPORT_YEAR.min, { error: "InvalidValue" })
  .max(REPORT_YEAR.max, { error: "InvalidValue" });

/** `POST /reports/add?epsId=…&name=…` (multipart `file`): the options of the upload travel in the query. */
export const reportAddQuery = z.object({
  epsId: workspaceUuid,
  name: nameField,
  reportingYear: yearField.optional(),
  wbsDisplay: z.enum(REPORT_WBS_DISPLAYS, { error: "InvalidValue" }).default("all"),
});
export const reportSchema = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  fields: z.array(z.string()),
  reportingYear: z.number().nullable(),
  wbsDisplay: z.enum(REPORT_WBS_DISPLAYS),
  epsIds: z.array(z.string()),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportListSchema = z.array(reportSchema);
export const reportIdParams = z.object({ id: workspaceUuid });
export const reportNodeParams = z.object({ id: workspaceUuid, epsId: workspaceUuid });
export const reportRunParams = z.object({ id: workspaceUuid, x: z.enum(REPORT_FORMATS, { error: "InvalidValue" }) });
/** `/rename` also changes the run options (the spec's reporting year and WBS display are the report's own). */
export const reportRenameBody = z.object({
  name: nameField,
  reportingYear: yearField.nullable().optional(),
  wbsDisplay: z.enum(REPORT_WBS_DISPLAYS, { error: "InvalidValue" }).optional(),
});
export const reportRunBody = z.object({ versionId: workspaceUuid });

/** `POST /versions/{id}/report/{x}`: a built-in report of the version; `from`/`to` bound the progress report. */
export const builtInReportParams = z.object({
  id: workspaceUuid,
  x: z.enum(BUILT_IN_REPORTS, { error: "InvalidValue" }),
});
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "InvalidDate" });
export const builtInReportBody = z
  .object({
    format: z.enum(REPORT_FORMATS, { error: "InvalidValue" }).default("xlsx"),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** The work-done plan's measure of `wdpPlanFact`. */
    measure: z.enum(WDP_MEASURES, { error: "InvalidValue" }).default("volume"),
  })
  .superRefine((body, ctx) => {
    if (body.from && body.to && body.to < body.from)
      ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["to"] });
  });
export type BuiltInReportBody = z.infer<typeof builtInReportBody>;

/** `POST /batch-processing/report`: one report over many versions, as the job `report_batch`; a ZIP of the files. */
export const reportBatchBody = z
  .object({
    versionIds: z
      .array(workspaceUuid)
      .min(1, { error: "Required" })
      .max(REPORT_BATCH_MAX_VERSIONS, { error: "InvalidValue" }),
    reportId: workspaceUuid.optional(),
    builtIn: z.enum(BUILT_IN_REPORTS, { error: "InvalidValue" }).optional(),
    format: z.enum(REPORT_FORMATS, { error: "InvalidValue" }).default("xlsx"),
  })
  .superRefine((body, ctx) => {
    if (!body.reportId === !body.builtIn) ctx.addIssue({ code: "custom", message: "Required", path: ["reportId"] });
  });
export type ReportBatchBody = z.infer<typeof reportBatchBody>;
export const reportBatchStartedSchema = z.object({ jobId: z.string() });
export const reportBatchResultSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number(),
  files: z.number(),
});
export type ReportBatchResult = z.infer<typeof reportBatchResultSchema>;

/** The columns the report master offers: the fields of a work a form's `{{work.<field>}}` can show. */
export const REPORT_MASTER_COLUMNS = [
  "code",
  "name",
  "type",
  "level",
  "start",
  "finish",
  "duration",
  "progress",
  "totalFloat",
  "critical",
  "baselineStart",
  "baselineFinish",
  "actualStart",
  "actualFinish",
  "delay",
] as const;
export type ReportMasterColumn = (typeof REPORT_MASTER_COLUMNS)[number];
export const REPORT_MASTER_TITLE_MAX = 100;

/** `POST /versions/{id}/report/master/{x}`: a report laid out by the user (the report master). */
export const reportMasterParams = z.object({
  id: workspaceUuid,
  x: z.enum(REPORT_FORMATS, { error: "InvalidValue" }),
});
export const reportMasterBody = z
  .object({
    title: requiredText({ max: REPORT_MASTER_TITLE_MAX, allowAnyCharacter: true }).optional(),
    /** The columns in their order, each once. */
    columns: z
      .array(z.enum(REPORT_MASTER_COLUMNS, { error: "InvalidValue" }))
      .min(1, { error: "Required" })
      .max(REPORT_MASTER_COLUMNS.length, { error: "InvalidValue" }),
    wbsDisplay: z.enum(REPORT_WBS_DISPLAYS, { error: "InvalidValue" }).default("works"),
    /** The rows planned across this period (either end may be open). */
    from: isoDay.optional(),
    to: isoDay.optional(),
    criticalOnly: z.boolean().default(false),
    sortBy: z.enum(REPORT_MASTER_COLUMNS, { error: "InvalidValue" }).optional(),
    descending: z.boolean().default(false),
    /** A last row with the totals of the day columns (duration, delay). */
    totals: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (new Set(body.columns).size !== body.columns.length)
      ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["columns"] });
    if (body.from && body.to && body.to < body.from)
      ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["to"] });
  });
export type ReportMasterBody = z.infer<typeof reportMasterBody>;
export type ReportMasterInput = z.input<typeof reportMasterBody>;

/** `GET /space/{id}/report?format=`: the space report, a line per schedule the caller may read. */
export const spaceReportQuery = z.object({ format: z.enum(REPORT_FORMATS, { error: "InvalidValue" }).default("xlsx") });
