import type {
  ActivityType,
  ConstraintType,
  FloatType,
  LagCalendarOption,
  ProgressOption,
  RelationType,
  ResourceType,
} from "../model/schedule-model.js";

/** The display strings P6 XML uses for enumerations ↔ model values. */

export const PM_TYPES: Record<string, ActivityType> = {
  "Task Dependent": "task",
  "Resource Dependent": "resource_dependent",
  "Start Milestone": "milestone_start",
  "Finish Milestone": "milestone_finish",
  "Level of Effort": "level_of_effort",
  "WBS Summary": "wbs_summary",
};

export const PM_STATUS = {
  "Not Started": "not_started",
  "In Progress": "in_progress",
  Completed: "completed",
} as const;

export const PM_CONSTRAINTS: Record<string, ConstraintType> = {
  "Start On": "start_on",
  "Start On or After": "start_on_or_after",
  "Start On or Before": "start_on_or_before",
  "Finish On": "finish_on",
  "Finish On or After": "finish_on_or_after",
  "Finish On or Before": "finish_on_or_before",
  "Mandatory Start": "mandatory_start",
  "Mandatory Finish": "mandatory_finish",
  "As Late As Possible": "as_late_as_possible",
};

export const PM_RELATIONS: Record<string, RelationType> = {
  "Finish to Start": "FS",
  "Start to Start": "SS",
  "Finish to Finish": "FF",
  "Start to Finish": "SF",
};

export const PM_PROGRESS: Record<string, ProgressOption> = {
  "Retained Logic": "retained_logic",
  "Progress Override": "progress_override",
  "Actual Dates": "actual_dates",
};

export const PM_FLOAT: Record<string, FloatType> = {
  "Start Float": "start",
  "Finish Float": "finish",
  "Smallest of Start Float and Finish Float": "smallest",
};

export const PM_LAG_CAL: Record<string, LagCalendarOption> = {
  "Predecessor Activity Calendar": "predecessor",
  "Successor Activity Calendar": "successor",
  "24 Hour Calendar": "24h",
  "Project Default Calendar": "project",
};

export const PM_RESOURCE: Record<string, ResourceType> = { Labor: "labor", Nonlabor: "nonlabor", Material: "material" };

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
