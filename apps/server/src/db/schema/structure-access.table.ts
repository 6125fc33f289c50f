import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { spaceMembers, spaces } from "./spaces.table.js";
import { epsNodes, schedules } from "./structure.table.js";
import { users } from "./users.table.js";

export const roles = pgTable(
  "roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    abilities: text("abilities").array().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("roles_space_name_idx").on(t.spaceId, t.name)],
);

/**
 * The configurable role of a member, one row per membership. A side table rather than a column of
 * `space_members` so the platform's table stays untouched; it lives and dies with the membership.
 */
export const memberRoles = pgTable(
  "member_roles",
  {
    spaceId: uuid("space_id").notNull(),
    userId: uuid("user_id").notNull(),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.userId] }),
    foreignKey({
      columns: [t.spaceId, t.userId],
      foreignColumns: [spaceMembers.spaceId, spaceMembers.userId],
    }).onDelete("cascade"),
    index("member_roles_role_idx").on(t.roleId),
  ],
);

/**
 * Attributes (parameters). Defined for the whole space (no node, no schedule), at a node of the tree (then they
 * apply to its subtree) or at a schedule (work attributes of that schedule only).
 */
export const attributes = pgTable(
  "attributes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id").references(() => epsNodes.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id").references(() => schedules.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    target: text("target", { enum: ["node", "work"] })
      .notNull()
      .default("node"),
    listValues: jsonb("list_values").$type<string[]>().notNull().default([]),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("attributes_space_idx").on(t.spaceId),
    index("attributes_node_idx").on(t.nodeId),
    index("attributes_schedule_idx").on(t.scheduleId),
  ],
);

/**
 * One row per (attribute, node) that has a value. Chosen over a JSONB map on the node by measurement
 * (see modules/structure/CONTEXT.md): a node's values are one index range, a single change rewrites one small row,
 * and searching one attribute's values is an index scan instead of a scan of every node's map.
 */
export const attributeValues = pgTable(
  "attribute_values",
  {
    nodeId: uuid("node_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    value: jsonb("value").$type<string | number | boolean>().notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.attributeId] }), index("attribute_values_attr_idx").on(t.attributeId)],
);

/** Role × attribute → none | read | write; replaces the role's attribute abilities for that attribute. */
export const attributeAccess = pgTable(
  "attribute_access",
  {
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    access: text("access", { enum: ["none", "read", "write"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.attributeId] })],
);

/** Abilities granted to a role below one resource of the hierarchy (facility, project, node, schedule). */
export const resourceGrants = pgTable(
  "resource_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["space", "facility", "project", "schedule", "version"] }).notNull(),
    resourceId: uuid("resource_id").notNull(),
    ability: text("ability").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("resource_grants_unique_idx").on(t.roleId, t.resourceId, t.ability),
    index("resource_grants_resource_idx").on(t.spaceId, t.resourceId),
  ],
);

export const filteringPresets = pgTable(
  "filtering_presets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    target: text("target").notNull(),
    filter: jsonb("filter").$type<Record<string, unknown>>().notNull(),
    active: boolean("active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("filtering_presets_user_idx").on(t.spaceId, t.userId, t.target)],
);
