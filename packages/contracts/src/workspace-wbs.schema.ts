import { z } from "zod";
import { requiredText } from "./validation.js";
import {
  LAG_CALENDARS,
  minutesField,
  revisionField,
  wallClockField,
  workspaceNumber,
  workspaceUuid,
} from "./workspace.schema.js";

/** WBS items and relations of a version (spec §3 "Work", "WBS item types", "Relation between works"). */
export const WBS_TYPES = ["sum", "task", "work", "milestone_start", "milestone_finish", "draft"] as const;
export type WbsType = (typeof WBS_TYPES)[number];
/**
 * Start and finish limits (spec §3: not_earlier, not_later, in_date) plus P6's mandatory start / finish: early and
 * late date are the date whatever the logic says.
 */
export const LIMIT_TYPES = ["not_earlier", "not_later", "in_date", "mandatory"] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];
export const IN_SCOPE_VALUES = ["not", "earlier", "later", "earlier_later"] as const;
export const WORK_STATUSES = ["not_started", "in_progress", "completed"] as const;
export const LINK_TYPES = ["fs", "ss", "ff", "sf"] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const MOVE_DIRECTIONS = ["up", "down", "left", "right"] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];
export const UNDO_KINDS = ["undo_wbs", "undo_relation", "undo_wdp"] as const;
/** P6 duration types: what stays fixed when duration, units or units/time change. */
export const DURATION_TYPES = [
  "fixed_duration_units_time",
  "fixed_duration_units",
  "fixed_units",
  "fixed_units_time",
] as const;
export type DurationType = (typeof DURATION_TYPES)[number];
/** P6 percent-complete types: what an activity's % complete measures. */
export const PERCENT_COMPLETE_TYPES = ["duration", "physical", "units"] as const;
export type PercentCompleteType = (typeof PERCENT_COMPLETE_TYPES)[number];
export const NOTES_MAX_LENGTH = 20_000;

export const wbsItemSchema = z.object({
  id: z.number(),
  versionId: z.string(),
  parentId: z.number().nullable(),
  sortOrder: z.number(),
  type: z.enum(WBS_TYPES),
  code: z.string(),
  name: z.string(),
  calendarId: z.string().nullable(),
  duration: z.number(),
  startLimitType: z.enum(LIMIT_TYPES).nullable(),
  startLimitDate: z.string().nullable(),
  finishLimitType: z.enum(LIMIT_TYPES).nullable(),
  finishLimitDate: z.string().nullable(),
  inScope: z.enum(IN_SCOPE_VALUES),
  status: z.enum(WORK_STATUSES),
  percentComplete: z.number(),
  actualStart: z.string().nullable(),
  actualFinish: z.string().nullable(),
  remaining: z.number().nullable(),
  baselineDuration: z.number().nullable(),
  baseIntensity: z.number().nullable(),
  targetDuration: z.number().nullable(),
  targetStart: z.string().nullable(),
  targetFinish: z.string().nullable(),
  plannedVolume: z.number().nullable(),
  actualVolume: z.number().nullable(),
  plannedLabour: z.number().nullable(),
  actualLabour: z.number().nullable(),
  plannedCost: z.number().nullable(),
  actualCost: z.number().nullable(),
  measure: z.string().nullable(),
  durationType: z.enum(DURATION_TYPES),
  percentCompleteType: z.enum(PERCENT_COMPLETE_TYPES),
  /** P6 "resource dependent": scheduled on its resources' calendars by their units per day. */
  resourceDependent: z.boolean(),
  expectedFinish: z.string().nullable(),
  suspendDate: z.string().nullable(),
  resumeDate: z.string().nullable(),
  notes: z.string(),
  /** P6 "as late as possible": a not-started work's early dates move into its free float. */
  alap: z.boolean(),
  /** MS Project's manually scheduled task (from an MSPDI import): the typed start and finish it keeps; null = automatic. */
  manualStart: z.string().nullable(),
  manualFinish: z.string().nullable(),
  /** MS Project's elapsed duration: the work runs on the clock (24 h a day, every day) whatever its calendar. */
  elapsed: z.boolean(),
  /**
   * MS Project's splits of the remaining work (from an MSPDI import): [start, end] of each period inside the bar
   * without work; their working time lengthens what is left. Null = not split.
   */
  splits: z.array(z.tuple([z.string(), z.string()])).nullable(),
  attrs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  earlyStart: z.string().nullable(),
  earlyFinish: z.string().nullable(),
  lateStart: z.string().nullable(),
  lateFinish: z.string().nullable(),
  totalFloat: z.number().nullable(),
  freeFloat: z.number().nullable(),
  critical: z.boolean(),
  revision: z.number(),
});
export type WbsItem = z.infer<typeof wbsItemSchema>;

