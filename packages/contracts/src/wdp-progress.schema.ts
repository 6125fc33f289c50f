import { z } from "zod";
import { DISTRIBUTION_MODES } from "./wdp.schema.js";

/**
 * Progress from daily facts (spec §3 calculation scenarios, §7 calculate-remains-duration-by-intensity): what the
 * facts of a work make of its actual dates, % complete and remaining duration. The rules: docs/domain.md
 * "Progress from daily facts" and packages/engine/CONTEXT.md.
 */
export const WDP_PROGRESS_MEASURES = ["volume", "labour", "cost"] as const;
export type WdpProgressMeasure = (typeof WDP_PROGRESS_MEASURES)[number];

const quantities = z.object({ volume: z.number(), labour: z.number(), cost: z.number() });

export const wdpProgressRowSchema = z.object({
  itemId: z.number(),
  code: z.string(),
  name: z.string(),
  /** The work's unit of volume (its `measure`). */
  unit: z.string().nullable(),
  /** How the work's plans are distributed. */
  mode: z.enum(DISTRIBUTION_MODES),
  /** The scenario (1–13) and the quantity (null: the daily plan has none) that measure the work. */
  scenario: z.number(),
  measure: z.enum(WDP_PROGRESS_MEASURES).nullable(),
  planned: quantities,
  /** Facts counted as of the data date. */
  actual: quantities,
  status: z.enum(["not_started", "in_progress", "completed"]),
  actualStart: z.string().nullable(),
  actualFinish: z.string().nullable(),
  percentComplete: z.number(),
  /** Remaining duration by the scenario (or by intensity when applied), working minutes. */
  remaining: z.number(),
  /** Working minutes from the actual start to the data date or the actual finish. */
  actualDuration: z.number(),
  /** Measured quantity per working day over the last working days, and the remaining duration at that rate. */
  intensity: z.number().nullable(),
  remainingByIntensity: z.number().nullable(),
  /** Working minutes of a day on the work's calendar (to show durations in days: workspace-units.ts). */
  minutesPerDay: z.number(),
  /** The remaining duration follows the measured intensity (applied by the planner). */
  byIntensity: z.boolean(),
});
export type WdpProgressRow = z.infer<typeof wdpProgressRowSchema>;

/** Volume of a summary adds up only while the works below share one unit: null when they do not. */
const summed = z.object({ volume: z.number().nullable(), labour: z.number(), cost: z.number() });
/** A WBS summary's planned and done quantities: every work below it, rolled up (the planning tab's sums). */
export const wdpProgressSumSchema = z.object({
  itemId: z.number(),
  parentId: z.number().nullable(),
  code: z.string(),
  name: z.string(),
  /** The one unit of volume of the works below (null: none, or several). */
  unit: z.string().nullable(),
  planned: summed,
  /** Facts counted as of the data date. */
  actual: summed,
});
export type WdpProgressSum = z.infer<typeof wdpProgressSumSchema>;

export const wdpProgressSchema = z.object({
  versionId: z.string(),
  /** The instant progress is measured at: the version's data date, else the end of today. */
  asOf: z.string(),
  /** The version has a data date, so a calculation applies these figures (without one, facts only show here). */
  applied: z.boolean(),
  /** Working days the intensity is averaged over. */
  intensityDays: z.number(),
  rows: z.array(wdpProgressRowSchema),
  /** The WBS summaries with something planned or done below them, in tree order. */
  sums: z.array(wdpProgressSumSchema),
});
export type WdpProgress = z.infer<typeof wdpProgressSchema>;

/** PATCH /versions/{id}/calculate-remains-duration-by-intensity: which works' remaining follows their intensity. */
export const wdpIntensityBody = z.object({
  itemIds: z
    .array(z.number({ error: "InvalidValue" }).int({ error: "InvalidValue" }).positive({ error: "InvalidValue" }), {
      error: "Required",
    })
    .min(1, { error: "Required" })
    .max(50_000),
  /** true: remaining by intensity from now on; false: back to the schedule's scenario. */
  byIntensity: z.boolean({ error: "InvalidValue" }).default(true),
});
export type WdpIntensityBody = z.infer<typeof wdpIntensityBody>;
