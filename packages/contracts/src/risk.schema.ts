import { z } from "zod";
import { requiredText } from "./validation.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Risk analysis (issue 21): Monte Carlo iterations of the engine over three-point durations, risk events and
 * correlation groups of one version, run as a job and kept per version. Durations and impacts are working minutes
 * of the work's calendar (the grid shows them in the workspace's duration unit).
 */
export const RISK_DISTRIBUTIONS = ["triangular", "pert", "uniform", "normal"] as const;
export type RiskDistribution = (typeof RISK_DISTRIBUTIONS)[number];
export const RISK_DEFAULT_ITERATIONS = 1000;
/** The installation's limit unless `PLANUM_RISK_MAX_ITERATIONS` sets another. */
export const RISK_MAX_ITERATIONS = 10_000;
export const RISK_RUN_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type RiskRunStatus = (typeof RISK_RUN_STATUSES)[number];

const minutes = z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(0, { error: "InvalidNumber" });

const threePointFields = { min: minutes, likely: minutes, max: minutes, distribution: z.enum(RISK_DISTRIBUTIONS) };

/** Minimum ≤ most likely ≤ maximum, else RiskThreePointOrder on the field that breaks the order. */
function ordered(t: { min: number; likely: number; max: number }, ctx: z.RefinementCtx) {
  if (t.min > t.likely || t.likely > t.max)
    ctx.addIssue({ code: "custom", message: "RiskThreePointOrder", path: [t.min > t.likely ? "min" : "max"] });
}

export const riskDurationSchema = z.object({ ...threePointFields, itemId: z.number().int() }).superRefine(ordered);
export type RiskDuration = z.infer<typeof riskDurationSchema>;

/** `PUT /versions/{id}/risk/durations`: set (or, with `clear`, remove) the three-point durations of works. */
export const riskDurationsBody = z.object({
  set: z.array(riskDurationSchema).max(100_000).default([]),
  clear: z.array(z.number().int()).max(100_000).default([]),
});
export type RiskDurationsBody = z.infer<typeof riskDurationsBody>;

const probability = z
  .number({ error: "InvalidNumber" })
  .refine((p) => p >= 0 && p <= 1, { error: "RiskProbabilityRange" });
const coefficient = z
  .number({ error: "InvalidNumber" })
  .refine((c) => c >= -1 && c <= 1, { error: "RiskCorrelationRange" });

export const riskEventBody = z.object({
  name: requiredText({ max: 120, allowAnyCharacter: true }),
  probability,
  impact: z.object(threePointFields).superRefine(ordered),
  itemIds: z.array(z.number().int()).min(1, { error: "Required" }).max(10_000),
});
export type RiskEventBody = z.infer<typeof riskEventBody>;
export const riskEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  probability: z.number(),
  impact: z.object({
    min: z.number(),
    likely: z.number(),
    max: z.number(),
    distribution: z.enum(RISK_DISTRIBUTIONS),
  }),
  itemIds: z.array(z.number()),
});
export type RiskEvent = z.infer<typeof riskEventSchema>;

export const riskCorrelationBody = z.object({
  name: requiredText({ max: 120, allowAnyCharacter: true }),
  coefficient,
  itemIds: z.array(z.number().int()).min(2, { error: "Required" }).max(10_000),
});
export type RiskCorrelationBody = z.infer<typeof riskCorrelationBody>;
export const riskCorrelationSchema = z.object({
  id: z.string(),
  name: z.string(),
  coefficient: z.number(),
  itemIds: z.array(z.number()),
});
export type RiskCorrelation = z.infer<typeof riskCorrelationSchema>;

/**
 * A rule gives works without their own three-point duration one in percent of their planned duration: every work,
 * the works under a WBS node, or the works whose attribute (a directory's linked attribute too) has one of the values.
 */
