import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";
import { versions, wbsItems } from "./workspace.table.js";

/**
 * Risk analysis (issue 21). A work's three-point duration in working minutes of its calendar (of the remaining
 * duration when the work is in progress), with the distribution it is drawn from.
 */
export const riskDurations = pgTable(
  "risk_durations",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => wbsItems.id, { onDelete: "cascade" }),
    min: integer("min").notNull(),
    likely: integer("likely").notNull(),
    max: integer("max").notNull(),
    distribution: text("distribution", { enum: ["triangular", "pert", "uniform", "normal"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.itemId] })],
);

/**
 * A risk event of a version: with `probability`, an iteration adds the impact (three-point, working minutes) to each
 * of its works. Works are kept as ids (a deleted work simply drops out when the run reads them).
 */
export const riskEvents = pgTable(
  "risk_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    probability: doublePrecision("probability").notNull(),
    impact: jsonb("impact").$type<{ min: number; likely: number; max: number; distribution: string }>().notNull(),
    itemIds: jsonb("item_ids").$type<number[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("risk_events_version_idx").on(t.versionId)],
);

/** Works whose durations move together, with the correlation of their draws (−1…1). */
export const riskCorrelations = pgTable(
  "risk_correlations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    coefficient: doublePrecision("coefficient").notNull(),
    itemIds: jsonb("item_ids").$type<number[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("risk_correlations_version_idx").on(t.versionId)],
);

/** A version's run settings: iterations, seed, tracked milestones and the rules that give works a spread. */
export const riskSettings = pgTable("risk_settings", {
  versionId: uuid("version_id")
    .primaryKey()
    .references(() => versions.id, { onDelete: "cascade" }),
  iterations: integer("iterations").notNull(),
  seed: integer("seed").notNull(),
  milestoneIds: jsonb("milestone_ids").$type<number[]>().notNull().default([]),
  rules: jsonb("rules").$type<unknown[]>().notNull().default([]),
});

/** One run of the analysis and, once completed, its result (kept per version to compare runs). */
export const riskRuns = pgTable(
  "risk_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    jobId: uuid("job_id"),
    status: text("status", { enum: ["queued", "running", "completed", "failed"] })
      .notNull()
      .default("queued"),
    progress: integer("progress").notNull().default(0),
    iterations: integer("iterations").notNull(),
    seed: integer("seed").notNull(),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("risk_runs_version_idx").on(t.versionId, t.createdAt)],
);
