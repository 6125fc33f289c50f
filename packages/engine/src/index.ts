/**
 * @planum/engine — Primavera P6-compatible scheduling: calendars, CPM, constraints, progress, distribution.
 * Pure: plain data in and out, no I/O, no clock, no dependencies.
 */
export { buildCalendar, type Calendar } from "./calendar-build.js";
export { type CriticalPathTestResult, criticalPathTest } from "./critical-path-test.js";
export {
  type DistributionItem,
  type DistributionMode,
  type DistributionOptions,
  distribute,
} from "./distribution.js";
export {
  applyDurationType,
  type DurationType,
  type DurationTypeChange,
  type UnitsAndDuration,
} from "./duration-types.js";
export { EngineInputError } from "./engine-input-error.js";
export {
  DEFAULT_SCENARIOS,
  type ProgressMeasure,
  remainingByIntensity,
  type ScenarioInput,
  type ScenarioNumber,
  scenario,
} from "./progress-scenarios.js";
export {
  costByPeriod,
  periodValue,
  RESOURCE_CURVE_PROFILES,
  type ResourceCurve,
  spreadUnits,
  type UnitsDay,
} from "./resource-curves.js";
export {
  addAssignmentDays,
  availabilityDays,
  DEMAND_SCALES,
  type DemandAssignment,
  type DemandInput,
  type DemandResource,
  type DemandResult,
  type DemandRow,
  type DemandRowSeries,
  type DemandScale,
  demandBuckets,
  demandContributions,
  resourceDemand,
} from "./resource-demand.js";
export type { ResultColumns } from "./result-format.js";
export { schedule, scheduleColumns } from "./schedule.js";
export {
  type ActivityPatch,
  type CalculationStats,
  createScheduler,
  type Scheduler,
  type SchedulerOptions,
} from "./scheduler.js";
export {
  dayOfWeek,
  formatDate,
  formatDateTime,
  MINUTES_PER_DAY,
  parseDateTime,
  tryParseDate,
  tryParseDateTime,
  tryWallMinutes,
  type WallTime,
  wallMinutes,
} from "./time-format.js";
export type {
  ActivityInput,
  ActivityResult,
  ActivityType,
  CalendarExceptionInput,
  CalendarInput,
  CriticalMode,
  DateLimit,
  ExternalInput,
  FloatType,
  IntervalInput,
  LagCalendarOption,
  LimitType,
  NetworkInput,
  NetworkResult,
  ProgressOption,
  RelationInput,
  RelationType,
  ResourceRunInput,
  ScheduleOptions,
  SsLagFrom,
} from "./types.js";
export { validateNetwork } from "./validate-network.js";
export {
  type DaySeries,
  type SpreadOptions,
  seriesTotal,
  seriesUnits,
  setDays,
  spreadTotal,
  valueAt,
  type WorkingDay,
  workingDaysOf,
} from "./wdp-spread.js";

export const ENGINE_VERSION = 1;
export {
  cumulativeDays,
  type EacMethods,
  type EarnedSchedule,
  type EvmFigures,
  type EvmPoint,
  type EvmSeriesInput,
  earnedSchedule,
  earnedValue,
  earnedValueOnDay,
} from "./earned-value.js";
export {
  evaluateFormula,
  FORMULA_FUNCTIONS,
  FormulaError,
  type FormulaFunction,
  type FormulaNode,
  indicatorOrder,
  namesOf,
  parseFormula,
} from "./indicator-formula.js";
export {
  DEFAULT_PRIORITIES,
  type LevelAssignment,
  type LevelledActivity,
  Leveller,
  type LevellingInput,
  type LevellingOptions,
  type LevellingResult,
  type LevelMove,
  type LevelPriority,
  type LevelReason,
  type LevelResource,
  levelResources,
} from "./levelling/index.js";
export {
  createRiskRunner,
  type RiskCorrelationInput,
  type RiskDurationInput,
  type RiskEventInput,
  type RiskInput,
  type RiskPartial,
  type RiskRunner,
} from "./risk-analysis.js";
export {
  iterationRandom,
  RISK_DISTRIBUTIONS,
  type RiskDistribution,
  type ThreePoint,
  threePointMean,
  threePointQuantile,
} from "./risk-sampling.js";
export {
  mergeRiskPartials,
  type RiskDistributionSummary,
  type RiskRunFacts,
  type RiskSummary,
  summarizeDistribution,
  summarizeRisk,
} from "./risk-summary.js";
export {
  FACT_MEASURES,
  type FactMeasure,
  type FactProgress,
  type FactProgressInput,
  INTENSITY_WINDOW_DAYS,
  measuredIntensity,
  progressFromFacts,
  type ScenarioSettings,
  scenarioForFacts,
} from "./wdp-progress.js";
