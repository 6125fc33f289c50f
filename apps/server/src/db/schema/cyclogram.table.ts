import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { schedules } from "./structure.table.js";

/**
 * The cyclogram's colour of each work type of a schedule (spec §7 `cyclogram/color`): shared by everyone who opens
 * the schedule's cyclogram, kept across its versions (a work type is named alike in each).
 */
export const cyclogramColors = pgTable(
  "cyclogram_colors",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    /** The work type: the works' name. */
    workType: text("work_type").notNull(),
    /** `#rrggbb`. */
    color: text("color").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.workType] })],
);
