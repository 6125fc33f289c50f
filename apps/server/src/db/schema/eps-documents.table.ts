import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { storedFiles } from "./platform.table.js";
import { spaces } from "./spaces.table.js";
import { epsNodes } from "./structure.table.js";
import { users } from "./users.table.js";

/**
 * Files produced by the space (a report's XLSX or PDF, a print's PDF) kept with a structure node, in the documents
 * storage area: the node panel's Documents tab finds them again.
 */
export const epsDocuments = pgTable(
  "eps_documents",
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
    /** What made it: `report` or `print` (contracts' EPS_DOCUMENT_ORIGINS). */
    origin: text("origin", { enum: ["report", "print"] }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("eps_documents_node_idx").on(t.spaceId, t.nodeId, t.createdAt),
    index("eps_documents_file_idx").on(t.fileId),
  ],
);
