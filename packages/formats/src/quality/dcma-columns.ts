import { formatMinutes } from "../util/date-time.js";

/**
 * The DCMA 14-point checks over plain columns (issue 21): what `planum check` judges through the neutral model and
 * what the workspace judges straight from a version's tables, in one place. Dates are minutes since 1970 (wall
 * clock), durations and floats working minutes; rows are the activities' places in the columns.
 */

export type HealthCheckKey =
  | "logic"
  | "leads"
  | "lags"
  | "relationship_types"
  | "hard_constraints"
  | "high_float"
  | "negative_float"
  | "high_duration"
  | "invalid_dates"
  | "resources"
  | "missed_tasks"
  | "critical_path_test"
  | "cpli"
  | "bei";

/** The checks with a number to pass: all but the critical path test, which passes when the finish moves. */
export type ThresholdKey = Exclude<HealthCheckKey, "critical_path_test">;

/**
 * The DCMA guide's thresholds: percent of the open tasks (or relations) at most for the ratio checks, percent of
 * finish-to-start relations at least for relationship types, a count at most for invalid dates, an index at least
 * for CPLI and BEI.
 */
export const DCMA_THRESHOLDS: Readonly<Record<ThresholdKey, number>> = {
  logic: 5,
  leads: 0,
  lags: 5,
  relationship_types: 90,
  hard_constraints: 5,
  high_float: 5,
  negative_float: 0,
  high_duration: 5,
  invalid_dates: 0,
  resources: 0,
  missed_tasks: 5,
  cpli: 0.95,
  bei: 0.95,
};

/** High float and high duration: more than 44 working days. */
export const DCMA_HIGH_DAYS = 44;

export const DCMA_NAMES: Readonly<Record<HealthCheckKey, string>> = {
  logic: "Missing logic",
  leads: "Leads (negative lags)",
  lags: "Lags",
  relationship_types: "Relationship types (finish-to-start)",
  hard_constraints: "Hard constraints",
  high_float: "High float (> 44 working days)",
  negative_float: "Negative float",
  high_duration: "High duration (> 44 working days remaining)",
  invalid_dates: "Invalid dates (actuals after / forecasts before the data date)",
  resources: "Tasks without resources",
  missed_tasks: "Missed tasks (finished later than baseline)",
  critical_path_test: "Critical path test",
  cpli: "Critical path length index",
  bei: "Baseline execution index",
};

/** One activity per place; `task` excludes milestones, summaries and level of effort as the DCMA guide does. */
export interface HealthActivities {
  task: boolean[];
  completed: boolean[];
  remaining: number[];
  /** A start on, finish on, mandatory or on-or-before constraint (primary or secondary). */
  hardConstraint: boolean[];
  totalFloat: (number | null)[];
  earlyFinish: (number | null)[];
  actualStart: (number | null)[];
  actualFinish: (number | null)[];
  /** The baseline's (target version's) finish. */
  baselineFinish: (number | null)[];
  /** Has a resource assignment. */
  assigned: boolean[];
}

/** Relations between two of the activities, as their places. */
export interface HealthRelations {
  from: number[];
  to: number[];
  type: ("FS" | "SS" | "FF" | "SF")[];
  lag: number[];
}

export interface HealthContext {
  /** Working minutes of a day (the default calendar's hours per day × 60). */
  dayMinutes: number;
  dataDate?: number;
  plannedStart?: number;
  mustFinishBy?: number;
  /** Whether the schedule has resources at all (otherwise the resources check says why it fails). */
  hasResources: boolean;
  /** The project finish before and after delaying a critical work, when the caller could calculate it. */
  criticalPathTest?: {
    delayMinutes: number;
    finishBefore: number;
    finishAfter: number;
    /** How far the delayed work's own finish moved (wall clock): the project finish must move at least as far. */
    workShift?: number;
  };
  /** The schedule's own thresholds; the DCMA ones otherwise. */
  thresholds?: Partial<Record<ThresholdKey, number>>;
}

export interface ColumnCheck {
  id: number;
  key: HealthCheckKey;
  name: string;
  /** What passes, e.g. "≤ 5%". */
  threshold: string;
  /** The threshold as a number (null for the critical path test). */
  limit: number | null;
  /** Percent for ratio checks, the index for CPLI/BEI, a count otherwise; null when not applicable. */
  value: number | null;
  count: number;
  total: number;
  passed: boolean | null;
  /** The failing activities' places (for relation checks: both ends of each failing relation). */
  rows: number[];
  /** For relation checks: the failing relations' places. */
  links?: number[];
  note?: string;
}

function pct(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 10000) / 100;
}

