import { z } from "zod";
import { uuidField } from "./structure.schema.js";
import {
  ATTRIBUTE_ACCESS,
  attributeSettingsSchema,
  attributeValueSchema,
  INPUT_ATTRIBUTE_TYPES,
} from "./structure-attributes.schema.js";
import { FILTER_LOGIC } from "./structure-roles.schema.js";
import { nameField } from "./validation.js";

/**
 * Directories (spec §3 "directory"): reference lists kept on an EPS node and seen by its subtree — work types, P6
 * activity codes, locations… Each has typed columns (the attribute types a user fills in) and hierarchical rows
 * keyed by a code unique in the directory.
 */
export const DIRECTORY_KINDS = ["plain", "worktype", "actvcode"] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];
export const DIRECTORY_COLUMN_TYPES = INPUT_ATTRIBUTE_TYPES;
/** A page of rows is at most this long; the screen asks for the pages it scrolls to. */
export const DIRECTORY_PAGE_MAX = 1000;
/** One bulk change writes at most this many rows (uploads go through their own call). */
export const DIRECTORY_BULK_MAX = 5000;

const listValues = z.array(nameField).max(500);

export const directoryColumnBody = z
  .object({
    name: nameField,
    type: z.enum(DIRECTORY_COLUMN_TYPES, { error: "InvalidValue" }),
    listValues: listValues.optional(),
    settings: attributeSettingsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === "list" && !value.listValues?.length)
      ctx.addIssue({ code: "custom", message: "Required", path: ["listValues"] });
    if (value.listValues && new Set(value.listValues).size !== value.listValues.length)
      ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["listValues"] });
  });
export type DirectoryColumnBody = z.infer<typeof directoryColumnBody>;

/**
 * A column's type may change: values that no longer fit stay stored and are listed by `values/invalid` until fixed
 * (as do list entries removed from a list column).
 */
export const updateDirectoryColumnBody = z
  .object({
    name: nameField.optional(),
    type: z.enum(DIRECTORY_COLUMN_TYPES, { error: "InvalidValue" }).optional(),
    listValues: listValues.optional(),
    settings: attributeSettingsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.listValues && new Set(value.listValues).size !== value.listValues.length)
      ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["listValues"] });
  });
export type UpdateDirectoryColumnBody = z.infer<typeof updateDirectoryColumnBody>;

export const createDirectoryBody = z.object({
  name: nameField,
  kind: z.enum(DIRECTORY_KINDS, { error: "InvalidValue" }).default("plain"),
  columns: z.array(directoryColumnBody).max(100).optional(),
});
export type CreateDirectoryBody = z.input<typeof createDirectoryBody>;
export const updateDirectoryBody = z.object({
  name: nameField.optional(),
  kind: z.enum(DIRECTORY_KINDS, { error: "InvalidValue" }).optional(),
});
export type UpdateDirectoryBody = z.infer<typeof updateDirectoryBody>;
export const renameDirectoryBody = z.object({ name: nameField });
export const copyDirectoryBody = z.object({ targetId: uuidField, name: nameField.optional() });
export const deleteDirectoryQuery = z.object({ confirmCount: z.coerce.number().int().min(0).optional() });
export const setDirectoryAccessBody = z.object({
  roleId: uuidField,
  /** Null removes the role's own row: the role's abilities decide again. */
  access: z.enum(ATTRIBUTE_ACCESS, { error: "InvalidValue" }).nullable(),
});

export const directoryParams = z.object({ id: uuidField, dirId: uuidField });
export const directoryColumnParams = directoryParams.extend({ colId: uuidField });
export const directoryMoveParams = directoryParams.extend({ target: uuidField });

const codeField = nameField;
const rowValues = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/**
 * One transaction of row changes: rows created (a `ref` lets a new row be the parent of another new row), changed
 * and deleted (with their descendants). Every value is checked against its column first; nothing is written when
 * any row is refused.
 */
export const updateAllRowsBody = z.object({
  create: z
    .array(
      z.object({
        ref: z.string().max(64).optional(),
        parentId: uuidField.nullable().optional(),
        parentRef: z.string().max(64).optional(),
        code: codeField,
        name: nameField,
        values: rowValues.optional(),
      }),
    )
    .max(DIRECTORY_BULK_MAX)
    .default([]),
  update: z
    .array(
      z.object({
        id: uuidField,
        parentId: uuidField.nullable().optional(),
        code: codeField.optional(),
        name: nameField.optional(),
        /** Only the columns named change; null clears one. */
        values: rowValues.optional(),
      }),
    )
    .max(DIRECTORY_BULK_MAX)
    .default([]),
  delete: z.array(uuidField).max(DIRECTORY_BULK_MAX).default([]),
});
export type UpdateAllRowsBody = z.input<typeof updateAllRowsBody>;

/** Operators of the spec's filters a directory column can answer. */
export const DIRECTORY_FILTER_OPERATORS = [
  "lt",
  "lte",
  "gt",
  "gte",
  "eq",
  "ne",
  "exists",
  "not_exists",
  "like",
  "not_like",
  "eq_text",
  "ne_text",
  "filter_by_list",
  "filter_by_exclude_list",
] as const;
export const directoryFilterSchema = z.object({
  logic: z.enum(FILTER_LOGIC, { error: "InvalidValue" }).default("and"),
  conditions: z
    .array(
      z.object({
        /** A column id, or `code` / `name`. */
        field: z.string().trim().min(1, { error: "Required" }).max(64, { error: "MaxLength" }),
        operator: z.enum(DIRECTORY_FILTER_OPERATORS, { error: "InvalidValue" }),
        value: z
          .union([
            z.string().max(256),
            z.number(),
            z.boolean(),
            z.array(z.union([z.string().max(256), z.number()])).max(500),
          ])
          .optional(),
      }),
    )
    .max(20),
});
export type DirectoryFilter = z.infer<typeof directoryFilterSchema>;

