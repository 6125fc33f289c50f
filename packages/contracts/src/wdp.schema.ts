import { z } from "zod";
import { parseNumber } from "./validation.js";
import { workspaceUuid } from "./workspace.schema.js";

/** Work-done plans (spec §1, §3, §7): per work, measure and day, planned and actual quantities. */
export const WDP_MEASURES = [
  "volume",
  "labour",
  "cost",
  "resources",
  "distributed_price",
  "cost_by_distributed_price",
] as const;
export type WdpMeasure = (typeof WDP_MEASURES)[number];
export const WDP_KINDS = ["plan", "fact", "approved_plan"] as const;
export type WdpKind = (typeof WDP_KINDS)[number];
export const DISTRIBUTION_MODES = [
  "start",
  "end",
  "evenly",
  "by_date",
  "by_fact",
  "by_lag",
  "by_period",
  "by_volume",
] as const;
export type WdpDistributionMode = (typeof DISTRIBUTION_MODES)[number];
export const WDP_STATUSES = ["active", "disabled"] as const;
export type WdpStatus = (typeof WDP_STATUSES)[number];
/** Every value is kept to this many decimals (the distribution's unit is 0.001). */
export const WDP_DECIMALS = 3;
/** The largest quantity of one day or one total. */
export const WDP_MAX_VALUE = 1e12;
/** Most cells one call may write. */
export const WDP_MAX_CELLS = 50_000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day "YYYY-MM-DD". */
export const wdpDay = z
  .string({ error: "InvalidDate" })
  .refine((text) => ISO_DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { error: "InvalidDate" });
/**
 * A quantity as typed (spec §5: trimmed, comma as decimal point, finite) or a JSON number. Kept raw here: the server
 * reads it with `parseNumber` so a refusal can name the work and the day.
 */
export const wdpValue = z.union([z.number(), z.string().max(40, { error: "InvalidNumber" })], {
  error: "InvalidNumber",
});
/** The spec's numeric rule for a cell: a finite number, 0 or more, at most WDP_MAX_VALUE; null when it is not. */
export function readWdpValue(value: number | string): number | null {
  const parsed = parseNumber(value);
  return parsed === null || Math.abs(parsed) > WDP_MAX_VALUE ? null : parsed;
}

const itemId = z.number({ error: "Required" }).int({ error: "InvalidValue" }).positive({ error: "InvalidValue" });
const itemIds = z.array(itemId).min(1, { error: "Required" }).max(WDP_MAX_CELLS);
const measure = z.enum(WDP_MEASURES, { error: "InvalidValue" });
const kind = z.enum(WDP_KINDS, { error: "InvalidValue" });
const versionRef = { versionId: workspaceUuid };

// ---- requests ----

export const wdpCell = z.object({ itemId, measure, kind, date: wdpDay, value: wdpValue });
export type WdpCell = z.infer<typeof wdpCell>;

/** PATCH /schedules/{id}/wdp/update: days of one work's series. */
export const wdpUpdateBody = z.object({
  ...versionRef,
  itemId,
  measure,
  kind,
  days: z
    .array(z.object({ date: wdpDay, value: wdpValue }))
    .min(1, { error: "Required" })
    .max(WDP_MAX_CELLS),
});
/** PATCH /schedules/{id}/wdp/update-many: cells of any works (a pasted block, a saved grid). */
export const wdpUpdateManyBody = z.object({
  ...versionRef,
  cells: z.array(wdpCell).min(1, { error: "Required" }).max(WDP_MAX_CELLS),
});

const modeOptions = {
  /** by_date: first and last day. */
  from: wdpDay.optional(),
  to: wdpDay.optional(),
  /** by_lag: working days at the start without quantity. */
  lagDays: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(0).max(3650).optional(),
  /** by_period: the period that gets equal shares. */
  period: z.enum(["week", "month"], { error: "InvalidValue" }).optional(),
};

