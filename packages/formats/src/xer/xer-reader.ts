import { XER_DURATION_TYPES, XER_PERCENT_TYPES } from "../model/activity-kinds.js";
import { ReadWarnings } from "../model/read-report.js";
import {
  type Activity,
  type Baseline,
  type Calendar,
  type Constraint,
  emptyModel,
  type Project,
  type ScheduleModel,
  standardWeek,
} from "../model/schedule-model.js";
import { normalizeReferences } from "../model/validate-model.js";
import { joinNotes, noteText } from "../util/note-text.js";
import { parseClndrData } from "./xer-calendar.js";
import { CONSTRAINTS, FLOAT_TYPES, LAG_CALENDARS, RELATION_TYPES, STATUS, TASK_TYPES } from "./xer-codes.js";
import { Cursor, each as eachRow } from "./xer-cursor.js";
import { readCodesAndUdfs, readResources } from "./xer-reader-resources.js";
import { type ParseXerOptions, parseXerTables, XerRows } from "./xer-tables.js";

/** Durations beyond this (about 190 years of working minutes) are no real plan; the engine refuses them. */
const MAX_DURATION_MINUTES = 100_000_000;

function constraintOf(c: Cursor, typeField: string, dateField: string): Constraint | undefined {
  const t = c.str(typeField);
  if (t === "") return undefined;
  const type = CONSTRAINTS[t];
  if (!type) {
    c.warn("UnknownValue", { value: t, field: typeField, fallback: "none" }, typeField);
    return undefined;
  }
  const date = c.date(dateField);
  return date ? { type, date } : { type };
}

/**
 * Read a Primavera P6 XER export (any version, windows-1251/1252/UTF-8) into the model. Several
 * projects in one file are kept apart; relations to activities outside the file become externals.
 */
