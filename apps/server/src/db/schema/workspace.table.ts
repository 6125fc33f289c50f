import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { calendars } from "./calendars.table.js";
import { spaces } from "./spaces.table.js";
import { schedules } from "./structure.table.js";
import { users } from "./users.table.js";

/**
 * Inside a schedule: versions, their WBS items and relations, undo history and per-user row flags.
 *
 * Dates of a version are `timestamp without time zone`: wall-clock values that no server or client time zone can
 * shift (they travel as "YYYY-MM-DDTHH:mm"). Durations, lags and floats are integer working minutes.
 */
const wallClock = (name: string) => timestamp(name, { mode: "string", withTimezone: false });

export const versions = pgTable(
  "versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["version", "target", "actual"] })
      .notNull()
      .default("version"),
    label: text("label").notNull(),
    locked: boolean("locked").notNull().default(false),
    dataDate: wallClock("data_date"),
    projectStart: wallClock("project_start").notNull(),
    calcStatus: text("calc_status", { enum: ["not_calculated", "in_process", "calculated"] })
      .notNull()
      .default("not_calculated"),
    calcError: text("calc_error"),
    /**
     * Who holds an `in_process` calculation: the process calculating it synchronously (`server_processes.id`, no
     * foreign key: rows of dead processes go away), or the job that calculates it. A version whose holder is dead
     * or whose job has ended is free again (a killed process never keeps it in process).
     */
    calcRunnerId: uuid("calc_runner_id"),
    calcJobId: uuid("calc_job_id"),
    calculatedAt: timestamp("calculated_at", { withTimezone: true }),
    finish: wallClock("finish"),
    /**
     * A version uploaded from a file shows as soon as its works and calendars commit; its relations, assignments,
     * activity code links and UDF values follow by the `import_details` job (`importing_details` meanwhile,
     * `details_failed` when the job failed, null once they are in or for any other version).
     */
    detailsStatus: text("details_status", { enum: ["importing_details", "relations_failed", "details_failed"] }),
    /** The `import_details` job writing them (its payload holds them; a retry runs it again). */
    detailsJobId: uuid("details_job_id"),
    /** Why that job failed, in the uploader's language (shown with the version until a retry succeeds). */
    detailsError: text("details_error"),
    revision: integer("revision").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("versions_schedule_idx").on(t.spaceId, t.scheduleId),
    // The target of the items' (version, space) foreign key: an item's space is its version's, provably.
    unique("versions_id_space_unique").on(t.id, t.spaceId),
  ],
);

/**
 * One row per WBS item. The id is an integer identity so the Gantt can carry ids in plain number arrays; explicit
 * ids are allowed (generated "by default") so undo can bring a deleted row back under its old id.
 * Storage: fillfactor 45 (migration 0003, not expressible here) so writing calculated results is a HOT update.
 * Space and version are one foreign key, (version_id, space_id) → versions (id, space_id): one check per inserted
 * row instead of two, and an item can no longer name a space other than its version's (docs/architecture.md,
 * "Speed under load").
 */
