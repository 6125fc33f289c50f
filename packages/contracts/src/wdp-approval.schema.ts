import { z } from "zod";
import { WDP_MEASURES, wdpDay, wdpValue } from "./wdp.schema.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Approval of work done (issue 12, spec §3 "Approval decision", §7 `/versions/{id}/mobile`): a
 * site engineer reports the day's done quantities from the phone page; they wait apart from the facts until the
 * responsible person (wdp:approve on the schedule) approves them — then they become the work's facts — or declines
 * them with a comment. See docs/domain.md "Approval of work done".
 */
export const WDP_DECISIONS = ["APPROVED", "DECLINED"] as const;
export type WdpDecision = (typeof WDP_DECISIONS)[number];
export const WDP_REPORT_STATUSES = ["pending", "APPROVED", "DECLINED"] as const;
export type WdpReportStatus = (typeof WDP_REPORT_STATUSES)[number];
/** What a report carries: done quantities (`fact`), or plan changes on days already approved (`plan`). */
export const WDP_REPORT_KINDS = ["fact", "plan"] as const;
export type WdpReportKind = (typeof WDP_REPORT_KINDS)[number];
/** The longest comment of a report or a decision. */
export const WDP_COMMENT_MAX = 1000;
/** Most works one report may carry. */
export const WDP_REPORT_MAX_CELLS = 2000;

const itemId = z.number({ error: "Required" }).int({ error: "InvalidValue" }).positive({ error: "InvalidValue" });
const measure = z.enum(WDP_MEASURES, { error: "InvalidValue" });
const comment = z.string().trim().max(WDP_COMMENT_MAX, { error: "MaxLength" });

/** GET /versions/{id}/mobile?date= — the works of a day (today by default) open to a report. */
export const wdpMobileQuery = z.object({ date: wdpDay.optional() });

/** POST /versions/{id}/mobile — a report of done quantities of one day (today by default), waiting for approval. */
export const wdpMobileReportBody = z.object({
  date: wdpDay.optional(),
  cells: z
    .array(z.object({ itemId, measure, value: wdpValue }))
    .min(1, { error: "Required" })
    .max(WDP_REPORT_MAX_CELLS),
  comment: comment.optional(),
});
export type WdpMobileReportBody = z.infer<typeof wdpMobileReportBody>;

/** GET /schedules/{id}/wdp/approvals?versionId=&status= — the schedule's reports (waiting ones by default). */
export const wdpFactReportListQuery = z.object({
  versionId: workspaceUuid.optional(),
  status: z.enum(["pending", "decided", "all"], { error: "InvalidValue" }).default("pending"),
});

/** POST /schedules/{id}/wdp/approvals — the decision on a report; declining needs a comment. */
export const wdpFactDecisionBody = z
  .object({
    reportId: workspaceUuid,
    decision: z.enum(WDP_DECISIONS, { error: "InvalidValue" }),
    comment: comment.optional(),
  })
  .refine((body) => body.decision === "APPROVED" || (body.comment ?? "") !== "", {
    error: "Required",
    path: ["comment"],
  });
export type WdpFactDecisionBody = z.infer<typeof wdpFactDecisionBody>;

// ---- answers ----

const person = z.object({ id: z.string(), name: z.string() }).nullable();

export const wdpFactReportCellSchema = z.object({
  itemId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  measure: z.enum(WDP_MEASURES),
  value: z.number(),
  /** The work's fact of that day and measure now (what approving replaces). */
  fact: z.number(),
  /** The work's plan of that day and measure. */
  plan: z.number(),
});
export const wdpFactReportSchema = z.object({
  id: z.string(),
  versionId: z.string(),
  /** The reported day. */
  date: z.string(),
  /** `plan`: the cells are new plans of an approved day (approving writes them as the plan and approved plan). */
  kind: z.enum(WDP_REPORT_KINDS),
  status: z.enum(WDP_REPORT_STATUSES),
  reporter: person,
  comment: z.string().nullable(),
  createdAt: z.string(),
  decidedBy: person,
  /** The approver the decider stood in for under a delegation (null: decided in their own right). */
  decidedFor: person,
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  cells: z.array(wdpFactReportCellSchema),
});
export type WdpFactReport = z.infer<typeof wdpFactReportSchema>;
export const wdpFactReportListSchema = z.object({
  versionId: z.string(),
  /** Whether the caller may decide (wdp:approve on the schedule). */
  canDecide: z.boolean(),
  reports: z.array(wdpFactReportSchema),
});
export type WdpFactReportList = z.infer<typeof wdpFactReportListSchema>;

export const wdpMobileMeasureSchema = z.object({
  measure: z.enum(WDP_MEASURES),
  /** Plan of the day. */
  plan: z.number(),
  /** Approved fact of the day. */
  fact: z.number(),
  /** The latest value waiting for approval for the day, null when none waits. */
  pending: z.number().nullable(),
  planTotal: z.number(),
  factTotal: z.number(),
});
export const wdpMobileWorkSchema = z.object({
  itemId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  /** The summary the work sits under, for orientation on a small screen. */
  parentName: z.string().nullable(),
  measures: z.array(wdpMobileMeasureSchema),
});
export type WdpMobileWork = z.infer<typeof wdpMobileWorkSchema>;
export const wdpMobileSchema = z.object({
  versionId: z.string(),
  date: z.string(),
  /** The first day open to entry (null: no limit) and the key date, as limit-for-dp answers them. */
  earliest: z.string().nullable(),
  keyDate: z.string(),
  locked: z.boolean(),
  canReport: z.boolean(),
  canDecide: z.boolean(),
  works: z.array(wdpMobileWorkSchema),
  /** The caller's own reports of the day, newest first. */
  mine: z.array(wdpFactReportSchema),
});
export type WdpMobile = z.infer<typeof wdpMobileSchema>;

/** Cells waiting for approval in a version (the grid marks them): GET /versions/{id}/wdp/pending. */
export const wdpPendingSchema = z.object({
  versionId: z.string(),
  cells: z.array(
    z.object({
      itemId: z.number(),
      measure: z.enum(WDP_MEASURES),
      /** `fact`: a reported quantity; `plan`: a plan change of an approved day. */
      kind: z.enum(WDP_REPORT_KINDS),
      date: z.string(),
      value: z.number(),
    }),
  ),
});
export type WdpPending = z.infer<typeof wdpPendingSchema>;