export function readXer(bytes: Uint8Array, options: ParseXerOptions = {}): ScheduleModel {
  const warnings = options.warnings ?? new ReadWarnings();
  const each = (rows: XerRows, fn: (c: Cursor) => void) => eachRow(rows, fn, warnings);
  const file = parseXerTables(bytes, options);
  const t = (name: string) => new XerRows(file.tables.get(name), name);
  const model = emptyModel("xer");
  model.source = { format: "xer", producer: xerProducer(file.header), version: file.header[1] ?? "" };

  const rootWbs = new Map<string, string>();
  const wbsRows = t("PROJWBS");
  const rootName = new Map<string, string>();
  each(wbsRows, (c) => {
    if (c.str("proj_node_flag") === "Y") {
      rootWbs.set(c.required("wbs_id"), c.str("proj_id"));
      rootName.set(c.str("proj_id"), c.str("wbs_name"));
    }
  });

  const baselineOf = new Map<string, Baseline>();
  const schedOptions = t("SCHEDOPTIONS");
  const optionRow = new Map<string, number>();
  for (let i = 0; i < schedOptions.length; i++) optionRow.set(schedOptions.get(i, "proj_id"), i);

  each(t("PROJECT"), (c) => {
    const id = c.required("proj_id");
    const orig = c.opt("orig_proj_id");
    if (orig && c.str("project_flag") === "N") {
      // A baseline copy of another project of the file (P6 keeps baselines as projects with orig_proj_id).
      baselineOf.set(id, { id, name: rootName.get(id) ?? c.str("proj_short_name"), projectId: orig, activities: [] });
      const dd = c.softDate("last_recalc_date");
      if (dd) baselineOf.get(id)!.dataDate = dd;
      return;
    }
    const o = optionRow.has(id) ? new Cursor(schedOptions, optionRow.get(id), warnings) : c;
    const project: Project = {
      id,
      code: c.str("proj_short_name"),
      name: rootName.get(id) ?? c.str("proj_short_name"),
      options: {},
    };
    const ps = c.date("plan_start_date");
    if (ps) project.plannedStart = ps;
    const dd = c.date("last_recalc_date") ?? c.date("next_data_date");
    if (dd) project.dataDate = dd;
    const sf = c.softDate("scd_end_date");
    if (sf) project.scheduledFinish = sf;
    const mf = c.date("plan_end_date");
    if (mf) project.mustFinishBy = mf;
    const cal = c.opt("clndr_id");
    if (cal) project.defaultCalendarId = cal;
    const opts = project.options;
    const retained = o.flag("sched_retained_logic");
    const override = o.flag("sched_progress_override");
    if (retained !== undefined || override !== undefined) {
      opts.progress = retained ? "retained_logic" : override ? "progress_override" : "actual_dates";
    }
    const ft = FLOAT_TYPES[o.str("sched_float_type")];
    if (ft) opts.floatType = ft;
    const lc = LAG_CALENDARS[o.str("sched_calendar_on_relationship_lag")];
    if (lc) opts.lagCalendar = lc;
    const ss = o.flag("sched_lag_early_start_flag");
    if (ss !== undefined) opts.ssLagFrom = ss ? "early_start" : "actual_start";
    const crit = c.minutes("critical_drtn_hr_cnt");
    if (crit !== undefined) opts.criticalFloat = crit;
    const cpt = c.str("critical_path_type");
    if (cpt) opts.criticalPath = cpt === "CT_DrivPath" ? "longest_path" : "total_float";
    const open = o.flag("sched_open_critical_flag");
    if (open !== undefined) opts.openEndsCritical = open;
    const expect = o.flag("sched_use_expect_end_flag") ?? c.flag("sched_use_expect_end_flag");
    if (expect) opts.useExpectedFinish = true;
    // P6's rule for resource-dependent activities (no field: every P6 version schedules so).
    opts.resourceRunsInActivityHours = true;
    const outer = o.str("sched_outer_depend_type");
    if (outer) opts.ignoreExternalRelations = outer === "SD_None";
    model.projects.push(project);
  });
  const projectIds = new Set(model.projects.map((p) => p.id));

  each(wbsRows, (c) => {
    const id = c.required("wbs_id");
    const projectId = c.str("proj_id");
    if (rootWbs.has(id) || !projectIds.has(projectId)) return;
    const parent = c.opt("parent_wbs_id");
    const seq = c.softNum("seq_num");
    model.wbs.push({
      id,
      projectId,
      ...(parent && !rootWbs.has(parent) ? { parentId: parent } : {}),
      code: c.str("wbs_short_name"),
      name: c.str("wbs_name"),
      ...(seq !== undefined ? { seq } : {}),
    });
  });

  readCalendars(t("CALENDAR"), model, each);
  const calendarIds = new Set(model.calendars.map((k) => k.id));
  const globalDefault =
    model.calendars.find((k) => k.isDefault && k.kind === "global") ?? model.calendars.find((k) => k.isDefault);
  const projectCode = new Map(model.projects.map((p) => [p.id, p.code]));
  const projectCalendar = new Map<string, string>();
  each(t("PROJECT"), (c) => {
    const cal = c.opt("clndr_id");
    const id = c.str("proj_id");
    const project = model.projects.find((p) => p.id === id);
    if (!cal || !project || calendarIds.has(cal)) return;
    c.project = project.code;
    c.warn("CalendarMissing", { calendar: cal, fallback: globalDefault?.name ?? "standard" }, "clndr_id");
    if (globalDefault) project.defaultCalendarId = globalDefault.id;
    else delete project.defaultCalendarId;
  });
  for (const p of model.projects) if (p.defaultCalendarId) projectCalendar.set(p.id, p.defaultCalendarId);
  const fallbackCalendar = (projectId: string) => {
    const own = projectCalendar.get(projectId);
    return (own ? model.calendars.find((k) => k.id === own) : undefined) ?? globalDefault;
  };
  const droppedTasks = new Set<string>();

  const taskCode = new Map<string, string>();
  each(t("TASK"), (c) => {
    const id = c.required("task_id");
    const projectId = c.required("proj_id");
    c.activity = c.str("task_code");
    const baseline = baselineOf.get(projectId);
    if (baseline) {
      baseline.activities.push({
        code: c.str("task_code"),
        name: c.str("task_name"),
        ...optDate("start", c.softDate("act_start_date") ?? c.softDate("early_start_date")),
        ...optDate("finish", c.softDate("act_end_date") ?? c.softDate("early_end_date")),
        duration: c.softMinutes("target_drtn_hr_cnt") ?? 0,
      });
      return;
    }
    if (!projectIds.has(projectId)) {
      c.warn("ActivityDropped", { activity: c.activity ?? id, project: projectId }, "proj_id");
      droppedTasks.add(id);
      return;
    }
    c.project = projectCode.get(projectId);
    const typeCode = c.str("task_type");
    let type = TASK_TYPES[typeCode];
    if (!type) {
      if (typeCode !== "")
        c.warn("UnknownValue", { value: typeCode, field: "task_type", fallback: "TT_Task" }, "task_type");
      type = "task";
    }
    const statusCode = c.str("status_code");
    let status = STATUS[statusCode];
    if (!status) {
      if (statusCode !== "")
        c.warn("UnknownValue", { value: statusCode, field: "status_code", fallback: "TK_NotStart" }, "status_code");
      status = "not_started";
    }
    let planned = c.minutes("target_drtn_hr_cnt") ?? 0;
    if (Math.abs(planned) > MAX_DURATION_MINUTES) {
      // A real P6 8.1 export holds 5,469,776 h here (its planned finish in 4637): P6 opens it and schedules by the
      // remaining duration, so the original is read as remaining + actual, with a warning.
      c.warn(
        "ValueIgnored",
        { value: c.str("target_drtn_hr_cnt"), field: "target_drtn_hr_cnt", reason: "out of range" },
        "target_drtn_hr_cnt",
      );
      planned = (c.minutes("remain_drtn_hr_cnt") ?? 0) + (c.softMinutes("act_drtn_hr_cnt") ?? 0);
    }
    const a: Activity = {
      id,
      projectId,
      code: c.str("task_code"),
      name: c.str("task_name"),
      type,
      status,
      plannedDuration: planned,
      remainingDuration: c.minutes("remain_drtn_hr_cnt") ?? (status === "completed" ? 0 : planned),
    };
    taskCode.set(id, a.code);
    const wbs = c.opt("wbs_id");
    if (wbs && !rootWbs.has(wbs)) a.wbsId = wbs;
    const cal = c.opt("clndr_id");
    if (cal) {
      if (calendarIds.has(cal)) a.calendarId = cal;
      else {
        // P6 schedules such an activity (of an external project whose calendar the export left out) on the
        // project's default calendar, else on the global default one.
        const fallback = fallbackCalendar(projectId);
        if (fallback) a.calendarId = fallback.id;
        c.warn("CalendarMissing", { calendar: cal, fallback: fallback?.name ?? "standard" }, "clndr_id");
      }
    }
    // Direct assignments (not spreads): this loop runs for every activity of 100k-activity files.
    let d = c.softDate("target_start_date");
    if (d) a.plannedStart = d;
    d = c.softDate("target_end_date");
    if (d) a.plannedFinish = d;
    d = c.date("act_start_date");
    if (d) a.actualStart = d;
    d = c.date("act_end_date");
    if (d) a.actualFinish = d;
    d = c.softDate("expect_end_date");
    if (d) a.expectedFinish = d;
    d = c.softDate("suspend_date");
    if (d) a.suspendDate = d;
    d = c.softDate("resume_date");
    if (d) a.resumeDate = d;
    d = c.date("external_early_start_date");
    if (d) a.externalEarlyStart = d;
    d = c.date("external_late_end_date");
    if (d) a.externalLateFinish = d;
    const pct = c.softNum("phys_complete_pct");
    if (pct !== undefined) a.percentComplete = pct;
    const cons = constraintOf(c, "cstr_type", "cstr_date");
    if (cons) a.constraint = cons;
    const cons2 = constraintOf(c, "cstr_type2", "cstr_date2");
    if (cons2) a.secondaryConstraint = cons2;
    const computed: NonNullable<Activity["computed"]> = {};
    let any = false;
    d = c.softDate("early_start_date");
    if (d) {
      computed.earlyStart = d;
      any = true;
    }
    d = c.softDate("early_end_date");
    if (d) {
      computed.earlyFinish = d;
      any = true;
    }
    d = c.softDate("late_start_date");
    if (d) {
      computed.lateStart = d;
      any = true;
    }
    d = c.softDate("late_end_date");
    if (d) {
      computed.lateFinish = d;
      any = true;
    }
    const tf = c.softMinutes("total_float_hr_cnt");
    if (tf !== undefined) {
      computed.totalFloat = tf;
      any = true;
    }
    const ff = c.softMinutes("free_float_hr_cnt");
    if (ff !== undefined) {
      computed.freeFloat = ff;
      any = true;
    }
    if (any) a.computed = computed;
    const dt = c.opt("duration_type");
    if (dt) {
      const type = XER_DURATION_TYPES[dt];
      if (type) a.durationType = type;
      else c.warn("UnknownValue", { value: dt, field: "duration_type", fallback: "DT_FixedDUR2" }, "duration_type");
    }
    const pt = c.opt("complete_pct_type");
    if (pt) {
      const type = XER_PERCENT_TYPES[pt];
      if (type) a.percentCompleteType = type;
      else c.warn("UnknownValue", { value: pt, field: "complete_pct_type", fallback: "CP_Drtn" }, "complete_pct_type");
    }
    const guid = c.opt("guid");
    if (guid) a.guid = guid;
    model.activities.push(a);
  });
  for (const b of baselineOf.values()) model.baselines.push(b);
  readNotes(t, model, each);

  const baselineTasks = new Set<string>();
  if (baselineOf.size > 0) {
    each(t("TASK"), (c) => {
      if (baselineOf.has(c.str("proj_id"))) baselineTasks.add(c.str("task_id"));
    });
  }
  readRelations(t("TASKPRED"), model, taskCode, { each, projectIds, droppedTasks, baselineTasks });
  readResources(t, model, taskCode, each);
  readCodesAndUdfs(t, model, taskCode, each);
  return normalizeReferences(model);
}