export const wbsItems = pgTable(
  "wbs_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** With `versionId`: one foreign key to the version's (id, space_id) (see the table's notes). */
    spaceId: uuid("space_id").notNull(),
    versionId: uuid("version_id").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => wbsItems.id, { onDelete: "cascade" }),
    sortOrder: doublePrecision("sort_order").notNull().default(0),
    type: text("type", { enum: ["sum", "task", "work", "milestone_start", "milestone_finish", "draft"] }).notNull(),
    code: text("code").notNull().default(""),
    name: text("name").notNull(),
    calendarId: uuid("calendar_id").references(() => calendars.id, { onDelete: "set null" }),
    duration: integer("duration").notNull().default(0),
    /** mandatory = P6 mandatory start (early and late start are the date whatever the logic says). */
    startLimitType: text("start_limit_type", { enum: ["not_earlier", "not_later", "in_date", "mandatory"] }),
    startLimitDate: wallClock("start_limit_date"),
    finishLimitType: text("finish_limit_type", { enum: ["not_earlier", "not_later", "in_date", "mandatory"] }),
    finishLimitDate: wallClock("finish_limit_date"),
    inScope: text("in_scope", { enum: ["not", "earlier", "later", "earlier_later"] })
      .notNull()
      .default("not"),
    status: text("status", { enum: ["not_started", "in_progress", "completed"] })
      .notNull()
      .default("not_started"),
    percentComplete: real("percent_complete").notNull().default(0),
    actualStart: wallClock("actual_start"),
    actualFinish: wallClock("actual_finish"),
    remaining: integer("remaining"),
    baselineDuration: integer("baseline_duration"),
    baseIntensity: doublePrecision("base_intensity"),
    targetDuration: integer("target_duration"),
    targetStart: wallClock("target_start"),
    targetFinish: wallClock("target_finish"),
    plannedVolume: doublePrecision("planned_volume"),
    actualVolume: doublePrecision("actual_volume"),
    plannedLabour: doublePrecision("planned_labour"),
    actualLabour: doublePrecision("actual_labour"),
    plannedCost: doublePrecision("planned_cost"),
    actualCost: doublePrecision("actual_cost"),
    measure: text("measure"),
    /** P6 activity details (issue 10): how duration, units and time relate, and what % complete measures. */
    durationType: text("duration_type", {
      enum: ["fixed_duration_units_time", "fixed_duration_units", "fixed_units", "fixed_units_time"],
    })
      .notNull()
      .default("fixed_duration_units_time"),
    percentCompleteType: text("percent_complete_type", { enum: ["duration", "physical", "units"] })
      .notNull()
      .default("duration"),
    /**
     * P6's "resource dependent" activity: each assignment's remaining units run on its resource's calendar at its
     * units per day, and the work spans them (engine resource-driven.ts); without assignments it is a plain work.
     */
    resourceDependent: boolean("resource_dependent").notNull().default(false),
    expectedFinish: wallClock("expected_finish"),
    suspendDate: wallClock("suspend_date"),
    resumeDate: wallClock("resume_date"),
    notes: text("notes").notNull().default(""),
    /** P6 "as late as possible": a not-started work's early dates move into its free float. */
    alap: boolean("alap").notNull().default(false),
    /**
     * MS Project's manually scheduled task (Project 2010+): the start and finish typed for it, which are its early
     * dates whatever its predecessors say (engine scenario 063). Both or neither; only an MSPDI import writes them.
     */
    manualStart: wallClock("manual_start"),
    manualFinish: wallClock("manual_finish"),
    /** MS Project's elapsed duration (1 ed = 24 h): the work runs on the clock, every day, whatever its calendar. */
    elapsed: boolean("elapsed").notNull().default(false),
    /**
     * MS Project's splits of the remaining work: [start, end] pairs in minutes (engine scale) of the periods inside the
     * task's bar without work. Their working time lengthens what is left (as the fidelity harness does); only an MSPDI
     * import writes them, from the assignments' timephased work.
     */
    splits: jsonb("splits").$type<[number, number][]>(),
    attrs: jsonb("attrs").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    earlyStart: wallClock("early_start"),
    earlyFinish: wallClock("early_finish"),
    lateStart: wallClock("late_start"),
    lateFinish: wallClock("late_finish"),
    totalFloat: integer("total_float"),
    freeFloat: integer("free_float"),
    critical: boolean("critical").notNull().default(false),
    revision: integer("revision").notNull().default(1),
  },
  (t) => [
    index("wbs_items_tree_idx").on(t.versionId, t.parentId, t.sortOrder),
    index("wbs_items_code_idx").on(t.versionId, t.code),
    index("wbs_items_parent_idx").on(t.parentId),
    index("wbs_items_calendar_idx").on(t.calendarId),
    foreignKey({
      name: "wbs_items_version_space_fk",
      columns: [t.versionId, t.spaceId],
      foreignColumns: [versions.id, versions.spaceId],
    }).onDelete("cascade"),
    // The target of the relations' (successor, version, space) foreign key.
    uniqueIndex("wbs_items_id_version_space_idx").on(t.id, t.versionId, t.spaceId),
  ],
);

/**
 * A relation belongs to the version of its successor. Its predecessor may sit in another version (of this or
 * another schedule): an external link, fed to the engine as fixed dates. That rule is the table's foreign key:
 * (successor_id, version_id, space_id) → wbs_items (id, version_id, space_id), one check per inserted row where
 * successor, version and space took three (docs/architecture.md, "Speed under load").
 */
export const relations = pgTable(
  "relations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** With `versionId` and `successorId`: one foreign key to the successor's (id, version_id, space_id). */
    spaceId: uuid("space_id").notNull(),
    versionId: uuid("version_id").notNull(),
    predecessorId: integer("predecessor_id")
      .notNull()
      .references(() => wbsItems.id, { onDelete: "cascade" }),
    successorId: integer("successor_id").notNull(),
    type: text("type", { enum: ["fs", "ss", "ff", "sf"] })
      .notNull()
      .default("fs"),
    lag: integer("lag").notNull().default(0),
    lagCalendar: text("lag_calendar", { enum: ["predecessor", "successor", "24h", "project"] }),
    revision: integer("revision").notNull().default(1),
  },
  (t) => [
    index("relations_version_idx").on(t.versionId),
    uniqueIndex("relations_pair_idx").on(t.predecessorId, t.successorId),
    index("relations_successor_idx").on(t.successorId),
    foreignKey({
      name: "relations_successor_version_space_fk",
      columns: [t.successorId, t.versionId, t.spaceId],
      foreignColumns: [wbsItems.id, wbsItems.versionId, wbsItems.spaceId],
    }).onDelete("cascade"),
  ],
);

