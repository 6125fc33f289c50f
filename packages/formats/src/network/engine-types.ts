/*
 * The engine's input and output, as fixed by the architecture decision. Declared here so this package
 * compiles while packages/engine is still being written; they mirror packages/engine/src/types.ts.
 */

export type EngineActivityType = "task" | "work" | "milestone_start" | "milestone_finish" | "sum" | "level_of_effort";
export type EngineLimit = { type: "not_earlier" | "not_later" | "in_date"; date: string };

export interface EngineCalendar {
  id: string;
  week: [string, string][][];
  exceptions?: { date: string; intervals: [string, string][] }[];
}

export interface EngineActivity {
  id: string;
  type?: EngineActivityType;
  calendar?: string;
  duration: number;
  startLimit?: EngineLimit;
  finishLimit?: EngineLimit;
  actualStart?: string;
  actualFinish?: string;
  remaining?: number;
  parent?: string;
}

export interface EngineRelation {
  from: string;
  to: string;
  type: "FS" | "SS" | "FF" | "SF";
  lag?: number;
  lagCalendar?: "predecessor" | "successor" | "24h" | "project";
}

export interface EngineExternal {
  id: string;
  earlyStart?: string;
  earlyFinish?: string;
  lateStart?: string;
  lateFinish?: string;
  calendar?: string;
}

export interface EngineOptions {
  progress?: "retained_logic" | "progress_override" | "actual_dates";
  floatType?: "start" | "finish" | "smallest";
  lagCalendar?: "predecessor" | "successor" | "24h" | "project";
  criticalFloat?: number;
  critical?: "float" | "longest_path";
  mustFinishBy?: string;
  ssLagFrom?: "early_start" | "actual_start";
}

export interface EngineInput {
  projectStart: string;
  dataDate?: string;
  options?: EngineOptions;
  calendars: EngineCalendar[];
  defaultCalendar: string;
  activities: EngineActivity[];
  relations: EngineRelation[];
  externals?: EngineExternal[];
}

export interface EngineActivityResult {
  id: string;
  earlyStart: string;
  earlyFinish: string;
  lateStart: string;
  lateFinish: string;
  totalFloat: number;
  freeFloat: number;
  critical: boolean;
}

export interface EngineResult {
  finish: string;
  activities: EngineActivityResult[];
  cycles: string[][];
}
