import { z } from "zod";
import { uuidField } from "./structure.schema.js";
import { nameField } from "./validation.js";

/**
 * Complex relations between two directories (spec §7 "Directory complex relations", issue 14): each source row
 * (a work type) needs `coefficient` units of target rows (a crane, concrete, a mason) per unit of a linked work's
 * volume. A version's works linked to source rows then get their dependent resources (the target rows, matched to
 * the space's resources by code) and the version's totals per target row.
 */

/** At most this many coefficients in one relation (a file or one edit). */
export const DIRECTORY_RELATION_ROWS_MAX = 50_000;

/** The fixed header of a relation's XLSX (export writes it, import reads it by position). */
export const DIRECTORY_RELATION_FILE_HEADERS = {
  source: { ru: "Код строки-источника", en: "Source code", fr: "Code source" },
  target: { ru: "Код зависимой строки", en: "Dependent code", fr: "Code dépendant" },
  coefficient: { ru: "Коэффициент", en: "Coefficient", fr: "Coefficient" },
} as const;

const coefficientField = z
  .number({ error: "InvalidValue" })
  .finite({ error: "InvalidValue" })
  .min(0, { error: "InvalidValue" });

export const directoryRelationSchema = z.object({
  id: z.string(),
  name: z.string(),
  sourceId: z.string(),
  sourceName: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  rowCount: z.number(),
  /** The caller may change the coefficients (write access to the source directory). */
  canEdit: z.boolean(),
});
export type DirectoryRelation = z.infer<typeof directoryRelationSchema>;

export const directoryRelationRowSchema = z.object({
  id: z.string(),
  sourceRowId: z.string(),
  sourceCode: z.string(),
  sourceName: z.string(),
  targetRowId: z.string(),
  targetCode: z.string(),
  targetName: z.string(),
  coefficient: z.number(),
});
export type DirectoryRelationRow = z.infer<typeof directoryRelationRowSchema>;

/** `GET /{id}/all-relations`: the relation with every coefficient, by source code then target code. */
export const directoryRelationWithRowsSchema = directoryRelationSchema.extend({
  rows: z.array(directoryRelationRowSchema),
});
export type DirectoryRelationWithRows = z.infer<typeof directoryRelationWithRowsSchema>;

export const relationIdParams = z.object({ id: uuidField });
export const relationPairParams = z.object({ a: uuidField, b: uuidField });

export const createDirectoryRelationBody = z.object({
  sourceId: uuidField,
  targetId: uuidField,
  name: nameField.optional(),
});
export type CreateDirectoryRelationBody = z.input<typeof createDirectoryRelationBody>;

export const updateRelationOptionsBody = z.object({ id: uuidField, name: nameField });
export type UpdateRelationOptionsBody = z.input<typeof updateRelationOptionsBody>;

/** `get-directory-relation-rows-directory`: the coefficients of one source row (all of them without `sourceRowId`). */
export const relationRowsOfBody = z.object({ relationId: uuidField, sourceRowId: uuidField.optional() });
/** `get-dependent-directories`: the relations whose source is the directory. */
export const dependentDirectoriesBody = z.object({ directoryId: uuidField });

/** `assign-directory-relation-rows/{id}`: pairs of rows with their coefficient (an existing pair takes the new one). */
export const assignRelationRowsBody = z.object({
  rows: z
    .array(z.object({ sourceRowId: uuidField, targetRowId: uuidField, coefficient: coefficientField }))
    .min(1, { error: "Required" })
    .max(DIRECTORY_RELATION_ROWS_MAX, { error: "MaxLength" }),
});
export type AssignRelationRowsBody = z.input<typeof assignRelationRowsBody>;

export const updateRelationRowsBody = z.object({
  rows: z
    .array(z.object({ id: uuidField, coefficient: coefficientField }))
    .min(1, { error: "Required" })
    .max(DIRECTORY_RELATION_ROWS_MAX, { error: "MaxLength" }),
});
export type UpdateRelationRowsBody = z.input<typeof updateRelationRowsBody>;

export const deleteRelationRowsBody = z.object({
  ids: z.array(uuidField).min(1, { error: "Required" }).max(DIRECTORY_RELATION_ROWS_MAX, { error: "MaxLength" }),
});

export const relationImportResultSchema = z.object({ relation: directoryRelationSchema, rows: z.number() });
export type RelationImportResult = z.infer<typeof relationImportResultSchema>;

/** What a version's recalculation did to its works' assignments of the relations' dependent resources. */
export const relationRecalculationSchema = z.object({
  works: z.number(),
  created: z.number(),
  updated: z.number(),
  removed: z.number(),
  /** Codes of target rows that had no resource in the space: created as resources, named as the row. */
  resourcesCreated: z.array(z.string()),
});
export type RelationRecalculation = z.infer<typeof relationRecalculationSchema>;

/** A version's total need of one target row through one relation: Σ works' planned volume × coefficient. */
export const relationIndicatorSchema = z.object({
  relationId: z.string(),
  relationName: z.string(),
  targetRowId: z.string(),
  code: z.string(),
  name: z.string(),
  quantity: z.number(),
  works: z.number(),
});
export type RelationIndicator = z.infer<typeof relationIndicatorSchema>;
