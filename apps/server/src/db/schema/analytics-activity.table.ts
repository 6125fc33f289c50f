import { bit, date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";

/** Five-minute slots of a day: the grain of "time in use". */
export const ACTIVITY_SLOTS_PER_DAY = 288;

/**
 * How a member used a space on one day (UTC), for the activity analytics (spec §7 Activities: users-per-day,
 * users-use-duration, user-activity, details). Written by the request pipeline in batches (`platform/activity.ts`):
 * each process counts the admitted calls in memory and flushes one upsert per member and day, which adds its calls
 * and ORs its slots — so several processes counting the same member and day add up, and a slot counted by two of
 * them is still one slot. A slot is five minutes with at least one call: time in use = slots × 5 minutes.
 */
export const userActivityDays = pgTable(
  "user_activity_days",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    calls: integer("calls").notNull(),
    slots: bit("slots", { dimensions: ACTIVITY_SLOTS_PER_DAY }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.day, t.userId] })],
);
