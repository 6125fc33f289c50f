import { customType, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { versions } from "./workspace.table.js";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * The last Gantt answer built of a version, less the user's part, kept in the database (issue 10): a process that
 * has not built the version itself — started since, or another one of a cluster — answers it from this one row
 * instead of reading and arranging 100k rows (~3.5 s CPU). Valid only under its `key` (the version's revision,
 * calculation state and dates, the space's calendars' row versions: what the Gantt cache keys answers by), so it is
 * never served stale; each build replaces it.
 */
export const ganttSnapshots = pgTable("gantt_snapshots", {
  versionId: uuid("version_id")
    .primaryKey()
    .references(() => versions.id, { onDelete: "cascade" }),
  spaceId: uuid("space_id")
    .notNull()
    .references(() => spaces.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  /** The JSON answer up to the user's `expanded` column, gzip-compressed. */
  head: bytea("head").notNull(),
  /** The row ids in answer order, as little-endian 32-bit integers. */
  ids: bytea("ids").notNull(),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
});
