import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { directories, directoryColumns } from "./directories.table.js";
import { spaces } from "./spaces.table.js";
import { schedules } from "./structure.table.js";
import { attributes } from "./structure-access.table.js";
import { wbsItems } from "./workspace.table.js";

/** A column of a directory shown on linked works (a read-only workspace column: the linked row's value). */
export const directoryLinkedAttributes = pgTable(
  "directory_linked_attributes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    directoryId: uuid("directory_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    columnId: uuid("column_id")
      .notNull()
      .references(() => directoryColumns.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("directory_linked_attributes_column_idx").on(t.directoryId, t.columnId)],
);

/** A column whose value is copied into a work attribute of the same type on linked works (refreshed on demand). */
export const directoryDonors = pgTable(
  "directory_donors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    directoryId: uuid("directory_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    columnId: uuid("column_id")
      .notNull()
      .references(() => directoryColumns.id, { onDelete: "cascade" }),
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
  },
  // One donor per attribute and directory: two columns filling one attribute would fight.
  (t) => [uniqueIndex("directory_donors_attribute_idx").on(t.directoryId, t.attributeId)],
);

/**
 * A schedule's own donor: a column of a directory the schedule sees copied into one of the schedule's work
 * attributes (defined at the schedule), kept with the schedule so its planners fill their own attributes without
 * defining the directory. One donor per attribute of a schedule: two columns filling one attribute would fight.
 */
export const scheduleDirectoryDonors = pgTable(
  "schedule_directory_donors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    directoryId: uuid("directory_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    columnId: uuid("column_id")
      .notNull()
      .references(() => directoryColumns.id, { onDelete: "cascade" }),
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("schedule_directory_donors_attribute_idx").on(t.scheduleId, t.attributeId),
    index("schedule_directory_donors_directory_idx").on(t.directoryId),
  ],
);

/**
 * A work's reference to one row of a directory (at most one per directory). Keyed by the work: a version's links
 * are read whole by the workspace and refreshed in bulk, so the version id is kept beside it for one index range.
 * No foreign keys: each was one index probe and one row lock per inserted link, which is what linking 50,000 works
 * paid most for (apps/server/bench/directory-links.mjs). Instead every insert selects only works of its version and
 * space and rows of its directory (`insert … select … join`), and deleting works or rows — directly or by a version,
 * directory, node or space cascading to them — takes their links in the same statement's trigger
 * (db/migrations/0066_link_triggers.sql; docs/architecture.md, "Links without per-row foreign keys").
 */
export const wbsDirectoryLinks = pgTable(
  "wbs_directory_links",
  {
    itemId: integer("item_id").notNull(),
    directoryId: uuid("directory_id").notNull(),
    rowId: uuid("row_id").notNull(),
    versionId: uuid("version_id").notNull(),
    spaceId: uuid("space_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.directoryId] }),
    index("wbs_directory_links_version_idx").on(t.versionId, t.directoryId),
    // what a deleted row's trigger looks its links up by
    index("wbs_directory_links_row_idx").on(t.rowId),
  ],
);

/**
 * Which row of a directory an item was built from (`copy-wbs`, `sync-with-list`). Unlike the link, it outlives the
 * row (no reference to it): a row deleted from the directory leaves its origin, which is how a later sync finds the
 * items to remove.
 */
export const wbsDirectoryOrigins = pgTable(
  "wbs_directory_origins",
  {
    itemId: integer("item_id").primaryKey(),
    directoryId: uuid("directory_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    rowId: uuid("row_id").notNull(),
    versionId: uuid("version_id").notNull(),
    spaceId: uuid("space_id").notNull(),
  },
  (t) => [
    index("wbs_directory_origins_version_idx").on(t.versionId, t.directoryId),
    // one check per row for item, version and space (as the links)
    foreignKey({
      name: "wbs_directory_origins_item_version_space_fk",
      columns: [t.itemId, t.versionId, t.spaceId],
      foreignColumns: [wbsItems.id, wbsItems.versionId, wbsItems.spaceId],
    }).onDelete("cascade"),
  ],
);
