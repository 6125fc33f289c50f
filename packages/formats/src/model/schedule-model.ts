/**
 * The neutral schedule model every reader produces and every writer consumes.
 *
 * Dates are wall-clock strings "YYYY-MM-DDTHH:mm" with no time zone: schedule files store local
 * working times, and converting them through `Date` is how other tools shift dates by a day.
 * Durations, lags and floats are integer working minutes (hours × 60 in P6, tenths of minutes / 10 in MSPDI).
 */

import type { DurationType, PercentCompleteType } from "./activity-kinds.js";
import type { FileCurve } from "./file-curves.js";

export type { DurationType, PercentCompleteType } from "./activity-kinds.js";

export const MODEL_VERSION = 1;

/** A wall-clock date-time "YYYY-MM-DDTHH:mm". */
export type DateTime = string;

export type FormatId = "xer" | "pmxml" | "mspdi" | "mpx" | "csv" | "xlsx" | "json" | "zip";

export type ActivityType =
  | "task"
  | "resource_dependent"
  | "milestone_start"
  | "milestone_finish"
  | "level_of_effort"
  | "wbs_summary"
  | "summary";

export type ActivityStatus = "not_started" | "in_progress" | "completed";

export type RelationType = "FS" | "SS" | "FF" | "SF";

/** Constraint kinds, named after P6 and MS Project (both map onto this list without loss). */
export type ConstraintType =
  | "start_on"
  | "start_on_or_after"
  | "start_on_or_before"
  | "finish_on"
  | "finish_on_or_after"
  | "finish_on_or_before"
  | "mandatory_start"
  | "mandatory_finish"
  | "as_late_as_possible";

export interface Constraint {
  type: ConstraintType;
  date?: DateTime;
}

export type ProgressOption = "retained_logic" | "progress_override" | "actual_dates";
export type FloatType = "start" | "finish" | "smallest";
export type LagCalendarOption = "predecessor" | "successor" | "24h" | "project";

/** The scheduling options a file stores; recalculation uses them so that we reproduce the source tool. */
export interface ScheduleOptions {
  progress?: ProgressOption;
  floatType?: FloatType;
  lagCalendar?: LagCalendarOption;
  /** Activities whose total float is at or below this many minutes are critical. */
  criticalFloat?: number;
  ssLagFrom?: "early_start" | "actual_start";
  /** P6 "Ignore relationships to and from other projects". */
  ignoreExternalRelations?: boolean;
  /** P6 "Make open-ended activities critical". */
  openEndsCritical?: boolean;
  /** P6 "Use expected finish dates": an activity's expected finish sets its remaining duration. */
  useExpectedFinish?: boolean;
  /** P6 "Compute total float as" longest path / total float. */
  criticalPath?: "total_float" | "longest_path";
  /** False when the tool's SS/SF links leave the predecessor's late dates alone (MS Project 2016 and later). */
  startLinksBoundLate?: boolean;
  /**
   * True where the tool keeps a resource-dependent activity's assignments to its own calendar's working time at its
   * ends (P6; engine scenario 060); false where they may start at any instant of the resource's calendar (MS Project).
   */
  resourceRunsInActivityHours?: boolean;
}

export interface Project {
  id: string;
  /** The short name / ID the tool shows (P6 proj_short_name, MSPDI title). */
  code: string;
  name: string;
  plannedStart?: DateTime;
  dataDate?: DateTime;
  /** The finish the source tool computed. */
  scheduledFinish?: DateTime;
  mustFinishBy?: DateTime;
  defaultCalendarId?: string;
  options: ScheduleOptions;
  /** Hours per day used to show durations in days; the model itself stays in minutes. */
  hoursPerDay?: number;
}

/** A working-time interval "HH:mm"–"HH:mm"; the end may be "24:00". */
export type TimeInterval = [string, string];

export interface CalendarException {
  date: string;
  /** Empty = non-working day. */
  intervals: TimeInterval[];
}

export interface Calendar {
  id: string;
  name: string;
  /** Present for project-level calendars. */
  projectId?: string;
  kind?: "global" | "project" | "resource";
  baseCalendarId?: string;
  isDefault?: boolean;
  hoursPerDay?: number;
  /** Seven days, Monday first, with inherited days already resolved. */
  week: TimeInterval[][];
  exceptions: CalendarException[];
}

