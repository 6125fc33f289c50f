import { z } from "zod";
import { ANALYTICS_PERIODS } from "./analytics.schema.js";
import { wdpDay } from "./wdp.schema.js";

/**
 * Cost curves (spec §7 "a POST custom-cost or all-cost curve" at every analytics level, "curved settings under
 * /analytics/setting/curved"): the earned value chart a P6 / EVM user reads, over the same stored days as the S-curves.
 *
 * pv — planned value: the target version's cost plan when every version rolled up has one, else their own plans (the
 *   rule of the earned value figures); ev — earned value; ac — actual cost (both up to the status day); eac — the
 *   estimate at completion: the actual cost up to the status day, then the work left (BAC − EV) at the cost efficiency
 *   so far (÷ CPI, 1 while nothing is earned or spent) in the shape of the plan's remaining days; plan — the cost the
 *   schedule plans now; money_plan, money_fact — the contract value (distributed price) planned and done, against which
 *   the cost is read as a margin.
 */
export const COST_CURVES = ["pv", "ev", "ac", "eac", "plan", "money_plan", "money_fact"] as const;
export type CostCurve = (typeof COST_CURVES)[number];

const cumulativeFlag = z.boolean({ error: "InvalidValue" }).default(true);
const costCurvesCommon = {
  period: z.enum(ANALYTICS_PERIODS, { error: "InvalidValue" }).default("month"),
  /** false: values per period; otherwise running totals. */
  cumulative: cumulativeFlag,
  /** Only the periods holding days from..to (running totals still count the days before). */
  from: wdpDay.optional(),
  to: wdpDay.optional(),
};
const periodInOrder = (body: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (body.from && body.to && body.from > body.to)
    ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["to"] });
};

/** `POST …/all-cost`: every cost curve that has data. */
export const allCostBody = z.object(costCurvesCommon).superRefine(periodInOrder);
export type AllCostBody = z.infer<typeof allCostBody>;

const curveList = z
  .array(z.enum(COST_CURVES, { error: "InvalidValue" }), { error: "InvalidValue" })
  .min(1, { error: "Required" })
  .refine((list) => new Set(list).size === list.length, { error: "InvalidValue" });

/** `POST …/custom-cost`: the curves asked, in the order asked. */
export const customCostBody = z.object({ curves: curveList, ...costCurvesCommon }).superRefine(periodInOrder);
export type CustomCostBody = z.infer<typeof customCostBody>;

export const costCurvesSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  cumulative: z.boolean(),
  /** First day of each period, "YYYY-MM-DD". */
  periods: z.array(z.string()),
  /** A curve without data (no contract value, nothing spent yet) is absent. */
  curves: z.array(z.object({ key: z.enum(COST_CURVES), values: z.array(z.number()) })),
  statusDate: z.string(),
  /** What PV is: the target versions' plans or the versions' own. */
  baseline: z.enum(["plan", "target"]),
  /** Budget at completion (PV's total) and the estimate at completion (EAC's total). */
  bac: z.number(),
  eac: z.number(),
  versions: z.number().int(),
  fresh: z.boolean(),
});
export type CostCurves = z.infer<typeof costCurvesSchema>;

/** A user's cost chart (`/analytics/setting/curved`). */
export const curvedSettingBody = z.object({
  curves: curveList,
  period: z.enum(ANALYTICS_PERIODS, { error: "InvalidValue" }),
  cumulative: z.boolean({ error: "InvalidValue" }),
});
export type CurvedSettingBody = z.infer<typeof curvedSettingBody>;
export const curvedSettingSchema = curvedSettingBody.extend({
  /** False while the user never saved one (the answer is the default). */
  saved: z.boolean(),
});
export type CurvedSetting = z.infer<typeof curvedSettingSchema>;
