import { jsonb, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { schedules } from "./structure.table.js";
import { versions } from "./workspace.table.js";

/**
 * Schedule health (issue 21): a schedule's own DCMA thresholds, only those that differ from the DCMA defaults
 * (an absent row or key is the default), keyed by check (`logic`, `high_float`, `cpli`, …).
 */
export const healthThresholds = pgTable("health_thresholds", {
  scheduleId: uuid("schedule_id")
    .primaryKey()
    .references(() => schedules.id, { onDelete: "cascade" }),
  spaceId: uuid("space_id")
    .notNull()
    .references(() => spaces.id, { onDelete: "cascade" }),
  thresholds: jsonb("thresholds").$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The health of a version as the last calculation left it: the critical path test (a second engine pass with a
 * critical work delayed, only possible while the network is in memory) and the score and counts of that moment,
 * which analytics rolls up per node without recomputing every version.
 */
export const versionHealth = pgTable("version_health", {
  versionId: uuid("version_id")
    .primaryKey()
    .references(() => versions.id, { onDelete: "cascade" }),
  criticalPathTest: jsonb("critical_path_test").$type<{
    workId: number;
    delayMinutes: number;
    finishBefore: string;
    finishAfter: string;
    workShift: number;
  } | null>(),
  summary: jsonb("summary")
    .$type<{ score: number; passed: number; failed: number; notApplicable: number; activities: number }>()
    .notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});
