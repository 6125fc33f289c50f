import { z } from "zod";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Cost estimates, "Costr" in the spec (issue 19; spec §1 "cost estimates with compliance rules, cost coefficients and
 * measures", §3, §7 Costr): an organisation's measures (units with conversions), cost coefficients and compliance
 * rules and its costr settings are kept per space; a project's PDC (its design documentation sets) and estimates
 * per project. See docs/domain.md "Cost estimates".
 */

/** Spec §3 "Measure kinds". */
export const MEASURE_KINDS = [
  "volume",
  "labour",
  "cost",
  "resources",
  "distributed_price",
  "cost_by_distributed_price",
] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];

/**
 * Coefficient kinds. Regional, winter and indexation multiply the cost parts they name; overhead adds a percentage
 * of the direct cost (wages + machines + materials) to the overheads; profit a percentage of the direct cost plus
 * overheads to the profit (see `priceParts` in the server's costr module).
 */
export const COEFFICIENT_KINDS = ["regional", "winter", "indexation", "overhead", "profit"] as const;
export type CoefficientKind = (typeof COEFFICIENT_KINDS)[number];
/** The money parts of a position, in the order an estimate lists them. */
export const COST_PARTS = ["wages", "machines", "materials", "overhead", "profit"] as const;
export type CostPart = (typeof COST_PARTS)[number];
export const PDC_STAGES = ["design", "working"] as const;
export const COMPLIANCE_RULE_KINDS = [
  "quantity_vs_volume",
  "price_limits",
  "required_coefficients",
  "position_linked",
  "work_has_estimate",
] as const;
export type ComplianceRuleKind = (typeof COMPLIANCE_RULE_KINDS)[number];
export const COMPLIANCE_SEVERITIES = ["error", "warning"] as const;

export const COSTR_CODE_MAX = 64;
export const COSTR_NAME_MAX = 500;
/** A coefficient's value: a multiplier (regional, winter, indexation) or a percentage (overhead, profit). */
export const COEFFICIENT_VALUE_MAX = 1000;

const text = (max: number) =>
  z.string({ error: "Required" }).trim().min(1, { error: "Required" }).max(max, { error: "MaxLength" });
const positiveNumber = z
  .number({ error: "InvalidNumber" })
  .refine(Number.isFinite, { error: "InvalidNumber" })
  .gt(0, { error: "InvalidValue" });

export const costrIdParams = z.object({ id: workspaceUuid });
export const projectCostrParams = z.object({ id: workspaceUuid, itemId: workspaceUuid });

// ---- measures ----

export const measureBody = z
  .object({
    code: text(COSTR_CODE_MAX),
    name: text(COSTR_NAME_MAX),
    kind: z.enum(MEASURE_KINDS, { error: "InvalidValue" }),
    /** The measure this one converts to (same kind), or null for a base measure. */
    baseId: workspaceUuid.nullable().default(null),
    /** How many base measures one of this is (1000 for "t" over "kg"); 1 for a base measure. */
    factor: positiveNumber.max(1e12, { error: "InvalidValue" }).default(1),
  })
  .refine((m) => m.baseId !== null || m.factor === 1, { error: "CostrMeasureBaseFactor", path: ["factor"] });
export type MeasureBody = z.input<typeof measureBody>;

export const measureSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(MEASURE_KINDS),
  baseId: z.string().nullable(),
  factor: z.number(),
});
export type Measure = z.infer<typeof measureSchema>;

export const measureConvertQuery = z.object({
  from: workspaceUuid,
  to: workspaceUuid,
  quantity: z.coerce.number({ error: "InvalidNumber" }).refine(Number.isFinite, { error: "InvalidNumber" }),
});
export const measureConvertSchema = z.object({ quantity: z.number() });

// ---- cost coefficients ----