export interface WbsNode {
  id: string;
  projectId: string;
  parentId?: string;
  code: string;
  name: string;
  seq?: number;
}

export interface ComputedDates {
  earlyStart?: DateTime;
  earlyFinish?: DateTime;
  lateStart?: DateTime;
  lateFinish?: DateTime;
  /** Working minutes. */
  totalFloat?: number;
  freeFloat?: number;
  critical?: boolean;
}

export interface Activity {
  /** Unique key inside the model (P6 task_id / ObjectId, MSPDI UID). */
  id: string;
  projectId: string;
  wbsId?: string;
  /** Parent summary task (MSPDI / MPX outline). */
  parentId?: string;
  /** The activity ID the tool shows (P6 task_code, MS Project ID / WBS). */
  code: string;
  name: string;
  type: ActivityType;
  calendarId?: string;
  status: ActivityStatus;
  /** Planned (original) duration, working minutes. */
  plannedDuration: number;
  remainingDuration: number;
  actualDuration?: number;
  plannedStart?: DateTime;
  plannedFinish?: DateTime;
  actualStart?: DateTime;
  actualFinish?: DateTime;
  expectedFinish?: DateTime;
  /** P6 suspend date of an activity in progress (MS Project "stop"). */
  suspendDate?: DateTime;
  /** P6 resume date of a suspended activity: its remaining work starts then. */
  resumeDate?: DateTime;
  percentComplete?: number;
  /**
   * MS Project's manually scheduled task (task mode "manual", Project 2010 and later): `plannedStart` and
   * `plannedFinish` are the dates typed for it, which MS Project keeps whatever the logic says (engine scenario 063).
   */
  manuallyScheduled?: boolean;
  /**
   * MS Project's elapsed duration (units "emin", "ehr", "eday", "ewk", "emon"): the durations are minutes of a 24-hour,
   * 7-day clock, and the task runs on it whatever its calendar.
   */
  elapsedDuration?: boolean;
  /**
   * MS Project's splits of the remaining work (start, end): periods inside the task's span without work, which its bar
   * spans — the task lasts its remaining duration plus their working time. Read from the assignments' timephased work.
   */
  splits?: [DateTime, DateTime][];
  constraint?: Constraint;
  secondaryConstraint?: Constraint;
  /**
   * P6 "external early start" / "external late finish": the dates that relationships to projects outside the
   * file imposed when the file was written; used when that other project is not in the file.
   */
  externalEarlyStart?: DateTime;
  externalLateFinish?: DateTime;
  /** Dates, floats and criticality the source tool computed (kept for --compare and export). */
  computed?: ComputedDates;
  durationType?: DurationType;
  percentCompleteType?: PercentCompleteType;
  /** Plain text (P6 notebook topics are joined, their HTML turned into text). */
  notes?: string;
  guid?: string;
  seq?: number;
  outlineLevel?: number;
}

export interface Relation {
  id?: string;
  predecessorId: string;
  successorId: string;
  type: RelationType;
  /** Working minutes (may be negative: a lead). */
  lag: number;
  /** The calendar the lag is measured in when the file says so per relation (MSPDI elapsed lags = "24h"). */
  lagCalendar?: "24h";
  /** Lag unit the source tool displayed (MSPDI LagFormat), kept for the round trip. */
  lagFormat?: number;
}

/** An activity of a project that is not in the file but linked from it (P6 external relationship). */
export interface ExternalActivity {
  id: string;
  projectId?: string;
  code?: string;
  name?: string;
  earlyStart?: DateTime;
  earlyFinish?: DateTime;
  lateStart?: DateTime;
  lateFinish?: DateTime;
  calendarId?: string;
}

export type ResourceType = "labor" | "nonlabor" | "material";

