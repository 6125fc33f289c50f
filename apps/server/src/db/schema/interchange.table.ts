import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";
import { versions } from "./workspace.table.js";

/** Saved upload rules (spec: "upload uses a rule: rule name, number of rows to skip"): CSV/XLSX column mappings. */
export const scheduleImportSettings = pgTable(
  "schedule_import_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    format: text("format"),
    /** Field → header text or zero-based column index, as the tabular readers take it. */
    mapping: jsonb("mapping").$type<Record<string, string | number>>().notNull().default({}),
    skipRows: integer("skip_rows").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("schedule_import_settings_name_idx").on(t.spaceId, t.name)],
);

/**
 * What an upload read from its file, what its version received and every warning (`ImportReport` of the contracts
 * without its version id and date). One row per imported version, gone with it; read by `GET /versions/{id}/import-report`.
 */
export const versionImportReports = pgTable("version_import_reports", {
  versionId: uuid("version_id")
    .primaryKey()
    .references(() => versions.id, { onDelete: "cascade" }),
  spaceId: uuid("space_id")
    .notNull()
    .references(() => spaces.id, { onDelete: "cascade" }),
  report: jsonb("report").$type<Record<string, unknown>>().notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
