import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  foreignKey,
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
import { calendars } from "./calendars.table.js";
import { spaces } from "./spaces.table.js";
import { users } from "./users.table.js";
import { versions, wbsItems } from "./workspace.table.js";

/** Specialties of a space (spec §3 specialty): what a labour resource or a member does (mason, crane operator…). */
export const specialties = pgTable(
  "specialties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("specialties_space_idx").on(t.spaceId)],
);

/** Which members hold which specialty (spec §3 user-specialty). */
export const userSpecialties = pgTable(
  "user_specialties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    specialtyId: uuid("specialty_id")
      .notNull()
      .references(() => specialties.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("user_specialties_pair_idx").on(t.specialtyId, t.userId),
    index("user_specialties_space_idx").on(t.spaceId),
  ],
);

/**
 * The resource directory of a space: labour, equipment and material, as a tree (`parent_id`). Availability and
 * rates are short lists of periods kept on the row (a resource is read and edited as one); each period holds from
 * its day until the next one's, and the earliest also before it (P6's first rate holds from the start of time).
 * `external_id` is the id the resource had in the file it came from, so a second import of the same file finds it.
 */
export const resources = pgTable(
  "resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => resources.id, { onDelete: "set null" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["labor", "equipment", "material"] })
      .notNull()
      .default("labor"),
    unit: text("unit").notNull().default(""),
    calendarId: uuid("calendar_id").references(() => calendars.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    specialtyId: uuid("specialty_id").references(() => specialties.id, { onDelete: "set null" }),
    availability: jsonb("availability").$type<{ from: string; maxUnitsPerDay: number }[]>().notNull().default([]),
    rates: jsonb("rates").$type<{ from: string; pricePerUnit: number }[]>().notNull().default([]),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("resources_space_code_idx").on(t.spaceId, t.code),
    index("resources_parent_idx").on(t.parentId),
    // The target of the assignments' (resource, space) foreign key: an assignment cannot name another space's resource.
    uniqueIndex("resources_id_space_idx").on(t.id, t.spaceId),
  ],
);

/**
 * A resource assigned to a work of a version (spec §3 assignment): budgeted, actual and remaining units in the
 * resource's unit, units per working day, the curve that spreads them, and costs a file stated (null = units × rate
 * by period). (resource_id, space_id) is one foreign key to the resource of the same space, and (item_id,
 * version_id, space_id) one to the work of the same version and space: neither can cross spaces.
 */
export const assignments = pgTable(
  "assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id").notNull(),
    versionId: uuid("version_id").notNull(),
    itemId: integer("item_id").notNull(),
    resourceId: uuid("resource_id").notNull(),
    budgetedUnits: doublePrecision("budgeted_units").notNull().default(0),
    actualUnits: doublePrecision("actual_units").notNull().default(0),
    remainingUnits: doublePrecision("remaining_units").notNull().default(0),
    unitsPerDay: doublePrecision("units_per_day"),
    curve: text("curve", {
      enum: [
        "evenly",
        "start",
        "end",
        "bell",
        "front_loaded",
        "back_loaded",
        "early_peak",
        "late_peak",
        "double_peak",
        "three_step",
        "turtle",
      ],
    })
      .notNull()
      .default("evenly"),
    budgetedCost: doublePrecision("budgeted_cost"),
    actualCost: doublePrecision("actual_cost"),
    remainingCost: doublePrecision("remaining_cost"),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("assignments_item_idx").on(t.itemId),
    index("assignments_version_idx").on(t.versionId),
    index("assignments_resource_idx").on(t.resourceId),
    foreignKey({
      name: "assignments_item_version_space_fk",
      columns: [t.itemId, t.versionId, t.spaceId],
      foreignColumns: [wbsItems.id, wbsItems.versionId, wbsItems.spaceId],
    }).onDelete("cascade"),
    foreignKey({
      name: "assignments_resource_space_fk",
      columns: [t.resourceId, t.spaceId],
      foreignColumns: [resources.id, resources.spaceId],
    }).onDelete("cascade"),
  ],
);

/** Executor and curator of a work (spec §3 executor; notices executor/curator_assigned_to_task go to them). */
export const workPeople = pgTable(
  "work_people",
  {
    itemId: integer("item_id").notNull(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id").notNull(),
    executorId: uuid("executor_id").references(() => users.id, { onDelete: "set null" }),
    curatorId: uuid("curator_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.itemId] }),
    foreignKey({
      name: "work_people_item_version_space_fk",
      columns: [t.itemId, t.versionId, t.spaceId],
      foreignColumns: [wbsItems.id, wbsItems.versionId, wbsItems.spaceId],
    }).onDelete("cascade"),
  ],
);

/**
 * How a user's resource usage view opens in a space (spec §3 resource layout settings): scale, rows by resource or
 * specialty, the versions counted and the filter indicator. One row per user and space; none = the defaults.
 */
export const resourceLayoutSettings = pgTable(
  "resource_layout_settings",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scale: text("scale", { enum: ["day", "week", "month"] }).notNull(),
    by: text("by", { enum: ["resource", "specialty"] }).notNull(),
    versions: jsonb("versions").$type<string[]>().notNull(),
    filterIndicator: boolean("filter_indicator").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] })],
);