/**
 * POST /schedules/{id}/wdp/distribute: replaces the plans of works by a distribution mode. `total` is the quantity
 * to spread (one work) — without it each work spreads its current plan total, or its planned quantity of the
 * measure (planned volume, labour, cost) when it has no plan yet. The mode is remembered per work and used again
 * when a calculation moves the work's dates.
 */
export const wdpDistributeBody = z.object({
  ...versionRef,
  itemIds,
  measure,
  mode: z.enum(DISTRIBUTION_MODES, { error: "InvalidValue" }),
  total: wdpValue.optional(),
  ...modeOptions,
});
export type WdpDistributeBody = z.infer<typeof wdpDistributeBody>;

/** Measures a work's resource assignments give a plan of (`resources`: every assignment's units; `labour`: labour
 * resources' units, in hours; `cost`: the assignments' cost at completion). */
export const RESOURCE_PLAN_MEASURES = ["resources", "labour", "cost"] as const;
export type ResourcePlanMeasure = (typeof RESOURCE_PLAN_MEASURES)[number];

/**
 * POST /versions/{id}/update-and-distribute-resource (spec §7 Versions "update and distribute resource"): the plans
 * of the chosen measures are replaced by what the works' assignments demand day by day (units at completion spread
 * by each assignment's curve over the work's dates, as resource usage counts them). Without `itemIds`: every work of
 * the version that has assignments, open to planning and dated.
 */
export const wdpResourcePlanBody = z.object({
  itemIds: itemIds.optional(),
  measures: z
    .array(z.enum(RESOURCE_PLAN_MEASURES, { error: "InvalidValue" }))
    .min(1, { error: "Required" })
    .max(RESOURCE_PLAN_MEASURES.length)
    .default([...RESOURCE_PLAN_MEASURES]),
});
export type WdpResourcePlanBody = z.input<typeof wdpResourcePlanBody>;

/** POST /schedules/{id}/wdp/bulk-toggle-status: sets the planning status of works (spec §4). */
export const wdpBulkStatusBody = z.object({
  ...versionRef,
  itemIds,
  status: z.enum(WDP_STATUSES, { error: "InvalidValue" }),
});
/** POST /schedules/{id}/wdp/bulk-clear-values: clears days (all, or from/to) of some measures and kinds. */
export const wdpBulkClearValuesBody = z.object({
  ...versionRef,
  itemIds,
  measures: z.array(measure).min(1).optional(),
  kinds: z.array(kind).min(1).optional(),
  from: wdpDay.optional(),
  to: wdpDay.optional(),
});
/** POST /schedules/{id}/wdp/bulk-clear-wdp: removes the whole work-done plan of works (every series, mode, status). */
export const wdpBulkClearBody = z.object({ ...versionRef, itemIds });

/** GET /schedules/{id}/actual/info */
export const wdpActualInfoQuery = z.object({ versionId: workspaceUuid.optional() });

/** GET /versions/{id}/wdp: the series of a version (the grid). */
export const wdpSeriesQuery = z.object({
  itemIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: "InvalidValue" })
    .optional(),
  from: wdpDay.optional(),
  to: wdpDay.optional(),
});
/** GET /versions/{id}/update-volume-plan-at-day */
export const wdpAtDayQuery = z.object({ date: wdpDay, measure: measure.default("volume") });
/** GET /versions/{id}/wdp/report */
export const wdpReportQuery = z.object({ from: wdpDay, to: wdpDay, measure: measure.default("volume") });

/**
 * POST /versions/{id}/wdp/allocate/fact and …/allocate/plan: a quantity reported or planned for a period of one work
 * (a weekly report of 70 m³) is spread over the work's working days from `from` to `to`, replacing those days.
 */
