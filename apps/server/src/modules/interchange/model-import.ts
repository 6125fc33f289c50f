import { NOTES_MAX_LENGTH } from "@planum/contracts";
import type { Activity, Constraint, Project, ScheduleModel } from "@planum/formats";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { textMinutes, todayAt } from "../../platform/time.js";
import { ensureDefaultCalendar } from "../calendars/calendars.service.js";
import { importFileResources } from "../resources/resource-files.service.js";
import { adoptFileSettings, type SettingsPatch } from "../workspace/calculation/calculate-settings.service.js";
import { type CodesOutcome, importCodesAndUdfs } from "./code-import.js";
import { type ImportDetails, writeImportDetails } from "./import-details.js";
import type { ImportWarnings } from "./import-report.js";
import {
  checkImportedVersion,
  deferRowChecks,
  hasActualVersion,
  type ItemRow,
  type ItemType,
  insertCalendar,
  insertItems,
  insertRelations,
  insertVersion,
  type LimitType,
  type RelationColumns,
  reserveItemIds,
  spaceCalendarNames,
} from "./model-import.repo.js";

export interface ImportTarget {
  spaceId: string;
  userId: string | null;
  scheduleId: string;
  label: string;
  /** Id of the file's project to take; the first project otherwise. */
  projectId?: string;
  /** Receives what the version leaves out (relations to other projects, ALAP constraints, resources…). */
  warnings?: ImportWarnings;
  /**
   * Leave the relations, assignments, code links and UDF values to the caller (`ImportOutcome.details`, written by a
   * job after the version shows); otherwise they are written here, in the same transaction.
   */
  detailsLater?: boolean;
}

export interface ImportOutcome {
  versionId: string;
  activities: number;
  relations: number;
  calendarsCreated: number;
  /** Calendars the version's rows use (created or matched by name). */
  calendarsUsed: number;
  /** The file's project that became the version. */
  project: { code: string; name: string } | null;
  createdCalendarIds: string[];
  /** The model's activity id → the row it became (links to other projects of the file are made from these). */
  activityIds: Map<string, number>;
  /** Resources of the file now in the directory (created or found by code), assignments stored, resources created. */
  resources: number;
  assignments: number;
  createdResourceIds: string[];
  /** The file's activity codes as directories and links, its activity UDFs as work attributes. */
  codes: CodesOutcome;
  /** The file's scheduling options changed the schedule's calculate settings… */
  settingsChanged: boolean;
  /** …and so these other versions of the schedule are no longer calculated. */
  staleVersionIds: string[];
  /** Relations, assignments, code links and UDF values of the version's rows: written already unless `detailsLater`. */
  details: ImportDetails;
}

/** The scheduling options a file's project states, as calculate settings (what it does not state is left alone). */
export function fileSettings(project: Project | undefined): SettingsPatch {
  if (!project) return {};
  const o = project.options;
  const patch: SettingsPatch = {};
  if (o.progress) patch.progressOption = o.progress;
  if (o.floatType) patch.floatType = o.floatType;
  if (o.lagCalendar) patch.lagCalendar = o.lagCalendar;
  if (o.criticalFloat !== undefined) patch.criticalFloat = Math.round(o.criticalFloat);
  if (o.criticalPath) patch.criticalBy = o.criticalPath === "longest_path" ? "longest_path" : "float";
  if (project.mustFinishBy) patch.mustFinishBy = project.mustFinishBy;
  if (o.openEndsCritical !== undefined) patch.openEndsCritical = o.openEndsCritical;
  // MS Project 2016+ (the MSPDI reader reads it from BuildNumber): SS/SF links leave the predecessor's late dates.
  if (o.startLinksBoundLate !== undefined) patch.startLinksBoundLate = o.startLinksBoundLate;
  // P6 keeps resource-dependent works' assignments to their own calendar's hours at their ends; MS Project does not.
  if (o.resourceRunsInActivityHours !== undefined) patch.resourceRunsInActivityHours = o.resourceRunsInActivityHours;
  if (o.useExpectedFinish !== undefined) patch.useExpectedFinish = o.useExpectedFinish;
  if (o.ssLagFrom) patch.ssLagFrom = o.ssLagFrom;
  return patch;
}

