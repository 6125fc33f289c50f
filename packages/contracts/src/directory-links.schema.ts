import { z } from "zod";
import { uuidField } from "./structure.schema.js";
import { attributeValueSchema } from "./structure-attributes.schema.js";
import { nameField } from "./validation.js";

/**
 * Links of works to directory rows (issue 14): a work references at most one row of each directory seen at its
 * schedule. A directory's **linked attributes** show the row's values on the work; its **donors** copy a column's
 * value into a work attribute of the same type, refreshed on demand (`update-linked-value`, previewed first).
 */

/** One bulk link writes at most this many works (the bench links 50,000 at once). */
export const DIRECTORY_LINKS_MAX = 100_000;

export const directoryDonorBody = z.object({ columnId: uuidField, attributeId: uuidField });
export type DirectoryDonorBody = z.infer<typeof directoryDonorBody>;
export const directoryLinkedAttributeBody = z.object({ columnId: uuidField, name: nameField.optional() });
export type DirectoryLinkedAttributeBody = z.infer<typeof directoryLinkedAttributeBody>;
export const directoryDonorParams = z.object({ id: uuidField, dirId: uuidField, donorId: uuidField });
export const directoryLinkedParams = z.object({ id: uuidField, dirId: uuidField, linkedId: uuidField });
export const versionDirectoryParams = z.object({ id: uuidField, dirId: uuidField });

/** Works linked to rows (or unlinked with `rowId: null`), in one transaction; a refused entry names its line. */
export const linkWorksBody = z.object({
  directoryId: uuidField,
  links: z
    .array(z.object({ itemId: z.number().int().positive(), rowId: uuidField.nullable() }))
    .min(1, { error: "Required" })
    .max(DIRECTORY_LINKS_MAX, { error: "MaxLength" }),
  /** Copy the donors' values into the linked works in the same transaction. */
  applyDonors: z.boolean().default(false),
});
export type LinkWorksBody = z.input<typeof linkWorksBody>;

/** "Upload with assignment": works named by their code get the row named by its code (lines as in a file). */
export const assignByKeyBody = z.object({
  links: z
    .array(z.object({ workCode: nameField, rowCode: nameField }))
    .min(1, { error: "Required" })
    .max(DIRECTORY_LINKS_MAX, { error: "MaxLength" }),
  applyDonors: z.boolean().default(false),
});
export type AssignByKeyBody = z.input<typeof assignByKeyBody>;

