import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";
import { versions } from "./workspace.table.js";

/** One reported quantity: a work's done quantity of a measure on the report's day. */
export interface WdpReportCell {
  itemId: number;
  measure: string;
  value: number;
}

/**
 * Reports of work done waiting for approval (issue 12; docs/domain.md "Approval of work done"): a site engineer's
 * done quantities of one day, kept apart from the facts (`wdp_work_series` kind `fact`) until the responsible person
 * decides. APPROVED writes them as the works' facts of that day; DECLINED leaves the facts as they were. The few
 * cells of a day's report are one JSON list (a report is read and decided whole); a work deleted meanwhile is
 * skipped when the report is read or approved.
 */
export const wdpReports = pgTable(
  "wdp_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    /** The reported day (days since 1970-01-01, as `wdp_work_series.starts`). */
    day: integer("day").notNull(),
    /** `fact`: done quantities reported; `plan`: plan changes on days already approved, which need approval too. */
    kind: text("kind", { enum: ["fact", "plan"] })
      .notNull()
      .default("fact"),
    cells: jsonb("cells").$type<WdpReportCell[]>().notNull(),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    comment: text("comment"),
    status: text("status", { enum: ["pending", "APPROVED", "DECLINED"] })
      .notNull()
      .default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The approver `decided_by` stood in for under a delegation (null: decided in their own right). */
    decidedFor: uuid("decided_for").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionComment: text("decision_comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("wdp_reports_version_idx").on(t.versionId, t.status)],
);