/** The engine's limits from the model's constraints (the same table as `buildProjectNetwork`). */
function limitOf(constraint: Constraint | undefined): { side: "start" | "finish"; type: LimitType } | null {
  switch (constraint?.type) {
    case "start_on":
      return { side: "start", type: "in_date" };
    case "mandatory_start":
      return { side: "start", type: "mandatory" };
    case "start_on_or_after":
      return { side: "start", type: "not_earlier" };
    case "start_on_or_before":
      return { side: "start", type: "not_later" };
    case "finish_on":
      return { side: "finish", type: "in_date" };
    case "mandatory_finish":
      return { side: "finish", type: "mandatory" };
    case "finish_on_or_after":
      return { side: "finish", type: "not_earlier" };
    case "finish_on_or_before":
      return { side: "finish", type: "not_later" };
    default:
      // As late as possible has no date: it is the row's `alap` flag.
      return null;
  }
}

function itemType(activity: Activity): ItemType {
  switch (activity.type) {
    case "milestone_start":
    case "milestone_finish":
      return activity.type;
    case "summary":
    case "wbs_summary":
      return "sum";
    default:
      // Level-of-effort activities are scheduled as tasks here (no such engine type); a resource-dependent one is a
      // task with the row's `resource_dependent` flag.
      return "task";
  }
}

/** Calendars the file uses, matched by name with the space's shared calendars or created; model id → db id. */
async function mapCalendars(tx: DbOrTx, model: ScheduleModel, spaceId: string, used: Set<string>) {
  const existing = await spaceCalendarNames(tx, spaceId);
  const byName = new Map(existing.map((row) => [row.name.trim().toLowerCase(), row.id]));
  const ids = new Map<string, string>();
  const created: string[] = [];
  for (const calendar of model.calendars) {
    if (!used.has(calendar.id)) continue;
    const name = calendar.name.trim() || `Calendar ${calendar.id}`;
    const found = byName.get(name.toLowerCase());
    if (found) {
      ids.set(calendar.id, found);
      continue;
    }
    const row = await insertCalendar(tx, { spaceId, name, week: calendar.week, exceptions: calendar.exceptions });
    byName.set(name.toLowerCase(), row.id);
    ids.set(calendar.id, row.id);
    created.push(row.id);
  }
  return { ids, created };
}

/**
 * Earliest start and latest finish of each sum from its children, bottom-up, so the Gantt draws the bars: `ordered`
 * has parents before children (orderParentsFirst), so walking it backwards meets every child before its parent.
 */
function rollUpSums(ordered: ItemRow[]) {
  const byId = new Map(ordered.map((row) => [row.id, row]));
  const minText = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);
  const maxText = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
  for (let k = ordered.length - 1; k >= 0; k--) {
    const row = ordered[k];
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (parent?.type !== "sum") continue;
    parent.early_start = minText(parent.early_start, row.early_start);
    parent.early_finish = maxText(parent.early_finish, row.early_finish);
    parent.late_start = minText(parent.late_start, row.late_start);
    parent.late_finish = maxText(parent.late_finish, row.late_finish);
  }
}

/**
 * Writes one project of a read file as a NEW version of the schedule, inside the caller's transaction: calendars,
 * WBS nodes as sums, activities, relations among them, and the dates the source tool computed as the results.
 * Ids come from the identity sequence in one query, so parents and relations are known before any insert, and
 * every table is filled by a few `json_to_recordset` inserts instead of a statement per row.
 */
