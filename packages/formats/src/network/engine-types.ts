/*
 * The engine's input and output under the names this package uses. They are the engine's own types
 * (packages/engine/src/types.ts), so a change of the engine's contract breaks our build, not a user's file.
 */
import type {
  ActivityInput,
  ActivityResult,
  ActivityType,
  CalendarInput,
  DateLimit,
  ExternalInput,
  NetworkInput,
  NetworkResult,
  RelationInput,
  ResourceRunInput,
  ScheduleOptions,
} from "@planum/engine";

export type EngineActivityType = ActivityType;
export type EngineLimit = DateLimit;
export type EngineCalendar = CalendarInput;
export type EngineActivity = ActivityInput;
export type EngineRelation = RelationInput;
export type EngineResourceRun = ResourceRunInput;
export type EngineExternal = ExternalInput;
export type EngineOptions = ScheduleOptions;
export type EngineInput = NetworkInput;
export type EngineActivityResult = ActivityResult;
export type EngineResult = NetworkResult;