export const wdpAllocateBody = z.object({ itemId, measure, total: wdpValue, from: wdpDay, to: wdpDay });
/** POST /versions/{id}/wdp/transfer-value: moves a quantity (all of the day when absent) to another day or work. */
export const wdpTransferBody = z.object({
  measure,
  kind,
  from: z.object({ itemId, date: wdpDay }),
  to: z.object({ itemId, date: wdpDay }),
  value: wdpValue.optional(),
});
/** POST /versions/{id}/wdp/toggle-status: flips one work's planning status. */
export const wdpToggleStatusBody = z.object({ itemId });

// ---- answers ----

export const wdpSeriesSchema = z.object({
  itemId: z.number(),
  measure: z.enum(WDP_MEASURES),
  kind: z.enum(WDP_KINDS),
  /** The first day of `values`. */
  start: z.string(),
  values: z.array(z.number()),
  total: z.number(),
});
export type WdpSeries = z.infer<typeof wdpSeriesSchema>;

export const wdpWorkStateSchema = z.object({
  itemId: z.number(),
  status: z.enum(WDP_STATUSES),
  mode: z.enum(DISTRIBUTION_MODES),
});
export type WdpWorkState = z.infer<typeof wdpWorkStateSchema>;

export const wdpSeriesListSchema = z.object({
  versionId: z.string(),
  series: z.array(wdpSeriesSchema),
  works: z.array(wdpWorkStateSchema),
});

/** What a change answers: the series as they now are (removed ones as keys) and the works whose state changed. */
export const wdpChangeSchema = z.object({
  versionId: z.string(),
  series: z.array(wdpSeriesSchema),
  removed: z.array(z.object({ itemId: z.number(), measure: z.enum(WDP_MEASURES), kind: z.enum(WDP_KINDS) })),
  works: z.array(wdpWorkStateSchema),
  /** Plan cells of days already approved: not written, they wait for approval (absent: none). */
  held: z
    .array(z.object({ itemId: z.number(), measure: z.enum(WDP_MEASURES), date: z.string(), value: z.number() }))
    .optional(),
});
export type WdpChange = z.infer<typeof wdpChangeSchema>;

export const wdpLimitSchema = z.object({
  /** Days before the key date open to entry; null: no limit. */
  entryDays: z.number().nullable(),
  /** The key date (today). Facts are accepted up to it. */
  keyDate: z.string(),
  /** The first day open to entry, null without a limit. */
  earliest: z.string().nullable(),
});
export type WdpLimit = z.infer<typeof wdpLimitSchema>;

const measureTotals = z.record(z.string(), z.number());
export const wdpActualInfoSchema = z.object({
  versionId: z.string(),
  firstFactDate: z.string().nullable(),
  lastFactDate: z.string().nullable(),
  worksWithFacts: z.number(),
  plan: measureTotals,
  fact: measureTotals,
  approvedPlan: measureTotals,
});

export const wdpAtDaySchema = z.array(
  z.object({
    itemId: z.number(),
    code: z.string(),
    name: z.string(),
    plan: z.number(),
    fact: z.number(),
    /** Plan total − facts up to and including the day. */
    remaining: z.number(),
    /** Working days of the work after the day, up to its finish. */
    remainingDays: z.number(),
    /** What each of those days must carry to finish the plan on time (remaining / remainingDays). */
    perDay: z.number().nullable(),
  }),
);

export const wdpReportRowSchema = z.object({
  itemId: z.number(),
  parentId: z.number().nullable(),
  type: z.string(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  plan: z.number(),
  fact: z.number(),
  approvedPlan: z.number(),
  /** fact − plan in the period (negative: behind). */
  deviation: z.number(),
  /** fact / plan × 100, null without a plan. */
  percent: z.number().nullable(),
  /** Whole-work totals. */
  planTotal: z.number(),
  factTotal: z.number(),
});
export const wdpReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  measure: z.enum(WDP_MEASURES),
  rows: z.array(wdpReportRowSchema),
  total: z.object({
    plan: z.number(),
    fact: z.number(),
    approvedPlan: z.number(),
    planTotal: z.number(),
    factTotal: z.number(),
  }),
});
export type WdpReport = z.infer<typeof wdpReportSchema>;