export async function importModel(tx: DbOrTx, model: ScheduleModel, target: ImportTarget): Promise<ImportOutcome> {
  const project = target.projectId
    ? model.projects.find((p) => p.id === target.projectId || p.code === target.projectId)
    : model.projects[0];
  if (target.projectId && !project) throw new AppError("InvalidValue", { field: "project" });
  const inProject = <T extends { projectId?: string }>(x: T) => !project || !x.projectId || x.projectId === project.id;
  const activities = model.activities.filter(inProject);
  const wbs = model.wbs.filter(inProject);

  // Rows without a calendar of their own are calculated on the space's default one: make sure it exists.
  await ensureDefaultCalendar(tx, target.spaceId);
  const used = new Set<string>();
  for (const a of activities) if (a.calendarId) used.add(a.calendarId);
  if (project?.defaultCalendarId) used.add(project.defaultCalendarId);
  for (const r of model.resources) if (r.calendarId) used.add(r.calendarId);
  const cal = await mapCalendars(tx, model, target.spaceId, used);
  const projectCalendar = (project?.defaultCalendarId && cal.ids.get(project.defaultCalendarId)) || null;

  const count = wbs.length + activities.length;
  const newIds = await reserveItemIds(tx, count);
  const wbsIds = new Map<string, number>(wbs.map((node, k) => [node.id, newIds[k]]));
  const activityIds = new Map<string, number>(activities.map((a, k) => [a.id, newIds[wbs.length + k]]));

  // Every row is built by one object literal with its keys in one order, so all rows share one shape: spreading a
  // partial object into each (and setting keys by computed names) left 100k rows as dictionaries, several times
  // slower to build, to read column by column and to collect.
  const rows: ItemRow[] = new Array(count);
  wbs.forEach((node, k) => {
    rows[k] = {
      id: wbsIds.get(node.id)!,
      parent_id: (node.parentId && wbsIds.get(node.parentId)) || null,
      sort_order: node.seq ?? k,
      type: "sum",
      code: node.code,
      name: node.name || node.code,
      // P6 rolls a WBS node's dates up on the project's default calendar (a finish at 16:00 on a 7-day calendar
      // stays there, not the Friday before on the space's 5-day one).
      calendar_id: projectCalendar,
      duration: 0,
      start_limit_type: null,
      start_limit_date: null,
      finish_limit_type: null,
      finish_limit_date: null,
      status: "not_started",
      percent_complete: 0,
      actual_start: null,
      actual_finish: null,
      remaining: null,
      early_start: null,
      early_finish: null,
      late_start: null,
      late_finish: null,
      total_float: null,
      free_float: null,
      critical: false,
      alap: false,
      duration_type: "fixed_duration_units_time",
      percent_complete_type: "duration",
      resource_dependent: false,
      expected_finish: null,
      suspend_date: null,
      resume_date: null,
      notes: "",
      manual_start: null,
      manual_finish: null,
      elapsed: false,
      splits: null,
    };
  });
  activities.forEach((a, k) => {
    const type = itemType(a);
    let startType: LimitType | null = null;
    let startDate: string | null = null;
    let finishType: LimitType | null = null;
    let finishDate: string | null = null;
    for (const constraint of [a.constraint, a.secondaryConstraint]) {
      const limit = limitOf(constraint);
      if (!limit || !constraint?.date) continue;
      if (limit.side === "start") {
        startType = limit.type;
        startDate = constraint.date;
      } else {
        finishType = limit.type;
        finishDate = constraint.date;
      }
    }
    const parent = (a.parentId && activityIds.get(a.parentId)) || (a.wbsId && wbsIds.get(a.wbsId)) || null;
    // P6 schedules a not-started activity by its remaining duration (see formats CONTEXT.md "Progress").
    const duration = a.status === "not_started" ? a.remainingDuration : a.plannedDuration;
    const computed = a.computed;
    rows[wbs.length + k] = {
      id: activityIds.get(a.id)!,
      parent_id: parent,
      sort_order: a.seq ?? wbs.length + k,
      type,
      code: a.code,
      name: a.name || a.code,
      calendar_id: (a.calendarId && cal.ids.get(a.calendarId)) || projectCalendar,
      duration: type === "sum" ? 0 : Math.max(0, Math.round(duration)),
      start_limit_type: startType,
      start_limit_date: startDate,
      finish_limit_type: finishType,
      finish_limit_date: finishDate,
      status: a.status,
      percent_complete: a.percentComplete ?? (a.status === "completed" ? 100 : 0),
      actual_start: a.actualStart ?? null,
      actual_finish: a.actualFinish ?? null,
      remaining: a.status === "in_progress" ? Math.max(0, Math.round(a.remainingDuration)) : null,
      early_start: computed?.earlyStart ?? null,
      early_finish: computed?.earlyFinish ?? null,
      late_start: computed?.lateStart ?? null,
      late_finish: computed?.lateFinish ?? null,
      total_float: computed?.totalFloat ?? null,
      free_float: computed?.freeFloat ?? null,
      critical: computed?.critical ?? false,
      alap: a.constraint?.type === "as_late_as_possible" || a.secondaryConstraint?.type === "as_late_as_possible",
      duration_type: a.durationType ?? "fixed_duration_units_time",
      percent_complete_type: a.percentCompleteType ?? "duration",
      // P6's TT_Rsrc: the server schedules it on its resources' calendars (calculation-input.ts).
      resource_dependent: a.type === "resource_dependent",
      expected_finish: a.expectedFinish ?? null,
      suspend_date: a.suspendDate ?? null,
      resume_date: a.resumeDate ?? null,
      notes: (a.notes ?? "").slice(0, NOTES_MAX_LENGTH),
      // MS Project's task mode and elapsed durations (only the MSPDI reader sets them): the calculation honours both.
      ...manualAndElapsed(a, type),
    };
  });
  const ordered = orderParentsFirst(rows);
  rollUpSums(ordered);

  const calculated = activities.length > 0 && activities.every((a) => a.computed?.earlyStart);
  const starts = rows.map((row) => row.early_start).filter((d): d is string => !!d);
  const finishes = rows.map((row) => row.early_finish).filter((d): d is string => !!d);
  const projectStart =
    project?.plannedStart ?? starts.reduce<string | null>((m, d) => (m === null || d < m ? d : m), null);
  const hasActual = await hasActualVersion(tx, target.scheduleId);
  const version = await insertVersion(tx, {
    spaceId: target.spaceId,
    scheduleId: target.scheduleId,
    kind: hasActual ? "version" : "actual",
    label: target.label,
    dataDate: project?.dataDate ?? null,
    projectStart: projectStart ?? todayAt("08:00"),
    calcStatus: calculated ? "calculated" : "not_calculated",
    calculatedAt: calculated ? new Date() : null,
    finish: project?.scheduledFinish ?? finishes.reduce<string | null>((m, d) => (m === null || d > m ? d : m), null),
    createdBy: target.userId,
  });

  // The version is new and nobody else sees it before commit: its rows' references are checked set-wise at the end.
  const deferred = await deferRowChecks(tx);
  await insertItems(tx, target.spaceId, version.id, ordered);

  // Links to activities outside the chosen project (P6 externals, other projects of the file) are not part of this
  // version (a facility import keeps those between its projects: importCrossLinks); a pair linked twice keeps its
  // first relation (one relation per pair, as the table requires). A pair is known by one number, its rows' places
  // in the span of reserved ids (another import taking ids meanwhile widens the span), not a text key per relation.
  const links: RelationColumns = { p: [], s: [], t: [], l: [], c: [] };
  const seen = new Set<number | string>();
  let first = Number.MAX_SAFE_INTEGER;
  let last = 0;
  for (const id of newIds) {
    if (id < first) first = id;
    if (id > last) last = id;
  }
  const span = last - first + 1;
  const pairKey =
    span * span < Number.MAX_SAFE_INTEGER
      ? (p: number, s: number) => (p - first) * span + (s - first)
      : (p: number, s: number) => `${p}:${s}`;
  const dropped = droppedRelationText(model);
  const pairOf = (r: { predecessorId: string; successorId: string }) => ({
    predecessor: dropped.code(r.predecessorId),
    successor: dropped.code(r.successorId),
  });
  for (const r of model.relations) {
    const p = activityIds.get(r.predecessorId);
    const s = activityIds.get(r.successorId);
    if (p === undefined || s === undefined) {
      if (p !== undefined || s !== undefined) dropped.warn(target.warnings, r, p !== undefined);
      continue;
    }
    if (p === s) {
      const pair = pairOf(r);
      target.warnings?.warn("RelationToItself", pair, { activity: pair.predecessor });
      continue;
    }
    const key = pairKey(p, s);
    if (seen.has(key)) {
      const pair = pairOf(r);
      target.warnings?.warn("RelationDuplicate", { ...pair, type: r.type }, { activity: pair.successor });
      continue;
    }
    seen.add(key);
    links.p.push(p);
    links.s.push(s);
    links.t.push(r.type.toLowerCase());
    links.l.push(Math.round(r.lag));
    links.c.push(r.lagCalendar ?? null);
  }
  if (target.warnings) {
    const others = model.projects.filter((p) => p !== project);
    if (others.length > 0) {
      const skipped = model.activities.length - activities.length;
      target.warnings.warn("ProjectsNotImported", {
        projects: others.map((p) => p.code || p.name).join(", "),
        count: others.length,
        activities: skipped,
      });
    }
  }
  const calendarsUsed = checkOwnReferences(rows, links);
  const fileResources = await importFileResources(tx, {
    spaceId: target.spaceId,
    model,
    activityIds,
    calendarIds: cal.ids,
  });
  if (fileResources.matched > 0) target.warnings?.warn("ResourcesMatchedByCode", { count: fileResources.matched });
  const codes = await importCodesAndUdfs(tx, model, {
    spaceId: target.spaceId,
    scheduleId: target.scheduleId,
    versionId: version.id,
    projectId: project?.id,
    activityIds,
    warnings: target.warnings,
  });
  const details: ImportDetails = {
    relations: links,
    assignments: fileResources.assignmentColumns,
    codeLinks: codes.links,
    udfValues: codes.udfValues,
  };
  // The relations are details too: an upload leaves them to its job (270,000 of them were a third of its time until
  // the version showed); a facility import writes them here, with the rest, while its row checks are still off.
  if (!target.detailsLater) await writeImportDetails(tx, target.spaceId, version.id, details);
  if (deferred) await checkImportedVersion(tx, version.id, calendarsUsed);
  const adopted = await adoptFileSettings(
    tx,
    { spaceId: target.spaceId, scheduleId: target.scheduleId, keepVersionId: version.id },
    fileSettings(project),
  );
  return {
    versionId: version.id,
    codes,
    settingsChanged: adopted.changed,
    staleVersionIds: adopted.staleVersionIds,
    activities: rows.filter((row) => row.type !== "sum").length,
    relations: links.p.length,
    calendarsCreated: cal.created.length,
    calendarsUsed: cal.ids.size,
    project: project ? { code: project.code, name: project.name } : null,
    createdCalendarIds: cal.created,
    activityIds,
    resources: fileResources.resources,
    assignments: fileResources.assignments,
    createdResourceIds: fileResources.createdResourceIds,
    details,
  };
}

