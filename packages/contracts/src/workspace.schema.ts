import { z } from "zod";
import { parseUserDate } from "./dates.js";
import { nameField, parseNumber, requiredText } from "./validation.js";

/**
 * The schedule workspace (spec §3, §4, §7): versions, calendars, calculation settings and layouts. WBS items and
 * relations are in `workspace-wbs.schema.ts`, the columnar Gantt answer in `workspace-gantt.ts`.
 *
 * Every date inside a version is wall-clock text "YYYY-MM-DDTHH:mm" (no time zone can move a day) and every duration
 * or lag is a whole number of working minutes.
 */
export const VERSION_KINDS = ["version", "target", "actual"] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];
export const CALC_STATUSES = ["not_calculated", "in_process", "calculated"] as const;
/**
 * An uploaded version's relations, assignments, code links and UDF values: still being written by a job, or that job
 * failed — before all relations were in (`relations_failed`: the network is not whole, so nothing that needs it runs
 * until a retry writes the rest) or after (`details_failed`: the version works, some assignments or codes are missing).
 */
export const DETAILS_STATUSES = ["importing_details", "relations_failed", "details_failed"] as const;
export type CalcStatus = (typeof CALC_STATUSES)[number];
export const PROGRESS_OPTIONS = ["retained_logic", "progress_override", "actual_dates"] as const;
/** P6 "calculate start-to-start lag from": early start (P6's default) or actual start. */
export const SS_LAG_FROM = ["early_start", "actual_start"] as const;
export const FLOAT_TYPES = ["start", "finish", "smallest"] as const;
export const LAG_CALENDARS = ["predecessor", "successor", "24h", "project"] as const;
export type LagCalendar = (typeof LAG_CALENDARS)[number];
export const CALCULATION_MODES = ["auto", "manual"] as const;
/** What makes an activity critical (P6 "Define critical activities as"): total float ≤ a threshold, or the longest path. */
export const CRITICAL_BY = ["float", "longest_path"] as const;
export const GANTT_SCALES = ["day", "week", "month", "quarter", "year"] as const;
/** Spec §3: 1 even by progress, 6 volume by actual duration, 9 labour, 12 cost. */
export const DEFAULT_CALC_SCENARIOS = { progress: 1, volume: 6, labour: 9, cost: 12 } as const;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A date-time typed by a user (DD.MM.YYYY [HH:mm] or ISO); a bare date means the start of that day. */
export const wallClockField = z.string({ error: "InvalidDate" }).transform((value, ctx) => {
  const parsed = parseUserDate(value);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "InvalidDate" });
    return z.NEVER;
  }
  return parsed.length === 10 ? `${parsed}T00:00` : parsed;
});
export const isWallClock = (text: string) => DATE_TIME.test(text);

/** A number typed by a user (comma decimals) or a JSON number. */
export const workspaceNumber = z.union([z.string(), z.number()], { error: "InvalidNumber" }).transform((v, ctx) => {
  const parsed = parseNumber(v);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "InvalidNumber" });
    return z.NEVER;
  }
  return parsed;
});
/** Whole working minutes (durations, lags, floats); at most ~190 years. */
export const minutesField = z
  .number({ error: "InvalidNumber" })
  .int({ error: "InvalidNumber" })
  .min(-100_000_000, { error: "InvalidValue" })
  .max(100_000_000, { error: "InvalidValue" });
export const revisionField = z.number({ error: "Required" }).int({ error: "InvalidNumber" }).min(0);
export const workspaceUuid = z.string({ error: "Required" }).uuid({ error: "InvalidValue" });
export const versionIdParams = z.object({ id: workspaceUuid });
export const scheduleIdParams = z.object({ id: workspaceUuid });

// ---- versions ----

export const versionSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  kind: z.enum(VERSION_KINDS),
  label: z.string(),
  locked: z.boolean(),
  dataDate: z.string().nullable(),
  projectStart: z.string(),
  calcStatus: z.enum(CALC_STATUSES),
  /** Why the last calculation failed (e.g. the loop's codes); null after a success. */
  calcError: z.string().nullable(),
  calculatedAt: z.string().nullable(),
  /** Project finish of the last calculation. */
  finish: z.string().nullable(),
  /** Grows with every change inside the version (WBS, relations, calculation). */
  revision: z.number(),
  createdAt: z.string(),
  /** Null when complete; an uploaded version shows before its assignments, code links and UDF values are in. */
  detailsStatus: z.enum(DETAILS_STATUSES).nullable(),
  /** Why writing them failed (the uploader's language); null otherwise. */
  detailsError: z.string().nullable(),
});
export type Version = z.infer<typeof versionSchema>;

