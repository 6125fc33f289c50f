import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  /**
   * What the next count must do, each part with the generation that asked for it: `block:<n>` recounts the series
   * of that block of works (analytics-blocks.ts), `all` every block, `counts` the works' counts, `target` takes the
   * target version's plans again. A count removes the parts up to the generation it read; later ones stay.
   */
  dirty: jsonb("dirty").$type<Record<string, number>>().notNull().default({}),
});

/**
 * A version's day sums per block of its works (work id modulo the block count): a change of a few works recounts
 * their blocks only and moves the version's sums by the blocks' difference (`analytics-blocks.ts`).
 */
export const analyticsVersionBlocks = pgTable(
  "analytics_version_blocks",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    block: integer("block").notNull(),
    curves: jsonb("curves").$type<StoredCurves>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.block] })],
);

/** The days whose analytics recount was queued (one process of many queues it: the first to insert the day). */
export const analyticsDailyRuns = pgTable("analytics_daily_runs", {
  day: text("day").primaryKey(),
  jobId: uuid("job_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