/**
 * Links between projects of one file whose projects all became versions (a facility import makes a schedule of
 * each): `importModel` skips them as links outside its project; here a link whose ends landed in two different
 * versions is kept as an external relation. It belongs to the successor's version and its predecessor enters that
 * version's calculation with its stored dates, as the file's external links do in P6. Returns how many were made.
 */
export async function importCrossLinks(
  tx: DbOrTx,
  spaceId: string,
  model: ScheduleModel,
  placed: Map<string, { id: number; versionId: string }>,
): Promise<number> {
  const seen = new Set<string>();
  const links: Required<RelationColumns> = { v: [], p: [], s: [], t: [], l: [], c: [] };
  for (const r of model.relations) {
    const p = placed.get(r.predecessorId);
    const s = placed.get(r.successorId);
    if (!p || !s || p.versionId === s.versionId || seen.has(`${p.id}:${s.id}`)) continue;
    seen.add(`${p.id}:${s.id}`);
    links.v.push(s.versionId);
    links.p.push(p.id);
    links.s.push(s.id);
    links.t.push(r.type.toLowerCase());
    links.l.push(Math.round(r.lag));
    links.c.push(r.lagCalendar ?? null);
  }
  await insertRelations(tx, spaceId, links);
  return links.p.length;
}

/**
 * How a relation dropped by a version upload is told: its other side is an activity of another project of the
 * file (which this version does not hold) or of no project of the file at all (a P6 external: nothing to point at).
 */