const codeField = requiredText({ max: 64 });
const wbsNameField = requiredText({ max: 512, allowAnyCharacter: true });
const durationField = minutesField.pipe(z.number().min(0, { error: "InvalidValue" }));
const quantity = workspaceNumber.nullable();
const limitType = z.enum(LIMIT_TYPES, { error: "InvalidValue" }).nullable();

/** Fields a user edits on a work (every one optional; null clears). */
export const wbsEditableFields = z.object({
  code: codeField,
  name: wbsNameField,
  calendarId: workspaceUuid.nullable(),
  duration: durationField,
  startLimitType: limitType,
  startLimitDate: wallClockField.nullable(),
  finishLimitType: limitType,
  finishLimitDate: wallClockField.nullable(),
  inScope: z.enum(IN_SCOPE_VALUES, { error: "InvalidValue" }),
  status: z.enum(WORK_STATUSES, { error: "InvalidValue" }),
  percentComplete: workspaceNumber.pipe(
    z.number().min(0, { error: "InvalidValue" }).max(100, { error: "InvalidValue" }),
  ),
  actualStart: wallClockField.nullable(),
  actualFinish: wallClockField.nullable(),
  remaining: durationField.nullable(),
  baselineDuration: durationField.nullable(),
  baseIntensity: quantity,
  targetDuration: durationField.nullable(),
  plannedVolume: quantity,
  actualVolume: quantity,
  plannedLabour: quantity,
  actualLabour: quantity,
  plannedCost: quantity,
  actualCost: quantity,
  measure: requiredText({ max: 32 }).nullable(),
  durationType: z.enum(DURATION_TYPES, { error: "InvalidValue" }),
  percentCompleteType: z.enum(PERCENT_COMPLETE_TYPES, { error: "InvalidValue" }),
  resourceDependent: z.boolean({ error: "InvalidValue" }),
  expectedFinish: wallClockField.nullable(),
  suspendDate: wallClockField.nullable(),
  resumeDate: wallClockField.nullable(),
  notes: z.string().max(NOTES_MAX_LENGTH, { error: "MaxLength" }),
  alap: z.boolean({ error: "InvalidValue" }),
  elapsed: z.boolean({ error: "InvalidValue" }),
  /** MS Project's task mode: both dates make the task manually scheduled, both null automatic again. */
  manualStart: wallClockField.nullable(),
  manualFinish: wallClockField.nullable(),
  /** Attribute values by attribute id; null removes a value. */
  attrs: z.record(z.string().max(64), z.union([z.string().max(4000), z.number(), z.boolean(), z.null()])),
});
export type WbsEditableFields = z.infer<typeof wbsEditableFields>;

/** The date fields of a work that must keep an order, and constraint types that need a date. */
export interface ActivityDateValues {
  actualStart?: string | null;
  actualFinish?: string | null;
  suspendDate?: string | null;
  resumeDate?: string | null;
  startLimitType?: string | null;
  startLimitDate?: string | null;
  finishLimitType?: string | null;
  finishLimitDate?: string | null;
  manualStart?: string | null;
  manualFinish?: string | null;
}
export type ActivityDateIssue = {
  field: "actualFinish" | "resumeDate" | "startLimitDate" | "finishLimitDate" | "manualFinish";
  code: "FinishBeforeStart" | "ResumeBeforeSuspend" | "ConstraintDateRequired" | "ManualDatesInvalid";
};

