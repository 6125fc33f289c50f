import { foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";
import { wbsItems } from "./workspace.table.js";

/**
 * Timesheet lines (issue 13; docs/domain.md "Timesheets"): a person's hours on one work for one week (its Monday),
 * Monday … Sunday as a list of seven numbers — a week is read, saved and decided whole, like a row of a paper
 * timesheet. A line is decided by itself, so works with different curators in one week are approved each by theirs.
 * (item_id, version_id, space_id) is one foreign key to the work of the same version and space: a line cannot cross
 * spaces, and goes with its work.
 */
export const timesheetLines = pgTable(
  "timesheet_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    versionId: uuid("version_id").notNull(),
    itemId: integer("item_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The week's Monday, "YYYY-MM-DD". */
    week: text("week").notNull(),
    hours: jsonb("hours").$type<number[]>().notNull(),
    status: text("status", { enum: ["draft", "submitted", "APPROVED", "DECLINED"] })
      .notNull()
      .default("draft"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The curator or approver `decided_by` stood in for under a delegation. */
    decidedFor: uuid("decided_for").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionComment: text("decision_comment"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("timesheet_lines_user_item_week_idx").on(t.userId, t.itemId, t.week),
    index("timesheet_lines_space_week_idx").on(t.spaceId, t.week),
    index("timesheet_lines_version_idx").on(t.versionId, t.status),
    foreignKey({
      name: "timesheet_lines_item_version_space_fk",
      columns: [t.itemId, t.versionId, t.spaceId],
      foreignColumns: [wbsItems.id, wbsItems.versionId, wbsItems.spaceId],
    }).onDelete("cascade"),
  ],
);
