import { z } from "zod";
import { parseUserDate } from "./dates.js";
import { hasProhibitedCharacters, nameField, parseNumber, requiredText } from "./validation.js";
import { calculateSettingsBody } from "./workspace.schema.js";

/** Hierarchy scopes of the spec, from the widest to the narrowest; ids and access grants are named by them. */
export const HIERARCHY_SCOPES = ["space", "facility", "project", "schedule", "version"] as const;
export type HierarchyScope = (typeof HIERARCHY_SCOPES)[number];

/** Kinds of structure-tree nodes: plain EPS nodes group facilities, facilities hold projects. */
export const EPS_KINDS = ["node", "facility", "project"] as const;
export type EpsKind = (typeof EPS_KINDS)[number];

/** The header that names the space of every structure call (those routes are not nested under /space/{id}). */
export const SPACE_HEADER = "x-space-id";

export const uuidField = z.string({ error: "Required" }).uuid({ error: "InvalidValue" });
export const idParams = z.object({ id: uuidField });

/** A number typed by a user (comma decimals) or sent as a JSON number. */
export const userNumber = z.union([z.string(), z.number()], { error: "InvalidNumber" }).transform((value, ctx) => {
  const parsed = parseNumber(value);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "InvalidNumber" });
    return z.NEVER;
  }
  return parsed;
});

/** A date in one of the spec's formats (or ISO), stored as wall-clock ISO text. */
export const userDate = z.string({ error: "InvalidDate" }).transform((value, ctx) => {
  const parsed = parseUserDate(value);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "InvalidDate" });
    return z.NEVER;
  }
  return parsed;
});

const optionalText = (max: number) =>
  z
    .string({ error: "InvalidValue" })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length > max) ctx.addIssue({ code: "custom", message: "MaxLength", params: { max } });
      else if (hasProhibitedCharacters(value) && max <= 256)
        ctx.addIssue({ code: "custom", message: "ProhibitedCharacters" });
    })
    .optional();

/** A node key: unique in the space, 32 characters at most, no spaces (it appears in links and imports). */
export const nodeKeyField = requiredText().superRefine((value, ctx) => {
  if (/\s/.test(value)) ctx.addIssue({ code: "custom", message: "ProhibitedCharacters" });
});

/** A light row of the structure tree: everything the tree needs to draw and expand a node. */
export const epsRowSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  kind: z.enum(EPS_KINDS),
  name: z.string(),
  key: z.string().nullable(),
  order: z.number(),
  hasChildren: z.boolean(),
});
export type EpsRow = z.infer<typeof epsRowSchema>;

export const epsListQuery = z.object({
  /** Children of this node ("root" or absent with `search` absent: the whole light tree). */
  parentId: z.union([z.literal("root"), uuidField]).optional(),
  /** Case-insensitive part of a name or key; answers the matching nodes and their ancestors' ids. */
  search: z.string().trim().max(64, { error: "MaxLength" }).optional(),
});

export const createNodeBody = z.object({
  parentId: uuidField.nullable().optional(),
  name: nameField,
  key: nodeKeyField.optional(),
});
export type CreateNodeBody = z.infer<typeof createNodeBody>;
export const renameBody = z.object({ name: nameField });

/** Moves a node under another parent (null: the root level), at a position among its new siblings (default: last). */
export const moveNodeBody = z.object({
  parentId: uuidField.nullable(),
  index: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(0).optional(),
});
export const keyBody = z.object({ key: nodeKeyField });
export const keyParams = z.object({ key: z.string().max(64) });

/** The passport (typed card) of a node, facility or project. Every field is optional. */
export const passportSchema = z
  .object({
    fullName: optionalText(256),
    description: optionalText(2000),
    address: optionalText(256),
    customer: optionalText(128),
    contractor: optionalText(128),
    designer: optionalText(128),
    manager: optionalText(128),
    plannedStart: userDate.optional(),
    plannedFinish: userDate.optional(),
    budget: userNumber.optional(),
    area: userNumber.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.plannedStart && value.plannedFinish && value.plannedFinish < value.plannedStart)
      ctx.addIssue({ code: "custom", message: "InvalidDate", path: ["plannedFinish"] });
  });
