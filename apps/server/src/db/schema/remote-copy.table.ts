import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";

/**
 * Another Planum installation this space copies from (issue 18, `POST /space/copy-remote`, `GET /remote-spaces`):
 * its address and the export token its administrator issued. The token is a credential of the other installation:
 * it is sent only to that address and never answered back, and kept sealed (AES-256-GCM, `platform/secret-box.ts`:
 * "v1:" and base64 of nonce, tag and ciphertext), so a dump of the database does not give it away.
 */
export const remoteInstallations = pgTable(
  "remote_installations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The other installation's origin, e.g. https://planum.example.org (no path, no trailing slash). */
    address: text("address").notNull(),
    token: text("token").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("remote_installations_space_idx").on(t.spaceId)],
);

/**
 * A token that lets another installation read this space to copy it (shown once when issued; only its SHA-256 is
 * kept, as with sessions). Deleting the row withdraws it.
 */
export const remoteExportTokens = pgTable(
  "remote_export_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    label: text("label").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("remote_export_tokens_space_idx").on(t.spaceId)],
);
