import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { storedFiles } from "./platform.table.js";
import { spaces } from "./spaces.table.js";
import { epsNodes } from "./structure.table.js";
import { users } from "./users.table.js";

/** Photos of a structure node (the node-info panel's gallery): the bytes are a stored file of the space. */
export const epsPhotos = pgTable(
  "eps_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    caption: text("caption"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("eps_photos_node_idx").on(t.spaceId, t.nodeId, t.createdAt), index("eps_photos_file_idx").on(t.fileId)],
);
