import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.table.js";

/**
 * Accounts of an identity provider linked to a Planum user: the provider's issuer and subject name the person for
 * good (an e-mail may change there), so a second sign-in finds the user by them; the first links by e-mail.
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index("user_identities_user_idx").on(t.userId)],
);

/**
 * A sign-in sent to a provider and not yet back: the state (stored as its SHA-256, like tokens) finds it, the nonce
 * and PKCE verifier prove the answer belongs to it. In the database, not in memory, so the provider's answer may
 * reach any process of the installation; used once (deleted when the answer comes) and dead after ten minutes.
 */
export const ssoRequests = pgTable("sso_requests", {
  stateHash: text("state_hash").primaryKey(),
  provider: text("provider").notNull(),
  nonce: text("nonce").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  /** The page of the web app to land on afterwards (a path of this installation, never another site). */
  returnTo: text("return_to"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
