import {
  type ApiError,
  type CalculateSettings,
  CRITICAL_BY,
  DEFAULT_CALCULATE_SETTINGS,
  FLOAT_TYPES,
  formatUserDate,
  LAG_CALENDARS,
  PROGRESS_OPTIONS,
  parseNumber,
  parseUserDate,
  SS_LAG_FROM,
} from "@planum/contracts";
import { MINUTES_PER_WORKDAY } from "./relation-format";
import type { CalculateSettingsBody } from "./workspace-api";

export { CRITICAL_BY, FLOAT_TYPES, LAG_CALENDARS, PROGRESS_OPTIONS, SS_LAG_FROM };

/** The unit the critical float is typed in: working days of 8 hours (as lags and floats elsewhere) or hours. */
export type FloatUnit = "days" | "hours";
export const FLOAT_UNITS: readonly FloatUnit[] = ["days", "hours"];
const MINUTES_PER = { days: MINUTES_PER_WORKDAY, hours: 60 } as const;

/** Every calculation scenario of the engine (spec §3), 1–13, in the engine's numbering. */
export const ALL_SCENARIOS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
/** The scenarios that measure each quantity: volume by planned/actual duration or intensity, and so on. */
export const SCENARIO_GROUPS = {
  scenario: ALL_SCENARIOS,
  volumeScenario: [5, 6, 7],
  labourScenario: [8, 9, 10],
  costScenario: [11, 12, 13],
} as const;
export type ScenarioField = keyof typeof SCENARIO_GROUPS;
export const SCENARIO_FIELDS = Object.keys(SCENARIO_GROUPS) as ScenarioField[];

/** Scenario numbers a select offers: its group, plus the stored value if it lies outside (an import may set one). */
export function scenarioChoices(field: ScenarioField, current: number): number[] {
  const group: readonly number[] = SCENARIO_GROUPS[field];
  return group.includes(current) ? [...group] : [...group, current].sort((a, b) => a - b);
}

/** The form's state: everything as the inputs hold it (texts for the typed fields). */
export interface SettingsForm {
  calculationMode: CalculateSettings["calculationMode"];
  scenario: number;
  volumeScenario: number;
  labourScenario: number;
  costScenario: number;
  progressOption: CalculateSettings["progressOption"];
  floatType: CalculateSettings["floatType"];
  lagCalendar: CalculateSettings["lagCalendar"];
  criticalFloat: string;
  floatUnit: FloatUnit;
  criticalBy: CalculateSettings["criticalBy"];
  mustFinishBy: string;
  openEndsCritical: boolean;
  startLinksBoundLate: boolean;
  resourceRunsInActivityHours: boolean;
  useExpectedFinish: boolean;
  ssLagFrom: CalculateSettings["ssLagFrom"];
}

/** The settings' defaults, as the server's DELETE restores them (one list, in the contracts). */
export const DEFAULT_SETTINGS: CalculateSettingsBody = DEFAULT_CALCULATE_SETTINGS;

/** A bare date typed for "must finish by" means the end of that day, stored as 23:59 and shown as the date alone. */
const END_OF_DAY = "23:59";

/** Working minutes → the number shown in the chosen unit ("2", "-1,5"), in the user's decimal separator. */
export function formatFloat(minutes: number, unit: FloatUnit, locale: string): string {
  return (minutes / MINUTES_PER[unit]).toLocaleString(locale, { maximumFractionDigits: 2, useGrouping: false });
}

/**
 * Days when the minutes are a day or more and exact in days to two decimals (720 → "1,5" days), hours otherwise
 * (240 → "4" hours rather than "0,5" days; 90 → "1,5" hours).
 */
export function floatUnitOf(minutes: number): FloatUnit {
  if (minutes === 0) return "days";
  return Math.abs(minutes) >= MINUTES_PER_WORKDAY && (minutes * 100) % MINUTES_PER_WORKDAY === 0 ? "days" : "hours";
}

/** Typed number in the unit → whole working minutes; null when it is no number (spec §5: trimmed, comma decimals). */
export function floatToMinutes(text: string, unit: FloatUnit): number | null {
  const value = parseNumber(text);
  return value === null ? null : Math.round(value * MINUTES_PER[unit]);
}

