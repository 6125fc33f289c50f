import type { Activity, ScheduleModel } from "../model/schedule-model.js";
import { toMinutes } from "../util/date-time.js";

/** One point of the DCMA 14-point assessment. */
export interface QualityCheck {
  id: number;
  key:
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
  name: string;
  /** What passes, e.g. "≤ 5%". */
  threshold: string;
  /** Percent for ratio checks, the index for CPLI/BEI, a count otherwise; null when not applicable. */
  value: number | null;
  count: number;
  total: number;
  passed: boolean | null;
  /** Activity IDs (or relations "A → B") that fail the point, at most 50. */
  items: string[];
  note?: string;
}

export interface QualityReport {
  project: string;
  dataDate?: string;
  activities: number;
  checks: QualityCheck[];
  passed: number;
  failed: number;
  notApplicable: number;
}

export interface QualityOptions {
  /** Calculated finish of the project after delaying its critical path (for point 12), when the caller can compute it. */
  criticalPathTest?: (
    project: string,
  ) => { delayMinutes: number; finishBefore: string; finishAfter: string } | undefined;
  /**
   * Items as activity ids (a relation as both its works' ids), every one of them: for callers that open the
   * works behind a check (the workspace's health panel). By default items are codes, at most 50, for reading.
   */
  itemsAsIds?: boolean;
}

const DAY44 = 44;

function pct(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 10000) / 100;
}

/**
 * DCMA 14-point schedule assessment over the not-completed tasks of each project (milestones, summaries
 * and level-of-effort activities are excluded from the ratios as the DCMA guide does). Floats and dates are
 * the model's computed ones: run recalculate() first to assess a fresh calculation.
 */
