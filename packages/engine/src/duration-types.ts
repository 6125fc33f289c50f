/**
 * P6 duration types: which of an activity's duration, its assignment's units and units per time follows when one of
 * them is changed (units = units per time × duration, duration in working hours). P6's rules (Primavera P6
 * "Duration types"):
 *
 * | type | duration changed | units changed | units/time changed |
 * |---|---|---|---|
 * | fixed_units_time | units follow | duration follows | units follow |
 * | fixed_duration_units_time | units follow | units/time follow | units follow |
 * | fixed_units | units/time follow | duration follows | duration follows |
 * | fixed_duration_units | units/time follow | units/time follow | units follow |
 *
 * A duration of zero keeps the units and sets units/time to 0; units/time of zero with a duration to follow keeps the
 * duration (P6 cannot divide by it either).
 */
export type DurationType = "fixed_units_time" | "fixed_duration_units_time" | "fixed_units" | "fixed_duration_units";

export interface UnitsAndDuration {
  /** Remaining duration in working minutes. */
  duration: number;
  /** Remaining units of the assignment. */
  units: number;
  /** Units per working hour. */
  unitsPerHour: number;
}

export type DurationTypeChange =
  | { field: "duration"; value: number }
  | { field: "units"; value: number }
  | { field: "unitsPerHour"; value: number };

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** The three values after `change`, the others following as the duration type says. */
export function applyDurationType(
  type: DurationType,
  current: UnitsAndDuration,
  change: DurationTypeChange,
): UnitsAndDuration {
  let { duration, units, unitsPerHour } = current;
  const hours = () => duration / 60;
  // The value that follows each change, per type.
  const durationFollows = () => {
    if (unitsPerHour > 0) duration = Math.round((units / unitsPerHour) * 60);
  };
  const unitsFollow = () => {
    units = round6(unitsPerHour * hours());
  };
  const rateFollows = () => {
    unitsPerHour = duration > 0 ? round6(units / hours()) : 0;
  };
  const fixedDuration = type === "fixed_duration_units_time" || type === "fixed_duration_units";
  if (change.field === "duration") {
    duration = change.value;
    if (type === "fixed_units_time" || type === "fixed_duration_units_time") unitsFollow();
    else rateFollows();
  } else if (change.field === "units") {
    units = change.value;
    if (fixedDuration) rateFollows();
    else durationFollows();
  } else {
    unitsPerHour = change.value;
    if (type === "fixed_units") durationFollows();
    else unitsFollow();
  }
  return { duration, units, unitsPerHour };
}
