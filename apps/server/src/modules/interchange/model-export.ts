import {
  type ActivityType,
  type Constraint,
  type ConstraintType,
  emptyModel,
  type Relation,
  type ScheduleModel,
  standardWeek,
} from "@planum/formats";
import { assertDetailsIn, type VersionRow } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { wallClockText } from "../../platform/time.js";
import { exportFileResources } from "../resources/resource-files.service.js";
import { readSettings } from "../workspace/calculation/calculate-settings.service.js";
import { exportCodesAndUdfs } from "./code-export.js";
import { exportRows } from "./export.repo.js";

const CONSTRAINT: Record<string, Record<string, ConstraintType>> = {
  start: {
    in_date: "start_on",
    not_earlier: "start_on_or_after",
    not_later: "start_on_or_before",
    mandatory: "mandatory_start",
  },
  finish: {
    in_date: "finish_on",
    not_earlier: "finish_on_or_after",
    not_later: "finish_on_or_before",
    mandatory: "mandatory_finish",
  },
};

const ACTIVITY_TYPE: Record<string, ActivityType> = {
  task: "task",
  work: "task",
  milestone_start: "milestone_start",
  milestone_finish: "milestone_finish",
};

/**
 * The reverse of `importModel`: a version as the neutral model, one project. Sums become WBS nodes (the P6 and
 * MSPDI writers turn them back into their WBS / outline), leaf rows activities with their stored results as the
 * computed dates, so an exported file shows the dates the Gantt shows. Draft rows are not part of a schedule.
 */
