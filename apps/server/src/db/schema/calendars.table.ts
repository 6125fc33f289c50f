import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { epsNodes } from "./structure.table.js";

/**
 * Working calendars of a space (spec §3). A calendar's `week` and `exceptions` are exactly the engine's calendar
 * input, so calculation reads them without conversion.
 */
export const calendars = pgTable(
  "calendars",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    /** A project's own calendar; null = available to the whole space. */
    projectId: uuid("project_id").references(() => epsNodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    week: jsonb("week").$type<[string, string][][]>().notNull(),
    exceptions: jsonb("exceptions").$type<{ date: string; intervals: [string, string][] }[]>().notNull().default([]),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("calendars_space_idx").on(t.spaceId, t.projectId)],
);