export const coefficientBody = z
  .object({
    code: text(COSTR_CODE_MAX),
    name: text(COSTR_NAME_MAX),
    kind: z.enum(COEFFICIENT_KINDS, { error: "InvalidValue" }),
    value: positiveNumber.max(COEFFICIENT_VALUE_MAX, { error: "InvalidValue" }),
    /** The parts a multiplier changes; overhead and profit coefficients ignore it. */
    parts: z
      .array(z.enum(COST_PARTS, { error: "InvalidValue" }))
      .max(COST_PARTS.length)
      .default(["wages", "machines", "materials"]),
  })
  .refine((c) => c.kind === "overhead" || c.kind === "profit" || c.parts.length > 0, {
    error: "Required",
    path: ["parts"],
  });
export type CoefficientBody = z.input<typeof coefficientBody>;

export const coefficientSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(COEFFICIENT_KINDS),
  value: z.number(),
  parts: z.array(z.enum(COST_PARTS)),
});
export type Coefficient = z.infer<typeof coefficientSchema>;

// ---- costr settings ----

export const costrSettingsSchema = z.object({
  /** ISO 4217 code the estimates are in. */
  currency: z
    .string({ error: "Required" })
    .regex(/^[A-Z]{3}$/, { error: "InvalidValue" })
    .default("RUB"),
  /** Decimals money is rounded to after each coefficient. */
  decimals: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(0).max(4).default(2),
  /** VAT added to an estimate's total, percent. */
  vatPercent: z.number({ error: "InvalidNumber" }).min(0, { error: "InvalidValue" }).max(100).default(20),
  /** Compliance rules run on every upload (they can always be run on demand). */
  checkOnUpload: z.boolean().default(true),
});
export type CostrSettings = z.infer<typeof costrSettingsSchema>;
export const DEFAULT_COSTR_SETTINGS: CostrSettings = costrSettingsSchema.parse({});

// ---- PDC: a project's design documentation sets (проектно-сметная документация) ----

export const pdcBody = z.object({
  code: text(COSTR_CODE_MAX),
  name: text(COSTR_NAME_MAX),
  stage: z.enum(PDC_STAGES, { error: "InvalidValue" }).default("design"),
  note: z.string().max(COSTR_NAME_MAX, { error: "MaxLength" }).default(""),
});
export type PdcBody = z.input<typeof pdcBody>;

export const pdcSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  stage: z.enum(PDC_STAGES),
  note: z.string(),
  estimateCount: z.number().int(),
});
export type Pdc = z.infer<typeof pdcSchema>;

// ---- money ----

/** Money of a position, a section or an estimate (after coefficients); `total` is the five money parts added up. */
export const costTotalsSchema = z.object({
  wages: z.number(),
  machines: z.number(),
  materials: z.number(),
  overhead: z.number(),
  profit: z.number(),
  total: z.number(),
  labourHours: z.number(),
});
export type CostTotals = z.infer<typeof costTotalsSchema>;

// ---- estimates ----

export const ESTIMATE_FORMAT_NAMES = ["xlsx", "grand_xml", "arps", "minstroy_xml"] as const;
/** An estimate file's column mapping: field → column index (0-based); see `@planum/formats` ESTIMATE_COLUMNS. */
export const estimateMappingSchema = z.record(z.string(), z.number().int().min(0).max(500));

export const estimateUploadQuery = z.object({
  skipRows: z.coerce.number().int().min(0).max(1000).default(0),
  /** JSON of the mapping; without it columns are matched by their header (ru, en, fr). */
  mapping: z
    .string()
    .max(5_000)
    .transform((text, ctx) => {
      try {
        const parsed = estimateMappingSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // falls through to the issue below
      }
      ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["mapping"] });
      return z.NEVER;
    })
    .optional(),
  pdcId: workspaceUuid.optional(),
  name: z.string().trim().max(COSTR_NAME_MAX, { error: "MaxLength" }).optional(),
});

export const estimateUploadStartedSchema = z.object({ jobId: z.string() });

export const estimateSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  format: z.string(),
  fileName: z.string(),
  pdcId: z.string().nullable(),
  totals: costTotalsSchema,
  stated: costTotalsSchema.partial(),
  positionCount: z.number().int(),
  createdAt: z.string(),
});
export type EstimateSummary = z.infer<typeof estimateSummarySchema>;

export const estimatePositionSchema = z.object({
  id: z.string(),
  num: z.string(),
  normCode: z.string(),
  name: z.string(),
  unit: z.string(),
  measureId: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  base: costTotalsSchema,
  priced: costTotalsSchema,
});
export type EstimatePosition = z.infer<typeof estimatePositionSchema>;

