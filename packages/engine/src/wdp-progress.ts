import type { Calendar } from "./calendar-build.js";
import { remainingByIntensity, type ScenarioInput, type ScenarioNumber, scenario } from "./progress-scenarios.js";
import { MINUTES_PER_DAY } from "./time-format.js";
import type { DaySeries } from "./wdp-spread.js";

/**
 * Progress of a work from its daily facts (work-done plans, spec §1 and §3): actual start and finish, % complete
 * and remaining duration, by the schedule's calculation scenario. The table of what each scenario means with daily
 * data is in packages/engine/CONTEXT.md ("Progress from daily facts").
 */

export type FactMeasure = "volume" | "labour" | "cost";
export const FACT_MEASURES: readonly FactMeasure[] = ["volume", "labour", "cost"];

/** The schedule's four scenario settings (calculate settings). */
export interface ScenarioSettings {
  scenario: number;
  volumeScenario: number;
  labourScenario: number;
  costScenario: number;
}

/** Working days the measured intensity is averaged over (two working weeks: a site's weekly rhythm, twice). */
export const INTENSITY_WINDOW_DAYS = 10;

const MEASURE_OF_SCENARIO: Record<number, FactMeasure> = {
  5: "volume",
  6: "volume",
  7: "volume",
  8: "labour",
  9: "labour",
  10: "labour",
  11: "cost",
  12: "cost",
  13: "cost",
};

/**
 * Which scenario measures a work that has daily facts, and by which quantity:
 * - a quantity scenario (5–13) as the schedule's scenario: that one, if the daily plan has that quantity;
 * - otherwise the quantity that leads the work's daily plan — volume, else labour, else cost (the first with a
 *   planned total) — by that quantity's own scenario setting (defaults 6, 9, 12). Scenario 1 (the entered percent,
 *   the default) is replaced so: a site that reports daily quantities does not also type a percent;
 * - duration scenarios 2–4 stay as set: % and remaining follow durations, the facts give the actual dates, and the
 *   leading quantity tells when the work is finished.
 * `measure` is null when the daily plan has no planned total at all (then facts give only the actual start).
 */
export function scenarioForFacts(
  settings: ScenarioSettings,
  planned: Partial<Record<FactMeasure, number>>,
): { scenario: ScenarioNumber; measure: FactMeasure | null } {
  const has = (m: FactMeasure) => (planned[m] ?? 0) > 0;
  const leading = FACT_MEASURES.find(has) ?? null;
  const named = MEASURE_OF_SCENARIO[settings.scenario];
  if (named && has(named)) return { scenario: settings.scenario as ScenarioNumber, measure: named };
  if (settings.scenario >= 2 && settings.scenario <= 4)
    return { scenario: settings.scenario as ScenarioNumber, measure: leading };
  if (!leading) return { scenario: 1, measure: null };
  const own = { volume: settings.volumeScenario, labour: settings.labourScenario, cost: settings.costScenario }[
    leading
  ];
  // A setting outside its quantity's group (an import may set one) falls back to "by actual duration" of it.
  const fits = MEASURE_OF_SCENARIO[own] === leading;
  const byActual = { volume: 6, labour: 9, cost: 12 }[leading];
  return { scenario: (fits ? own : byActual) as ScenarioNumber, measure: leading };
}

export interface FactProgressInput {
  calendar: Calendar;
  /** Progress as of this instant (minutes since 1970): a fact counts when its day has working time before it. */
  dataDate: number;
  /** From scenarioForFacts. */
  scenario: ScenarioNumber;
  measure: FactMeasure | null;
  /** Planned totals of the daily plan per quantity. */
  planned: Partial<Record<FactMeasure, number>>;
  /** Daily facts per quantity (facts for progress: see the server's factsForProgress). */
  facts: Partial<Record<FactMeasure, DaySeries>>;
  /** What the duration scenarios need of the work: duration, target duration, entered percent, fixed finish. */
  work: Pick<ScenarioInput, "duration" | "targetDuration" | "percentComplete" | "minutesToFixedFinish">;
  /** The remaining duration follows the measured intensity whatever the scenario (the planner applied it). */
  byIntensity?: boolean;
  /** Working days of the intensity window (default INTENSITY_WINDOW_DAYS). */
  intensityDays?: number;
}

export interface FactProgress {
  status: "not_started" | "in_progress" | "completed";
  actualStart: number | null;
  actualFinish: number | null;
  /** 0–100, two decimals. */
  percentComplete: number;
  /** Working minutes. */
  remaining: number;
  /** Working minutes from the actual start to the data date (or to the actual finish). */
  actualDuration: number;
  /** Counted facts per quantity (exact to 3 decimals). */
  actual: Record<FactMeasure, number>;
  /** Quantity per working day of the measure over the last working days before the data date; null if none. */
  intensity: number | null;
  /** Remaining quantity of the measure at that intensity, working minutes; null without an intensity. */
  remainingByIntensity: number | null;
}

const UNITS = 1000;
const units = (v: number) => Math.round(v * UNITS);

/** Whether a day's facts count as of the data date: the day has working time before it, or ended before it. */
function counts(cal: Calendar, day: number, dataDate: number): boolean {
  const start = day * MINUTES_PER_DAY;
  if (start + MINUTES_PER_DAY <= dataDate) return true;
  return start < dataDate && cal.workingBetween(start, dataDate) > 0;
}

/** The start of work on a day (its first working minute), or the day's midnight when it has none (a holiday fact). */
function startOfWork(cal: Calendar, day: number): number {
  const at = cal.nextWorkingStart(day * MINUTES_PER_DAY);
  return at < (day + 1) * MINUTES_PER_DAY ? at : day * MINUTES_PER_DAY;
}

