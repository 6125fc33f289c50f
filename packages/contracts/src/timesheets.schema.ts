import { z } from "zod";
import { WDP_DECISIONS } from "./wdp-approval.schema.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Timesheets (issue 13, spec §1 timesheets, §2 `timesheets`, §7 Versions / Schedules / Space / Users timesheet calls):
 * a person enters hours per day per work they are assigned to (as a labour resource that is their user, or as the
 * work's executor) for a week, and sends the week; the work's curator — or, for a work without one, whoever may
 * approve work done on its schedule — approves (the hours become the assignment's actual units and the work's labour
 * facts) or declines with a comment. See docs/domain.md "Timesheets".
 */

/** A line's state: being filled in, sent for approval, or decided (spec §3 "Approval decision"). */
export const TIMESHEET_STATUSES = ["draft", "submitted", "APPROVED", "DECLINED"] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
/** Most hours one person may enter for one day (all their works together). */
export const TIMESHEET_MAX_DAY_HOURS = 24;
/** Most lines a week may carry in one call. */
export const TIMESHEET_MAX_LINES = 500;
export const TIMESHEET_COMMENT_MAX = 1000;

/** A week is named by its Monday, "YYYY-MM-DD". */
export const timesheetWeek = z
  .string({ error: "Required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "InvalidDate" })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { error: "InvalidDate" })
  .refine((text) => new Date(`${text}T00:00:00Z`).getUTCDay() === 1, { error: "TimesheetWeekNotMonday" });

/** One day's hours: a number from 0 to 24 (the text "7,5" is read as 7.5 by the screen before it is sent). */
const dayHours = z
  .number({ error: "InvalidNumber" })
  .min(0, { error: "TimesheetHours" })
  .max(TIMESHEET_MAX_DAY_HOURS, { error: "TimesheetHours" });
/** Monday … Sunday. */
export const weekHours = z.array(dayHours).length(7, { error: "InvalidValue" });

const itemId = z.number({ error: "Required" }).int({ error: "InvalidValue" }).positive({ error: "InvalidValue" });
const comment = z.string().trim().max(TIMESHEET_COMMENT_MAX, { error: "MaxLength" });

/** PATCH /schedules/{id}/timesheet/update — the caller's week of a version of the schedule, sent when `submit`. */
export const timesheetUpdateBody = z.object({
  versionId: workspaceUuid,
  week: timesheetWeek,
  lines: z.array(z.object({ wbsId: itemId, hours: weekHours })).max(TIMESHEET_MAX_LINES),
  submit: z.boolean().default(false),
});
export type TimesheetUpdateBody = z.infer<typeof timesheetUpdateBody>;

/** PATCH /schedules/{id}/timesheet/update/day — one cell: a work's hours of one day. */
export const timesheetDayBody = z.object({
  versionId: workspaceUuid,
  wbsId: itemId,
  date: z.string({ error: "Required" }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "InvalidDate" }),
  hours: dayHours,
});
export type TimesheetDayBody = z.infer<typeof timesheetDayBody>;

/** POST /schedules/{id}/timesheet/create — an empty line of a work the caller is assigned to. */
export const timesheetCreateBody = z.object({ versionId: workspaceUuid, wbsId: itemId, week: timesheetWeek });
export type TimesheetCreateBody = z.infer<typeof timesheetCreateBody>;

/** DELETE /schedules/{id}/timesheet/delete?lineId= — the caller's own line not yet sent. */
export const timesheetDeleteQuery = z.object({ lineId: workspaceUuid });

/** PATCH /versions/{id}/timesheet — the decision on sent lines; declining needs a comment. */
export const timesheetDecisionBody = z
  .object({
    lineIds: z.array(workspaceUuid).min(1, { error: "Required" }).max(TIMESHEET_MAX_LINES),
    decision: z.enum(WDP_DECISIONS, { error: "InvalidValue" }),
    comment: comment.optional(),
  })
  .refine((body) => body.decision === "APPROVED" || (body.comment ?? "") !== "", {
    error: "TimesheetDeclineComment",
    path: ["comment"],
  });
export type TimesheetDecisionBody = z.infer<typeof timesheetDecisionBody>;

/** GET /versions/{id}/timesheet?week=&status= — the version's lines the caller may decide on (or all, to readers). */
export const versionTimesheetQuery = z.object({
  week: timesheetWeek.optional(),
  status: z.enum(["submitted", "decided", "all"], { error: "InvalidValue" }).default("submitted"),
});

/** GET /users/timesheet/grouped?week=&by= , /users/timesheet/report?week= , /users/timesheet/estimate?week= */
export const myTimesheetQuery = z.object({
  week: timesheetWeek,
  by: z.enum(["project", "task"], { error: "InvalidValue" }).default("project"),
});
/** GET /space/{id}/timesheet/project?week= and /task?week= — everyone's lines of the space (approvers, managers). */
export const spaceTimesheetQuery = z.object({ week: timesheetWeek });
/** GET /space/{id}/timesheet/report?week=&by= — everyone's week of the space as an XLSX sheet. */
export const spaceTimesheetReportQuery = z.object({
  week: timesheetWeek,
  by: z.enum(["project", "task"], { error: "InvalidValue" }).default("project"),
});

// ---- answers ----

const person = z.object({ id: z.string(), name: z.string() });

/** One line: a person's hours on a work for a week, with the assignment it feeds. */
export const timesheetLineSchema = z.object({
  id: z.string().nullable(),
  versionId: z.string(),
  scheduleId: z.string(),
  scheduleName: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  itemId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The nearest summary row above the work (the "task" of grouping by task); null at the top. */
  parent: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  user: person,
  week: z.string(),
  hours: z.array(z.number()),
  total: z.number(),
  status: z.enum(TIMESHEET_STATUSES),
  decisionComment: z.string().nullable(),
  decidedBy: person.nullable(),
  /** The curator or approver the decider stood in for under a delegation. */
  decidedFor: person.nullable(),
  /** Why the person may enter hours on the work. */
  as: z.array(z.enum(["resource", "executor"])),
  /** The assignment the approved hours feed (null: executor only). */
  assignment: z
    .object({ id: z.string(), budgetedUnits: z.number(), actualUnits: z.number(), remainingUnits: z.number() })
    .nullable(),
  /** The work's progress, % complete. */
  percentComplete: z.number(),
  /** Whether the caller may approve or decline the line. */
  canDecide: z.boolean(),
});
export type TimesheetLine = z.infer<typeof timesheetLineSchema>;

export const timesheetGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  total: z.number(),
  lines: z.array(timesheetLineSchema),
});
export type TimesheetGroup = z.infer<typeof timesheetGroupSchema>;

