import { sql } from "drizzle-orm";
import {
  boolean,
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
import { roles } from "./structure-access.table.js";

/** A directory (reference list) kept on an EPS node; the node's subtree sees it. */
export const directories = pgTable(
  "directories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["plain", "worktype", "actvcode"] })
      .notNull()
      .default("plain"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("directories_space_node_idx").on(t.spaceId, t.nodeId)],
);

/** A typed column of a directory (the attribute types a user fills in). */
export const directoryColumns = pgTable(
  "directory_columns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    directoryId: uuid("directory_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    listValues: jsonb("list_values").$type<string[]>().notNull().default([]),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * Every stored value of the column was parsed against its present definition: rows are written only through
     * the parse of values (`parseRowValues`), so only a change of the column's type or list makes values doubtful.
     * `values/invalid` reads the doubtful columns alone. False by default: columns older than the flag are read.
     */
    valuesChecked: boolean("values_checked").notNull().default(false),
  },
  (t) => [index("directory_columns_directory_idx").on(t.directoryId, t.sortOrder)],
);

/**
 * A row of a directory. Values are one JSONB map column id → value: a table page reads rows whole and an upload
 * writes them whole, so one row per value (as attribute_values) would multiply 100,000 rows by the columns.
 * `sort_key` is the codes of the row's ancestors and its own joined by U+0001 (codes never hold control
 * characters), so the tree in display order is one index scan in C collation and a page is an offset into it.
 */
export const directoryRows = pgTable(
  "directory_rows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The row's directory and its parent row: no foreign keys (each was one index probe and one row lock per inserted
     * row, a third of a 100,000-row upload on PostgreSQL). Writers lock the directory's row (`lockForRows`) and place
     * rows from its whole tree read under that lock; deleting a directory or a row takes the rows under it in the
     * delete's statement trigger (db/migrations/0067_dir_row_triggers.sql; docs/architecture.md, "Links without
     * per-row foreign keys"). Backups follow them as declared keys (`backup-graph.ts`).
     */
    directoryId: uuid("directory_id").notNull(),
    /** The directory's space, written with the row (no key either: the directory's trigger takes the rows). */
    spaceId: uuid("space_id").notNull(),
    parentId: uuid("parent_id"),
    code: text("code").notNull(),
    name: text("name").notNull(),
    sortKey: text("sort_key").notNull(),
    depth: integer("depth").notNull().default(0),
    values: jsonb("values").$type<Record<string, string | number | boolean>>().notNull().default({}),
    /**
     * What the rows' search looks in: the code, the name and the values (as a JSON array of the values, keys left
     * out so column ids never match), separated by U+0001, in lower case. Computed by the database, so every writer
     * keeps it true. No index: `strpos(search_text, lower(text))` reads a directory of 100,000 rows in one scan within
     * the 100 ms target (lower case stored, so the scan compares bytes where `ilike` folded every row's case), and a
     * trigram index cost more than half of a 100,000-row upload.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(code || chr(1) || name || chr(1) || jsonb_path_query_array("values", 'strict $.*')::text)`,
    ),
  },
  (t) => [
    uniqueIndex("directory_rows_code_idx").on(t.directoryId, t.code),
    index("directory_rows_order_idx").on(t.directoryId, sql`${t.sortKey} collate "C"`),
    index("directory_rows_parent_idx").on(t.parentId),
  ],
);

/** Role × directory → none | read | write; replaces the role's attribute abilities for that directory's rows. */
export const directoryAccess = pgTable(
  "directory_access",
  {
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    directoryId: uuid("directory_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    access: text("access", { enum: ["none", "read", "write"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.directoryId] })],
);
