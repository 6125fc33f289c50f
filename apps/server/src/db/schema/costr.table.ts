import {
  COEFFICIENT_KINDS,
  COMPLIANCE_RULE_KINDS,
  COMPLIANCE_SEVERITIES,
  type CostPart,
  type CostrSettings,
  type CostTotals,
  MEASURE_KINDS,
  PDC_STAGES,
} from "@planum/contracts";
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  foreignKey,
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
import { versions, wbsItems } from "./workspace.table.js";

/**
 * Cost estimates (issue 19; docs/domain.md "Cost estimates"). An organisation's measures, coefficients, compliance
 * rules and settings are per space; PDC and estimates per project (an EPS node of kind project) and go with it.
 */
export const costrMeasures = pgTable(
  "costr_measures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: MEASURE_KINDS }).notNull(),
    /** The measure this one converts to; `factor` base measures make one of this. */
    baseId: uuid("base_id").references((): AnyPgColumn => costrMeasures.id, { onDelete: "restrict" }),
    factor: doublePrecision("factor").notNull().default(1),
  },
  (t) => [uniqueIndex("costr_measures_code_idx").on(t.spaceId, t.code)],
);

export const costrCoefficients = pgTable(
  "costr_coefficients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: COEFFICIENT_KINDS }).notNull(),
    value: doublePrecision("value").notNull(),
    parts: jsonb("parts").$type<CostPart[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("costr_coefficients_code_idx").on(t.spaceId, t.code)],
);

export const costrComplianceRules = pgTable(
  "costr_compliance_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: COMPLIANCE_RULE_KINDS }).notNull(),
    severity: text("severity", { enum: COMPLIANCE_SEVERITIES }).notNull().default("error"),
    enabled: boolean("enabled").notNull().default(true),
    /** The rule's own figures: a tolerance in percent, price limits, the coefficient codes required. */
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("costr_compliance_rules_space_idx").on(t.spaceId)],
);

export const costrSettings = pgTable("costr_settings", {
  spaceId: uuid("space_id")
    .primaryKey()
    .references(() => spaces.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<Partial<CostrSettings>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A project's design documentation set (PDC): estimates may belong to one. */
export const costrPdc = pgTable(
  "costr_pdc",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    stage: text("stage", { enum: PDC_STAGES }).notNull().default("design"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("costr_pdc_code_idx").on(t.projectId, t.code)],
);

export const estimates = pgTable(
  "estimates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => epsNodes.id, { onDelete: "cascade" }),
    pdcId: uuid("pdc_id").references(() => costrPdc.id, { onDelete: "set null" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** The file's format: xlsx, grand_xml, arps, minstroy_xml. */
    format: text("format").notNull(),
    fileName: text("file_name").notNull().default(""),
    totals: jsonb("totals").$type<CostTotals>().notNull(),
    stated: jsonb("stated").$type<Partial<CostTotals>>().notNull().default({}),
    /** The last compliance check: findings with where they are. */
    findings: jsonb("findings").$type<unknown[]>().notNull().default([]),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("estimates_project_idx").on(t.projectId, t.createdAt)],
);

export const estimateSections = pgTable(
  "estimate_sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    estimateId: uuid("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    code: text("code").notNull().default(""),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [index("estimate_sections_estimate_idx").on(t.estimateId, t.sortOrder)],
);

/**
 * A position: base money as the file states it (per unit × quantity, already totalled). Its money after the
 * coefficients of its estimate, section and its own is not stored: it is priced from `base` when read
 * (costr/estimate-pricing.ts), so a coefficient's change rewrites no position.
 */
export const estimatePositions = pgTable(
  "estimate_positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    estimateId: uuid("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    sectionId: uuid("section_id")
      .notNull()
      .references(() => estimateSections.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull(),
    /** The position's number in the file ("1", "12.3"). */
    num: text("num").notNull().default(""),
    normCode: text("norm_code").notNull().default(""),
    name: text("name").notNull(),
    unit: text("unit").notNull().default(""),
    measureId: uuid("measure_id").references(() => costrMeasures.id, { onDelete: "restrict" }),
    quantity: doublePrecision("quantity").notNull().default(0),
    unitPrice: doublePrecision("unit_price").notNull().default(0),
    base: jsonb("base").$type<CostTotals>().notNull(),
  },
  (t) => [
    index("estimate_positions_estimate_idx").on(t.estimateId, t.sortOrder),
    index("estimate_positions_section_idx").on(t.sectionId),
    index("estimate_positions_measure_idx").on(t.measureId),
  ],
);

/** A coefficient applied to an estimate (no section, no position), a section or a position, in `sortOrder`. */
export const estimateCoefficients = pgTable(
  "estimate_coefficients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    estimateId: uuid("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    sectionId: uuid("section_id").references(() => estimateSections.id, { onDelete: "cascade" }),
    positionId: uuid("position_id").references(() => estimatePositions.id, { onDelete: "cascade" }),
    coefficientId: uuid("coefficient_id")
      .notNull()
      .references(() => costrCoefficients.id, { onDelete: "restrict" }),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [
    index("estimate_coefficients_estimate_idx").on(t.estimateId, t.sortOrder),
    index("estimate_coefficients_coefficient_idx").on(t.coefficientId),
  ],
);

/** A position linked to a work of a version with its share of the position (0–1]; many to many. */
export const estimateLinks = pgTable(
  "estimate_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    positionId: uuid("position_id")
      .notNull()
      .references(() => estimatePositions.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    /** A work of the version (wbs_items.id); the link goes with the work. */
    itemId: integer("item_id").notNull(),
    share: doublePrecision("share").notNull().default(1),
    /** How the link was made: by hand or by a rule (codes, attribute, directory). */
    source: text("source").notNull().default("manual"),
  },
  (t) => [
    uniqueIndex("estimate_links_position_item_idx").on(t.positionId, t.versionId, t.itemId),
    index("estimate_links_version_idx").on(t.versionId, t.itemId),
    foreignKey({
      name: "estimate_links_item_fk",
      columns: [t.itemId, t.versionId, t.spaceId],
      foreignColumns: [wbsItems.id, wbsItems.versionId, wbsItems.spaceId],
    }).onDelete("cascade"),
  ],
);
