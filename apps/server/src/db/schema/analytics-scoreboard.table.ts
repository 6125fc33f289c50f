import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { epsNodes } from "./structure.table.js";

/**
 * The scoreboard of a space (spec §2 `scoreboard`, §3 "scoreboard items with sort order", §7 Scoreboard save, update,
 * get, delete, up, down): the projects or structure nodes a space compares side by side, in the order its members
 * keep with up and down. A node is on the board once; its figures are read from the analytics at answer time.
 */
export const scoreboardItems = pgTable(
  "scoreboard_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    /** Shown instead of the node's name when set. */
    title: text("title"),
    sortOrder: integer("sort_order").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("scoreboard_items_node_idx").on(t.spaceId, t.nodeId)],
);