/**
 * Checks across fields of one work as it will be after an edit (server) or as a form holds it (web): the actual
 * finish is not before the actual start, the resume date not before the suspend date, a constraint type has a date, a
 * manually scheduled task has both typed dates, the finish not before the start.
 * Dates are "YYYY-MM-DDTHH:mm", so text order is time order.
 */
export function activityDateIssues(v: ActivityDateValues): ActivityDateIssue[] {
  const issues: ActivityDateIssue[] = [];
  if (v.actualStart && v.actualFinish && v.actualFinish < v.actualStart)
    issues.push({ field: "actualFinish", code: "FinishBeforeStart" });
  if (v.suspendDate && v.resumeDate && v.resumeDate < v.suspendDate)
    issues.push({ field: "resumeDate", code: "ResumeBeforeSuspend" });
  if (v.startLimitType && !v.startLimitDate) issues.push({ field: "startLimitDate", code: "ConstraintDateRequired" });
  if (v.finishLimitType && !v.finishLimitDate)
    issues.push({ field: "finishLimitDate", code: "ConstraintDateRequired" });
  if (!v.manualStart !== !v.manualFinish || (v.manualStart && v.manualFinish && v.manualFinish < v.manualStart))
    issues.push({ field: "manualFinish", code: "ManualDatesInvalid" });
  return issues;
}

export const createWbsBody = wbsEditableFields.partial().extend({
  type: z.enum(WBS_TYPES, { error: "InvalidValue" }),
  name: wbsNameField,
  /** The sum item to create under; absent: the root level. */
  parentId: z.number().int().positive().nullable().optional(),
  /** Place right after this sibling; absent: last. */
  afterId: z.number().int().positive().optional(),
});
export type CreateWbsBody = z.infer<typeof createWbsBody>;
export const updateWbsBody = wbsEditableFields.partial().extend({ revision: revisionField });
export type UpdateWbsBody = z.infer<typeof updateWbsBody>;
export const updateWbsTypeBody = z.object({
  revision: revisionField,
  type: z.enum(WBS_TYPES, { error: "InvalidValue" }),
});
export const moveWbsBody = z.union([
  z.object({ revision: revisionField, direction: z.enum(MOVE_DIRECTIONS, { error: "InvalidValue" }) }),
  z.object({
    revision: revisionField,
    /** Move elsewhere: the new parent (null = root) and position among its children (absent = last). */
    parentId: z.number().int().positive().nullable(),
    index: z.number().int().min(0).optional(),
  }),
]);
export type MoveWbsBody = z.infer<typeof moveWbsBody>;
export const revisionBody = z.object({ revision: revisionField });
export const itemRefs = z
  .array(z.object({ id: z.number().int().positive(), revision: revisionField }))
  .min(1)
  .max(100_000);
