import type { VersionHealth } from "@planum/contracts";
import { json, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
 * which analytics rolls up per node without recomputing every version. Once the critical path test's job has run,
 * also the whole answer of the health panel (`health`, plain json: written once, read whole, ~2 MB at 100,000
 * activities) under the key of what it depends on (`health_key`: the version's revision and status, thresholds,
 * dates, critical path test, assigned works), so a read of an unchanged calculated version costs no table scan.
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
  health: json("health").$type<VersionHealth>(),
  healthKey: text("health_key"),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});
