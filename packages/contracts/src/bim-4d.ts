import { z } from "zod";
import { INDICATOR_COLOURS, type IndicatorColour } from "./indicators.schema.js";

/**
 * The 4D player (issue 20): the status of an element at a date from the works tied to it. Dates are the API's
 * wall-clock text ("YYYY-MM-DDTHH:mm"), compared as text. One function for the server's `player` call and the
 * viewer, which recolours every element at each frame without asking the server.
 */
export const BIM_4D_STATUSES = ["not_started", "in_progress", "done", "late"] as const;
export type Bim4dStatus = (typeof BIM_4D_STATUSES)[number];
/** Plan: the calculated early dates; target: the target version's dates where the work has them. */
export const BIM_4D_BASES = ["plan", "target"] as const;
export type Bim4dBasis = (typeof BIM_4D_BASES)[number];

export const BIM_4D_COLOURS: Record<Bim4dStatus, string> = {
  not_started: "#adb5bd",
  in_progress: "#fab005",
  done: "#40c057",
  late: "#fa5252",
};

export interface Bim4dWork {
  earlyStart: string | null;
  earlyFinish: string | null;
  actualStart: string | null;
  actualFinish: string | null;
  targetStart: string | null;
  targetFinish: string | null;
}

/**
 * A work at `at`: done once its actual finish has passed; late once its planned finish has passed without it;
 * in progress once it started (in fact, or by plan); otherwise not started.
 */
export function workStatusAt(work: Bim4dWork, at: string, basis: Bim4dBasis = "plan"): Bim4dStatus {
  if (work.actualFinish !== null && work.actualFinish <= at) return "done";
  const start = (basis === "target" ? work.targetStart : null) ?? work.earlyStart;
  const finish = (basis === "target" ? work.targetFinish : null) ?? work.earlyFinish;
  if (finish !== null && finish <= at) return "late";
  if ((work.actualStart !== null && work.actualStart <= at) || (start !== null && start <= at)) return "in_progress";
  return "not_started";
}

/** An element of several works: late if any is, done when all are, not started when none started. */
export function elementStatus(statuses: Bim4dStatus[]): Bim4dStatus {
  if (statuses.includes("late")) return "late";
  if (statuses.every((s) => s === "done")) return "done";
  if (statuses.every((s) => s === "not_started")) return "not_started";
  return "in_progress";
}

export const bimPlayerQuery = z.object({
  date: z.string({ error: "Required" }).regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, { error: "InvalidDate" }),
  basis: z.enum(BIM_4D_BASES).default("plan"),
});
export const bimPlayerEntrySchema = z.object({
  modelId: z.string(),
  expressId: z.number(),
  status: z.enum(BIM_4D_STATUSES),
});
export type BimPlayerEntry = z.infer<typeof bimPlayerEntrySchema>;
/** The dates of the tied works, for the player's timeline: the earliest start and the latest finish. */
export const bimPlayerRangeSchema = z.object({ from: z.string().nullable(), to: z.string().nullable() });

/**
 * `dates-for-deviation`: a tied element's span by its works — started at the first start (actual, else planned),
 * finished at the last finish (actual, else planned) — beside the target version's span, and how many days its
 * finish lies after the target's (negative: ahead of it; null without both).
 */
export const bimDeviationEntrySchema = z.object({
  modelId: z.string(),
  expressId: z.number(),
  start: z.string().nullable(),
  finish: z.string().nullable(),
  targetStart: z.string().nullable(),
  targetFinish: z.string().nullable(),
  finishDeviationDays: z.number().nullable(),
});
export type BimDeviationEntry = z.infer<typeof bimDeviationEntrySchema>;

const earliest = (dates: (string | null)[]) =>
  dates.reduce<string | null>((min, d) => (d !== null && (min === null || d < min) ? d : min), null);
const latest = (dates: (string | null)[]) =>
  dates.reduce<string | null>((max, d) => (d !== null && (max === null || d > max) ? d : max), null);
const wallClockMs = (text: string) => Date.parse(`${text.length === 10 ? `${text}T00:00` : text}Z`);

/** The span of an element's works, planned (or done) and target, and the finish's deviation in days. */
export function elementDates(works: Bim4dWork[]): Omit<BimDeviationEntry, "modelId" | "expressId"> {
  const start = earliest(works.map((w) => w.actualStart ?? w.earlyStart));
  const finish = latest(works.map((w) => w.actualFinish ?? w.earlyFinish));
  const targetStart = earliest(works.map((w) => w.targetStart));
  const targetFinish = latest(works.map((w) => w.targetFinish));
  const finishDeviationDays =
    finish !== null && targetFinish !== null
      ? Math.round(((wallClockMs(finish) - wallClockMs(targetFinish)) / 86_400_000) * 100) / 100
      : null;
  return { start, finish, targetStart, targetFinish, finishDeviationDays };
}

/**
 * Deviation colouring (`indicator-colors/{x}`): an element's finish against the target's, within a tolerance of x
 * days on time, later late, earlier ahead; without a target finish (or without dates) it has no target. Colours
 * are the analytics indicators' palette.
 */
export const BIM_DEVIATION_CLASSES = ["ahead", "on_time", "late", "no_target"] as const;
export type BimDeviationClass = (typeof BIM_DEVIATION_CLASSES)[number];
export const BIM_DEVIATION_COLOURS = {
  ahead: "blue",
  on_time: "green",
  late: "red",
  no_target: "gray",
} as const satisfies Record<BimDeviationClass, IndicatorColour>;

export function deviationClass(finishDeviationDays: number | null, toleranceDays: number): BimDeviationClass {
  if (finishDeviationDays === null) return "no_target";
  if (finishDeviationDays > toleranceDays) return "late";
  if (finishDeviationDays < -toleranceDays) return "ahead";
  return "on_time";
}

export const bimIndicatorColourEntrySchema = z.object({
  modelId: z.string(),
  expressId: z.number(),
  finishDeviationDays: z.number().nullable(),
  deviation: z.enum(BIM_DEVIATION_CLASSES),
  colour: z.enum(INDICATOR_COLOURS),
});
export type BimIndicatorColourEntry = z.infer<typeof bimIndicatorColourEntrySchema>;