export const deleteWbsBody = z.object({ items: itemRefs });
export const copyWbsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(50_000),
  parentId: z.number().int().positive().nullable(),
  afterId: z.number().int().positive().optional(),
});
/** Spreadsheet columns a paste may fill; durations are given in days of 8 working hours, dates as users type them. */
export const PASTE_COLUMNS = [
  "code",
  "name",
  "durationDays",
  "startLimitDate",
  "finishLimitDate",
  "actualStart",
  "actualFinish",
  "percentComplete",
  "plannedVolume",
  "actualVolume",
  "plannedLabour",
  "actualLabour",
  "plannedCost",
  "actualCost",
  "baseIntensity",
  "measure",
] as const;
export const pasteMatrixBody = z.object({
  /** The item of the block's first row: rows overwrite items in tree order from it. Absent: all rows are new works. */
  startId: z.number().int().positive().optional(),
  /** Where new rows go when the block runs past the last item (or without startId); null = root. */
  parentId: z.number().int().positive().nullable().optional(),
  columns: z
    .array(z.enum(PASTE_COLUMNS, { error: "InvalidValue" }))
    .min(1)
    .max(PASTE_COLUMNS.length),
  rows: z
    .array(z.array(z.string().max(4000)))
    .min(1)
    .max(10_000),
  /** Revisions the client holds for the overwritten items, by id: stale ones are refused. */
  revisions: z.record(z.string(), revisionField).optional(),
});
export const flagsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(100_000),
  value: z.boolean(),
});
export const findQuery = z.object({
  q: z.string().trim().min(1).max(128),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const wbsItemParams = z.object({ id: workspaceUuid, itemId: z.coerce.number().int().positive() });
/** `parentId=root` lists the top level, a number that row's children; absent, the whole version in tree order. */
export const wbsListQuery = z.object({
  parentId: z.union([z.literal("root"), z.coerce.number().int().positive()]).optional(),
});

// ---- WBS answers ----

export const wbsListSchema = z.array(wbsItemSchema);
export const wbsCountSchema = z.object({ total: z.number(), byType: z.record(z.string(), z.number()) });
export type WbsCount = z.infer<typeof wbsCountSchema>;
export const wbsFoundSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(WBS_TYPES),
  parentId: z.number().nullable(),
});
export type WbsFound = z.infer<typeof wbsFoundSchema>;
export const wbsFoundListSchema = z.array(wbsFoundSchema);
/** The caller's own view state of the version's rows. */
export const wbsFlagsSchema = z.object({ collapsed: z.array(z.number()), checked: z.array(z.number()) });
export type WbsFlags = z.infer<typeof wbsFlagsSchema>;
export const wbsFlagsUpdatedSchema = z.object({ updated: z.number() });
/** One row of the path from the root to an item. */
export const wbsPathStepSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), type: z.string() });
export type WbsPathStep = z.infer<typeof wbsPathStepSchema>;
export const wbsPathSchema = z.array(wbsPathStepSchema);
export const wbsPassportSchema = z.object({
  item: wbsItemSchema,
  /** The item's ancestors, the root first. */
  path: wbsPathSchema,
  children: z.number(),
  predecessors: z.number(),
  successors: z.number(),
});
export type WbsPassport = z.infer<typeof wbsPassportSchema>;
/** Every change inside a version answers the version's new revision. */
const changed = { versionRevision: z.number() };
export const wbsItemChangeSchema = z.object({ item: wbsItemSchema, ...changed });
export type WbsItemChange = z.infer<typeof wbsItemChangeSchema>;
export const wbsMovedSchema = z.object({ id: z.number(), ...changed });
export type WbsMoved = z.infer<typeof wbsMovedSchema>;
export const wbsDissolvedSchema = z.object({ moved: z.array(z.number()), ...changed });
export const wbsCopiedSchema = z.object({ ids: z.array(z.number()), count: z.number(), ...changed });
export const wbsPastedSchema = z.object({ updated: z.array(z.number()), created: z.array(z.number()), ...changed });
export type WbsPasted = z.infer<typeof wbsPastedSchema>;
export const wbsDeletedSchema = z.object({ deleted: z.array(z.number()), ...changed });
/** P6 "Update progress": move the data date and record progress as planned up to it. */
export const updateProgressBody = z.object({
  dataDate: wallClockField,
  /** false: only move the data date (still one undoable change). Default true. */
  progress: z.boolean().default(true),
});
export const progressUpdatedSchema = z.object({
  dataDate: z.string(),
  /** Works that got actual dates, remaining duration and percent. */
  updated: z.array(z.number()),
  ...changed,
});
export type ProgressUpdated = z.infer<typeof progressUpdatedSchema>;
export type WbsDeleted = z.infer<typeof wbsDeletedSchema>;

// ---- relations ----