export const riskRuleSchema = z
  .object({
    wbsId: z.number().int().nullable().default(null),
    attributeId: z.string().nullable().default(null),
    values: z.array(z.string()).max(1000).default([]),
    minPercent: z.number({ error: "InvalidNumber" }).min(0, { error: "InvalidNumber" }),
    likelyPercent: z.number({ error: "InvalidNumber" }).min(0, { error: "InvalidNumber" }),
    maxPercent: z.number({ error: "InvalidNumber" }).min(0, { error: "InvalidNumber" }),
    distribution: z.enum(RISK_DISTRIBUTIONS),
  })
  .superRefine((r, ctx) => {
    if (r.minPercent > r.likelyPercent || r.likelyPercent > r.maxPercent)
      ctx.addIssue({
        code: "custom",
        message: "RiskThreePointOrder",
        path: [r.minPercent > r.likelyPercent ? "minPercent" : "maxPercent"],
      });
  });
export type RiskRule = z.infer<typeof riskRuleSchema>;

export const riskSettingsSchema = z.object({
  iterations: z.number().int(),
  seed: z.number().int(),
  milestoneIds: z.array(z.number()),
  rules: z.array(riskRuleSchema),
});
export type RiskSettings = z.infer<typeof riskSettingsSchema>;

export const riskSettingsBody = z.object({
  iterations: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(10).optional(),
  seed: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(0).max(2_147_483_647).optional(),
  milestoneIds: z.array(z.number().int()).max(50).optional(),
  rules: z.array(riskRuleSchema).max(100).optional(),
});
export type RiskSettingsBody = z.infer<typeof riskSettingsBody>;

/** `GET /versions/{id}/risk`: everything a run takes from the version. */
export const riskInputsSchema = z.object({
  durations: z.array(
    z.object({
      itemId: z.number(),
      min: z.number(),
      likely: z.number(),
      max: z.number(),
      distribution: z.enum(RISK_DISTRIBUTIONS),
    }),
  ),
  events: z.array(riskEventSchema),
  correlations: z.array(riskCorrelationSchema),
  settings: riskSettingsSchema,
  maxIterations: z.number(),
});
export type RiskInputs = z.infer<typeof riskInputsSchema>;

export const riskRunBody = z.object({
  iterations: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(10).optional(),
  seed: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(0).max(2_147_483_647).optional(),
});
export type RiskRunBody = z.infer<typeof riskRunBody>;

/** A finish's distribution, dates as "YYYY-MM-DDTHH:mm" (wall time of the schedule). */
export const riskDistributionSchema = z.object({
  deterministic: z.string(),
  mean: z.string(),
  /** Standard deviation in days of 24 hours. */
  sdDays: z.number(),
  min: z.string(),
  max: z.string(),
  p10: z.string(),
  p50: z.string(),
  p80: z.string(),
  p90: z.string(),
  onTime: z.number(),
  histogram: z.object({ from: z.string(), widthMinutes: z.number(), counts: z.array(z.number()) }),
  cumulative: z.array(z.tuple([z.string(), z.number()])),
});
export type RiskDistributionResult = z.infer<typeof riskDistributionSchema>;

const workRef = { itemId: z.number(), code: z.string(), name: z.string() };
export const riskResultSchema = z.object({
  iterations: z.number(),
  seed: z.number(),
  uncertainWorks: z.number(),
  finish: riskDistributionSchema,
  milestones: z.array(riskDistributionSchema.extend(workRef)),
  criticality: z.array(z.object({ ...workRef, index: z.number() })),
  sensitivity: z.array(z.object({ ...workRef, correlation: z.number() })),
  events: z.array(z.object({ id: z.string(), name: z.string(), share: z.number() })),
});
export type RiskResult = z.infer<typeof riskResultSchema>;

export const riskRunSchema = z.object({
  id: z.string(),
  versionId: z.string(),
  jobId: z.string().nullable(),
  status: z.enum(RISK_RUN_STATUSES),
  progress: z.number(),
  iterations: z.number(),
  seed: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** Only in `GET /risk/runs/{id}`; the list gives P50/P80 to compare runs at a glance. */
  result: riskResultSchema.nullable(),
  p50: z.string().nullable(),
  p80: z.string().nullable(),
});
export type RiskRun = z.infer<typeof riskRunSchema>;
export const riskRunStartedSchema = z.object({ runId: z.string(), jobId: z.string() });
/** A risk event, correlation group or run of the version `id`. */
export const riskEntryParams = z.object({ id: workspaceUuid, entryId: workspaceUuid });
