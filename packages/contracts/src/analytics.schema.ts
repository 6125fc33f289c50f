import { z } from "zod";
import { indicatorValueListSchema } from "./indicators.schema.js";
import { nameField } from "./validation.js";
import { wdpDay } from "./wdp.schema.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Analytics of a version and of a schedule (issue 15; spec §7 "analytics for space, facility, project, schedule and
 * version"): S-curves, totals, earned value and counts, precomputed per version from the work-done plans.
 */

/** The quantities a curve is drawn of; `money` is the contract price spread over the days (distributed_price). */
export const ANALYTICS_MEASURES = ["money", "cost", "labour", "volume"] as const;
export type AnalyticsMeasure = (typeof ANALYTICS_MEASURES)[number];
/**
 * plan — the version's plan as calculated now; fact — what was done; forecast — done up to the status day, then the
 * plan's remaining days; target — the plan of the schedule's target version (the baseline).
 */
export const CURVE_KINDS = ["plan", "fact", "forecast", "target"] as const;
export type CurveKind = (typeof CURVE_KINDS)[number];
export const ANALYTICS_PERIODS = ["day", "week", "month"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const analyticsLevelParams = z.object({ id: workspaceUuid });

export const analyticsSeriesQuery = z.object({
  measure: z.enum(ANALYTICS_MEASURES, { error: "InvalidValue" }).default("cost"),
  period: z.enum(ANALYTICS_PERIODS, { error: "InvalidValue" }).default("day"),
  /** "false": values per period; otherwise running totals (the S-curve). */
  cumulative: z
    .enum(["true", "false"], { error: "InvalidValue" })
    .default("true")
    .transform((v) => v === "true"),
});
export type AnalyticsSeriesQuery = z.infer<typeof analyticsSeriesQuery>;

/** One curve per kind over the same periods; a kind without data (no target version) is absent. */
export const analyticsSeriesSchema = z.object({
  measure: z.enum(ANALYTICS_MEASURES),
  period: z.enum(ANALYTICS_PERIODS),
  cumulative: z.boolean(),
  /** First day of each period, "YYYY-MM-DD". */
  periods: z.array(z.string()),
  curves: z.array(z.object({ kind: z.enum(CURVE_KINDS), values: z.array(z.number()) })),
  /** The status day the fact stops and the forecast starts at ("YYYY-MM-DD"). */
  statusDate: z.string(),
  /** The versions rolled up (one for a version). */
  versions: z.number().int(),
  /** False while a change is still being counted in (the figures are those of before it). */
  fresh: z.boolean(),
});
export type AnalyticsSeries = z.infer<typeof analyticsSeriesSchema>;

/** Totals of one measure. */
export const analyticsTotalsSchema = z.object({
  measure: z.enum(ANALYTICS_MEASURES),
  plan: z.number(),
  fact: z.number(),
  target: z.number().nullable(),
  /** Planned up to the status day. */
  planToDate: z.number(),
  /** fact / plan (0..1 and more); null when nothing is planned. */
  percent: z.number().nullable(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

const nullableNumber = z.number().nullable();
/** Earned value by cost as of the status day (ANSI/EIA-748 terms, packages/engine earned-value.ts). */
export const analyticsEarnedValueSchema = z.object({
  statusDate: z.string(),
  /** Where PV comes from: the target version's plan, else the version's own plan. */
  baseline: z.enum(["target", "plan"]),
  pv: z.number(),
  ev: z.number(),
  ac: z.number(),
  bac: z.number(),
  sv: z.number(),
  cv: z.number(),
  spi: nullableNumber,
  cpi: nullableNumber,
  eac: z.object({ cpi: nullableNumber, budgetRate: z.number(), cpiSpi: nullableNumber, composite: nullableNumber }),
  etc: nullableNumber,
  vac: nullableNumber,
  tcpiBac: nullableNumber,
  tcpiEac: nullableNumber,
  percentComplete: nullableNumber,
  percentSpent: nullableNumber,
  /** Earned schedule in days: ES, AT, SV(t), SPI(t), IEAC(t); null before the plan starts. */
  schedule: z
    .object({ es: z.number(), at: z.number(), svt: z.number(), spit: nullableNumber, ieact: nullableNumber })
    .nullable(),
});
export type AnalyticsEarnedValue = z.infer<typeof analyticsEarnedValueSchema>;

/** Works counted: by status, critical, late against the target dates. */
export const analyticsCountSchema = z.object({
  works: z.number().int(),
  notStarted: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  critical: z.number().int(),
  /** Works whose finish is after their target finish. */
  delayed: z.number().int(),
  /** The largest delay of a work in calendar days, and the sum over delayed works. */
  maxDelayDays: z.number(),
  totalDelayDays: z.number(),
  /** Works that should have started or finished by the status day and have not. */
  lateStart: z.number().int(),
  lateFinish: z.number().int(),
});
export type AnalyticsCount = z.infer<typeof analyticsCountSchema>;

export const analyticsStatsSchema = z.object({
  count: analyticsCountSchema,
  earnedValue: analyticsEarnedValueSchema,
  totals: z.array(analyticsTotalsSchema),
  fresh: z.boolean(),
});
export type AnalyticsStats = z.infer<typeof analyticsStatsSchema>;

/** Which works a widget stands for: the dashboard opens the schedule filtered to them. */
export const ANALYTICS_WORK_SETS = [
  "critical",
  "delayed",
  "not_started",
  "in_progress",
  "completed",
  "late_start",
  "late_finish",
  /** Should have started or finished by the status day (target dates, else their own planned dates) and have not. */
  "behind",
  /** Planned or under way in the days `from`..`to` (a period of the S-curve). */
  "in_period",
] as const;
export type AnalyticsWorkSet = (typeof ANALYTICS_WORK_SETS)[number];
/** A WBS row of the version shown (sum or work). */
const wbsRowId = z.coerce
  .number({ error: "InvalidValue" })
  .int({ error: "InvalidValue" })
  .positive({ error: "InvalidValue" });
export const analyticsWorksQuery = z
  .object({
    set: z.enum(ANALYTICS_WORK_SETS, { error: "InvalidValue" }),
    from: wdpDay.optional(),
    to: wdpDay.optional(),
    /** Only the works under this WBS row (a version's or a schedule's dashboard, a WBS node's indicator). */
    wbsId: wbsRowId.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.set !== "in_period") return;
    if (!query.from || !query.to)
      ctx.addIssue({ code: "custom", message: "Required", path: [query.from ? "to" : "from"] });
    else if (query.from > query.to) ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["to"] });
  });
export type AnalyticsWorksQuery = z.infer<typeof analyticsWorksQuery>;
export const analyticsWorksSchema = z.array(
  z.object({ id: z.number().int(), code: z.string(), name: z.string(), delayDays: z.number().nullable() }),
);
export type AnalyticsWorks = z.infer<typeof analyticsWorksSchema>;

/**
 * `…/indicator?wbsId=`: the values of one WBS node (its works' figures) or one work, computed when asked — a
 * version's or a schedule's level only.
 */
export const analyticsIndicatorQuery = z.object({ wbsId: wbsRowId.optional() });
export type AnalyticsIndicatorQuery = z.infer<typeof analyticsIndicatorQuery>;

/** `…/dashboard?measure=&period=&cumulative=`: what a dashboard shows, read in one call (the versions read once). */
export const analyticsDashboardSchema = z.object({
  series: analyticsSeriesSchema,
  stats: analyticsStatsSchema,
  indicators: indicatorValueListSchema,
});
export type AnalyticsDashboardData = z.infer<typeof analyticsDashboardSchema>;

/** `…/graph`: the resource load of the level's current versions, per day, week or month. */
export const analyticsGraphQuery = z.object({
  period: z.enum(ANALYTICS_PERIODS, { error: "InvalidValue" }).default("week"),
});
export const analyticsGraphSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** First day of each period (ISO). */
  periods: z.array(z.string()),
  /** The resources the versions use, the over-allocated and most loaded first (a dozen at most). */
  resources: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      unit: z.string(),
      /** Units demanded in all, and per period. */
      total: z.number(),
      demand: z.array(z.number()),
      /** Units available per period; null = unlimited (no availability set). */
      availability: z.array(z.number().nullable()),
      /** Days whose demand passes the availability. */
      overDays: z.number().int(),
    }),
  ),
  versions: z.number().int(),
});
export type AnalyticsGraph = z.infer<typeof analyticsGraphSchema>;