export async function exportModel(
  db: DbOrTx,
  version: VersionRow,
  names: { project: string; code: string },
  /** `codes: false` leaves activity codes and UDFs out (the health check needs none of them). */
  parts: { codes?: boolean } = {},
): Promise<ScheduleModel> {
  assertDetailsIn(version);
  const { items: c, relations: rel, calendars: cals } = await exportRows(db, version);

  const settings = await readSettings(db, version.scheduleId);
  const model = emptyModel();
  const projectId = "1";
  const calendarList = cals ?? [];
  const defaultCalendar = (calendarList as { id: string; d?: boolean }[]).find((x) => x.d)?.id;
  model.calendars = calendarList.map((x) => ({
    id: x.id,
    name: x.name,
    kind: "global",
    isDefault: x.id === defaultCalendar,
    week: x.week ?? standardWeek(),
    exceptions: x.exceptions ?? [],
  }));
  model.projects.push({
    id: projectId,
    code: names.code,
    name: names.project,
    plannedStart: wallClockText(version.projectStart) ?? undefined,
    dataDate: wallClockText(version.dataDate) ?? wallClockText(version.projectStart) ?? undefined,
    scheduledFinish: wallClockText(version.finish) ?? undefined,
    defaultCalendarId: defaultCalendar,
    // The schedule's calculate settings travel as the file's scheduling options (P6 reads them back).
    mustFinishBy: settings.mustFinishBy ?? undefined,
    options: {
      progress: settings.progressOption,
      floatType: settings.floatType,
      lagCalendar: settings.lagCalendar,
      criticalFloat: settings.criticalFloat,
      criticalPath: settings.criticalBy === "longest_path" ? "longest_path" : "total_float",
      openEndsCritical: settings.openEndsCritical,
      ...(settings.startLinksBoundLate ? {} : { startLinksBoundLate: false }),
      resourceRunsInActivityHours: settings.resourceRunsInActivityHours,
      useExpectedFinish: settings.useExpectedFinish,
      ssLagFrom: settings.ssLagFrom,
    },
  });

  const isSum = new Set<number>();
  for (let k = 0; k < c.id.length; k++) if (c.t[k] === "sum") isSum.add(c.id[k]);
  const leaf = new Set<number>();
  for (let k = 0; k < c.id.length; k++) {
    const id = c.id[k];
    const parent = c.p[k];
    if (isSum.has(id)) {
      model.wbs.push({
        id: String(id),
        projectId,
        ...(parent !== null && isSum.has(parent) ? { parentId: String(parent) } : {}),
        code: c.code[k] || String(id),
        name: c.name[k],
        seq: k,
      });
      continue;
    }
    leaf.add(id);
    const constraints: Constraint[] = [];
    // As late as possible is P6's primary constraint; a dated one is then the secondary.
    if (c.alap[k]) constraints.push({ type: "as_late_as_possible" });
    if (c.slt[k] && c.sld[k]) constraints.push({ type: CONSTRAINT.start[c.slt[k]!], date: c.sld[k]! });
    if (c.flt[k] && c.fld[k]) constraints.push({ type: CONSTRAINT.finish[c.flt[k]!], date: c.fld[k]! });
    const status = c.st[k];
    const remaining = status === "completed" ? 0 : (c.rem[k] ?? c.d[k]);
    model.activities.push({
      id: String(id),
      projectId,
      ...(parent !== null && isSum.has(parent) ? { wbsId: String(parent) } : {}),
      code: c.code[k] || String(id),
      name: c.name[k],
      type: c.rd[k] && ACTIVITY_TYPE[c.t[k]] === "task" ? "resource_dependent" : (ACTIVITY_TYPE[c.t[k]] ?? "task"),
      ...(c.cal[k] ? { calendarId: c.cal[k]! } : defaultCalendar ? { calendarId: defaultCalendar } : {}),
      status,
      plannedDuration: c.d[k],
      remainingDuration: remaining,
      percentComplete: c.pc[k],
      ...(c.as[k] ? { actualStart: c.as[k]! } : {}),
      ...(c.af[k] ? { actualFinish: c.af[k]! } : {}),
      ...(constraints[0] ? { constraint: constraints[0] } : {}),
      ...(constraints[1] ? { secondaryConstraint: constraints[1] } : {}),
      durationType: c.dt[k],
      percentCompleteType: c.pct[k],
      ...(c.xf[k] ? { expectedFinish: c.xf[k]! } : {}),
      ...(c.sus[k] ? { suspendDate: c.sus[k]! } : {}),
      ...(c.res[k] ? { resumeDate: c.res[k]! } : {}),
      ...(c.notes[k] ? { notes: c.notes[k] } : {}),
      // A manually scheduled task goes out with its typed dates as its start and finish (MSPDI's Manual task).
      ...(c.ms[k] && c.mf[k]
        ? { manuallyScheduled: true, plannedStart: c.ms[k]!, plannedFinish: c.mf[k]! }
        : c.es[k]
          ? { plannedStart: c.es[k]!, plannedFinish: c.ef[k] ?? c.es[k]! }
          : {}),
      ...(c.el[k] ? { elapsedDuration: true } : {}),
      computed: {
        ...(c.es[k] ? { earlyStart: c.es[k]! } : {}),
        ...(c.ef[k] ? { earlyFinish: c.ef[k]! } : {}),
        ...(c.ls[k] ? { lateStart: c.ls[k]! } : {}),
        ...(c.lf[k] ? { lateFinish: c.lf[k]! } : {}),
        ...(c.tf[k] !== null ? { totalFloat: c.tf[k]! } : {}),
        ...(c.ff[k] !== null ? { freeFloat: c.ff[k]! } : {}),
        critical: c.cr[k],
      },
      seq: k,
    });
  }
  for (let k = 0; k < rel.a.length; k++) {
    // Relations to sums or to other versions (external links) have no place in a one-project file.
    if (!leaf.has(rel.a[k]) || !leaf.has(rel.b[k])) continue;
    const relation: Relation = {
      id: String(k + 1),
      predecessorId: String(rel.a[k]),
      successorId: String(rel.b[k]),
      type: rel.t[k].toUpperCase() as Relation["type"],
      lag: rel.l[k],
      ...(rel.c[k] === "24h" ? { lagCalendar: "24h" as const } : {}),
    };
    model.relations.push(relation);
  }
  const activityIds = new Set([...leaf].map(String));
  await exportFileResources(db, { spaceId: version.spaceId, versionId: version.id, model, activityIds });
  if (parts.codes !== false) await exportCodesAndUdfs(db, version, model, projectId, activityIds);
  return model;
}
