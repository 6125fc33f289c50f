import type { WallTime } from "./time-format.js";

/** Public input and output shapes of the engine (the JSON of `planum-engine`). */

export type RelationType = "FS" | "SS" | "FF" | "SF";
/**
 * not_earlier / not_later: P6 "on or after" / "on or before"; in_date: P6 "start on" / "finish on" (both bounds, logic
 * still pushes the early date later); mandatory: P6 "mandatory start / finish" (early and late date both equal the
 * date, whatever the logic says).
 */
export type LimitType = "not_earlier" | "not_later" | "in_date" | "mandatory";
export type ActivityType = "task" | "work" | "milestone_start" | "milestone_finish" | "sum" | "level_of_effort";
export type ProgressOption = "retained_logic" | "progress_override" | "actual_dates";
export type FloatType = "start" | "finish" | "smallest";
export type LagCalendarOption = "predecessor" | "successor" | "24h" | "project";
export type CriticalMode = "float" | "longest_path";
export type SsLagFrom = "early_start" | "actual_start";

/** A working interval of a day, ["08:00", "12:00"]; "24:00" ends a day. */
export type IntervalInput = [string, string];

export interface CalendarExceptionInput {
  /** "YYYY-MM-DD" */
  date: string;
  /** Working intervals of that day; empty = holiday. */
  intervals: IntervalInput[];
}

export interface CalendarInput {
  id: string;
  /** 7 arrays of intervals, Monday first. */
  week: IntervalInput[][];
  exceptions?: CalendarExceptionInput[];
}

export interface DateLimit {
  type: LimitType;
  /** "YYYY-MM-DDTHH:mm" or minutes since 1970-01-01T00:00 */
  date: WallTime;
}

export interface ActivityInput {
  id: string;
  type?: ActivityType;
  calendar?: string;
  /** Planned duration in working minutes of the activity's calendar. */
  duration: number;
  startLimit?: DateLimit;
  finishLimit?: DateLimit;
  actualStart?: WallTime;
  actualFinish?: WallTime;
  /** Remaining duration in working minutes. */
  remaining?: number;
  /** Id of the `sum` activity this one rolls up into. */
  parent?: string;
  /** P6 "as late as possible": a not-started activity's early dates move into its free float. */
  alap?: boolean;
  /**
   * P6 expected finish (pass it only when the project uses expected finish dates): the remaining work runs from its
   * early start to this date, whatever the remaining duration was.
   */
  expectedFinish?: WallTime;
  /** P6 resume date of a suspended activity in progress: its remaining work starts no earlier. */
  resume?: WallTime;
  /**
   * Resource-driven scheduling (P6 "resource dependent" activity; MS Project's task without a task calendar whose
   * resources have their own): each assignment's remaining work runs on its resource's calendar from the
   * activity's early start, and the activity spans them (earliest start, latest finish). Ignored on milestones and
   * completed activities.
   */
  resources?: ResourceRunInput[];
  /**
   * MS Project's manually scheduled task (Project 2010 and later): its early dates are the start and finish typed
   * for it, whatever its predecessors, the project start, the data date, its constraints or progress say; it still
   * drives its successors, and its late dates and floats come from the network (scenario 063). Ignored once completed.
   */
  manual?: ManualDates;
}

/** The dates typed for a manually scheduled task. */
export interface ManualDates {
  start: WallTime;
  finish: WallTime;
}

/** One assignment of a resource-driven activity. */
export interface ResourceRunInput {
  /** The resource's calendar. */
  calendar: string;
  /** Remaining working time of the assignment in minutes of that calendar (MS Project: work ÷ units). */
  remaining: number;
}

export interface RelationInput {
  from: string;
  to: string;
  type: RelationType;
  /** Working minutes, may be negative. */
  lag?: number;
  lagCalendar?: LagCalendarOption;
}

/** An activity of another schedule, known only by fixed dates. */
export interface ExternalInput {
  id: string;
  earlyStart?: WallTime;
  earlyFinish?: WallTime;
  lateStart?: WallTime;
  lateFinish?: WallTime;
  calendar?: string;
}

export interface ScheduleOptions {
  progress?: ProgressOption;
  floatType?: FloatType;
  lagCalendar?: LagCalendarOption;
  /** Activities with total float ≤ this many working minutes are critical (default 0). */
  criticalFloat?: number;
  critical?: CriticalMode;
  /** P6 project "must finish by": late finish of open-ended activities. */
  mustFinishBy?: WallTime;
  /** P6 "calculate start-to-start lag from" (default "early_start", P6's default). */
  ssLagFrom?: SsLagFrom;
  /** P6 "make open-ended activities critical": an activity without successors gets late finish = early finish. */
  openEndsCritical?: boolean;
  /**
   * Whether start-to-start and start-to-finish links bound the predecessor's late dates (default true: P6, MS Project
   * 2010). MS Project 2016 and later (build 16) give such a predecessor its late finish from its other successors or
   * the project finish only (task-links-project2019-mspdi.xml: an SS+2d and an SF+2d predecessor both 88 h of total
   * slack, 80 and 72 h in the 2010 save of the same plan; scenario 049).
   */
  startLinksBoundLate?: boolean;
  /**
   * Whether the assignments of a resource-driven activity keep to the working time of the activity's own calendar
   * at its ends (P6: they begin no earlier than its next working start after the start bound and end no later than
   * the end of its working period before the finish bound; scenario 060, a real P6 22.12 export). Default false, as
   * MS Project: a predecessor's 17:00 lets a night-shift resource start at 23:00 the same day (scenario 050).
   */
  resourceRunsInActivityHours?: boolean;
}

export interface NetworkInput {
  projectStart: WallTime;
  dataDate?: WallTime;
  options?: ScheduleOptions;
  calendars: CalendarInput[];
  defaultCalendar: string;
  activities: ActivityInput[];
  relations: RelationInput[];
  externals?: ExternalInput[];
}

export interface ActivityResult {
  id: string;
  earlyStart: string;
  earlyFinish: string;
  lateStart: string;
  lateFinish: string;
  /** Working minutes of the activity's calendar; negative values are kept. */
  totalFloat: number;
  freeFloat: number;
  critical: boolean;
  /** Remaining duration used by the calculation (working minutes). */
  remaining: number;
}

export interface NetworkResult {
  finish: string;
  activities: ActivityResult[];
  /** Each loop of the network as the ids that form it, in relation order. */
  cycles: string[][];
  dataDate?: string;
}
