import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { storedFiles } from "./platform.table.js";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";

/**
 * Backups of a space, a project or a schedule (spec §1, §7 backups). The rows themselves are a file of the `backup`
 * area; this row describes it. The target is no foreign key: a backup of a deleted project can still be restored as
 * a new one.
 */
export const backups = pgTable(
  "backups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["space", "project", "schedule"] }).notNull(),
    targetId: uuid("target_id").notNull(),
    /** The target's name when it was saved, so the list reads well after a rename or a deletion. */
    targetName: text("target_name").notNull(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    /** Rows per table in the backup: what the restore preview compares with today. */
    tables: jsonb("tables").$type<Record<string, number>>().notNull(),
    /** On demand, or by which periodic backup job. */
    scheduleId: uuid("schedule_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("backups_space_idx").on(t.spaceId, t.createdAt)],
);

/** Periodic backups (spec §3 periodicity): the next run is claimed by one process, which enqueues a backup job. */
export const backupSchedules = pgTable(
  "backup_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["space", "project", "schedule"] }).notNull(),
    targetId: uuid("target_id").notNull(),
    targetName: text("target_name").notNull(),
    periodicity: text("periodicity", {
      enum: ["daily", "weekly", "2weekly", "Fortnightly", "monthly", "cron"],
    }).notNull(),
    cron: text("cron"),
    /** Periodic backups of this job kept; older ones are deleted when a new one is saved. */
    keep: integer("keep").notNull().default(7),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("backup_schedules_due_idx").on(t.nextRunAt), index("backup_schedules_space_idx").on(t.spaceId)],
);
