import type { PrintFormatFields } from "@planum/contracts";
import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { schedules } from "./structure.table.js";
import { users } from "./users.table.js";

/** The sheet, margins, bands and text size of a format, as the contract's `printFormatFields` (name aside). */
export type PrintFormatJson = PrintFormatFields;

/** The space's named print formats (spec §3 print format, §7 print presets); a name is unique in the space. */
export const printPresets = pgTable(
  "print_presets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    format: jsonb("format").$type<PrintFormatJson>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // "Plan A3" and "plan a3" would be the same format to anyone choosing from the list
  (t) => [uniqueIndex("print_presets_space_name").on(t.spaceId, sql`lower(${t.name})`)],
);

/** How a user prints a schedule (spec §7 print settings): the format in use and how the width is laid on pages. */
export const printSettings = pgTable(
  "print_settings",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** No foreign key: deleting a preset leaves the settings copied from it as they were. */
    presetId: uuid("preset_id"),
    format: jsonb("format").$type<PrintFormatJson>().notNull(),
    pagesWide: integer("pages_wide"),
    repeatHeader: boolean("repeat_header").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.userId] })],
);
