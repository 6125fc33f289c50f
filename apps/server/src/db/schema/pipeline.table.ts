import { PIPE_RELATION_TYPES, PIPE_STAGE_KINDS, PIPE_STAGE_STATUSES, type PipeSettings } from "@planum/contracts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { epsNodes } from "./structure.table.js";
import { users } from "./users.table.js";

/**
 * Project pipeline (issue 17; docs/domain.md "Project pipeline"): the stages of one project (an EPS node of kind
 * project) with their dates (YYYY-MM-DD, both included), owner and status; they go with their project.
 */
export const pipeStages = pgTable(
  "pipe_stages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: PIPE_STAGE_KINDS }).notNull(),
    status: text("status", { enum: PIPE_STAGE_STATUSES }).notNull().default("planned"),
    start: text("start").notNull(),
    finish: text("finish").notNull(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("pipe_stages_project_idx").on(t.projectId, t.start),
    check("pipe_stages_period", sql`${t.finish} >= ${t.start}`),
  ],
);

/** One stage following another, as works do: the type of the link and a lag in calendar days. */
export const pipeRelations = pgTable(
  "pipe_relations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    fromStageId: uuid("from_stage_id")
      .notNull()
      .references(() => pipeStages.id, { onDelete: "cascade" }),
    toStageId: uuid("to_stage_id")
      .notNull()
      .references(() => pipeStages.id, { onDelete: "cascade" }),
    type: text("type", { enum: PIPE_RELATION_TYPES }).notNull().default("FS"),
    lag: integer("lag").notNull().default(0),
  },
  (t) => [
    uniqueIndex("pipe_relations_pair_idx").on(t.fromStageId, t.toStageId),
    index("pipe_relations_project_idx").on(t.projectId),
    check("pipe_relations_not_self", sql`${t.fromStageId} <> ${t.toStageId}`),
  ],
);

/** The pipeline's settings form (spec §2 form flag "project pipe settings"): one row per project once saved. */
export const pipeSettings = pgTable("pipe_settings", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => epsNodes.id, { onDelete: "cascade" }),
  spaceId: uuid("space_id")
    .notNull()
    .references(() => spaces.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<PipeSettings>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The project's general WBS (spec "gwbs"): a tree of codes shared by the project's schedules. `start`, `finish`,
 * `progress` and `works` are the last count (pipeline/gwbs-count.ts), written with `calculated_at` in one statement.
 */
export const gwbsItems = pgTable(
  "gwbs_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => gwbsItems.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    start: text("start"),
    finish: text("finish"),
    progress: doublePrecision("progress"),
    works: integer("works").notNull().default(0),
    calculatedAt: timestamp("calculated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("gwbs_items_code_idx").on(t.projectId, t.code), index("gwbs_items_parent_idx").on(t.parentId)],
);