export type Passport = z.infer<typeof passportSchema>;
export const passportBody = z.object({ passport: passportSchema });

export const commentBody = z.object({ text: requiredText({ max: 2000, allowAnyCharacter: true }) });
export const commentParams = z.object({ id: uuidField, commentId: uuidField });

/**
 * Deleting nodes removes whole subtrees, so the client confirms the count first: a call without `confirmCount`
 * (or with a count that no longer matches) changes nothing and answers 409 ConfirmationRequired with `count`.
 */
export const deleteByCheckboxBody = z.object({
  ids: z.array(uuidField).min(1, { error: "Required" }).max(1000),
  confirmCount: z.number().int().min(0).optional(),
});
export const confirmQuery = z.object({ confirmCount: z.coerce.number().int().min(0).optional() });

/** Named tree states of a user on a node (columns, expanded rows…); one of them is active. */
export const userSettingsBody = z.object({
  id: uuidField.optional(),
  name: nameField,
  settings: z.record(z.string(), z.unknown()),
});
export const setActiveBody = z.object({ settingsId: uuidField });
export const treeStateBody = z.object({ expanded: z.array(uuidField).max(20_000) });

export const facilitySettingsSchema = z
  .object({
    address: optionalText(256),
    latitude: userNumber.pipe(z.number().min(-90, { error: "InvalidValue" }).max(90, { error: "InvalidValue" })),
    longitude: userNumber.pipe(z.number().min(-180, { error: "InvalidValue" }).max(180, { error: "InvalidValue" })),
    timeZone: optionalText(64),
  })
  .partial()
  .strict();
export const facilitySettingsBody = z.object({ settings: facilitySettingsSchema });

export const projectSettingsSchema = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/, { error: "InvalidValue" }),
    plannedStart: userDate,
    plannedFinish: userDate,
    dataDate: userDate,
    description: optionalText(2000),
  })
  .partial()
  .strict();
export const projectSettingsBody = z.object({ settings: projectSettingsSchema });

/**
 * A schedule's settings are its calculation settings (spec §3): the same fields and rules as the calculate settings
 * call, stored once (in the calculate settings) and only shown and changed through `PATCH /schedules/{id}/settings`.
 */
export const scheduleSettingsSchema = calculateSettingsBody;
export const scheduleSettingsBody = z.object({
  name: nameField.optional(),
  settings: scheduleSettingsSchema.optional(),
});
export const createScheduleBody = z.object({ name: nameField, groupId: uuidField.nullable().optional() });

export const createScheduleGroupBody = z.object({
  projectId: uuidField,
  name: nameField,
  parentId: uuidField.nullable().optional(),
});
export const scheduleGroupQuery = z.object({ projectId: uuidField.optional() });
export const moveScheduleBody = z.object({ scheduleId: uuidField, groupId: uuidField.nullable() });
export const moveGroupBody = z.object({
  parentId: uuidField.nullable(),
  /** Position among the new siblings (0 = first); absent puts it last. */
  index: z.number().int().min(0).optional(),
});

// Answers of the structure calls.

/** A JSON object kept as given (passports, settings, per-user tree settings). */
const jsonObject = z.record(z.string(), z.unknown());