/** The inverse of one change: rows to put back as they were and ids to remove, replayed by restore. */
export interface UndoInverse {
  wbs?: { restore: Record<string, unknown>[]; remove: number[] };
  /** Only the attribute values of works as they were (a bulk refresh from directories touches nothing else). */
  wbsAttrs?: { id: number; attrs: Record<string, string | number | boolean | null> }[];
  /**
   * Some attribute values of works as they were, one array per attribute (a donor refresh from directories changes
   * only the donors' attributes of up to 100,000 works): `values[k][i]` is attribute `keys[k]` of work `ids[i]`, null
   * when the work had none.
   */
  wbsAttrValues?: { ids: number[]; keys: string[]; values: (string | number | boolean | null)[][] };
  relations?: { restore: Record<string, unknown>[]; remove: number[] };
  /**
   * Works' planned volume, labour and cost as they were (update-costs from estimates changes nothing else of them):
   * `volume[i]` of work `ids[i]`. Written as PostgreSQL array literals (`{1,2,NULL}`, platform/sql.ts): one JSON
   * string each that the restore hands to the database as it is — as JSON numbers, 40,000 of them (update-costs of
   * 10,000 works) cost the database a tenth of a second to parse. Rows written before hold number arrays.
   */
  wbsPlanned?: {
    ids: string | number[];
    volume: string | (number | null)[];
    labour: string | (number | null)[];
    cost: string | (number | null)[];
  };
  /**
   * Resource assignments a recalculation of complex relations created (`remove`, ids) and changed or removed
   * (`restore`, rows as they were, JSON).
   */
  assignments?: { remove: string[]; restore: Record<string, unknown>[] };
  /** The version's data date before the change (update progress moves it). */
  version?: { dataDate: string | null };
  /**
   * Work-done plans: series to put back (one per work, measure and kind, JSON) and to remove (keys of series the change
   * created), and works' planning rows as they were (`null` settings: the work had no row).
   */
  wdp?: {
    restore: WdpSeriesJson[];
    remove: { itemId: number; measure: string; kind: string }[];
    works?: { itemId: number; row: Record<string, unknown> | null }[];
    /** Approval reports as they were (`null`: the change created the report). */
    reports?: { id: string; row: Record<string, unknown> | null; itemIds: number[] }[];
  };
  /**
   * Plans update-costs rewrote: measures `measures` of the plans of works `ids`; `before` holds every plan series
   * those works had, packed (modules/workspace/wdp/wdp-packed.ts); a written series without a before-image goes.
   */
  wdpPlans?: { ids: number[]; measures: string[]; before: PackedSeriesJson };
  /**
   * What a deletion of works took along besides their plans: their resource assignments, executor and curator rows
   * and timesheet lines (rows as JSON), put back after the works.
   */
  people?: {
    assignments: Record<string, unknown>[];
    workPeople: Record<string, unknown>[];
    timesheets: Record<string, unknown>[];
  };
  /** What a deletion of works took along of their directories: links to rows and origins (rows as JSON). */
  directory?: { links: Record<string, unknown>[]; origins: Record<string, unknown>[] };
}

/** Series as columns, their days as stored segments in one base64 text (modules/workspace/wdp/wdp-packed.ts). */
export interface PackedSeriesJson {
  i: number[];
  m: string[];
  k: string[];
  s: number[];
  n: number[];
  t: number[];
  d: string;
}

export interface WdpSeriesJson {
  itemId: number;
  measure: string;
  kind: string;
  startDay: number;
  values: number[];
  total: number;
}

export const undoActions = pgTable(
  "undo_actions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["undo_wbs", "undo_relation", "undo_wdp"] }).notNull(),
    action: text("action").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    itemCount: integer("item_count").notNull().default(0),
    inverse: jsonb("inverse").$type<UndoInverse>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("undo_actions_version_idx").on(t.versionId, t.id)],
);

/** Expanded and checked flags of WBS rows, per user (spec §4: stored on the server). */
export const wbsItemFlags = pgTable(
  "wbs_item_flags",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => wbsItems.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    expanded: boolean("expanded").notNull().default(true),
    checked: boolean("checked").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    index("wbs_item_flags_version_idx").on(t.versionId, t.userId),
    index("wbs_item_flags_item_idx").on(t.itemId),
  ],
);