/** `filter` travels as JSON text in the query string. */
export const directoryRowsQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(DIRECTORY_PAGE_MAX).default(200),
  search: z.string().trim().max(64, { error: "MaxLength" }).optional(),
  filter: z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        const parsed = directoryFilterSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // falls through to the issue below
      }
      ctx.addIssue({ code: "custom", message: "InvalidValue" });
      return z.NEVER;
    })
    .optional(),
});
export type DirectoryRowsQuery = z.input<typeof directoryRowsQuery>;

// Answers.

export const directoryColumnSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(DIRECTORY_COLUMN_TYPES),
  listValues: z.array(z.string()),
  settings: attributeSettingsSchema,
});
export type DirectoryColumn = z.infer<typeof directoryColumnSchema>;

export const directorySchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  name: z.string(),
  kind: z.enum(DIRECTORY_KINDS),
  columns: z.array(directoryColumnSchema),
  rowCount: z.number().int(),
  /** What the caller may do with its rows. */
  access: z.enum(ATTRIBUTE_ACCESS),
  /** Whether the caller may define it (rename, columns, move, copy, delete). */
  canAdmin: z.boolean(),
  updatedAt: z.string(),
});
export type Directory = z.infer<typeof directorySchema>;

export const directoryRowSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  depth: z.number().int(),
  hasChildren: z.boolean(),
  values: z.record(z.string(), attributeValueSchema),
});
export type DirectoryRow = z.infer<typeof directoryRowSchema>;

export const directoryRowsPageSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  rows: z.array(directoryRowSchema),
});
export type DirectoryRowsPage = z.infer<typeof directoryRowsPageSchema>;

export const updateAllRowsResultSchema = z.object({
  created: z.array(z.object({ ref: z.string().nullable(), id: z.string() })),
  updated: z.number().int(),
  deleted: z.number().int(),
  rowCount: z.number().int(),
});
export type UpdateAllRowsResult = z.infer<typeof updateAllRowsResultSchema>;

/** A stored value that no longer fits its column (type changed, list entry removed). */
export const invalidDirectoryValueSchema = z.object({
  rowId: z.string(),
  code: z.string(),
  columnId: z.string(),
  column: z.string(),
  value: attributeValueSchema,
  error: z.string(),
});
export type InvalidDirectoryValue = z.infer<typeof invalidDirectoryValueSchema>;

export const directoryDeletedSchema = z.object({ id: z.string(), rows: z.number().int() });
export const directoryAccessSchema = z.object({
  roleId: z.string(),
  access: z.enum(ATTRIBUTE_ACCESS),
  /** Whether the access is the role's own row (else it comes from the role's abilities). */
  own: z.boolean(),
});

// Upload and export (XLSX or CSV; the interchange dialog's way: preview, map columns, then upload all or nothing).

/** Which column of the file (its header text or 0-based index) fills the code, name, parent code and each column. */
export const directoryMappingSchema = z.object({
  code: z.union([z.string().max(200), z.number().int().min(0)]),
  name: z.union([z.string().max(200), z.number().int().min(0)]).optional(),
  parent: z.union([z.string().max(200), z.number().int().min(0)]).optional(),
  columns: z.record(z.string(), z.union([z.string().max(200), z.number().int().min(0)])).optional(),
});
export type DirectoryMapping = z.infer<typeof directoryMappingSchema>;

export const directoryUploadQuery = z.object({
  skipRows: z.coerce.number().int().min(0).max(1000).default(0),
  /** JSON of `directoryMappingSchema`; without it columns are matched by header (Code/Код/Code, Name…, column names). */
  mapping: z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        const parsed = directoryMappingSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // falls through to the issue below
      }
      ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["mapping"] });
      return z.NEVER;
    })
    .optional(),
});

export const directoryUploadPreviewSchema = z.object({
  /** The header row and the first rows after it, as text. */
  rows: z.array(z.array(z.string())),
  /** The mapping the upload would use without one given (header matches), as column indexes. */
  mapping: z.object({
    code: z.number().int().nullable(),
    name: z.number().int().nullable(),
    parent: z.number().int().nullable(),
    columns: z.record(z.string(), z.number().int()),
  }),
  /** Data rows in the file. */
  rowCount: z.number().int(),
  problem: z.string().nullable(),
});
export type DirectoryUploadPreview = z.infer<typeof directoryUploadPreviewSchema>;

export const directoryUploadResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  rowCount: z.number().int(),
});
export type DirectoryUploadResult = z.infer<typeof directoryUploadResultSchema>;

/** Header texts of the fixed columns a file may carry, in every language (uploads match any of them). */
export const DIRECTORY_FILE_HEADERS = {
  code: { ru: "Код", en: "Code", fr: "Code" },
  name: { ru: "Название", en: "Name", fr: "Nom" },
  parent: { ru: "Родитель", en: "Parent", fr: "Parent" },
} as const;