function optDate<K extends string>(key: K, v: string | undefined): Partial<Record<K, string>> {
  return v === undefined ? {} : ({ [key]: v } as Record<K, string>);
}

type Each = (rows: XerRows, fn: (c: Cursor) => void) => void;

function readCalendars(rows: XerRows, model: ScheduleModel, each: Each): void {
  const raw: { cal: Calendar; hasWeek: boolean }[] = [];
  each(rows, (c) => {
    const id = c.required("clndr_id");
    let parsed: ReturnType<typeof parseClndrData> = { exceptions: [] };
    try {
      parsed = parseClndrData(c.str("clndr_data"));
    } catch {
      c.warn("CalendarUnreadable", { calendar: c.str("clndr_name") || id }, "clndr_data");
    }
    const kind = c.str("clndr_type");
    const cal: Calendar = {
      id,
      name: c.str("clndr_name"),
      kind: kind === "CA_Project" ? "project" : kind === "CA_Rsrc" ? "resource" : "global",
      week: parsed.week ?? standardWeek(),
      exceptions: parsed.exceptions,
    };
    const proj = c.opt("proj_id");
    if (proj) cal.projectId = proj;
    const base = c.opt("base_clndr_id");
    if (base) cal.baseCalendarId = base;
    if (c.str("default_flag") === "Y") cal.isDefault = true;
    const hpd = c.softNum("day_hr_cnt");
    if (hpd !== undefined) cal.hoursPerDay = hpd;
    raw.push({ cal, hasWeek: parsed.week !== undefined });
  });
  // Resource calendars inherit the holidays of their base calendar; resolve them once here.
  const byId = new Map(raw.map((r) => [r.cal.id, r]));
  for (const r of raw) {
    const base = r.cal.baseCalendarId ? byId.get(r.cal.baseCalendarId) : undefined;
    if (!base) continue;
    if (!r.hasWeek) r.cal.week = base.cal.week.map((d) => d.map((i) => [i[0], i[1]]));
    const own = new Set(r.cal.exceptions.map((e) => e.date));
    const merged = [...r.cal.exceptions, ...base.cal.exceptions.filter((e) => !own.has(e.date))];
    r.cal.exceptions = merged.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
  model.calendars = raw.map((r) => r.cal);
}

interface RelationContext {
  each: Each;
  projectIds: Set<string>;
  /** Activities dropped because their project is not in the file. */
  droppedTasks: Set<string>;
  /** Activities of baseline copies (their relations belong to the baseline, not to the schedule). */
  baselineTasks: Set<string>;
}

function readRelations(rows: XerRows, model: ScheduleModel, taskCode: Map<string, string>, ctx: RelationContext): void {
  const externals = new Map<string, ScheduleModel["externals"][number]>();
  ctx.each(rows, (c) => {
    const succ = c.required("task_id");
    const pred = c.required("pred_task_id");
    const predIn = taskCode.has(pred);
    const succIn = taskCode.has(succ);
    const names = { predecessor: taskCode.get(pred) ?? pred, successor: taskCode.get(succ) ?? succ };
    c.activity = taskCode.get(succ);
    if (!predIn && !succIn) {
      // Relations of baseline copies belong to the baseline; anything else names activities the file lacks.
      if (!(ctx.baselineTasks.has(pred) && ctx.baselineTasks.has(succ))) c.warn("RelationDropped", names, "task_id");
      return;
    }
    // An end that is an activity of a project in the file, but missing (or dropped), cannot become an external.
    for (const [end, inFile, projField] of [
      [pred, predIn, "pred_proj_id"],
      [succ, succIn, "proj_id"],
    ] as const) {
      if (inFile) continue;
      const proj = c.str(projField);
      if (ctx.droppedTasks.has(end) || ctx.baselineTasks.has(end) || (proj !== "" && ctx.projectIds.has(proj))) {
        c.warn("RelationDropped", names, end === pred ? "pred_task_id" : "task_id");
        return;
      }
    }
    const typeCode = c.str("pred_type");
    let type = RELATION_TYPES[typeCode];
    if (!type) {
      c.warn("UnknownValue", { value: typeCode, field: "pred_type", fallback: "PR_FS" }, "pred_type");
      type = "FS";
    }
    if (!predIn || !succIn) {
      const other = predIn ? c.str("proj_id") : c.str("pred_proj_id");
      c.warn("RelationExternal", { ...names, project: other || "?" }, predIn ? "task_id" : "pred_task_id");
    }
    // P6 keeps the other side's dates of a cross-project link in aref (predecessor early finish) and arls (successor late start).
    if (!predIn) {
      const e = externals.get(pred) ?? { id: pred };
      const proj = c.opt("pred_proj_id");
      if (proj) e.projectId = proj;
      const aref = c.softDate("aref");
      if (aref) e.earlyFinish = aref;
      externals.set(pred, e);
    }
    if (!succIn) {
      const e = externals.get(succ) ?? { id: succ };
      const proj = c.opt("proj_id");
      if (proj) e.projectId = proj;
      const arls = c.softDate("arls");
      if (arls) e.lateStart = arls;
      externals.set(succ, e);
    }
    const rel: ScheduleModel["relations"][number] = {
      predecessorId: pred,
      successorId: succ,
      type,
      lag: c.minutes("lag_hr_cnt") ?? 0,
    };
    const id = c.opt("task_pred_id");
    if (id) rel.id = id;
    model.relations.push(rel);
  });
  model.externals = [...externals.values()];
}

/** Notebook topics of activities (TASKMEMO, topic names from MEMOTYPE) as each activity's plain-text notes. */
function readNotes(
  t: (name: string) => XerRows,
  model: ScheduleModel,
  each: (rows: XerRows, fn: (c: Cursor) => void) => void,
) {
  const memos = t("TASKMEMO");
  if (memos.length === 0) return;
  const topics = new Map<string, string>();
  each(t("MEMOTYPE"), (c) => topics.set(c.str("memo_type_id"), c.str("memo_type")));
  const byActivity = new Map<string, { topic?: string; text: string }[]>();
  each(memos, (c) => {
    const id = c.str("task_id");
    const list = byActivity.get(id) ?? [];
    list.push({ topic: topics.get(c.str("memo_type_id")), text: noteText(c.str("task_memo")) });
    byActivity.set(id, list);
  });
  for (const a of model.activities) {
    const list = byActivity.get(a.id);
    const notes = list && joinNotes(list);
    if (notes) a.notes = notes;
  }
}

/**
 * Who wrote the XER: P6 puts its database name in the header's seventh field (`dbxDatabaseNoName`, a server's name);
 * Asta Powerproject writes XER too and signs it `PowerProject` there — its dates are then Powerproject's calculation.
 */
function xerProducer(header: string[]): string {
  return header[6]?.trim().toLowerCase() === "powerproject" ? "Asta Powerproject" : "Primavera P6";
}