export const versionLabelField = requiredText({ max: 64 });
export const createVersionBody = z.object({
  kind: z.enum(VERSION_KINDS, { error: "InvalidValue" }).default("version"),
  label: versionLabelField,
  projectStart: wallClockField.optional(),
  dataDate: wallClockField.nullable().optional(),
  /** Copy the WBS, relations and results of this version of the same schedule. */
  copyFromId: workspaceUuid.optional(),
});
export type CreateVersionBody = z.infer<typeof createVersionBody>;
export const updateVersionBody = z.object({
  projectStart: wallClockField.optional(),
  dataDate: wallClockField.nullable().optional(),
});
export const changeLabelBody = z.object({ label: versionLabelField });
export const setLockedBody = z.object({ locked: z.boolean({ error: "Required" }) });
export const deleteVersionsBody = z.object({ ids: z.array(workspaceUuid).min(1).max(1000) });
export const copyVersionBody = z.object({
  label: versionLabelField.optional(),
  kind: z.enum(VERSION_KINDS, { error: "InvalidValue" }).optional(),
});
export const targetDatesBody = z.object({
  /** The target version to read from; absent: the schedule's (latest) target version. */
  targetVersionId: workspaceUuid.optional(),
});
export const emptyWorksSchema = z.object({
  count: z.number(),
  items: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});
export type EmptyWorks = z.infer<typeof emptyWorksSchema>;
export const versionListSchema = z.array(versionSchema);
export const copyVersionParams = z.object({ id: workspaceUuid, targetId: workspaceUuid });
export const versionsDeletedSchema = z.object({ deleted: z.array(z.string()) });
export type VersionsDeleted = z.infer<typeof versionsDeletedSchema>;
export const targetDatesResultSchema = z.object({ targetVersionId: z.string(), updated: z.number() });
export type TargetDatesResult = z.infer<typeof targetDatesResultSchema>;

// ---- calendars ----

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: "InvalidValue" });
export const intervalField = z.tuple([clock, clock]).refine(([a, b]) => a < b, { error: "InvalidValue" });
export const calendarWeekField = z.array(z.array(intervalField).max(12)).length(7, { error: "InvalidValue" });
export const calendarExceptionField = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "InvalidDate" })
    .refine((text) => parseUserDate(text) !== null, { error: "InvalidDate" }),
  intervals: z.array(intervalField).max(12),
});
export const calendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string().nullable(),
  isDefault: z.boolean(),
  /** Seven arrays of ["HH:mm","HH:mm"] working intervals, Monday first: the engine's calendar input. */
  week: z.array(z.array(z.tuple([z.string(), z.string()]))),
  exceptions: z.array(z.object({ date: z.string(), intervals: z.array(z.tuple([z.string(), z.string()])) })),
  revision: z.number(),
});
export type WorkspaceCalendar = z.infer<typeof calendarSchema>;
export const calendarQuery = z.object({ projectId: workspaceUuid.optional() });
export const createCalendarBody = z.object({
  name: nameField,
  projectId: workspaceUuid.nullable().optional(),
  week: calendarWeekField,
  exceptions: z.array(calendarExceptionField).max(5000).default([]),
  isDefault: z.boolean().optional(),
});
export const updateCalendarBody = z.object({
  revision: revisionField,
  name: nameField.optional(),
  week: calendarWeekField.optional(),
  exceptions: z.array(calendarExceptionField).max(5000).optional(),
});

// ---- calculation settings ----

