import { formatUserDate, type GanttColumns, type Language } from "@planum/contracts";
import type { ReportTable, ReportValue } from "@planum/formats";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { epsNodes, schedules, spaces, versions } from "../../db/schema/index.js";
import { type Grant, grantsAt, lineage, type VersionRow } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { readVersionGantt } from "../workspace/index.js";
import { excelDay } from "./report-data.js";

const NONE = -1;
const SUM = 0;

const WORDS: Record<Language, Record<string, string>> = {
  en: {
    title: "Space report",
    facility: "Facility",
    project: "Project",
    schedule: "Schedule",
    version: "Version",
    dataDate: "Data date",
    works: "Works",
    start: "Start",
    finish: "Finish",
    progress: "Progress, %",
    critical: "Critical works",
    delayed: "Late works",
    total: "Total",
    printed: "Printed",
  },
  ru: {
    title: "Отчёт по пространству",
    facility: "Объект",
    project: "Проект",
    schedule: "График",
    version: "Версия",
    dataDate: "Дата актуализации",
    works: "Работ",
    start: "Начало",
    finish: "Окончание",
    progress: "Выполнение, %",
    critical: "Критических работ",
    delayed: "Отстающих работ",
    total: "Итого",
    printed: "Сформирован",
  },
  fr: {
    title: "Rapport de l’espace",
    facility: "Site",
    project: "Projet",
    schedule: "Planning",
    version: "Version",
    dataDate: "Date d’état",
    works: "Tâches",
    start: "Début",
    finish: "Fin",
    progress: "Avancement, %",
    critical: "Tâches critiques",
    delayed: "Tâches en retard",
    total: "Total",
    printed: "Établi le",
  },
};

/** A version's figures for the space report: its works, dates, progress weighted by duration, critical and late ones. */
export function versionSummary(gantt: GanttColumns) {
  let works = 0;
  let start = Number.POSITIVE_INFINITY;
  let finish = Number.NEGATIVE_INFINITY;
  let weighted = 0;
  let weights = 0;
  let critical = 0;
  let late = 0;
  for (let i = 0; i < gantt.ids.length; i++) {
    if (gantt.type[i] === SUM) continue;
    works++;
    if (gantt.earlyStart[i] !== NONE) start = Math.min(start, gantt.earlyStart[i]);
    if (gantt.earlyFinish[i] !== NONE) finish = Math.max(finish, gantt.earlyFinish[i]);
    // a milestone has no duration: it still counts, as one day would
    const weight = Math.max(gantt.duration[i], 1);
    weighted += gantt.progress[i] * weight;
    weights += weight;
    if (gantt.critical[i]) critical++;
    if (
      gantt.baselineFinish[i] !== NONE &&
      gantt.earlyFinish[i] !== NONE &&
      gantt.earlyFinish[i] > gantt.baselineFinish[i]
    )
      late++;
  }
  return {
    works,
    start: Number.isFinite(start) ? excelDay(start) : null,
    finish: Number.isFinite(finish) ? excelDay(finish) : null,
    progress: weights > 0 ? Math.round((weighted / weights) * 10) / 10 : null,
    critical,
    late,
    dataDate: gantt.dataDate === NONE ? null : excelDay(gantt.dataDate),
  };
}

/**
 * The schedules of the space the caller may read, each with its facility and project and the version the report
 * reads: the one marked actual, else the newest.
 */
async function readableSchedules(db: DbOrTx, grant: Grant) {
  const project = alias(epsNodes, "project");
  const facility = alias(epsNodes, "facility");
  const rows = await db
    .select({
      scheduleId: schedules.id,
      schedule: schedules.name,
      project: project.name,
      projectPath: project.path,
      facility: sql<string | null>`${facility.name}`,
    })
    .from(schedules)
    .innerJoin(project, eq(project.id, schedules.projectId))
    .leftJoin(facility, eq(facility.id, project.parentId))
    .where(eq(schedules.spaceId, grant.space.id))
    .orderBy(asc(facility.name), asc(project.name), asc(schedules.sortOrder), asc(schedules.name), asc(schedules.id));
  const places = rows.map((r) => [...lineage({ path: r.projectPath }), r.scheduleId]);
  if (grant.abilities.includes("schedule:read")) return rows;
  const granted = await grantsAt(db, grant, [...new Set(places.flat())]);
  return rows.filter((_, k) => places[k].some((id) => granted.has(`${id} schedule:read`)));
}

async function reportedVersion(db: DbOrTx, spaceId: string, scheduleId: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.spaceId, spaceId), eq(versions.scheduleId, scheduleId)))
    .orderBy(sql`case when ${versions.kind} = 'actual' then 0 else 1 end`, desc(versions.createdAt), desc(versions.id))
    .limit(1);
  return row;
}

/** The space report (`GET /space/{id}/report`): a line per schedule the caller may read, with the space's totals. */
export async function spaceTable(db: DbOrTx, grant: Grant, language: Language): Promise<ReportTable> {
  const w = WORDS[language];
  const [space] = await db.select({ name: spaces.name }).from(spaces).where(eq(spaces.id, grant.space.id));
  const rows: ReportValue[][] = [];
  for (const s of await readableSchedules(db, grant)) {
    const version = await reportedVersion(db, grant.space.id, s.scheduleId);
    const sum = version ? versionSummary(await readVersionGantt(db, version, grant.userId)) : null;
    rows.push([
      s.facility ?? "",
      s.project,
      s.schedule,
      version?.label ?? "",
      sum?.dataDate ?? null,
      sum?.works ?? 0,
      sum?.start ?? null,
      sum?.finish ?? null,
      sum?.progress ?? null,
      sum?.critical ?? 0,
      sum?.late ?? 0,
    ]);
  }
  const title = `${w.title}: ${space?.name ?? ""}`;
  return {
    title,
    sheet: w.title,
    subtitle: `${w.printed}: ${formatUserDate(new Date().toISOString().slice(0, 16), true)}`,
    columns: [
      { title: w.facility, width: 22 },
      { title: w.project, width: 24 },
      { title: w.schedule, width: 26 },
      { title: w.version, width: 16 },
      { title: w.dataDate, width: 14, kind: "date" },
      { title: w.works, width: 10, kind: "number" },
      { title: w.start, width: 12, kind: "date" },
      { title: w.finish, width: 12, kind: "date" },
      { title: w.progress, width: 13, kind: "number" },
      { title: w.critical, width: 14, kind: "number" },
      { title: w.delayed, width: 14, kind: "number" },
    ],
    rows,
    totals: { label: w.total, columns: [5, 9, 10] },
  };
}