/** Which file columns hold the work's code and the row's code (header text or 0-based index). */
export const assignUploadQuery = z.object({
  workColumn: z.union([z.coerce.number().int().min(0), z.string().max(200)]).default(0),
  rowColumn: z.union([z.coerce.number().int().min(0), z.string().max(200)]).default(1),
  skipRows: z.coerce.number().int().min(0).max(1000).default(0),
  applyDonors: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

/** Refresh of donor values: a preview answers what would change; without it the change is written (undoable). */
export const refreshDonorsBody = z.object({
  directoryId: uuidField.optional(),
  itemIds: z.array(z.number().int().positive()).max(DIRECTORY_LINKS_MAX).optional(),
  preview: z.boolean().default(false),
});
export type RefreshDonorsBody = z.input<typeof refreshDonorsBody>;
export const addValuesToVersionBody = z.object({ preview: z.boolean().default(false) });

// Answers.

export const directoryDonorSchema = z.object({
  id: z.string(),
  columnId: z.string(),
  attributeId: z.string(),
  attributeName: z.string(),
});
export type DirectoryDonor = z.infer<typeof directoryDonorSchema>;

/**
 * A schedule's own donor (`/schedules/{id}/directory-donors`): a column of a directory the schedule sees copied into
 * one of the schedule's work attributes. Defined by the schedule's writers, not the directory's administrators.
 */
export const scheduleDonorBody = z.object({ directoryId: uuidField, columnId: uuidField, attributeId: uuidField });
export type ScheduleDonorBody = z.infer<typeof scheduleDonorBody>;
export const scheduleDonorParams = z.object({ id: uuidField, donorId: uuidField });
export const scheduleDonorSchema = z.object({
  id: z.string(),
  directoryId: z.string(),
  directoryName: z.string(),
  columnId: z.string(),
  columnName: z.string(),
  attributeId: z.string(),
  attributeName: z.string(),
});
export type ScheduleDonor = z.infer<typeof scheduleDonorSchema>;

/** A donor as a version sees it: the directory's own, or its schedule's (`level`). */
export const versionDonorSchema = directoryDonorSchema.extend({ level: z.enum(["directory", "schedule"]) });
export const directoryLinkedAttributeSchema = z.object({ id: z.string(), columnId: z.string(), name: z.string() });
export type DirectoryLinkedAttribute = z.infer<typeof directoryLinkedAttributeSchema>;

/** A directory's links to works: linked attributes and donors as defined. */
export const directoryLinkSettingsSchema = z.object({
  donors: z.array(directoryDonorSchema),
  linked: z.array(directoryLinkedAttributeSchema),
});
export type DirectoryLinkSettings = z.infer<typeof directoryLinkSettingsSchema>;

/** The directories seen at a version's schedule, each with its linked columns, and the version's links to their rows. */
export const versionDirectoryLinksSchema = z.object({
  directories: z.array(
    z.object({
      id: z.string(),
      /** The node the directory is kept on (its rows are read through it). */
      nodeId: z.string(),
      name: z.string(),
      kind: z.string(),
      linked: z.array(
        z.object({ id: z.string(), columnId: z.string(), name: z.string(), type: z.string(), unit: z.string() }),
      ),
      /** The directory's donors whose attribute applies at the schedule, then the schedule's own. */
      donors: z.array(versionDonorSchema),
    }),
  ),
  /** One page of the links, in the order of works then directories. */
  links: z.array(
    z.object({
      itemId: z.number().int(),
      workCode: z.string(),
      workName: z.string(),
      directoryId: z.string(),
      rowId: z.string(),
      code: z.string(),
      name: z.string(),
      /** The linked attributes' values, by linked attribute id. */
      values: z.record(z.string(), attributeValueSchema),
    }),
  ),
  /** The cursor of the next page (`after`), null on the last one. */
  next: z.string().nullable(),
});
export type VersionDirectoryLinks = z.infer<typeof versionDirectoryLinksSchema>;
export type VersionDirectoryLink = VersionDirectoryLinks["links"][number];

/** A page of the version's links holds at most this many (100,000 links answered at once were 43 MB). */
export const VERSION_LINKS_PAGE_MAX = 1000;
/** A keyset cursor: the work id and the directory id of the page's last link. */
const linksCursor = z.string().regex(/^\d+\.[0-9a-fA-F-]{36}$/, { error: "InvalidValue" });

/**
 * Which links a page holds: after a cursor, of one work or one directory, or whose work or row has the text in its
 * code or name. `limit=0` answers the directories alone.
 */
export const versionLinksQuery = z.object({
  after: linksCursor.optional(),
  limit: z.coerce.number().int().min(0).max(VERSION_LINKS_PAGE_MAX).default(200),
  itemId: z.coerce.number().int().positive().optional(),
  directoryId: uuidField.optional(),
  search: z.string().trim().max(200).optional(),
});
/** What the web sends: any of the fields (the limit defaults to 200). */
export type VersionLinksQuery = Partial<z.output<typeof versionLinksQuery>>;

/**
 * The linked attributes' values of every linked work as columns (the workspace grid's read-only columns): per
 * directory with linked attributes, its works' ids and one array of values per linked attribute, in the same order.
 */
export const versionLinkedValuesSchema = z.object({
  directories: z.array(
    z.object({
      id: z.string(),
      items: z.array(z.number().int()),
      values: z.record(z.string(), z.array(attributeValueSchema)),
    }),
  ),
});
export type VersionLinkedValues = z.infer<typeof versionLinkedValuesSchema>;

export const linkWorksResultSchema = z.object({ linked: z.number().int(), unlinked: z.number().int() });
export type LinkWorksResult = z.infer<typeof linkWorksResultSchema>;

/** What a donor refresh changes (or changed): at most the first `DONOR_PREVIEW_MAX` values, and how many in all. */
export const DONOR_PREVIEW_MAX = 500;
export const donorRefreshSchema = z.object({
  works: z.number().int(),
  values: z.number().int(),
  changes: z.array(
    z.object({
      itemId: z.number().int(),
      code: z.string(),
      name: z.string(),
      attributeId: z.string(),
      attributeName: z.string(),
      before: attributeValueSchema,
      after: attributeValueSchema,
    }),
  ),
  applied: z.boolean(),
});
export type DonorRefresh = z.infer<typeof donorRefreshSchema>;

/**
 * `GET /eps/{id}/directory/graph`: how the directories seen at a node link — each linked attribute shows a column on
 * the works, each donor fills a work attribute, each complex relation makes one directory depend on another.
 */
export const directoryGraphSchema = z.object({
  directories: z.array(z.object({ id: z.string(), name: z.string(), nodeName: z.string(), kind: z.string() })),
  /** Work attributes some donor fills. */
  attributes: z.array(z.object({ id: z.string(), name: z.string() })),
  edges: z.array(
    z.object({
      kind: z.enum(["linked", "donor", "relation"]),
      from: z.string(),
      /** The attribute (donor), the dependent directory (relation), null for the works themselves (linked). */
      to: z.string().nullable(),
      /** The column's name (linked, donor) or the relation's name. */
      label: z.string(),
    }),
  ),
});
export type DirectoryGraph = z.infer<typeof directoryGraphSchema>;

/**
 * `copy-wbs`: a version's WBS built from a directory's rows — a row with children becomes a WBS sum, a leaf a work
 * (code and name of the row, linked to it, the donors' values copied in). The chosen rows with their subtrees, or the
 * whole directory; placed under a sum (`parentId`) or at the top. One undoable change.
 */
export const copyWbsFromDirectoryBody = z.object({
  directoryId: uuidField,
  rowIds: z.array(uuidField).max(DIRECTORY_LINKS_MAX, { error: "MaxLength" }).optional(),
  parentId: z.number().int().positive().nullable().default(null),
});
export type CopyWbsFromDirectoryBody = z.input<typeof copyWbsFromDirectoryBody>;
export const copyWbsFromDirectorySchema = z.object({
  sums: z.number().int(),
  works: z.number().int(),
  /** Ids of the new top items (the chosen rows), in the directory's order. */
  topIds: z.array(z.number().int()),
});
export type CopyWbsFromDirectory = z.infer<typeof copyWbsFromDirectorySchema>;

/**
 * `sync-with-list`: keeps a version's WBS in step with a directory it was built from — linked items take the rows'
 * current codes and names, rows added under a linked sum's row become items under that sum, the donors' values are
 * copied again. A preview answers what would change; without it the change is written (one undoable change).
 */
export const syncWithListBody = z.object({ directoryId: uuidField, preview: z.boolean().default(false) });
export type SyncWithListBody = z.input<typeof syncWithListBody>;
/** The preview lists at most this many renamed and added items (the counts are whole). */
export const SYNC_PREVIEW_MAX = 200;
export const syncWithListSchema = z.object({
  renamed: z.number().int(),
  added: z.number().int(),
  /** Donor values that change on linked works. */
  values: z.number().int(),
  renames: z.array(
    z.object({
      itemId: z.number().int(),
      code: z.string(),
      name: z.string(),
      newCode: z.string(),
      newName: z.string(),
    }),
  ),
  /** Rows that become items, with the code of the sum they go under. */
  additions: z.array(z.object({ code: z.string(), name: z.string(), parentCode: z.string() })),
  /** Items built from rows since deleted from the directory, with what lies under them: removed. */
  removed: z.number().int(),
  removals: z.array(z.object({ itemId: z.number().int(), code: z.string(), name: z.string() })),
  applied: z.boolean(),
});
export type SyncWithList = z.infer<typeof syncWithListSchema>;
