import { z } from "zod";
import { nameField } from "./validation.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Indicators (issue 15; spec §3 "indicator", "Weighting: factor, weight"; §7 indicator CRUD under schedules and
 * projects): a named formula over a version's figures and other indicators, coloured by thresholds, computed for
 * each version by the analytics recount and rolled up to projects and nodes.
 */

/**
 * The figures a formula may name: earned value, works counted and, per measure (money, cost, labour, volume), the
 * plan, the fact, the target's plan, the plan up to the status day (on-date) and the share done.
 */
export const INDICATOR_FIGURES = [
  "pv",
  "ev",
  "ac",
  "bac",
  "sv",
  "cv",
  "spi",
  "cpi",
  "eac",
  "etc",
  "vac",
  "tcpi",
  "spi_t",
  "sv_t",
  "works",
  "not_started",
  "in_progress",
  "completed",
  "critical",
  "delayed",
  "max_delay_days",
  "total_delay_days",
  "late_start",
  "late_finish",
  ...(["money", "cost", "labour", "volume"] as const).flatMap(
    (m) => [`plan_${m}`, `fact_${m}`, `target_${m}`, `on_date_${m}`, `done_${m}`] as const,
  ),
] as const;

/** Colours a threshold may give: the theme's, readable on light and dark. */
export const INDICATOR_COLOURS = ["green", "lime", "yellow", "orange", "red", "blue", "grape", "gray"] as const;
export type IndicatorColour = (typeof INDICATOR_COLOURS)[number];
/** weight: the schedules' values averaged, each weighed by its budget (BAC); factor: summed, times `factor`. */
export const INDICATOR_WEIGHTINGS = ["weight", "factor"] as const;
export type IndicatorWeighting = (typeof INDICATOR_WEIGHTINGS)[number];

const finite = z.number({ error: "InvalidNumber" }).refine(Number.isFinite, { error: "InvalidNumber" });

export const indicatorBody = z.object({
  /** The name other formulas use: a letter, then letters, digits, underscores. */
  key: z
    .string({ error: "Required" })
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: "InvalidValue" }),
  name: nameField,
  formula: z.string({ error: "Required" }).trim().min(1, { error: "Required" }).max(500, { error: "MaxLength" }),
  thresholds: z
    .array(z.object({ from: finite, colour: z.enum(INDICATOR_COLOURS, { error: "InvalidValue" }) }))
    .max(10, { error: "InvalidValue" })
    .default([]),
  weighting: z.enum(INDICATOR_WEIGHTINGS, { error: "InvalidValue" }).default("weight"),
  factor: finite.default(1),
});
export type IndicatorBody = z.infer<typeof indicatorBody>;

export const indicatorSchema = z.object({
  id: z.string(),
  /** Where it is defined: a project (every schedule below it) or one schedule. */
  projectId: z.string().nullable(),
  scheduleId: z.string().nullable(),
  key: z.string(),
  name: z.string(),
  formula: z.string(),
  thresholds: z.array(z.object({ from: z.number(), colour: z.enum(INDICATOR_COLOURS) })),
  weighting: z.enum(INDICATOR_WEIGHTINGS),
  factor: z.number(),
});
export type Indicator = z.infer<typeof indicatorSchema>;
export const indicatorListSchema = z.array(indicatorSchema);

/** An indicator's value at a level (a version, a schedule, rolled up to a project, node or the space). */
export const indicatorValueSchema = indicatorSchema.extend({
  value: z.number().nullable(),
  /** The threshold's colour; null without a value or below every threshold. */
  colour: z.enum(INDICATOR_COLOURS).nullable(),
  /** The versions whose values were rolled up. */
  versions: z.number().int(),
});
export type IndicatorValue = z.infer<typeof indicatorValueSchema>;
export const indicatorValueListSchema = z.array(indicatorValueSchema);

export const indicatorParams = z.object({ id: workspaceUuid, indicatorId: workspaceUuid });

/** The colour of a value: the threshold with the highest `from` not above it. */
export function indicatorColour(
  value: number | null,
  thresholds: { from: number; colour: IndicatorColour }[],
): IndicatorColour | null {
  if (value === null) return null;
  let best: { from: number; colour: IndicatorColour } | null = null;
  for (const t of thresholds) if (t.from <= value && (!best || t.from >= best.from)) best = t;
  return best?.colour ?? null;
}