/** One node, facility or project with its passport and settings. */
/** A stored passport: texts, ISO dates and numbers by field. */
export const passportAnswerSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export const epsNodeSchema = epsRowSchema.extend({
  /** Ancestor ids from the root down, this node excluded. */
  ancestorIds: z.array(z.string()),
  passport: passportAnswerSchema,
  settings: jsonObject,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EpsNode = z.infer<typeof epsNodeSchema>;

/** A listing of the tree: the whole tree, one level, or search matches with their ancestors' ids. */
export const epsListSchema = z.object({ nodes: z.array(epsRowSchema), ancestorIds: z.array(z.string()).optional() });
export type EpsList = z.infer<typeof epsListSchema>;
/** The siblings of a moved node, in their new order. */
export const epsSiblingsSchema = z.object({ nodes: z.array(epsRowSchema) });
export const deleteNodesSchema = z.object({ deleted: z.number(), schedules: z.number() });
export type DeleteNodesResult = z.infer<typeof deleteNodesSchema>;
export const treeStateSchema = z.object({ expanded: z.array(z.string()) });
export const nodeSpaceSchema = z.object({ spaceId: z.string() });
export const nodeKeySchema = z.object({ key: z.string().nullable() });
export const keyCheckSchema = z.object({ valid: z.boolean(), code: z.literal("KeyTaken").optional() });
export const epsCommentSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  userId: z.string().nullable(),
  author: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type EpsComment = z.infer<typeof epsCommentSchema>;
/** The caller's membership role, configurable role and effective abilities at a node or schedule. */
export const callerRoleSchema = z.object({
  role: z.enum(["owner", "member"]),
  roleId: z.string().nullable(),
  abilities: z.array(z.string()),
});
export type CallerRole = z.infer<typeof callerRoleSchema>;
export const userSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  settings: jsonObject,
  active: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const epsPhotoSchema = z.object({
  id: z.string(),
  fileId: z.string(),
  name: z.string(),
  size: z.number(),
  mediaType: z.string(),
  caption: z.string().nullable(),
  createdAt: z.string(),
});
export type EpsPhoto = z.infer<typeof epsPhotoSchema>;
/** What made a file kept with a node: a report's run or a print. */
export const EPS_DOCUMENT_ORIGINS = ["report", "print"] as const;
export type EpsDocumentOrigin = (typeof EPS_DOCUMENT_ORIGINS)[number];
/** The media types a node keeps as documents (read from the bytes): a report's or a print's output. */
export const EPS_DOCUMENT_MEDIA_TYPES = [
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/zip",
] as const;
export const epsDocumentQuery = z.object({ origin: z.enum(EPS_DOCUMENT_ORIGINS) });
export const epsDocumentSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  fileId: z.string(),
  name: z.string(),
  size: z.number(),
  mediaType: z.string(),
  origin: z.enum(EPS_DOCUMENT_ORIGINS),
  createdAt: z.string(),
  /** Who kept it ("Last First"), null once that user is gone. */
  createdByName: z.string().nullable(),
});
export type EpsDocument = z.infer<typeof epsDocumentSchema>;
/** The photos of the whole space, light. */
export const spacePhotoSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  name: z.string(),
  createdAt: z.string(),
});

/** A project of a facility, light. */
export const facilityProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().nullable(),
  order: z.number(),
});
export const facilitySchema = epsNodeSchema.extend({ projects: z.array(facilityProjectSchema) });
export type Facility = z.infer<typeof facilitySchema>;

const ancestorSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(EPS_KINDS) });
/** The project card: its node, the path of ancestors by name, and counts of what it holds. */
export const projectDetailsSchema = z.object({
  project: epsNodeSchema,
  facility: ancestorSchema.extend({ depth: z.number() }).nullable(),
  ancestors: z.array(ancestorSchema),
  schedules: z.number(),
  scheduleGroups: z.number(),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

export const scheduleSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  groupId: z.string().nullable(),
  name: z.string(),
  order: z.number(),
  settings: jsonObject,
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The project's name, answered by `GET /schedules/{id}` only: the page of a member who may work in the schedule but
   * not read the structure still names its project (the way back, the print's `[project]`).
   */
  projectName: z.string().optional(),
});
export type ScheduleDto = z.infer<typeof scheduleSchema>;

export const scheduleGroupSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  order: z.number(),
});
export type ScheduleGroupDto = z.infer<typeof scheduleGroupSchema>;
/** Groups (flat, with parentId and order) and schedules of a project, or of every project. */
export const scheduleGroupListSchema = z.object({
  groups: z.array(scheduleGroupSchema),
  schedules: z.array(scheduleSchema),
});
export type ScheduleGroupList = z.infer<typeof scheduleGroupListSchema>;
