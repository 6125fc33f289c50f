import type { BimAppearanceRule, BimShape, BimViewerState } from "@planum/contracts";
import {
  bigint,
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
import { storedFiles } from "./platform.table.js";
import { spaces } from "./spaces.table.js";
import { epsNodes } from "./structure.table.js";
import { users } from "./users.table.js";
import { versions, wbsItems } from "./workspace.table.js";

/**
 * A BIM model of a project (issue 20): the IFC file as uploaded and its geometry converted on the server into a
 * compact streamable form, both in the object store. A model exists as `uploading` while its conversion job runs;
 * a failed conversion deletes the row and both files, so a model is either converted whole or absent.
 */
export const bimModels = pgTable(
  "bim_models",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The IFC schema the file declares: IFC2X3, IFC4 or IFC4X3. */
    ifcSchema: text("ifc_schema").notNull(),
    status: text("status", { enum: ["uploading", "completed", "error"] })
      .notNull()
      .default("uploading"),
    progress: integer("progress").notNull().default(0),
    sourceFileId: uuid("source_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    geometryFileId: uuid("geometry_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    size: bigint("size", { mode: "number" }).notNull(),
    elementCount: integer("element_count").notNull().default(0),
    /** Model metadata from the IFC header and IfcProject (authoring tool, author, units…). */
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    jobId: uuid("job_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bim_models_project_idx").on(t.spaceId, t.projectId)],
);

/**
 * The objects of a model, keyed by their IFC express id: spatial structure (project, site, building, storey,
 * space) and the building elements under it. `parentId` is the spatial container (or aggregate) in the tree;
 * `properties` the property sets and quantities flattened to "Set.Property" → text; `searchText` their lower-case
 * concatenation with the name, type and GlobalId, searched by text.
 */
export const bimElements = pgTable(
  "bim_elements",
  {
    modelId: uuid("model_id")
      .notNull()
      .references(() => bimModels.id, { onDelete: "cascade" }),
    expressId: integer("express_id").notNull(),
    globalId: text("global_id").notNull(),
    ifcType: text("ifc_type").notNull(),
    name: text("name").notNull().default(""),
    parentId: integer("parent_id"),
    /** Has geometry in the converted file (spatial nodes and abstract objects have none). */
    hasGeometry: boolean("has_geometry").notNull().default(false),
    properties: jsonb("properties").$type<Record<string, string>>().notNull().default({}),
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.expressId] }),
    index("bim_elements_parent_idx").on(t.modelId, t.parentId),
  ],
);

/**
 * A 3D link of a project: which schedule version its models are tied to. Element↔work relations live under it,
 * so a project can keep links for several versions (the spec's /projects/{id}/3d/link and /versions/{id}/3d/link).
 */
export const bimLinks = pgTable(
  "bim_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    modelIds: jsonb("model_ids").$type<string[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bim_links_project_idx").on(t.spaceId, t.projectId), index("bim_links_version_idx").on(t.versionId)],
);

/**
 * One element tied to one work under a link; many-to-many, made by hand or by a rule. No foreign keys: each was one
 * index probe and row lock per inserted tie, most of what linking 100,000 elements by a rule cost
 * (apps/server/bench/bim-links.mjs). The inserts select only elements of the link's models and works of its version
 * and space, and deleting a link, a model or works (directly or by a version, node or space cascading to them) takes
 * their ties in the same statement's trigger (db/migrations/0066_link_triggers.sql; docs/architecture.md, "Links without per-row
 * foreign keys").
 */
export const bimLinkRelations = pgTable(
  "bim_link_relations",
  {
    linkId: uuid("link_id").notNull(),
    modelId: uuid("model_id").notNull(),
    expressId: integer("express_id").notNull(),
    itemId: integer("item_id").notNull(),
    source: text("source", { enum: ["hand", "rule"] })
      .notNull()
      .default("hand"),
  },
  (t) => [
    uniqueIndex("bim_link_relations_key").on(t.linkId, t.modelId, t.expressId, t.itemId),
    // a work's ties under a link, and what a deleted work's trigger looks its ties up by
    index("bim_link_relations_work_idx").on(t.itemId, t.linkId),
  ],
);

/** What a user left in the viewer of a model (camera, hidden, isolated, section, profile), restored on opening. */
export const bimViewerStates = pgTable(
  "bim_viewer_states",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    modelId: uuid("model_id")
      .notNull()
      .references(() => bimModels.id, { onDelete: "cascade" }),
    state: jsonb("state").$type<Omit<BimViewerState, "modelId">>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.modelId] })],
);

/** A named appearance of models in the viewer, shared by the space: a colour or hiding per IFC type. */
export const bimAppearanceProfiles = pgTable(
  "bim_appearance_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    rules: jsonb("rules").$type<BimAppearanceRule[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bim_appearance_profiles_name").on(t.spaceId, t.name)],
);

type Triple = [number, number, number];

/**
 * A primitive 3D model (spec §3, §7 "Primitive models"): a box, sphere, plane or cylinder placed on the site plan of
 * a structure node, in the plan's metres (x east, y north, z up; see contracts bim-primitives.schema.ts).
 */
export const bimPrimitives = pgTable(
  "bim_primitives",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    epsId: uuid("eps_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    shape: text("shape").$type<BimShape>().notNull(),
    size: jsonb("size").$type<Triple>().notNull(),
    position: jsonb("position").$type<Triple>().notNull(),
    rotation: jsonb("rotation").$type<Triple>().notNull(),
    colour: text("colour").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bim_primitives_node_idx").on(t.spaceId, t.epsId)],
);

/** A primitive tied to a work, as an element is by a link: the 4D player and the Gantt's selection colour it. */
export const bimPrimitiveWorks = pgTable(
  "bim_primitive_works",
  {
    primitiveId: uuid("primitive_id")
      .notNull()
      .references(() => bimPrimitives.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => wbsItems.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.primitiveId, t.itemId] }), index("bim_primitive_works_item_idx").on(t.itemId)],
);
