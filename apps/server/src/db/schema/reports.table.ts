import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { epsNodes } from "./structure.table.js";
import { users } from "./users.table.js";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * The space's uploaded XLSX report templates (spec §3 report): uploaded at a node, run for a version into XLSX or
 * PDF. The workbook is kept in the row (a form is a few kilobytes) so an upload and its placeholders commit together.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fileName: text("file_name").notNull(),
    template: bytea("template").notNull(),
    /** The placeholders the template uses, as found at upload (checked against the known fields then). */
    fields: jsonb("fields").$type<string[]>().notNull(),
    /** The year a run reports on (works overlapping it); null = the whole schedule. */
    reportingYear: integer("reporting_year"),
    /** Which WBS rows fill the repeated regions: `all`, `works` (no WBS nodes) or `nodes` (WBS nodes only). */
    wbsDisplay: text("wbs_display").notNull().default("all"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // two forms both called "Weekly report" could not be told apart in the node's list
  (t) => [uniqueIndex("reports_space_name").on(t.spaceId, sql`lower(${t.name})`)],
);

/** The EPS nodes a report is attached to (the node it was uploaded at first; more through `/reports/{id}/eps/…`). */
export const reportNodes = pgTable(
  "report_nodes",
  {
    reportId: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    epsId: uuid("eps_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.epsId] }), index("report_nodes_eps").on(t.epsId)],
);