export function checkScheduleQuality(model: ScheduleModel, options: QualityOptions = {}): QualityReport[] {
  return model.projects.map((project) => {
    const acts = model.activities.filter((a) => a.projectId === project.id);
    const hpd =
      project.hoursPerDay ?? model.calendars.find((c) => c.id === project.defaultCalendarId)?.hoursPerDay ?? 8;
    const day = hpd * 60;
    const isTask = (a: Activity) => a.type === "task" || a.type === "resource_dependent";
    const open = acts.filter((a) => a.status !== "completed" && isTask(a));
    const ids = new Set(acts.map((a) => a.id));
    const code = new Map(model.activities.map((a) => [a.id, a.code]));
    const asIds = options.itemsAsIds === true;
    const label = (a: Activity) => (asIds ? a.id : a.code);
    const cap = (items: string[]) => (asIds ? items : items.slice(0, 50));
    const rels = model.relations.filter((r) => ids.has(r.successorId) || ids.has(r.predecessorId));
    const hasPred = new Set(rels.map((r) => r.successorId));
    const hasSucc = new Set(rels.map((r) => r.predecessorId));
    const checks: QualityCheck[] = [];
    const ratio = (
      id: number,
      key: QualityCheck["key"],
      name: string,
      limit: number,
      failing: string[],
      total: number,
      note?: string,
    ) => {
      const value = pct(failing.length, total);
      checks.push({
        id,
        key,
        name,
        threshold: limit === 0 ? "0" : `≤ ${limit}%`,
        value,
        count: failing.length,
        total,
        passed: limit === 0 ? failing.length === 0 : value <= limit,
        items: cap(failing),
        ...(note ? { note } : {}),
      });
    };
    ratio(
      1,
      "logic",
      "Missing logic",
      5,
      open.filter((a) => !hasPred.has(a.id) || !hasSucc.has(a.id)).map(label),
      open.length,
    );
    const relName = (r: (typeof rels)[number]) =>
      `${code.get(r.predecessorId) ?? r.predecessorId} → ${code.get(r.successorId) ?? r.successorId}`;
    // As ids, a relation stands for both its works; the count stays the relations'.
    const relItems = (list: typeof rels) =>
      asIds ? [...new Set(list.flatMap((r) => [r.predecessorId, r.successorId]))] : list.slice(0, 50).map(relName);
    const relRatio = (id: number, key: QualityCheck["key"], name: string, limit: number, failing: typeof rels) => {
      ratio(id, key, name, limit, [], rels.length);
      const check = checks[checks.length - 1];
      check.value = pct(failing.length, rels.length);
      check.count = failing.length;
      check.passed = limit === 0 ? failing.length === 0 : check.value <= limit;
      check.items = relItems(failing);
    };
    relRatio(
      2,
      "leads",
      "Leads (negative lags)",
      0,
      rels.filter((r) => r.lag < 0),
    );
    relRatio(
      3,
      "lags",
      "Lags",
      5,
      rels.filter((r) => r.lag > 0),
    );
    const nonFs = rels.filter((r) => r.type !== "FS");
    checks.push({
      id: 4,
      key: "relationship_types",
      name: "Relationship types (finish-to-start)",
      threshold: "≥ 90% FS",
      value: rels.length === 0 ? 100 : pct(rels.length - nonFs.length, rels.length),
      count: nonFs.length,
      total: rels.length,
      passed: rels.length === 0 || (rels.length - nonFs.length) / rels.length >= 0.9,
      items: relItems(nonFs),
    });
    const hard = new Set([
      "start_on",
      "finish_on",
      "mandatory_start",
      "mandatory_finish",
      "start_on_or_before",
      "finish_on_or_before",
    ]);
    ratio(
      5,
      "hard_constraints",
      "Hard constraints",
      5,
      open.filter((a) => [a.constraint, a.secondaryConstraint].some((c) => c && hard.has(c.type))).map(label),
      open.length,
    );
    const tf = (a: Activity) => a.computed?.totalFloat;
    ratio(
      6,
      "high_float",
      "High float (> 44 working days)",
      5,
      open.filter((a) => (tf(a) ?? 0) > DAY44 * day).map(label),
      open.length,
    );
    ratio(7, "negative_float", "Negative float", 0, open.filter((a) => (tf(a) ?? 0) < 0).map(label), open.length);
    ratio(
      8,
      "high_duration",
      "High duration (> 44 working days remaining)",
      5,
      open.filter((a) => a.remainingDuration > DAY44 * day).map(label),
      open.length,
    );
    const dd = project.dataDate;
    const invalid = dd
      ? acts
          .filter(
            (a) =>
              (a.actualStart && a.actualStart > dd) ||
              (a.actualFinish && a.actualFinish > dd) ||
              (a.status !== "completed" && a.computed?.earlyFinish && a.computed.earlyFinish < dd),
          )
          .map(label)
      : [];
    checks.push({
      id: 9,
      key: "invalid_dates",
      name: "Invalid dates (actuals after / forecasts before the data date)",
      threshold: "0",
      value: dd ? invalid.length : null,
      count: invalid.length,
      total: acts.length,
      passed: dd ? invalid.length === 0 : null,
      items: cap(invalid),
      ...(dd ? {} : { note: "no data date in the file" }),
    });
    const assigned = new Set(model.assignments.map((a) => a.activityId));
    const noRes = open.filter((a) => a.remainingDuration > 0 && !assigned.has(a.id)).map(label);
    ratio(
      10,
      "resources",
      "Tasks without resources",
      0,
      noRes,
      open.length,
      model.resources.length === 0 ? "the file carries no resources" : undefined,
    );
    const baseline = model.baselines.find((b) => b.projectId === project.id);
    const blByCode = new Map((baseline?.activities ?? []).map((b) => [b.code, b]));
    const tasks = acts.filter(isTask);
    const due = dd
      ? tasks.filter((a) => {
          const b = blByCode.get(a.code);
          return b?.finish !== undefined && b.finish <= dd;
        })
      : [];
    const missed = due
      .filter((a) => !a.actualFinish || a.actualFinish > (blByCode.get(a.code)?.finish ?? ""))
      .map(label);
    checks.push({
      id: 11,
      key: "missed_tasks",
      name: "Missed tasks (finished later than baseline)",
      threshold: "≤ 5%",
      value: due.length ? pct(missed.length, due.length) : null,
      count: missed.length,
      total: due.length,
      passed: due.length ? pct(missed.length, due.length) <= 5 : null,
      items: cap(missed),
      ...(due.length ? {} : { note: baseline ? "no task was due by the data date" : "no baseline in the file" }),
    });
    const cpt = options.criticalPathTest?.(project.id);
    const moved = cpt ? toMinutes(cpt.finishAfter) - toMinutes(cpt.finishBefore) : 0;
    checks.push({
      id: 12,
      key: "critical_path_test",
      name: "Critical path test",
      threshold: "finish moves with a critical delay",
      value: cpt ? moved : null,
      count: 0,
      total: 0,
      passed: cpt ? moved > 0 : null,
      items: [],
      ...(cpt
        ? {
            note: `delaying the critical path by ${cpt.delayMinutes / 60} h moved the finish from ${cpt.finishBefore} to ${cpt.finishAfter}`,
          }
        : { note: "no calculation available" }),
    });
    const finish = acts.reduce<string | undefined>((m, a) => {
      const f = a.computed?.earlyFinish ?? a.actualFinish;
      return f && (!m || f > m) ? f : m;
    }, undefined);
    const target =
      acts.reduce<string | undefined>((m, a) => {
        const f = blByCode.get(a.code)?.finish;
        return f && (!m || f > m) ? f : m;
      }, undefined) ?? project.mustFinishBy;
    const startRef = dd ?? project.plannedStart;
    let cpli: number | null = null;
    if (finish && target && startRef) {
      const cpl = toMinutes(finish) - toMinutes(startRef);
      const floatToTarget = toMinutes(target) - toMinutes(finish);
      cpli = cpl > 0 ? Math.round(((cpl + floatToTarget) / cpl) * 1000) / 1000 : null;
    }
    checks.push({
      id: 13,
      key: "cpli",
      name: "Critical path length index",
      threshold: "≥ 0.95",
      value: cpli,
      count: 0,
      total: 0,
      passed: cpli === null ? null : cpli >= 0.95,
      items: [],
      ...(cpli === null ? { note: "needs a baseline or must-finish-by date" } : {}),
    });
    const completedDue = due.filter((a) => a.status === "completed").length;
    const bei = due.length ? Math.round((completedDue / due.length) * 1000) / 1000 : null;
    checks.push({
      id: 14,
      key: "bei",
      name: "Baseline execution index",
      threshold: "≥ 0.95",
      value: bei,
      count: completedDue,
      total: due.length,
      passed: bei === null ? null : bei >= 0.95,
      items: [],
      ...(bei === null ? { note: "needs a baseline with tasks due by the data date" } : {}),
    });
    return {
      project: project.code,
      ...(dd ? { dataDate: dd } : {}),
      activities: acts.length,
      checks,
      passed: checks.filter((c) => c.passed === true).length,
      failed: checks.filter((c) => c.passed === false).length,
      notApplicable: checks.filter((c) => c.passed === null).length,
    };
  });
}

