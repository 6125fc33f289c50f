/**
 * Duration and percent-complete types in the model's neutral words (those of P6, which has the most of them), and
 * how each format spells them. Readers translate into these words, writers back, so a file read in one format and
 * written in another keeps them.
 */

/** P6 duration types: what stays fixed when duration, units or units/time change. */
export type DurationType = "fixed_duration_units_time" | "fixed_duration_units" | "fixed_units" | "fixed_units_time";
/** P6 percent-complete types: what % complete measures. */
export type PercentCompleteType = "duration" | "physical" | "units";

export const XER_DURATION_TYPES: Record<string, DurationType> = {
  DT_FixedDUR2: "fixed_duration_units_time",
  DT_FixedDrtn: "fixed_duration_units",
  DT_FixedQty: "fixed_units",
  DT_FixedRate: "fixed_units_time",
};
export const XER_PERCENT_TYPES: Record<string, PercentCompleteType> = {
  CP_Drtn: "duration",
  CP_Phys: "physical",
  CP_Units: "units",
};
export const PMXML_DURATION_TYPES: Record<string, DurationType> = {
  "Fixed Duration and Units/Time": "fixed_duration_units_time",
  "Fixed Duration and Units": "fixed_duration_units",
  "Fixed Units": "fixed_units",
  "Fixed Units/Time": "fixed_units_time",
};
export const PMXML_PERCENT_TYPES: Record<string, PercentCompleteType> = {
  Duration: "duration",
  Physical: "physical",
  Units: "units",
};
/**
 * MS Project task types (MSPDI `Type`): fixed units (0) keeps the assignment units per time, fixed duration (1) the
 * duration, fixed work (2) the work, i.e. P6's units.
 */
export const MSPDI_DURATION_TYPES: Record<string, DurationType> = {
  "0": "fixed_units_time",
  "1": "fixed_duration_units",
  "2": "fixed_units",
};

/** The format's word for a neutral value (the first one mapping onto it). */
export function spelling<V extends string>(table: Record<string, V>, value: V | undefined): string | undefined {
  if (value === undefined) return undefined;
  for (const [word, v] of Object.entries(table)) if (v === value) return word;
  return undefined;
}
