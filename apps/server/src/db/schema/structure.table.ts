import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { users } from "./users.table.js";

/**
 * The structure tree: plain EPS nodes, facilities and projects in one table. `path` is the materialised path of
 * ancestor ids ("/root/…/self/"), so a subtree is one prefix scan and the ancestors of a node need no query.
 */
export const epsNodes = pgTable(
  "eps_nodes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => epsNodes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["node", "facility", "project"] }).notNull(),
    name: text("name").notNull(),
    key: text("key"),
    sortOrder: integer("sort_order").notNull().default(0),
    path: text("path").notNull(),
    depth: integer("depth").notNull().default(0),
    passport: jsonb("passport").$type<Record<string, unknown>>().notNull().default({}),
    /** Facility or project settings (address, currency, planned dates…), by kind. */
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    /** How the node-info panel orders and hides attributes at this node. */
    attributeView: jsonb("attribute_view")
      .$type<{ order: string[]; hidden: string[] }>()
      .notNull()
      .default({ order: [], hidden: [] }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("eps_nodes_children_idx").on(t.spaceId, t.parentId, t.sortOrder),
    index("eps_nodes_path_idx").on(t.spaceId, t.path.op("text_pattern_ops")),
    uniqueIndex("eps_nodes_key_idx").on(t.spaceId, t.key).where(sql`${t.key} is not null`),
    index("eps_nodes_parent_idx").on(t.parentId),
  ],
);

export const scheduleGroups = pgTable(
  "schedule_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => scheduleGroups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("schedule_groups_project_idx").on(t.spaceId, t.projectId)],
);

export const schedules = pgTable(
  "schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    groupId: uuid("group_id").references(() => scheduleGroups.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The schedule's own settings. Calculation settings are not here: they live in `calculate_settings`. */
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("schedules_project_idx").on(t.spaceId, t.projectId)],
);

export const epsComments = pgTable(
  "eps_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("eps_comments_node_idx").on(t.nodeId, t.createdAt)],
);

/** Named views a user keeps on a node (columns, filters, widths); one per node and user is active. */
export const epsUserSettings = pgTable(
  "eps_user_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    active: boolean("active").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("eps_user_settings_idx").on(t.spaceId, t.userId, t.nodeId)],
);

/** The structure tree's state per user and space: which nodes are expanded survives reloads and devices. */
export const epsTreeState = pgTable(
  "eps_tree_state",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expanded: jsonb("expanded").$type<string[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] })],
);
