import { doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { directories, directoryRows } from "./directories.table.js";
import { spaces } from "./spaces.table.js";

/**
 * A complex relation between two directories (spec §7 "Directory complex relations"): the rows of the source (work
 * types) need quantities of the rows of the target (machines, labour, materials) per unit of a work's volume. One
 * relation per ordered pair of directories; deleting either directory deletes it.
 */
export const directoryRelations = pgTable(
  "directory_relations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    targetId: uuid("target_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("directory_relations_pair_idx").on(t.sourceId, t.targetId),
    index("directory_relations_space_idx").on(t.spaceId),
  ],
);

/**
 * One coefficient of a relation: `coefficient` units of the target row per unit of volume of a work linked to the
 * source row (0.8 h of a crane per m³ of concrete). A pair of rows appears once per relation.
 */
export const directoryRelationRows = pgTable(
  "directory_relation_rows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    relationId: uuid("relation_id")
      .notNull()
      .references(() => directoryRelations.id, { onDelete: "cascade" }),
    sourceRowId: uuid("source_row_id")
      .notNull()
      .references(() => directoryRows.id, { onDelete: "cascade" }),
    targetRowId: uuid("target_row_id")
      .notNull()
      .references(() => directoryRows.id, { onDelete: "cascade" }),
    coefficient: doublePrecision("coefficient").notNull(),
  },
  (t) => [
    uniqueIndex("directory_relation_rows_pair_idx").on(t.relationId, t.sourceRowId, t.targetRowId),
    // A deleted directory row finds its coefficients by these (the cascade), not by a scan.
    index("directory_relation_rows_source_idx").on(t.sourceRowId),
    index("directory_relation_rows_target_idx").on(t.targetRowId),
  ],
);
