/**
 * Progress measures of the calculation scenarios (spec §3): percent complete and remaining duration of an
 * activity, derived from durations, physical volume, labour or cost. Durations are working minutes.
 *
 * Numbering (defaults of the spec marked *):
 *  1* by progress (entered percent, even)   2 target duration      3 initial duration      4 fixed finish
 *  5 volume by planned duration   6* volume by actual duration   7 volume by intensity
 *  8 labour by planned duration   9* labour by actual duration   10 labour by intensity
 *  11 cost by planned duration    12* cost by actual duration    13 cost by intensity
 * "From daily plan" variants pass the sums of the daily plan/fact values as planned/actual quantities.
 */
export type ScenarioNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

export interface ScenarioInput {
  /** Planned (initial) duration. */
  duration: number;
  /** Working minutes already spent: actual start → data date (or → actual finish). */
  actualDuration?: number;
  /** Duration of the activity in the target version. */
  targetDuration?: number;
  /** Entered percent complete, 0–100 (scenario 1). */
  percentComplete?: number;
  /** Working minutes from the data date to a fixed finish (scenario 4). */
  minutesToFixedFinish?: number;
  plannedVolume?: number;
  actualVolume?: number;
  plannedLabour?: number;
  actualLabour?: number;
  plannedCost?: number;
  actualCost?: number;
  /** Quantity per working day (base intensity) for the "by intensity" scenarios. */
  intensity?: number;
  /** Working minutes per day used with intensity (default 480). */
  minutesPerDay?: number;
}

export interface ProgressMeasure {
  /** 0–100. */
  percentComplete: number;
  /** Remaining duration, working minutes (rounded to whole minutes). */
  remaining: number;
}

export const DEFAULT_SCENARIOS: readonly ScenarioNumber[] = [1, 6, 9, 12];

const clampPct = (p: number): number => (Number.isFinite(p) ? Math.min(100, Math.max(0, p)) : 0);
const minutes = (m: number): number => Math.max(0, Math.round(m));

/** Remaining duration of a remaining quantity at an intensity (quantity per working day). */
export function remainingByIntensity(remainingQuantity: number, intensityPerDay: number, minutesPerDay = 480): number {
  if (!(intensityPerDay > 0)) throw new RangeError("intensity must be positive");
  return minutes((Math.max(0, remainingQuantity) / intensityPerDay) * minutesPerDay);
}

function byQuantity(
  input: ScenarioInput,
  planned: number | undefined,
  actual: number | undefined,
  variant: 0 | 1 | 2,
): ProgressMeasure {
  const p = planned ?? 0;
  const a = actual ?? 0;
  const pct = p > 0 ? clampPct((a / p) * 100) : 0;
  const spent = input.actualDuration ?? 0;
  if (pct >= 100) return { percentComplete: 100, remaining: 0 };
  if (variant === 0) return { percentComplete: pct, remaining: minutes(input.duration * (1 - pct / 100)) };
  if (variant === 1) {
    // Productivity achieved so far carries on: remaining = time spent × remaining quantity / done quantity.
    if (a <= 0 || spent <= 0) return { percentComplete: pct, remaining: minutes(input.duration - spent) };
    return { percentComplete: pct, remaining: minutes((spent * (p - a)) / a) };
  }
  if (input.intensity === undefined) throw new RangeError("the intensity scenarios need an intensity");
  return { percentComplete: pct, remaining: remainingByIntensity(p - a, input.intensity, input.minutesPerDay) };
}

/** Percent complete and remaining duration of one activity under a calculation scenario. */
export function scenario(n: ScenarioNumber, input: ScenarioInput): ProgressMeasure {
  const spent = input.actualDuration ?? 0;
  switch (n) {
    case 1: {
      const pct = clampPct(input.percentComplete ?? 0);
      return { percentComplete: pct, remaining: minutes(input.duration * (1 - pct / 100)) };
    }
    case 2: {
      const target = input.targetDuration ?? input.duration;
      const pct = target > 0 ? clampPct((spent / target) * 100) : 100;
      return { percentComplete: pct, remaining: minutes(target - spent) };
    }
    case 3: {
      const pct = input.duration > 0 ? clampPct((spent / input.duration) * 100) : 100;
      return { percentComplete: pct, remaining: minutes(input.duration - spent) };
    }
    case 4: {
      const rem = minutes(input.minutesToFixedFinish ?? input.duration - spent);
      const whole = spent + rem;
      return { percentComplete: whole > 0 ? clampPct((spent / whole) * 100) : 100, remaining: rem };
    }
    case 5:
    case 6:
    case 7:
      return byQuantity(input, input.plannedVolume, input.actualVolume, (n - 5) as 0 | 1 | 2);
    case 8:
    case 9:
    case 10:
      return byQuantity(input, input.plannedLabour, input.actualLabour, (n - 8) as 0 | 1 | 2);
    case 11:
    case 12:
    case 13:
      return byQuantity(input, input.plannedCost, input.actualCost, (n - 11) as 0 | 1 | 2);
    default:
      throw new RangeError(`unknown calculation scenario ${String(n)}`);
  }
}