function droppedRelationText(model: ScheduleModel) {
  // Built at the first relation dropped: most files drop none, and these maps of every activity cost ~0.1 s at 100k.
  let maps: {
    activities: Map<string, ScheduleModel["activities"][number]>;
    externals: Map<string, ScheduleModel["externals"][number]>;
    projects: Map<string, Project>;
  } | null = null;
  const lookup = () =>
    (maps ??= {
      activities: new Map(model.activities.map((a) => [a.id, a])),
      externals: new Map(model.externals.map((e) => [e.id, e])),
      projects: new Map(model.projects.map((p) => [p.id, p])),
    });
  // An activity outside the file is named as the reader names it in its own warnings: its code, else its key.
  const code = (id: string) => lookup().activities.get(id)?.code ?? lookup().externals.get(id)?.code ?? id;
  return {
    code,
    warn(
      warnings: ImportWarnings | undefined,
      r: { predecessorId: string; successorId: string; type: string },
      predecessorIn: boolean,
    ) {
      if (!warnings) return;
      const { activities, externals, projects } = lookup();
      const inside = predecessorIn ? r.predecessorId : r.successorId;
      const outside = predecessorIn ? r.successorId : r.predecessorId;
      const params = { predecessor: code(r.predecessorId), successor: code(r.successorId), type: r.type };
      const other = activities.get(outside);
      if (other) {
        const p = projects.get(other.projectId);
        warnings.warn(
          "RelationToOtherProject",
          { ...params, project: p?.code || p?.name || other.projectId },
          {
            activity: code(inside),
          },
        );
      } else {
        const projectId = externals.get(outside)?.projectId;
        const p = projectId ? projects.get(projectId) : undefined;
        warnings.warn(
          "RelationToMissingActivity",
          { ...params, missing: code(outside), project: p?.code || projectId || "" },
          { activity: code(inside) },
        );
      }
    },
  };
}

