import type { ScheduleModel } from "../model/schedule-model.js";
import { DEFAULT_HEADERS, TABULAR_FIELDS, type TabularField } from "./tabular-model.js";

const hours = (m: number | undefined) => (m === undefined ? "" : String(Math.round((m / 60) * 1e6) / 1e6));
const dt = (d: string | undefined) => (d === undefined ? "" : d.replace("T", " "));

/** The model as table rows (header first); predecessors are written "A1000 FS +8h; A1010 SS". */
export function modelToRows(model: ScheduleModel): string[][] {
  const wbsById = new Map(model.wbs.map((w) => [w.id, w]));
  const wbsPath = (id: string | undefined): string => {
    const parts: string[] = [];
    const seen = new Set<string>();
    for (
      let w = id ? wbsById.get(id) : undefined;
      w && !seen.has(w.id);
      w = w.parentId ? wbsById.get(w.parentId) : undefined
    ) {
      seen.add(w.id);
      parts.unshift(w.code.replace(/\//g, "-"));
    }
    return parts.join(" / ");
  };
  const code = new Map(model.activities.map((a) => [a.id, a.code]));
  const projectCode = new Map(model.projects.map((p) => [p.id, p.code]));
  const preds = new Map<string, string[]>();
  for (const r of model.relations) {
    const c = code.get(r.predecessorId);
    if (!c) continue;
    const list = preds.get(r.successorId) ?? [];
    list.push(
      `${c}${r.type !== "FS" || r.lag !== 0 ? ` ${r.type}` : ""}${r.lag !== 0 ? ` ${r.lag > 0 ? "+" : "-"}${hours(Math.abs(r.lag))}h` : ""}`,
    );
    preds.set(r.successorId, list);
  }
  const header = TABULAR_FIELDS.map((f) => DEFAULT_HEADERS[f]);
  const rows = model.activities.map((a) => {
    const c = a.computed ?? {};
    const v: Record<TabularField, string> = {
      project: projectCode.get(a.projectId) ?? a.projectId,
      wbs: wbsPath(a.wbsId),
      id: a.code,
      name: a.name,
      type: a.type,
      status: a.status,
      duration: hours(a.plannedDuration),
      remaining: hours(a.remainingDuration),
      start: dt(a.plannedStart),
      finish: dt(a.plannedFinish),
      actualStart: dt(a.actualStart),
      actualFinish: dt(a.actualFinish),
      percentComplete: a.percentComplete === undefined ? "" : String(a.percentComplete),
      constraintType: a.constraint?.type ?? "",
      constraintDate: dt(a.constraint?.date),
      predecessors: (preds.get(a.id) ?? []).join("; "),
      earlyStart: dt(c.earlyStart),
      earlyFinish: dt(c.earlyFinish),
      lateStart: dt(c.lateStart),
      lateFinish: dt(c.lateFinish),
      totalFloat: hours(c.totalFloat),
      freeFloat: hours(c.freeFloat),
      critical: c.critical === undefined ? "" : c.critical ? "yes" : "no",
    };
    return TABULAR_FIELDS.map((f) => v[f]);
  });
  return [header, ...rows];
}