export const analyticsVersionParams = z.object({ id: workspaceUuid });

/** A recount asked for (`PATCH /versions/{id}/calculate/indicators/all`, `POST /eps/{id}/analytics/calculate`). */
export const analyticsCalculateSchema = z.object({
  /** Versions whose count was queued; their figures read `fresh: false` until it ends. */
  versions: z.number().int(),
});
export type AnalyticsCalculate = z.infer<typeof analyticsCalculateSchema>;

/** The widgets a dashboard may show (spec §7 "Analytics settings, presets"). */
export const DASHBOARD_WIDGETS = [
  "s_curve",
  "cost_curves",
  "earned_value",
  "counts",
  "indicators",
  "resource_load",
  "health",
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

/** A dashboard kept: which widgets show and how the curve is drawn. */
export const analyticsSettingBody = z.object({
  name: nameField,
  widgets: z
    .array(z.enum(DASHBOARD_WIDGETS, { error: "InvalidValue" }), { error: "InvalidValue" })
    .min(1, { error: "Required" })
    .transform((list) => [...new Set(list)]),
  measure: z.enum(ANALYTICS_MEASURES, { error: "InvalidValue" }),
  period: z.enum(ANALYTICS_PERIODS, { error: "InvalidValue" }),
  cumulative: z.boolean({ error: "InvalidValue" }),
});
export type AnalyticsSettingBody = z.infer<typeof analyticsSettingBody>;

/** A user's setting at a node, or a preset of the space (`shared`, no node); `active`: the one the caller sees here. */
export const analyticsSettingSchema = z.object({
  id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  nodeId: z.string().nullable(),
  active: z.boolean(),
  widgets: z.array(z.enum(DASHBOARD_WIDGETS)),
  measure: z.enum(ANALYTICS_MEASURES),
  period: z.enum(ANALYTICS_PERIODS),
  cumulative: z.boolean(),
});
export type AnalyticsSetting = z.infer<typeof analyticsSettingSchema>;
export const analyticsSettingListSchema = z.array(analyticsSettingSchema);

/** The setting or preset to show at a node; null: the default dashboard. */
export const analyticsSetActiveBody = z.object({ settingId: workspaceUuid.nullable() });
