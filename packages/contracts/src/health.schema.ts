import { z } from "zod";

/**
 * Schedule health (issue 21): the DCMA 14-point assessment of one version, from its stored rows with the schedule's
 * thresholds (the DCMA ones by default), judged by the same pure checks as `planum check` (@planum/formats).
 */
export const HEALTH_CHECK_KEYS = [
  "logic",
  "leads",
  "lags",
  "relationship_types",
  "hard_constraints",
  "high_float",
  "negative_float",
  "high_duration",
  "invalid_dates",
  "resources",
  "missed_tasks",
  "critical_path_test",
  "cpli",
  "bei",
] as const;
export type HealthCheckKey = (typeof HEALTH_CHECK_KEYS)[number];

/** The checks with a number to pass (the critical path test passes when the finish moves). */
export const HEALTH_THRESHOLD_KEYS = [
  "logic",
  "leads",
  "lags",
  "relationship_types",
  "hard_constraints",
  "high_float",
  "negative_float",
  "high_duration",
  "invalid_dates",
  "resources",
  "missed_tasks",
  "cpli",
  "bei",
] as const;
export type HealthThresholdKey = (typeof HEALTH_THRESHOLD_KEYS)[number];

/** Percent thresholds lie in 0…100, CPLI and BEI in 0…2, invalid dates is a whole count. */
export function healthThresholdRange(key: HealthThresholdKey): { min: number; max: number; integer: boolean } {
  if (key === "cpli" || key === "bei") return { min: 0, max: 2, integer: false };
  if (key === "invalid_dates") return { min: 0, max: 1_000_000, integer: true };
  return { min: 0, max: 100, integer: false };
}

/** A schedule's own thresholds: only the keys it changes; an absent key is the DCMA default. */
export const healthThresholdsSchema = z
  .object(
    Object.fromEntries(
      HEALTH_THRESHOLD_KEYS.map((key) => [key, z.number({ error: "InvalidNumber" }).optional()]),
    ) as Record<HealthThresholdKey, z.ZodOptional<z.ZodNumber>>,
  )
  .strict()
  .superRefine((values, ctx) => {
    for (const key of HEALTH_THRESHOLD_KEYS) {
      const value = values[key];
      if (value === undefined) continue;
      const range = healthThresholdRange(key);
      if (value < range.min || value > range.max || (range.integer && !Number.isInteger(value)))
        ctx.addIssue({ code: "custom", message: "HealthThresholdRange", path: [key], params: range });
    }
  });
export type HealthThresholds = z.infer<typeof healthThresholdsSchema>;

export const healthCheckSchema = z.object({
  /** 1…14, the DCMA point. */
  id: z.number().int(),
  key: z.enum(HEALTH_CHECK_KEYS),
  /** What passes, e.g. "≤ 5%", "0", "≥ 0.95". */
  threshold: z.string(),
  /** The threshold as a number (the schedule's or the DCMA default); null for the critical path test. */
  limit: z.number().nullable(),
  /** Percent for ratio checks, the index for CPLI/BEI, a count otherwise; null when not applicable. */
  value: z.number().nullable(),
  /** Failing works (relations for leads, lags and relationship types) out of `total`. */
  count: z.number().int(),
  total: z.number().int(),
  /** null: not applicable to this version (no data date, no baseline, …). */
  passed: z.boolean().nullable(),
  /** The works behind a failing check (for relations: both works of each). */
  workIds: z.array(z.number().int()),
  /** Why a check does not apply, or what the critical path test did (English, for the tooltip). */
  note: z.string().optional(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const versionHealthSchema = z.object({
  /** Passed checks in percent of the applicable ones (100 when none applies). */
  score: z.number(),
  activities: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  notApplicable: z.number().int(),
  checks: z.array(healthCheckSchema),
  /** The schedule's own thresholds (the keys it changed). */
  thresholds: healthThresholdsSchema,
});
export type VersionHealth = z.infer<typeof versionHealthSchema>;

/** Health rolled up over a structure node: the current version of each schedule below it with its kept score. */
export const healthRollupSchema = z.object({
  /** The versions' scores weighted by their activities; null when none has one. */
  score: z.number().nullable(),
  versions: z.array(
    z.object({
      versionId: z.string(),
      scheduleId: z.string(),
      score: z.number(),
      passed: z.number().int(),
      failed: z.number().int(),
      notApplicable: z.number().int(),
      activities: z.number().int(),
    }),
  ),
  /** Current versions not calculated since health was kept: no score yet. */
  unscored: z.number().int(),
});
export type HealthRollup = z.infer<typeof healthRollupSchema>;
