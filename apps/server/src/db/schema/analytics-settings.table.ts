import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { epsNodes, schedules } from "./structure.table.js";
import { users } from "./users.table.js";
import { versions } from "./workspace.table.js";

/**
 * Dashboards of the node panel (spec §7 "Analytics settings, presets"): a user's setting at a node (`user_id` and
 * `node_id` set) or a preset of the space (both null), saying which widgets show and how the curve is drawn.
 */
export const analyticsSettings = pgTable(
  "analytics_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id").references(() => epsNodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    widgets: jsonb("widgets").$type<string[]>().notNull(),
    measure: text("measure").notNull(),
    period: text("period").notNull(),
    cumulative: boolean("cumulative").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("analytics_settings_owner_idx").on(t.spaceId, t.userId, t.nodeId)],
);

/** Which setting or preset a user sees at a node (no row: the default dashboard). */
export const analyticsActiveSettings = pgTable(
  "analytics_active_settings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    settingId: uuid("setting_id")
      .notNull()
      .references(() => analyticsSettings.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nodeId] })],
);

/** A colour from a bound up: the highest `from` not above the value gives the colour. */
export interface IndicatorThreshold {
  from: number;
  colour: string;
}

/**
 * Indicators (issue 15): a named formula over a version's figures and other indicators (by `key`), with thresholds
 * and colours, defined for a project (every schedule below it) or one schedule; `weighting` says how the values of
 * several schedules roll up to a node: `weight` — weighted by each schedule's budget, `factor` — by `factor` of each.
 */
export const indicators = pgTable(
  "indicators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => epsNodes.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id").references(() => schedules.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    formula: text("formula").notNull(),
    thresholds: jsonb("thresholds").$type<IndicatorThreshold[]>().notNull().default([]),
    weighting: text("weighting", { enum: ["weight", "factor"] })
      .notNull()
      .default("weight"),
    factor: doublePrecision("factor").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("indicators_owner_idx").on(t.spaceId, t.projectId, t.scheduleId)],
);

/**
 * An indicator's values in a version, computed by the analytics recount: the version's value and one per WBS item
 * (`items`, by id: works and WBS nodes) — null where the formula has nothing to divide by.
 */
export const indicatorValues = pgTable(
  "indicator_values",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    indicatorId: uuid("indicator_id")
      .notNull()
      .references(() => indicators.id, { onDelete: "cascade" }),
    value: doublePrecision("value"),
    items: jsonb("items").$type<Record<string, number | null>>().notNull().default({}),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.indicatorId] })],
);

/**
 * A user's cost-curve chart in a space (spec §7 "curved settings under /analytics/setting/curved"): which curves of
 * `custom-cost` they draw (COST_CURVES keys), per which period and whether cumulative. No row: all of them, by month,
 * cumulative.
 */
export const analyticsCurvedSettings = pgTable(
  "analytics_curved_settings",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    curves: jsonb("curves").$type<string[]>().notNull(),
    period: text("period").notNull(),
    cumulative: boolean("cumulative").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] })],
);

/**
 * The structure nodes a user ticked in the analytics navigator (spec §7 EPS analytics set-checked): a node's
 * dashboard rolls up only its ticked children's schedules when any of them is ticked. A row is a tick; unticking
 * deletes it.
 */
export const analyticsCheckedNodes = pgTable(
  "analytics_checked_nodes",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nodeId] })],
);
