import { z } from "zod";
import { CALC_STATUSES, versionSchema } from "./workspace.schema.js";

/**
 * The calculation of a version (spec §3): starting it as a job or synchronously, and its results (the timetable).
 * Dates are wall-clock text "YYYY-MM-DDTHH:mm", floats working minutes.
 */

/** `PATCH /versions/{id}/timetable/calculate`: the job that calculates. */
export const calculationStartedSchema = z.object({ jobId: z.string(), calcStatus: z.literal("in_process") });
export type CalculationStarted = z.infer<typeof calculationStartedSchema>;

/** What a calculation did. */
export const calculationOutcomeSchema = z.object({
  /** Project finish. */
  finish: z.string(),
  activities: z.number(),
  /** Rows whose results changed and were written. */
  written: z.number(),
  relations: z.number(),
  /** Milliseconds spent reading, calculating and writing. */
  timings: z.object({ readMs: z.number(), engineMs: z.number(), writeMs: z.number() }),
});
export type CalculationOutcome = z.infer<typeof calculationOutcomeSchema>;

/** `PATCH /versions/{id}/timetable/calculate/synchronous`: the outcome and the version as it is now. */
export const calculationSynchronousSchema = calculationOutcomeSchema.extend({ version: versionSchema });

export const timetableItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  earlyStart: z.string().nullable(),
  earlyFinish: z.string().nullable(),
  lateStart: z.string().nullable(),
  lateFinish: z.string().nullable(),
  totalFloat: z.number().nullable(),
  freeFloat: z.number().nullable(),
  critical: z.boolean(),
});
export type TimetableItem = z.infer<typeof timetableItemSchema>;

/** `GET /versions/{id}/timetable`: the version's calculation state and every item's results, by id. */
export const timetableSchema = z.object({
  calcStatus: z.enum(CALC_STATUSES),
  calcError: z.string().nullable(),
  calculatedAt: z.string().nullable(),
  projectStart: z.string(),
  dataDate: z.string().nullable(),
  finish: z.string().nullable(),
  items: z.array(timetableItemSchema),
});
export type Timetable = z.infer<typeof timetableSchema>;