/** Stored "YYYY-MM-DDTHH:mm" → what the input shows: "DD.MM.YYYY", with the time unless it is the end of the day. */
export function showMustFinishBy(value: string | null): string {
  if (!value) return "";
  return value.endsWith(`T${END_OF_DAY}`) ? formatUserDate(value) : formatUserDate(value, true);
}

/** Typed date → the stored form; "" means none; undefined when the text is no date the app accepts. */
export function parseMustFinishBy(text: string): string | null | undefined {
  if (text.trim() === "") return null;
  const iso = parseUserDate(text);
  if (iso === null) return undefined;
  return iso.length === 10 ? `${iso}T${END_OF_DAY}` : iso;
}

export function toForm(settings: CalculateSettingsBody, locale: string): SettingsForm {
  const floatUnit = floatUnitOf(settings.criticalFloat);
  return {
    calculationMode: settings.calculationMode,
    scenario: settings.scenario,
    volumeScenario: settings.volumeScenario,
    labourScenario: settings.labourScenario,
    costScenario: settings.costScenario,
    progressOption: settings.progressOption,
    floatType: settings.floatType,
    lagCalendar: settings.lagCalendar,
    criticalFloat: formatFloat(settings.criticalFloat, floatUnit, locale),
    floatUnit,
    criticalBy: settings.criticalBy,
    mustFinishBy: showMustFinishBy(settings.mustFinishBy),
    openEndsCritical: settings.openEndsCritical,
    startLinksBoundLate: settings.startLinksBoundLate,
    resourceRunsInActivityHours: settings.resourceRunsInActivityHours,
    useExpectedFinish: settings.useExpectedFinish,
    ssLagFrom: settings.ssLagFrom,
  };
}

/** Fields the form could not read, as error codes of the contracts table (texts in every language). */
export type FormIssues = Partial<
  Record<keyof SettingsForm, { code: string; params?: Record<string, string | number> }>
>;

/**
 * The form → the body of PUT. Only what the browser can tell is checked here (a number, a date); ranges and the rest
 * are the server's to refuse, and its answer is shown beside the field (see `serverIssues`).
 */
export function fromForm(form: SettingsForm): { body: CalculateSettingsBody } | { issues: FormIssues } {
  const issues: FormIssues = {};
  const criticalFloat = floatToMinutes(form.criticalFloat, form.floatUnit);
  if (criticalFloat === null) issues.criticalFloat = { code: "InvalidNumber" };
  const mustFinishBy = parseMustFinishBy(form.mustFinishBy);
  if (mustFinishBy === undefined) issues.mustFinishBy = { code: "InvalidDate" };
  if (criticalFloat === null || mustFinishBy === undefined) return { issues };
  return {
    body: {
      calculationMode: form.calculationMode,
      scenario: form.scenario,
      volumeScenario: form.volumeScenario,
      labourScenario: form.labourScenario,
      costScenario: form.costScenario,
      progressOption: form.progressOption,
      floatType: form.floatType,
      lagCalendar: form.lagCalendar,
      criticalFloat,
      criticalBy: form.criticalBy,
      mustFinishBy,
      openEndsCritical: form.openEndsCritical,
      startLinksBoundLate: form.startLinksBoundLate,
      resourceRunsInActivityHours: form.resourceRunsInActivityHours,
      useExpectedFinish: form.useExpectedFinish,
      ssLagFrom: form.ssLagFrom,
    },
  };
}

/** The server's refusals that name a field of the form go beside it; the rest are returned for a toast. */
export function serverIssues(errors: readonly ApiError[]): { issues: FormIssues; rest: ApiError[] } {
  const issues: FormIssues = {};
  const rest: ApiError[] = [];
  for (const error of errors) {
    const field = error.params?.field;
    if (typeof field === "string" && field in DEFAULT_SETTINGS && !issues[field as keyof SettingsForm])
      issues[field as keyof SettingsForm] = { code: error.code, params: error.params };
    else rest.push(error);
  }
  return { issues, rest };
}
