import { NOTICE_KINDS, PERIODICITIES, REMINDER_CHANNELS } from "@planum/contracts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";

/**
 * A notice of one user's personal area in one space. It points at what it is about (schedule, version, work,
 * project) by plain ids, without foreign keys: a notice outlives what it tells of (its text carries the names), and
 * deleting versions or works — by the thousand in imports — must not scan the notices. Opening a notice looks its
 * target up inside the space (`actual-version-and-set-checked`), so a stale id leads nowhere, never elsewhere.
 * `dedupe_key` makes generated notices idempotent: the daily job may run again and adds nothing twice.
 */
export const notices = pgTable(
  "notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTICE_KINDS }).notNull(),
    byUserId: uuid("by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The member whose notice this copies, sent to their delegate (docs/domain.md "Delegation"); null: one's own. */
    forUserId: uuid("for_user_id").references(() => users.id, { onDelete: "set null" }),
    scheduleId: uuid("schedule_id"),
    versionId: uuid("version_id"),
    wbsId: integer("wbs_id"),
    projectId: uuid("project_id"),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    status: text("status", { enum: ["new", "checked"] })
      .notNull()
      .default("new"),
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** Last time a personal-area reminder raised it again. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    index("notices_user_idx").on(t.userId, t.spaceId, t.createdAt),
    index("notices_unread_idx").on(t.userId, t.spaceId).where(sql`${t.status} = 'new'`),
    uniqueIndex("notices_dedupe_idx").on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * A user's notice setting in a space: notices of `kinds` (empty: all) go out through `channel` at `periodicity` —
 * an e-mail digest of what arrived since the last run, or a personal-area reminder of what is still unread.
 * `next_run_at` is computed when saved and after each run, so the scheduler only reads due rows.
 */
export const noticeSettings = pgTable(
  "notice_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: REMINDER_CHANNELS }).notNull(),
    periodicity: text("periodicity", { enum: PERIODICITIES }).notNull(),
    cron: text("cron"),
    kinds: jsonb("kinds").$type<string[]>().notNull().default([]),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notice_settings_user_idx").on(t.userId, t.spaceId), index("notice_settings_due_idx").on(t.nextRunAt)],
);

/** One row per day the works-about-to-start job was queued: every process ticks, the first insert of a day wins. */
export const noticeDailyRuns = pgTable("notice_daily_runs", {
  day: text("day").primaryKey(),
  jobId: uuid("job_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
