import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.table.js";

export interface SpaceSettingsJson {
  ipAllowList: string[];
  idleMinutes: number | null;
  /** Work-done plans: days before the key date (today) open to entry; absent or null: no limit. */
  wdpEntryDays?: number | null;
}

export const spaces = pgTable("spaces", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  type: text("type", { enum: ["site", "corporate"] }).notNull(),
  paidType: text("paid_type", { enum: ["free", "paid", "nopaid"] })
    .notNull()
    .default("free"),
  demo: boolean("demo").notNull().default(false),
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
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] }), index("space_members_user_idx").on(t.userId)],
);