export const relationRowSchema = z.object({
  id: z.number(),
  /** The version the relation belongs to (its successor's); edits go through this version. */
  versionId: z.string(),
  revision: z.number(),
  predecessorId: z.number(),
  successorId: z.number(),
  type: z.enum(LINK_TYPES),
  lag: z.number(),
  lagCalendar: z.enum(LAG_CALENDARS).nullable(),
  /** The other end belongs to another version (of this or another schedule). */
  external: z.boolean(),
  /** Columns of the relations tab, describing the other end from the asking item's side. */
  direction: z.enum(["predecessor", "successor"]).optional(),
  itemId: z.number().optional(),
  status: z.string().optional(),
  code: z.string().optional(),
  name: z.string().optional(),
  start: z.string().nullable().optional(),
  finish: z.string().nullable().optional(),
  project: z.string().nullable().optional(),
  schedule: z.string().nullable().optional(),
  freeFloat: z.number().nullable().optional(),
  totalFloat: z.number().nullable().optional(),
  progress: z.number().optional(),
  /**
   * Display fields by the one rule of days (workspace-units.ts): minutes per day of the other end's calendar (its
   * floats) and of the calendar the lag runs on, and the figures in days (two decimals).
   */
  minutesPerDay: z.number().optional(),
  lagMinutesPerDay: z.number().optional(),
  lagDays: z.number().optional(),
  freeFloatDays: z.number().nullable().optional(),
  totalFloatDays: z.number().nullable().optional(),
});
export type RelationRow = z.infer<typeof relationRowSchema>;
export const createRelationBody = z.object({
  predecessorId: z.number({ error: "Required" }).int().positive(),
  successorId: z.number({ error: "Required" }).int().positive(),
  type: z.enum(LINK_TYPES, { error: "InvalidValue" }).default("fs"),
  lag: minutesField.default(0),
  lagCalendar: z.enum(LAG_CALENDARS, { error: "InvalidValue" }).nullable().optional(),
});
export type CreateRelationBody = z.input<typeof createRelationBody>;
export const updateRelationBody = z.object({
  revision: revisionField,
  type: z.enum(LINK_TYPES, { error: "InvalidValue" }).optional(),
  lag: minutesField.optional(),
  lagCalendar: z.enum(LAG_CALENDARS, { error: "InvalidValue" }).nullable().optional(),
});
export type UpdateRelationBody = z.input<typeof updateRelationBody>;
/** Answer of a relation edit: the relation and the version's new revision. */
export const relationChangeSchema = z.object({ relation: relationRowSchema, versionRevision: z.number() });
export type RelationChange = z.infer<typeof relationChangeSchema>;
export const relationDeleteSchema = z.object({ deleted: z.array(z.number()), versionRevision: z.number() });
export type RelationDelete = z.infer<typeof relationDeleteSchema>;
const linkEndSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  versionId: z.string(),
  scheduleId: z.string(),
  scheduleName: z.string(),
});
/** A relation between works of two different schedules (`GET /schedules/{id}/links`). */
export const scheduleLinkSchema = z.object({
  id: z.number(),
  type: z.enum(LINK_TYPES),
  lag: z.number(),
  versionId: z.string(),
  predecessor: linkEndSchema,
  successor: linkEndSchema,
});
export type ScheduleLink = z.infer<typeof scheduleLinkSchema>;
export const relationParams = z.object({ id: workspaceUuid, relationId: z.coerce.number().int().positive() });
export const relationsQuery = z.object({ itemId: z.coerce.number().int().positive().optional() });

// ---- undo ----

export const undoActionSchema = z.object({
  id: z.number(),
  kind: z.enum(UNDO_KINDS),
  /** What was done: create, update, move, type, dissolve, copy, paste, delete, restore… */
  action: z.string(),
  userId: z.string().nullable(),
  itemCount: z.number(),
  createdAt: z.string(),
});
export const restoreBody = z.object({ actionId: z.number().int().positive().optional() });
export type UndoAction = z.infer<typeof undoActionSchema>;
export const undoActionListSchema = z.array(undoActionSchema);
export const restoreResultSchema = z.object({ undone: z.array(z.number()), versionRevision: z.number() });
export type RestoreResult = z.infer<typeof restoreResultSchema>;
