import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";

/**
 * Licences loaded into the installation, each for one space (the space its checkout request named). The signed
 * token is kept as loaded, so what was verified can be verified again; the columns repeat its claims for queries.
 */
export const licences = pgTable(
  "licences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The vendor's licence number, unique in the installation (LicenseAlreadyLoaded). */
    number: text("number").notNull().unique(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    holder: text("holder").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidUsers: integer("paid_users").notNull(),
    minVersion: text("min_version").notNull(),
    maxVersion: text("max_version"),
    estimateUsers: integer("estimate_users").notNull(),
    bimUsers: integer("bim_users").notNull(),
    token: text("token").notNull(),
    loadedBy: uuid("loaded_by").references(() => users.id, { onDelete: "set null" }),
    loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("licences_space_idx").on(t.spaceId)],
);

/** Checkout requests (spec §2, form flag checkout): what a space asked the vendor for, kept for its administrators. */
export const licenceRequests = pgTable(
  "licence_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    organisation: text("organisation").notNull(),
    email: text("email").notNull(),
    paidUsers: integer("paid_users").notNull(),
    estimateUsers: integer("estimate_users").notNull(),
    bimUsers: integer("bim_users").notNull(),
    months: integer("months").notNull(),
    appVersion: text("app_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("licence_requests_space_idx").on(t.spaceId)],
);
