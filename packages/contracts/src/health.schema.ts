import { z } from "zod";

/**
 * Schedule health (issue 21): the DCMA 14-point assessment of one version, computed from its stored rows on
 * demand with the thresholds of `planum check` (the same pure checks in @planum/formats).
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

export const healthCheckSchema = z.object({
  /** 1…14, the DCMA point. */
  id: z.number().int(),
  key: z.enum(HEALTH_CHECK_KEYS),
  /** What passes, e.g. "≤ 5%", "0", "≥ 0.95". */
  threshold: z.string(),
  /** Percent for ratio checks, the index for CPLI/BEI, a count otherwise; null when not applicable. */
  value: z.number().nullable(),
  /** Failing works (relations for leads, lags and relationship types) out of `total`. */
  count: z.number().int(),
  total: z.number().int(),
  /** null: not applicable to this version (no data date, no baseline, …). */
  passed: z.boolean().nullable(),
  /** The works behind a failing check (for relations: both works of each). */
  workIds: z.array(z.number().int()),
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
});
export type VersionHealth = z.infer<typeof versionHealthSchema>;