export function formatQualityText(reports: QualityReport[]): string {
  const out: string[] = [];
  for (const r of reports) {
    out.push(
      `Schedule quality (DCMA 14-point) — project ${r.project}${r.dataDate ? `, data date ${r.dataDate}` : ""}, ${r.activities} activities`,
    );
    for (const c of r.checks) {
      const mark = c.passed === null ? "N/A " : c.passed ? "PASS" : "FAIL";
      let val: string;
      if (c.value === null) val = "—";
      else if (c.key === "relationship_types") val = `${c.value}% FS (${c.count} other)`;
      else if (c.key === "critical_path_test") val = `+${c.value / 60} h`;
      else if (c.key === "cpli" || c.key === "bei") val = String(c.value);
      else if (c.threshold.includes("%")) val = `${c.value}% (${c.count}/${c.total})`;
      else val = String(c.count);
      out.push(
        `  ${String(c.id).padStart(2)}. ${mark}  ${c.name.padEnd(58)} ${val.padEnd(16)} ${c.threshold}${c.note ? `  (${c.note})` : ""}`,
      );
      if (c.passed === false && c.items.length)
        out.push(`        ${c.items.slice(0, 10).join(", ")}${c.count > 10 ? `, … (${c.count})` : ""}`);
    }
    out.push(`  passed ${r.passed}, failed ${r.failed}, not applicable ${r.notApplicable}`, "");
  }
  return out.join("\n");
}