export const estimateCoefficientUseSchema = z.object({
  id: z.string(),
  coefficientId: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(COEFFICIENT_KINDS),
  value: z.number(),
  sectionId: z.string().nullable(),
  positionId: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type EstimateCoefficientUse = z.infer<typeof estimateCoefficientUseSchema>;

export const estimateTreeSchema = z.object({
  estimate: estimateSummarySchema,
  sections: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      totals: costTotalsSchema,
      positions: z.array(estimatePositionSchema),
    }),
  ),
  coefficients: z.array(estimateCoefficientUseSchema),
});
export type EstimateTree = z.infer<typeof estimateTreeSchema>;

/** Applies a coefficient to the whole estimate (no section, no position), a section or a position. */
export const applyCoefficientBody = z.object({
  coefficientId: workspaceUuid,
  sectionId: workspaceUuid.nullable().default(null),
  positionId: workspaceUuid.nullable().default(null),
});
export type ApplyCoefficientBody = z.input<typeof applyCoefficientBody>;
export const estimateCoefficientParams = z.object({ id: workspaceUuid, itemId: workspaceUuid, useId: workspaceUuid });

// ---- compliance rules ----

export const complianceRuleBody = z.object({
  name: text(COSTR_NAME_MAX),
  kind: z.enum(COMPLIANCE_RULE_KINDS, { error: "InvalidValue" }),
  severity: z.enum(COMPLIANCE_SEVERITIES, { error: "InvalidValue" }).default("error"),
  enabled: z.boolean().default(true),
  params: z
    .object({
      /** quantity_vs_volume: how far (percent) a position's quantity may be from its works' planned volume. */
      tolerancePercent: z.number({ error: "InvalidNumber" }).min(0, { error: "InvalidValue" }).max(1000).optional(),
      /** price_limits: the unit price a position must stay within. */
      minUnitPrice: z.number({ error: "InvalidNumber" }).min(0, { error: "InvalidValue" }).optional(),
      maxUnitPrice: z.number({ error: "InvalidNumber" }).min(0, { error: "InvalidValue" }).optional(),
      /** required_coefficients: codes of coefficients every estimate must apply. */
      coefficientCodes: z.array(text(COSTR_CODE_MAX)).max(50).optional(),
    })
    .default({}),
});
export type ComplianceRuleBody = z.input<typeof complianceRuleBody>;

export const complianceRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(COMPLIANCE_RULE_KINDS),
  severity: z.enum(COMPLIANCE_SEVERITIES),
  enabled: z.boolean(),
  params: z.record(z.string(), z.unknown()),
});
export type ComplianceRule = z.infer<typeof complianceRuleSchema>;

/** One finding of a check: which rule, how grave, where (a position, or the estimate when null) and its figures. */
export const complianceFindingSchema = z.object({
  ruleId: z.string(),
  rule: z.string(),
  kind: z.enum(COMPLIANCE_RULE_KINDS),
  severity: z.enum(COMPLIANCE_SEVERITIES),
  positionId: z.string().nullable(),
  where: z.string(),
  /** What was found, in words (a coefficient's code); numbers go in `amounts`, which the screen writes by locale. */
  value: z.string(),
  /** A unit price found out of limits, or a position's quantity and its works' volume that differ. */
  amounts: z.array(z.number()).default([]),
});
export type ComplianceFinding = z.infer<typeof complianceFindingSchema>;

export const complianceCheckSchema = z.object({
  estimateId: z.string(),
  checkedAt: z.string(),
  errors: z.number().int(),
  warnings: z.number().int(),
  findings: z.array(complianceFindingSchema),
});
export type ComplianceCheck = z.infer<typeof complianceCheckSchema>;

// ---- links of positions to works ----

export const estimateLinkBody = z.object({
  positionId: workspaceUuid,
  versionId: workspaceUuid,
  itemId: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).positive({ error: "InvalidValue" }),
  /** The part of the position the work takes, (0, 1]. */
  share: z
    .number({ error: "InvalidNumber" })
    .gt(0, { error: "InvalidValue" })
    .max(1, { error: "InvalidValue" })
    .default(1),
});
export type EstimateLinkBody = z.input<typeof estimateLinkBody>;