/** The caller's week: works open to entry as lines (stored or not), grouped; the days' totals; what may be entered. */
export const myTimesheetSchema = z.object({
  week: z.string(),
  days: z.array(z.string()),
  /** Days of the week open to entry (not after today, not before the entry period). */
  open: z.array(z.boolean()),
  groups: z.array(timesheetGroupSchema),
  dayTotals: z.array(z.number()),
  total: z.number(),
});
export type MyTimesheet = z.infer<typeof myTimesheetSchema>;

export const timesheetLinesSchema = z.array(timesheetLineSchema);
export const spaceTimesheetSchema = z.object({ week: z.string(), groups: z.array(timesheetGroupSchema) });
export type SpaceTimesheet = z.infer<typeof spaceTimesheetSchema>;

/** `/users/timesheet/estimate`: per work, what the assignment planned against what was entered and approved. */
export const timesheetEstimateSchema = z.array(
  z.object({
    versionId: z.string(),
    itemId: z.number().int(),
    code: z.string(),
    name: z.string(),
    budgetedUnits: z.number(),
    actualUnits: z.number(),
    remainingUnits: z.number(),
    enteredThisWeek: z.number(),
  }),
);
export type TimesheetEstimate = z.infer<typeof timesheetEstimateSchema>;

/** `/versions/{id}/timesheet/users`: who may enter hours in the version, with their hours of the week. */
export const timesheetUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  specialtyIds: z.array(z.string()),
  works: z.number().int(),
  total: z.number(),
});
export const timesheetUsersSchema = z.array(timesheetUserSchema);
export const timesheetUsersBySpecialtySchema = z.array(
  z.object({ specialtyId: z.string().nullable(), name: z.string().nullable(), users: z.array(timesheetUserSchema) }),
);
export const timesheetUsersQuery = z.object({ week: timesheetWeek.optional() });

/** `/users/timesheet-notification`: the caller's works still without hours for the last finished week. */
export const timesheetNotificationSchema = z.object({
  week: z.string(),
  missing: z.array(z.object({ versionId: z.string(), itemId: z.number().int(), code: z.string(), name: z.string() })),
});
export type TimesheetNotification = z.infer<typeof timesheetNotificationSchema>;

/** `PATCH /users/{id}/set-executor` answer and the node panel's people of a work. */
export const workPeopleAnswerSchema = z.object({
  itemId: z.number().int(),
  executor: person.nullable(),
  curator: person.nullable(),
});
export type WorkPeopleAnswer = z.infer<typeof workPeopleAnswerSchema>;
export const workPeopleQuery = z.object({ wbsId: z.coerce.number().int() });
