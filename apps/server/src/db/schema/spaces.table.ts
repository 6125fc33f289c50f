import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.table.js";

export interface SpaceSettingsJson {
  ipAllowList: string[];
  idleMinutes: number | null;
  /** Work-done plans: days before the key date (today) open to entry; absent or null: no limit. */
  wdpEntryDays?: number | null;
}

/**
 * The space's licence in force (the valid one expiring last), copied from `licences` whenever one is loaded or
 * deleted, so the access check of every call reads it with the space row instead of querying the licences.
 */
export interface SpaceLicenceJson {
  licenceId: string;
  expiresAt: string;
  paidUsers: number;
  minVersion: string;
  maxVersion: string | null;
  estimateUsers: number;
  bimUsers: number;
}

export const spaces = pgTable("spaces", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  type: text("type", { enum: ["site", "corporate"] }).notNull(),
  paidType: text("paid_type", { enum: ["free", "paid", "nopaid"] })
    .notNull()
    .default("free"),
  demo: boolean("demo").notNull().default(false),
  /** Null in a free space (no licence loaded) and once every licence of a paid space is deleted. */
  licence: jsonb("licence").$type<SpaceLicenceJson>(),
  settings: jsonb("settings").$type<SpaceSettingsJson>().notNull().default({ ipAllowList: [], idleMinutes: null }),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set when deletion starts: the space vanishes for every member at once while its rows are removed by a job. */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
});

export const spaceMembers = pgTable(
  "space_members",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] })
      .notNull()
      .default("member"),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** Seats of the licensed features the space administrator gave this member (counted against the licence). */
    estimateSeat: boolean("estimate_seat").notNull().default(false),
    bimSeat: boolean("bim_seat").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] }), index("space_members_user_idx").on(t.userId)],
);