export const estimateLinkSchema = z.object({
  id: z.string(),
  positionId: z.string(),
  versionId: z.string(),
  itemId: z.number().int(),
  share: z.number(),
  source: z.string(),
  work: z.object({ code: z.string(), name: z.string() }),
});
export type EstimateLink = z.infer<typeof estimateLinkSchema>;
export const estimateLinkParams = z.object({ id: workspaceUuid, itemId: workspaceUuid, linkId: workspaceUuid });

/**
 * Links by a rule (issue 19): a position goes to the works of a version whose code, work attribute or linked
 * directory row equals the position's norm code (or number, or name). A position matching several works is shared
 * equally among them within what its other links leave; a rerun replaces the rule's earlier links of that version.
 */
export const estimateLinkRuleBody = z
  .object({
    versionId: workspaceUuid,
    by: z.enum(["code", "attribute", "directory"], { error: "InvalidValue" }),
    /** The position's field compared. */
    key: z.enum(["normCode", "num", "name"], { error: "InvalidValue" }).default("normCode"),
    /** `by: attribute`: the work attribute whose value is compared. */
    attributeId: workspaceUuid.optional(),
    /** `by: directory`: the directory whose row (linked to the work) has the position's key as its code. */
    directoryId: workspaceUuid.optional(),
    /** false: only say what would be linked. */
    apply: z.boolean({ error: "InvalidValue" }).default(false),
  })
  .refine((b) => b.by !== "attribute" || b.attributeId !== undefined, { error: "Required", path: ["attributeId"] })
  .refine((b) => b.by !== "directory" || b.directoryId !== undefined, { error: "Required", path: ["directoryId"] });
export type EstimateLinkRuleBody = z.input<typeof estimateLinkRuleBody>;

const ruleLinkSample = z.object({
  positionId: z.string(),
  num: z.string(),
  key: z.string(),
  itemId: z.number().int(),
  work: z.object({ code: z.string(), name: z.string() }),
  share: z.number(),
});
export const estimateLinkRuleResultSchema = z.object({
  applied: z.boolean(),
  /** Positions of the estimate, those that found works, those left without, those already whole by other links. */
  positions: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  alreadyLinked: z.number().int(),
  /** Links the rule makes (the rule's earlier links of the version are replaced by them). */
  links: z.number().int(),
  /** The first links made (at most 100) and the first positions left without a work (at most 20). */
  sample: z.array(ruleLinkSample),
  unmatchedSample: z.array(z.object({ positionId: z.string(), num: z.string(), key: z.string(), name: z.string() })),
});
export type EstimateLinkRuleResult = z.infer<typeof estimateLinkRuleResultSchema>;

// ---- estimates carried into a version's works (spec §7 Versions: update-costs, update/estimated-data, clear estimates)

export const estimateCostsBody = z.object({
  /** Only these works of the version (none: every work linked to a position). */
  itemIds: z
    .array(z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).positive({ error: "InvalidValue" }))
    .max(100_000, { error: "InvalidValue" })
    .optional(),
});
export type EstimateCostsBody = z.infer<typeof estimateCostsBody>;

export const estimateCostsResultSchema = z.object({
  /** Works that took figures from their positions. */
  works: z.number().int(),
  /** Of those, works without dates or disabled: their planned figures changed, they have no plan to spread. */
  withoutPlan: z.number().int(),
  /** Money and labour hours carried, in all. */
  cost: z.number(),
  labour: z.number(),
  /**
   * Spec §8 "missing volume codes": the project's positions linked to no work of the version, whose volume and money
   * stayed out of the schedule — by norm code (else number, else name), distinct and sorted. Empty after an update
   * of chosen works.
   */
  missingVolumeCodes: z.array(z.string()),
  versionRevision: z.number().int(),
});
export type EstimateCostsResult = z.infer<typeof estimateCostsResultSchema>;

export const clearEstimatesResultSchema = z.object({ links: z.number().int() });