const atMost = (limit: number) => (limit === 0 ? "0" : `≤ ${limit}%`);

/** The 14 checks, in the DCMA order. */
export function dcmaChecks(a: HealthActivities, r: HealthRelations, context: HealthContext): ColumnCheck[] {
  const limits = { ...DCMA_THRESHOLDS, ...context.thresholds };
  const n = a.task.length;
  const dd = context.dataDate;
  const day = context.dayMinutes;
  const open: number[] = [];
  for (let k = 0; k < n; k++) if (a.task[k] && !a.completed[k]) open.push(k);
  const hasPred = new Uint8Array(n);
  const hasSucc = new Uint8Array(n);
  for (let k = 0; k < r.from.length; k++) {
    hasSucc[r.from[k]] = 1;
    hasPred[r.to[k]] = 1;
  }
  const checks: ColumnCheck[] = [];
  const ratio = (id: number, key: ThresholdKey, rows: number[], total: number, note?: string) => {
    const limit = limits[key];
    const value = pct(rows.length, total);
    checks.push({
      id,
      key,
      name: DCMA_NAMES[key],
      threshold: atMost(limit),
      limit,
      value,
      count: rows.length,
      total,
      passed: limit === 0 ? rows.length === 0 : value <= limit,
      rows,
      ...(note ? { note } : {}),
    });
  };
  const relCheck = (id: number, key: ThresholdKey, links: number[]) => {
    ratio(id, key, ends(links), r.from.length);
    const check = checks[checks.length - 1];
    check.count = links.length;
    check.value = pct(links.length, r.from.length);
    check.passed = check.limit === 0 ? links.length === 0 : check.value <= (check.limit ?? 0);
    check.links = links;
  };
  const ends = (links: number[]) => {
    const seen = new Set<number>();
    for (const k of links) {
      seen.add(r.from[k]);
      seen.add(r.to[k]);
    }
    return [...seen];
  };
  const relations = (keep: (k: number) => boolean) => {
    const out: number[] = [];
    for (let k = 0; k < r.from.length; k++) if (keep(k)) out.push(k);
    return out;
  };
  const openWhere = (keep: (k: number) => boolean) => open.filter(keep);

  ratio(
    1,
    "logic",
    openWhere((k) => !hasPred[k] || !hasSucc[k]),
    open.length,
  );
  relCheck(
    2,
    "leads",
    relations((k) => r.lag[k] < 0),
  );
  relCheck(
    3,
    "lags",
    relations((k) => r.lag[k] > 0),
  );
  const nonFs = relations((k) => r.type[k] !== "FS");
  const relTotal = r.from.length;
  const fsShare = relTotal === 0 ? 100 : pct(relTotal - nonFs.length, relTotal);
  checks.push({
    id: 4,
    key: "relationship_types",
    name: DCMA_NAMES.relationship_types,
    threshold: `≥ ${limits.relationship_types}% FS`,
    limit: limits.relationship_types,
    value: fsShare,
    count: nonFs.length,
    total: relTotal,
    passed: relTotal === 0 || fsShare >= limits.relationship_types,
    rows: ends(nonFs),
    links: nonFs,
  });
  ratio(
    5,
    "hard_constraints",
    openWhere((k) => a.hardConstraint[k]),
    open.length,
  );
  ratio(
    6,
    "high_float",
    openWhere((k) => (a.totalFloat[k] ?? 0) > DCMA_HIGH_DAYS * day),
    open.length,
  );
  ratio(
    7,
    "negative_float",
    openWhere((k) => (a.totalFloat[k] ?? 0) < 0),
    open.length,
  );
  ratio(
    8,
    "high_duration",
    openWhere((k) => a.remaining[k] > DCMA_HIGH_DAYS * day),
    open.length,
  );
  const invalid: number[] = [];
  if (dd !== undefined)
    for (let k = 0; k < n; k++) {
      const as = a.actualStart[k];
      const af = a.actualFinish[k];
      const ef = a.earlyFinish[k];
      if ((as !== null && as > dd) || (af !== null && af > dd) || (!a.completed[k] && ef !== null && ef < dd))
        invalid.push(k);
    }
  checks.push({
    id: 9,
    key: "invalid_dates",
    name: DCMA_NAMES.invalid_dates,
    threshold: limits.invalid_dates === 0 ? "0" : `≤ ${limits.invalid_dates}`,
    limit: limits.invalid_dates,
    value: dd !== undefined ? invalid.length : null,
    count: invalid.length,
    total: n,
    passed: dd !== undefined ? invalid.length <= limits.invalid_dates : null,
    rows: invalid,
    ...(dd !== undefined ? {} : { note: "no data date" }),
  });
  ratio(
    10,
    "resources",
    openWhere((k) => a.remaining[k] > 0 && !a.assigned[k]),
    open.length,
    context.hasResources ? undefined : "the schedule has no resources",
  );
  // Missed tasks and BEI: the tasks the baseline had finished by the data date.
  const due: number[] = [];
  let withBaseline = 0;
  for (let k = 0; k < n; k++) {
    const bf = a.baselineFinish[k];
    if (!a.task[k] || bf === null) continue;
    withBaseline++;
    if (dd !== undefined && bf <= dd) due.push(k);
  }
  const missed = due.filter((k) => {
    const af = a.actualFinish[k];
    return af === null || !a.completed[k] || af > (a.baselineFinish[k] ?? 0);
  });
  const missedPct = pct(missed.length, due.length);
  const noDue = withBaseline ? "no task was due by the data date" : "no baseline";
  checks.push({
    id: 11,
    key: "missed_tasks",
    name: DCMA_NAMES.missed_tasks,
    threshold: atMost(limits.missed_tasks),
    limit: limits.missed_tasks,
    value: due.length ? missedPct : null,
    count: missed.length,
    total: due.length,
    passed: due.length ? missedPct <= limits.missed_tasks : null,
    rows: missed,
    ...(due.length ? {} : { note: noDue }),
  });
  const cpt = context.criticalPathTest;
  const moved = cpt ? cpt.finishAfter - cpt.finishBefore : 0;
  checks.push({
    id: 12,
    key: "critical_path_test",
    name: DCMA_NAMES.critical_path_test,
    threshold: "finish moves with a critical delay",
    limit: null,
    value: cpt ? moved : null,
    count: 0,
    total: 0,
    passed: cpt ? moved > 0 && moved >= (cpt.workShift ?? 0) : null,
    rows: [],
    note: cpt
      ? `delaying the critical path by ${cpt.delayMinutes / 60} h moved the finish from ${formatMinutes(cpt.finishBefore)} to ${formatMinutes(cpt.finishAfter)}`
      : "no calculation available",
  });
  // CPLI: (critical path length + float to the target finish) / critical path length, from the data date.
  let finish: number | undefined;
  let baselineEnd: number | undefined;
  for (let k = 0; k < n; k++) {
    const f = a.earlyFinish[k] ?? a.actualFinish[k];
    if (f !== null && (finish === undefined || f > finish)) finish = f;
    const bf = a.baselineFinish[k];
    if (bf !== null && (baselineEnd === undefined || bf > baselineEnd)) baselineEnd = bf;
  }
  const target = baselineEnd ?? context.mustFinishBy;
  const startRef = dd ?? context.plannedStart;
  let cpli: number | null = null;
  if (finish !== undefined && target !== undefined && startRef !== undefined && finish > startRef)
    cpli = Math.round(((target - startRef) / (finish - startRef)) * 1000) / 1000;
  checks.push({
    id: 13,
    key: "cpli",
    name: DCMA_NAMES.cpli,
    threshold: `≥ ${limits.cpli}`,
    limit: limits.cpli,
    value: cpli,
    count: 0,
    total: 0,
    passed: cpli === null ? null : cpli >= limits.cpli,
    rows: [],
    ...(cpli === null ? { note: "needs a baseline or must-finish-by date" } : {}),
  });
  // BEI: tasks actually finished by the data date over the tasks the baseline finished by then.
  let finished = 0;
  if (due.length && dd !== undefined)
    for (let k = 0; k < n; k++) {
      const af = a.actualFinish[k];
      if (a.task[k] && a.completed[k] && af !== null && af <= dd) finished++;
    }
  const bei = due.length ? Math.round((finished / due.length) * 1000) / 1000 : null;
  checks.push({
    id: 14,
    key: "bei",
    name: DCMA_NAMES.bei,
    threshold: `≥ ${limits.bei}`,
    limit: limits.bei,
    value: bei,
    count: finished,
    total: due.length,
    passed: bei === null ? null : bei >= limits.bei,
    // The works behind a failing BEI: those due by the data date and not finished.
    rows: bei !== null && bei < limits.bei ? due.filter((k) => !a.completed[k]) : [],
    ...(bei === null ? { note: "needs a baseline with tasks due by the data date" } : {}),
  });
  return checks;
}

/** Passed checks in percent of the applicable ones (100 when none applies). */
export function healthScore(checks: readonly { passed: boolean | null }[]): number {
  const passed = checks.filter((c) => c.passed === true).length;
  const applicable = passed + checks.filter((c) => c.passed === false).length;
  return applicable === 0 ? 100 : Math.round((passed / applicable) * 100);
}