export interface Resource {
  id: string;
  parentId?: string;
  code: string;
  name: string;
  type: ResourceType;
  calendarId?: string;
  unit?: string;
  /** The first period's values (the file's default units per time and first price). */
  maxUnitsPerHour?: number;
  costPerUnit?: number;
  /** Every price and availability period the file holds (P6 RSRCRATE / ResourceRate), by date; absent: the one above. */
  periods?: ResourcePeriod[];
  /** The resource's primary role (P6 RSRC.role_id, else its first RSRCROLE / ResourceRole). */
  roleId?: string;
}

/** A price and availability in force from `from` until the next period (absent `from`: since always). */
export interface ResourcePeriod {
  from?: DateTime;
  costPerUnit?: number;
  maxUnitsPerHour?: number;
}

/** Periods in date order, the one without a date (since always) first. */
export function periodsByDate(periods: readonly ResourcePeriod[]): ResourcePeriod[] {
  return [...periods].sort((a, b) => (a.from ?? "").localeCompare(b.from ?? ""));
}

/** A P6 role: a job function resources fill (in Planum a specialty). */
export interface Role {
  id: string;
  parentId?: string;
  code: string;
  name: string;
}

export interface Assignment {
  id: string;
  activityId: string;
  resourceId: string;
  plannedUnits?: number;
  actualUnits?: number;
  remainingUnits?: number;
  /**
   * Units per hour of the remaining work (P6 remain_qty_per_hr; MS Project's Units, 0.5 = 50 %): a resource-driven
   * activity's assignment lasts remainingUnits ÷ unitsPerHour hours on its resource's calendar.
   */
  unitsPerHour?: number;
  /** How the units spread over the work (P6 resource curve, MS Project work contour); none = evenly. */
  curve?: FileCurve;
  plannedCost?: number;
  actualCost?: number;
  remainingCost?: number;
}

export interface CodeType {
  id: string;
  name: string;
  projectId?: string;
}

export interface CodeValue {
  id: string;
  typeId: string;
  parentId?: string;
  code: string;
  name: string;
}

export interface ActivityCodeAssignment {
  activityId: string;
  typeId: string;
  valueId: string;
}

export type UdfDataType = "text" | "number" | "integer" | "cost" | "date" | "indicator";

export interface UdfType {
  id: string;
  subject: "activity" | "project" | "wbs" | "resource";
  name: string;
  dataType: UdfDataType;
}

export interface UdfValue {
  typeId: string;
  ownerId: string;
  value: string | number;
}

export interface BaselineActivity {
  /** The activity code (ID shown), matched against the live project's activities. */
  code: string;
  name?: string;
  start?: DateTime;
  finish?: DateTime;
  duration?: number;
}

export interface Baseline {
  id: string;
  name: string;
  /** The live project this baseline belongs to. */
  projectId?: string;
  dataDate?: DateTime;
  activities: BaselineActivity[];
}

export interface ScheduleModel {
  modelVersion: number;
  source?: { format: FormatId; producer?: string; version?: string };
  projects: Project[];
  calendars: Calendar[];
  wbs: WbsNode[];
  activities: Activity[];
  relations: Relation[];
  externals: ExternalActivity[];
  resources: Resource[];
  /** Roles the resources fill (absent in files without roles, and in Planum JSON written before them). */
  roles?: Role[];
  assignments: Assignment[];
  codeTypes: CodeType[];
  codeValues: CodeValue[];
  activityCodes: ActivityCodeAssignment[];
  udfTypes: UdfType[];
  udfValues: UdfValue[];
  baselines: Baseline[];
}

export function emptyModel(format?: FormatId): ScheduleModel {
  return {
    modelVersion: MODEL_VERSION,
    ...(format ? { source: { format } } : {}),
    projects: [],
    calendars: [],
    wbs: [],
    activities: [],
    relations: [],
    externals: [],
    resources: [],
    assignments: [],
    codeTypes: [],
    codeValues: [],
    activityCodes: [],
    udfTypes: [],
    udfValues: [],
    baselines: [],
  };
}

/** A 5-day, 8-hour week used when a file names no calendar. */
export function standardWeek(): TimeInterval[][] {
  const day: TimeInterval[] = [
    ["08:00", "12:00"],
    ["13:00", "17:00"],
  ];
  return [day, day, day, day, day, [], []].map((d) => d.map((i) => [i[0], i[1]] as TimeInterval));
}