const scenarioNumber = z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(1).max(13);
export const calculateSettingsSchema = z.object({
  scheduleId: z.string(),
  /** Scenario of percent complete and remaining duration (1–13, engine numbering). */
  scenario: z.number(),
  volumeScenario: z.number(),
  labourScenario: z.number(),
  costScenario: z.number(),
  progressOption: z.enum(PROGRESS_OPTIONS),
  floatType: z.enum(FLOAT_TYPES),
  lagCalendar: z.enum(LAG_CALENDARS),
  /** Activities with total float ≤ this many working minutes are critical. */
  criticalFloat: z.number(),
  criticalBy: z.enum(CRITICAL_BY),
  mustFinishBy: z.string().nullable(),
  /** P6 "make open-ended activities critical": a work without successors gets late finish = early finish. */
  openEndsCritical: z.boolean(),
  /**
   * Start-to-start and start-to-finish relations bound the predecessor's late dates (P6, MS Project up to 2010);
   * false = MS Project 2016 and later, which give such a predecessor its late finish from its other successors only.
   */
  startLinksBoundLate: z.boolean(),
  /**
   * A resource-dependent work's assignments start and finish within its own calendar's working time (P6); false =
   * they may start at any instant of their resource's calendar (MS Project).
   */
  resourceRunsInActivityHours: z.boolean(),
  /** P6 "use expected finish dates": a work's expected finish sets its remaining duration. */
  useExpectedFinish: z.boolean(),
  /** P6 "calculate start-to-start lag from": the predecessor's early (remaining) start or its actual start. */
  ssLagFrom: z.enum(SS_LAG_FROM),
  calculationMode: z.enum(CALCULATION_MODES),
});
export type CalculateSettings = z.infer<typeof calculateSettingsSchema>;
/** P6's defaults and the spec's default scenarios: what a schedule without settings, and a reset, calculates with. */
export const DEFAULT_CALCULATE_SETTINGS: Omit<CalculateSettings, "scheduleId"> = {
  scenario: DEFAULT_CALC_SCENARIOS.progress,
  volumeScenario: DEFAULT_CALC_SCENARIOS.volume,
  labourScenario: DEFAULT_CALC_SCENARIOS.labour,
  costScenario: DEFAULT_CALC_SCENARIOS.cost,
  progressOption: "retained_logic",
  floatType: "finish",
  lagCalendar: "predecessor",
  criticalFloat: 0,
  criticalBy: "float",
  mustFinishBy: null,
  openEndsCritical: false,
  startLinksBoundLate: true,
  resourceRunsInActivityHours: true,
  useExpectedFinish: true,
  ssLagFrom: "early_start",
  calculationMode: "manual",
};
export const calculateSettingsBody = z
  .object({
    scenario: scenarioNumber,
    volumeScenario: scenarioNumber,
    labourScenario: scenarioNumber,
    costScenario: scenarioNumber,
    progressOption: z.enum(PROGRESS_OPTIONS, { error: "InvalidValue" }),
    floatType: z.enum(FLOAT_TYPES, { error: "InvalidValue" }),
    lagCalendar: z.enum(LAG_CALENDARS, { error: "InvalidValue" }),
    criticalFloat: minutesField,
    criticalBy: z.enum(CRITICAL_BY, { error: "InvalidValue" }),
    mustFinishBy: wallClockField.nullable(),
    openEndsCritical: z.boolean({ error: "InvalidValue" }),
    startLinksBoundLate: z.boolean({ error: "InvalidValue" }),
    resourceRunsInActivityHours: z.boolean({ error: "InvalidValue" }),
    useExpectedFinish: z.boolean({ error: "InvalidValue" }),
    ssLagFrom: z.enum(SS_LAG_FROM, { error: "InvalidValue" }),
    calculationMode: z.enum(CALCULATION_MODES, { error: "InvalidValue" }),
  })
  .partial()
  .strict();

// ---- layouts ----

/** What a layout remembers of the workspace screen; the web owns the meaning of column keys and filters. */
export const layoutSettingsField = z
  .object({
    columns: z.array(z.string().max(128)).max(500).default([]),
    widths: z.record(z.string(), z.number().min(0).max(5000)).default({}),
    grouping: z.array(z.string().max(128)).max(20).default([]),
    filters: z.array(z.record(z.string(), z.unknown())).max(200).default([]),
    ganttScale: z.enum(GANTT_SCALES, { error: "InvalidValue" }).default("week"),
    /** Anything else of the view (splitter position, zoom, colours). */
    extra: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type LayoutSettings = z.infer<typeof layoutSettingsField>;
export const layoutSchema = z.object({
  id: z.string(),
  name: z.string(),
  settings: z.object({
    columns: z.array(z.string()),
    widths: z.record(z.string(), z.number()),
    grouping: z.array(z.string()),
    filters: z.array(z.record(z.string(), z.unknown())),
    ganttScale: z.enum(GANTT_SCALES),
    extra: z.record(z.string(), z.unknown()),
  }),
  active: z.boolean(),
  updatedAt: z.string(),
});
export const createLayoutBody = z.object({
  name: nameField,
  settings: layoutSettingsField,
  active: z.boolean().optional(),
  /** Start from a template's settings (the given settings then override it). */
  templateId: workspaceUuid.optional(),
});
export const updateLayoutBody = z.object({
  name: nameField.optional(),
  settings: layoutSettingsField.optional(),
  active: z.boolean().optional(),
});
export const layoutIdParams = z.object({ id: workspaceUuid, layoutId: workspaceUuid });
export const groupSettingSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Fields or attribute ids to group by, outermost first. */
  levels: z.array(z.string()),
  updatedAt: z.string(),
});
export const groupSettingBody = z.object({
  name: nameField,
  levels: z.array(z.string().min(1).max(128)).min(1).max(10),
});
export const updateGroupSettingBody = groupSettingBody.partial();
export const groupSettingIdParams = z.object({ id: workspaceUuid, settingId: workspaceUuid });
export type GroupSetting = z.infer<typeof groupSettingSchema>;
export type Layout = z.infer<typeof layoutSchema>;
export const layoutListSchema = z.array(layoutSchema);
export const groupSettingListSchema = z.array(groupSettingSchema);
/** What a deletion of a layout, template or grouping answers. */
export const deletedIdSchema = z.object({ id: z.string() });
export const viewSettingsSchema = z.object({ templates: layoutListSchema });
export const layoutTemplateBody = z.object({ name: createLayoutBody.shape.name, settings: layoutSettingsField });
export const updateLayoutTemplateBody = layoutTemplateBody.partial();
