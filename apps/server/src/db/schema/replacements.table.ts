import type { ReplacementMode } from "@planum/contracts";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { schedules } from "./structure.table.js";
import { attributes } from "./structure-access.table.js";
import { users } from "./users.table.js";

/**
 * A saved replacement of a schedule (spec §7 "Schedules … replacements"; issue 14): one work attribute's values found
 * and replaced by a rule kept under a name, run on a version or on every version of the schedule, with its last run
 * recorded. It goes with its schedule and with its attribute.
 */
export const attributeReplacements = pgTable(
  "attribute_replacements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    mode: text("mode").$type<ReplacementMode>().notNull(),
    find: text("find").notNull().default(""),
    replace: text("replace").notNull().default(""),
    pairs: jsonb("pairs").$type<{ find: string; replace: string }[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last run that changed values: when, by whom, how many values in how many versions. */
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastRunBy: uuid("last_run_by").references(() => users.id, { onDelete: "set null" }),
    lastRunValues: integer("last_run_values"),
    lastRunVersions: integer("last_run_versions"),
  },
  (t) => [
    uniqueIndex("attribute_replacements_name_idx").on(t.scheduleId, t.name),
    index("attribute_replacements_space_idx").on(t.spaceId),
  ],
);
