import { integer, jsonb, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { versions } from "./workspace.table.js";

/** A version-wide day series: value k is day `start + k` (days since 1970-01-01). */
export interface StoredCurve {
  start: number;
  values: number[];
}

/**
 * The per-day sums a version's analytics are drawn from, by measure (money, cost, labour, volume) and kind (plan,
 * fact, target; `earned` of cost is the budget earned by the work done, for earned value).
 */
export type StoredCurves = Record<string, Partial<Record<"plan" | "fact" | "target" | "earned", StoredCurve>>>;

/** Per-work facts of a version counted once: status, critical, late. */
export interface StoredCounts {
  works: number;
  notStarted: number;
  inProgress: number;
  completed: number;
  critical: number;
  delayed: number;
  maxDelayDays: number;
  totalDelayDays: number;
  lateStart: number;
  lateFinish: number;
}

/**
 * Analytics of a version, precomputed (issue 15; `modules/analytics/CONTEXT.md`): a version of 100,000 works keeps
 * two years of daily plans in ~600,000 series; a dashboard needs their sums, so they are summed once after each
 * change (the `analytics_version` job) and read as one row. `generation` counts changes announced for the version,
 * `computed_generation` the one the stored figures include: equal means fresh.
 */
export const analyticsVersions = pgTable("analytics_versions", {
  versionId: uuid("version_id")
    .primaryKey()
    .references(() => versions.id, { onDelete: "cascade" }),
  spaceId: uuid("space_id")
    .notNull()
    .references(() => spaces.id, { onDelete: "cascade" }),
  generation: integer("generation").notNull().default(0),
  computedGeneration: integer("computed_generation").notNull().default(-1),
  /** The day facts are counted to (the version's data date, else the day of computing). */
  statusDay: integer("status_day").notNull().default(0),
  curves: jsonb("curves").$type<StoredCurves>().notNull().default({}),
  counts: jsonb("counts").$type<StoredCounts | null>(),
  computedAt: timestamp("computed_at", { withTimezone: true }),
});
