import type { ScheduleModel } from "../model/schedule-model.js";
import { toMinutes } from "../util/date-time.js";
import {
  type ColumnCheck,
  dcmaChecks,
  type HealthActivities,
  type HealthCheckKey,
  type HealthRelations,
  type ThresholdKey,
} from "./dcma-columns.js";

/** One point of the DCMA 14-point assessment. */
export interface QualityCheck {
  id: number;
  key: HealthCheckKey;
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
  ) => { delayMinutes: number; finishBefore: string; finishAfter: string; workShift?: number } | undefined;
  /**
   * Items as activity ids (a relation as both its works' ids), every one of them: for callers that open the
   * works behind a check. By default items are codes, at most 50, for reading.
   */
  itemsAsIds?: boolean;
  /** Thresholds other than the DCMA ones. */
  thresholds?: Partial<Record<ThresholdKey, number>>;
}

const HARD = new Set([
  "start_on",
  "finish_on",
  "mandatory_start",
  "mandatory_finish",
  "start_on_or_before",
  "finish_on_or_before",
]);

const minutesOrNull = (text: string | undefined) => (text ? toMinutes(text) : null);

/**
 * DCMA 14-point schedule assessment over the not-completed tasks of each project (milestones, summaries and
 * level-of-effort activities are excluded from the ratios as the DCMA guide does): the model turned into the
 * columns `dcmaChecks` judges. Floats and dates are the model's computed ones: run recalculate() first to assess a
 * fresh calculation.
 */
export function checkScheduleQuality(model: ScheduleModel, options: QualityOptions = {}): QualityReport[] {
  return model.projects.map((project) => {
    const acts = model.activities.filter((a) => a.projectId === project.id);
    const hpd =
      project.hoursPerDay ?? model.calendars.find((c) => c.id === project.defaultCalendarId)?.hoursPerDay ?? 8;
    const place = new Map(acts.map((a, k) => [a.id, k]));
    const baseline = model.baselines.find((b) => b.projectId === project.id);
    const blByCode = new Map((baseline?.activities ?? []).map((b) => [b.code, b]));
    const assigned = new Set(model.assignments.map((a) => a.activityId));
    const columns: HealthActivities = {
      task: acts.map((a) => a.type === "task" || a.type === "resource_dependent"),
      completed: acts.map((a) => a.status === "completed"),
      remaining: acts.map((a) => a.remainingDuration),
      hardConstraint: acts.map((a) => [a.constraint, a.secondaryConstraint].some((c) => c && HARD.has(c.type))),
      totalFloat: acts.map((a) => a.computed?.totalFloat ?? null),
      earlyFinish: acts.map((a) => minutesOrNull(a.computed?.earlyFinish)),
      actualStart: acts.map((a) => minutesOrNull(a.actualStart)),
      actualFinish: acts.map((a) => minutesOrNull(a.actualFinish)),
      baselineFinish: acts.map((a) => minutesOrNull(blByCode.get(a.code)?.finish)),
      assigned: acts.map((a) => assigned.has(a.id)),
    };
    const rels = model.relations.filter((r) => place.has(r.successorId) && place.has(r.predecessorId));
    const relations: HealthRelations = {
      from: rels.map((r) => place.get(r.predecessorId)!),
      to: rels.map((r) => place.get(r.successorId)!),
      type: rels.map((r) => r.type),
      lag: rels.map((r) => r.lag),
    };
    const cpt = options.criticalPathTest?.(project.id);
    const checks = dcmaChecks(columns, relations, {
      dayMinutes: hpd * 60,
      ...(project.dataDate ? { dataDate: toMinutes(project.dataDate) } : {}),
      ...(project.plannedStart ? { plannedStart: toMinutes(project.plannedStart) } : {}),
      ...(project.mustFinishBy ? { mustFinishBy: toMinutes(project.mustFinishBy) } : {}),
      hasResources: model.resources.length > 0,
      ...(cpt
        ? {
            criticalPathTest: {
              delayMinutes: cpt.delayMinutes,
              finishBefore: toMinutes(cpt.finishBefore),
              finishAfter: toMinutes(cpt.finishAfter),
              ...(cpt.workShift !== undefined ? { workShift: cpt.workShift } : {}),
            },
          }
        : {}),
      ...(options.thresholds ? { thresholds: options.thresholds } : {}),
    });
    const code = (k: number) => (options.itemsAsIds ? acts[k].id : acts[k].code);
    const items = (c: ColumnCheck): string[] => {
      if (options.itemsAsIds) return c.rows.map(code);
      if (c.links)
        return c.links.slice(0, 50).map((k) => `${acts[relations.from[k]].code} → ${acts[relations.to[k]].code}`);
      return c.rows.slice(0, 50).map(code);
    };
    const report: QualityCheck[] = checks.map((c) => ({
      id: c.id,
      key: c.key,
      name: c.name,
      threshold: c.threshold,
      value: c.value,
      count: c.count,
      total: c.total,
      passed: c.passed,
      items: items(c),
      ...(c.note ? { note: c.note } : {}),
    }));
    return {
      project: project.code,
      ...(project.dataDate ? { dataDate: project.dataDate } : {}),
      activities: acts.length,
      checks: report,
      passed: report.filter((c) => c.passed === true).length,
      failed: report.filter((c) => c.passed === false).length,
      notApplicable: report.filter((c) => c.passed === null).length,
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