/** The end of work on a day (its last working minute), or the next midnight when it has none. */
function endOfWork(cal: Calendar, day: number): number {
  const end = (day + 1) * MINUTES_PER_DAY;
  const at = cal.prevWorkingEnd(end);
  return at > day * MINUTES_PER_DAY ? at : end;
}

interface Counted {
  /** Days (day numbers) with a non-zero counted fact of any quantity. */
  first: number | null;
  /** Per quantity: counted units in total and the day the running total reached the plan. */
  total: Record<FactMeasure, number>;
  reached: Record<FactMeasure, number | null>;
}

function countFacts(input: FactProgressInput): Counted {
  const total = { volume: 0, labour: 0, cost: 0 };
  const reached: Record<FactMeasure, number | null> = { volume: null, labour: null, cost: null };
  let first: number | null = null;
  for (const m of FACT_MEASURES) {
    const s = input.facts[m];
    if (!s) continue;
    const goal = units(input.planned[m] ?? 0);
    for (let k = 0; k < s.values.length; k++) {
      const v = units(s.values[k]);
      if (v === 0) continue;
      const day = s.start + k;
      if (!counts(input.calendar, day, input.dataDate)) break;
      if (first === null || day < first) first = day;
      total[m] += v;
      if (goal > 0 && reached[m] === null && total[m] >= goal) reached[m] = day;
    }
  }
  return { first, total, reached };
}

/**
 * Average daily fact of a quantity over the last `n` working days before the data date, not before the actual
 * start: the facts of those days (a holiday inside the window brings its facts but no working day) divided by the
 * working days. Also answers the window's average working minutes per working day, to turn days into minutes.
 */
export function measuredIntensity(
  cal: Calendar,
  facts: DaySeries | undefined,
  firstDay: number,
  dataDate: number,
  n = INTENSITY_WINDOW_DAYS,
): { perDay: number; minutesPerDay: number } | null {
  if (!facts || n <= 0) return null;
  let day = Math.floor((dataDate - 1) / MINUTES_PER_DAY);
  while (day >= firstDay && !counts(cal, day, dataDate)) day--;
  let workingDays = 0;
  let minutes = 0;
  let sum = 0;
  for (; day >= firstDay && workingDays < n; day--) {
    const k = day - facts.start;
    if (k >= 0 && k < facts.values.length) sum += units(facts.values[k]);
    const m = Math.min(cal.dayWorkMinutes(day), Math.max(0, cal.workingBetween(day * MINUTES_PER_DAY, dataDate)));
    if (m > 0) {
      workingDays++;
      minutes += m;
    }
  }
  if (workingDays === 0 || sum <= 0) return null;
  return { perDay: sum / UNITS / workingDays, minutesPerDay: minutes / workingDays };
}

/** Progress of one work from its daily facts (see the module's notes and CONTEXT.md). */
export function progressFromFacts(input: FactProgressInput): FactProgress {
  const cal = input.calendar;
  const c = countFacts(input);
  const actual = { volume: c.total.volume / UNITS, labour: c.total.labour / UNITS, cost: c.total.cost / UNITS };
  if (c.first === null)
    return {
      status: "not_started",
      actualStart: null,
      actualFinish: null,
      percentComplete: 0,
      remaining: input.work.duration,
      actualDuration: 0,
      actual,
      intensity: null,
      remainingByIntensity: null,
    };
  const actualStart = startOfWork(cal, c.first);
  const m = input.measure;
  const reachedDay = m ? c.reached[m] : null;
  const actualFinish =
    reachedDay === null ? null : Math.min(Math.max(endOfWork(cal, reachedDay), actualStart), input.dataDate);
  const until = actualFinish ?? Math.max(actualStart, input.dataDate);
  const actualDuration = Math.max(0, cal.workingBetween(actualStart, until));
  const rate = m ? measuredIntensity(cal, input.facts[m], c.first, input.dataDate, input.intensityDays) : null;
  const plannedM = m ? (input.planned[m] ?? 0) : 0;
  const left = m ? Math.max(0, plannedM - actual[m]) : 0;
  const byRate = rate ? remainingByIntensity(left, rate.perDay, rate.minutesPerDay) : null;
  if (actualFinish !== null)
    return {
      status: "completed",
      actualStart,
      actualFinish,
      percentComplete: 100,
      remaining: 0,
      actualDuration,
      actual,
      intensity: rate?.perDay ?? null,
      remainingByIntensity: 0,
    };
  // The by-intensity scenarios (7, 10, 13) run at the measured rate, else at the planned one (plan over duration);
  // with neither, by actual duration (their variant 6, 9, 12).
  const intensity =
    rate?.perDay ?? (input.work.duration > 0 && plannedM > 0 ? (plannedM * 480) / input.work.duration : undefined);
  const n =
    intensity === undefined && [7, 10, 13].includes(input.scenario)
      ? ((input.scenario - 1) as ScenarioNumber)
      : input.scenario;
  const measured = scenario(n, {
    ...input.work,
    actualDuration,
    plannedVolume: input.planned.volume,
    actualVolume: actual.volume,
    plannedLabour: input.planned.labour,
    actualLabour: actual.labour,
    plannedCost: input.planned.cost,
    actualCost: actual.cost,
    intensity,
    ...(rate ? { minutesPerDay: rate.minutesPerDay } : {}),
  });
  // A work in progress keeps at least a minute of work: its facts have not reached the plan.
  const remaining = Math.max(1, input.byIntensity && byRate !== null ? byRate : measured.remaining);
  return {
    status: "in_progress",
    actualStart,
    actualFinish: null,
    percentComplete: Math.min(99.99, Math.round(measured.percentComplete * 100) / 100),
    remaining,
    actualDuration,
    actual,
    intensity: rate?.perDay ?? null,
    remainingByIntensity: byRate,
  };
}