/**
 * What the database would check row by row while its triggers are off (`deferRowChecks`): each parent and each
 * relation end is a row of this version (an id reserved for it). Answers the calendars the rows use, which lie
 * outside the version and are checked and locked by `checkImportedVersion`. A failure is a defect of importModel.
 */
function checkOwnReferences(rows: ItemRow[], links: RelationColumns): string[] {
  const ids = new Set<number>();
  const calendars = new Set<string>();
  for (const row of rows) {
    ids.add(row.id);
    if (row.calendar_id) calendars.add(row.calendar_id);
  }
  let broken = 0;
  for (const row of rows) if (row.parent_id !== null && !ids.has(row.parent_id)) broken++;
  for (let k = 0; k < links.p.length; k++) if (!ids.has(links.p[k]) || !ids.has(links.s[k])) broken++;
  if (broken > 0) throw new Error(`import: ${broken} items and relations point at rows outside the version`);
  return [...calendars];
}

function orderParentsFirst(rows: ItemRow[]): ItemRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const out: ItemRow[] = [];
  const placed = new Set<number>();
  const place = (row: ItemRow, guard: number) => {
    if (placed.has(row.id)) return;
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    // A cycle in a damaged outline would recurse forever: after the row count, the row goes to the root.
    if (parent && guard < rows.length) place(parent, guard + 1);
    else if (parent) row.parent_id = null;
    placed.add(row.id);
    out.push(row);
  };
  for (const row of rows) place(row, 0);
  return out;
}

/**
 * A manually scheduled MS Project task keeps the start and finish typed for it (engine scenario 063), a task of an
 * elapsed duration runs on the clock: what the import keeps of them (sums take neither).
 */
function manualAndElapsed(
  a: ScheduleModel["activities"][number],
  type: string,
): { manual_start: string | null; manual_finish: string | null; elapsed: boolean; splits: string | null } {
  const manual = a.manuallyScheduled === true && type !== "sum" && !!a.plannedStart && !!a.plannedFinish;
  // Splits of the work left: a completed task, a milestone or a sum has none to lengthen.
  const split = a.splits && a.splits.length > 0 && a.status !== "completed" && (type === "task" || type === "work");
  return {
    manual_start: manual ? a.plannedStart! : null,
    manual_finish: manual ? a.plannedFinish! : null,
    elapsed: a.elapsedDuration === true && type !== "sum",
    splits: split ? JSON.stringify(a.splits!.map(([from, to]) => [textMinutes(from), textMinutes(to)])) : null,
  };
}
