import type { DelegationDuty } from "@planum/contracts";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";

/**
 * Delegations of duties (issue 17; docs/domain.md "Delegation"): `from_user_id` hands `duties` to `to_user_id` in
 * one space from `starts_on` to `ends_on` (YYYY-MM-DD, both included; text compares as dates). Periods of one giver
 * never overlap — checked by the service under a lock on the giver's membership, so at most one delegate acts for a
 * person on any day. Removed outright when withdrawn: what a delegate did stays recorded on the decisions and
 * notices themselves (`decided_for`, `for_user_id`).
 */
export const delegations = pgTable(
  "delegations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    fromUserId: uuid("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: uuid("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    duties: jsonb("duties").$type<DelegationDuty[]>().notNull(),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("delegations_from_idx").on(t.spaceId, t.fromUserId, t.startsOn),
    index("delegations_to_idx").on(t.spaceId, t.toUserId, t.startsOn),
    check("delegations_not_to_self", sql`${t.fromUserId} <> ${t.toUserId}`),
    check("delegations_period", sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);
