import { emptyModel, type Relation, type ScheduleModel } from "@planum/formats";
import type { DbOrTx } from "../../platform/db.js";
import { projectVersions, relationsAcross } from "./export.repo.js";
import { exportModel } from "./model-export.js";

/**
 * A project of the structure as one multi-project file (as P6 exports several projects in one XER): each schedule's
 * actual version (else its newest) becomes a project of the model. Row ids are unique across the space already;
 * projects and WBS nodes get the schedule's id as prefix so they cannot collide.
 */
export async function projectModel(db: DbOrTx, spaceId: string, projectId: string): Promise<ScheduleModel> {
  const rows = await projectVersions(db, spaceId, projectId);
  const chosen = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const current = chosen.get(row.schedule.id);
    // the actual version wins; otherwise the newest one (rows come oldest first)
    if (!current || row.version.kind === "actual" || current.version.kind !== "actual")
      chosen.set(row.schedule.id, row);
  }
  const model = emptyModel();
  const calendarIds = new Set<string>();
  for (const { schedule, version } of chosen.values()) {
    const part = await exportModel(db, version, { project: schedule.name, code: schedule.name.slice(0, 40) });
    const prefix = `${schedule.id}:`;
    for (const p of part.projects) model.projects.push({ ...p, id: prefix + p.id });
    for (const w of part.wbs) {
      model.wbs.push({ ...w, projectId: prefix + w.projectId, ...(w.parentId ? { parentId: w.parentId } : {}) });
    }
    for (const a of part.activities) model.activities.push({ ...a, projectId: prefix + a.projectId });
    model.relations.push(...part.relations.map((r, k) => ({ ...r, id: `${prefix}${k + 1}` })));
    for (const c of part.calendars) {
      if (calendarIds.has(c.id)) continue;
      calendarIds.add(c.id);
      model.calendars.push(c);
    }
  }
  // Links between the schedules (external relations whose both ends are exported) become links between projects
  // of the file, as P6 writes relationships across the projects of one XER.
  const chosenVersions = [...chosen.values()].map((row) => row.version.id);
  const exported = new Set(model.activities.map((a) => a.id));
  const across = await relationsAcross(db, chosenVersions);
  for (const [k, r] of across.entries()) {
    if (!exported.has(String(r.p)) || !exported.has(String(r.s))) continue;
    model.relations.push({
      id: `across:${k + 1}`,
      predecessorId: String(r.p),
      successorId: String(r.s),
      type: r.t.toUpperCase() as Relation["type"],
      lag: r.l,
      ...(r.c === "24h" ? { lagCalendar: "24h" as const } : {}),
    });
  }
  return model;
}
