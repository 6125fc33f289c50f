import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { schedules } from "./structure.table.js";
import { users } from "./users.table.js";

/** Calculation settings and the saved views of the schedule workspace (calendars: calendars.table.ts). */
/** How a schedule is calculated (spec §3 calculate settings); absent row = the defaults. */
export const calculateSettings = pgTable("calculate_settings", {
  scheduleId: uuid("schedule_id")
    .primaryKey()
    .references(() => schedules.id, { onDelete: "cascade" }),
  spaceId: uuid("space_id")
    .notNull()
    .references(() => spaces.id, { onDelete: "cascade" }),
  scenario: integer("scenario").notNull().default(1),
  volumeScenario: integer("volume_scenario").notNull().default(6),
  labourScenario: integer("labour_scenario").notNull().default(9),
  costScenario: integer("cost_scenario").notNull().default(12),
  progressOption: text("progress_option", { enum: ["retained_logic", "progress_override", "actual_dates"] })
    .notNull()
    .default("retained_logic"),
  floatType: text("float_type", { enum: ["start", "finish", "smallest"] })
    .notNull()
    .default("finish"),
  lagCalendar: text("lag_calendar", { enum: ["predecessor", "successor", "24h", "project"] })
    .notNull()
    .default("predecessor"),
  criticalFloat: integer("critical_float").notNull().default(0),
  criticalBy: text("critical_by", { enum: ["float", "longest_path"] })
    .notNull()
    .default("float"),
  mustFinishBy: timestamp("must_finish_by", { mode: "string", withTimezone: false }),
  /** P6 "make open-ended activities critical". */
  openEndsCritical: boolean("open_ends_critical").notNull().default(false),
  /**
   * Whether SS/SF relations bound the predecessor's late dates: P6 and MS Project up to 2010 (the default); MS Project
   * 2016+ do not (engine option startLinksBoundLate, set on import from the MS Project XML's build number).
   */
  startLinksBoundLate: boolean("start_links_bound_late").notNull().default(true),
  /**
   * A resource-dependent work's assignments keep to the working time of the work's own calendar at its ends (P6, the
   * default; engine option resourceRunsInActivityHours, scenario 060); false = MS Project's rule, set by its imports.
   */
  resourceRunsInActivityHours: boolean("resource_runs_in_activity_hours").notNull().default(true),
  /** P6 "use expected finish dates" (checked by default in P6). */
  useExpectedFinish: boolean("use_expected_finish").notNull().default(true),
  /** P6 "calculate start-to-start lag from". */
  ssLagFrom: text("ss_lag_from", { enum: ["early_start", "actual_start"] })
    .notNull()
    .default("early_start"),
  calculationMode: text("calculation_mode", { enum: ["auto", "manual"] })
    .notNull()
    .default("manual"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export interface LayoutSettingsJson {
  columns: string[];
  widths: Record<string, number>;
  grouping: string[];
  filters: Record<string, unknown>[];
  ganttScale: "day" | "week" | "month" | "quarter" | "year";
  extra: Record<string, unknown>;
}

/** A user's saved view of a schedule's versions; one per user and schedule is active. */
export const versionLayouts = pgTable(
  "version_layouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    settings: jsonb("settings").$type<LayoutSettingsJson>().notNull(),
    active: boolean("active").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("version_layouts_idx").on(t.spaceId, t.scheduleId, t.userId)],
);

/** Views shared across the space: a new layout may start from one. */
export const layoutTemplates = pgTable(
  "layout_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    settings: jsonb("settings").$type<LayoutSettingsJson>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("layout_templates_space_idx").on(t.spaceId)],
);

/** Named groupings of a schedule's WBS (spec §3 grouping settings). */
export const wbsGroupSettings = pgTable(
  "wbs_group_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    levels: jsonb("levels").$type<string[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("wbs_group_settings_idx").on(t.spaceId, t.scheduleId)],
);
