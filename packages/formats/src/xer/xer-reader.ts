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
import { parseClndrData } from "./xer-calendar.js";
import { CONSTRAINTS, FLOAT_TYPES, LAG_CALENDARS, RELATION_TYPES, STATUS, TASK_TYPES } from "./xer-codes.js";
import { Cursor, each } from "./xer-cursor.js";
import { readCodesAndUdfs, readResources } from "./xer-reader-resources.js";
import { type ParseXerOptions, parseXerTables, XerRows } from "./xer-tables.js";

function constraintOf(c: Cursor, typeField: string, dateField: string): Constraint | undefined {
  const t = c.str(typeField);
  if (t === "") return undefined;
  const type = CONSTRAINTS[t];
  if (!type) c.fail(typeField, `Unknown constraint type "${t}"`);
  const date = c.date(dateField);
  return date ? { type, date } : { type };
}

/**
 * Read a Primavera P6 XER export (any version, windows-1251/1252/UTF-8) into the model. Several
 * projects in one file are kept apart; relations to activities outside the file become externals.
 */
export function readXer(bytes: Uint8Array, options: ParseXerOptions = {}): ScheduleModel {
  const file = parseXerTables(bytes, options);
  const t = (name: string) => new XerRows(file.tables.get(name), name);
  const model = emptyModel("xer");
  model.source = { format: "xer", producer: "Primavera P6", version: file.header[1] ?? "" };

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
      const dd = c.date("last_recalc_date");
      if (dd) baselineOf.get(id)!.dataDate = dd;
      return;
    }
    const o = optionRow.has(id) ? new Cursor(schedOptions, optionRow.get(id)) : c;
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
    const sf = c.date("scd_end_date");
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
    const seq = c.num("seq_num");
    model.wbs.push({
      id,
      projectId,
      ...(parent && !rootWbs.has(parent) ? { parentId: parent } : {}),
      code: c.str("wbs_short_name"),
      name: c.str("wbs_name"),
      ...(seq !== undefined ? { seq } : {}),
    });
  });

  readCalendars(t("CALENDAR"), model);
  const calendarIds = new Set(model.calendars.map((k) => k.id));

  const taskCode = new Map<string, string>();
  each(t("TASK"), (c) => {
    const id = c.required("task_id");
    const projectId = c.required("proj_id");
    const baseline = baselineOf.get(projectId);
    if (baseline) {
      baseline.activities.push({
        code: c.str("task_code"),
        name: c.str("task_name"),
        ...optDate("start", c.date("act_start_date") ?? c.date("early_start_date")),
        ...optDate("finish", c.date("act_end_date") ?? c.date("early_end_date")),
        duration: c.minutes("target_drtn_hr_cnt") ?? 0,
      });
      return;
    }
    if (!projectIds.has(projectId))
      c.fail("proj_id", `Activity ${id} refers to project ${projectId}, absent from the PROJECT table`);
    const typeCode = c.str("task_type");
    const type =
      TASK_TYPES[typeCode] ?? (typeCode === "" ? "task" : c.fail("task_type", `Unknown activity type "${typeCode}"`));
    const statusCode = c.str("status_code");
    const status =
      STATUS[statusCode] ??
      (statusCode === "" ? "not_started" : c.fail("status_code", `Unknown status "${statusCode}"`));
    const planned = c.minutes("target_drtn_hr_cnt") ?? 0;
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
      if (!calendarIds.has(cal))
        c.fail("clndr_id", `Activity ${a.code} uses calendar ${cal}, absent from the CALENDAR table`);
      a.calendarId = cal;
    }
    // Direct assignments (not spreads): this loop runs for every activity of 100k-activity files.
    let d = c.date("target_start_date");
    if (d) a.plannedStart = d;
    d = c.date("target_end_date");
    if (d) a.plannedFinish = d;
    d = c.date("act_start_date");
    if (d) a.actualStart = d;
    d = c.date("act_end_date");
    if (d) a.actualFinish = d;
    d = c.date("expect_end_date");
    if (d) a.expectedFinish = d;
    d = c.date("external_early_start_date");
    if (d) a.externalEarlyStart = d;
    d = c.date("external_late_end_date");
    if (d) a.externalLateFinish = d;
    const pct = c.num("phys_complete_pct");
    if (pct !== undefined) a.percentComplete = pct;
    const cons = constraintOf(c, "cstr_type", "cstr_date");
    if (cons) a.constraint = cons;
    const cons2 = constraintOf(c, "cstr_type2", "cstr_date2");
    if (cons2) a.secondaryConstraint = cons2;
    const computed: NonNullable<Activity["computed"]> = {};
    let any = false;
    d = c.date("early_start_date");
    if (d) {
      computed.earlyStart = d;
      any = true;
    }
    d = c.date("early_end_date");
    if (d) {
      computed.earlyFinish = d;
      any = true;
    }
    d = c.date("late_start_date");
    if (d) {
      computed.lateStart = d;
      any = true;
    }
    d = c.date("late_end_date");
    if (d) {
      computed.lateFinish = d;
      any = true;
    }
    const tf = c.minutes("total_float_hr_cnt");
    if (tf !== undefined) {
      computed.totalFloat = tf;
      any = true;
    }
    const ff = c.minutes("free_float_hr_cnt");
    if (ff !== undefined) {
      computed.freeFloat = ff;
      any = true;
    }
    if (any) a.computed = computed;
    const dt = c.opt("duration_type");
    if (dt) a.durationType = dt;
    const pt = c.opt("complete_pct_type");
    if (pt) a.percentCompleteType = pt;
    const guid = c.opt("guid");
    if (guid) a.guid = guid;
    model.activities.push(a);
  });
  for (const b of baselineOf.values()) model.baselines.push(b);

  readRelations(t("TASKPRED"), model, taskCode);
  readResources(t, model, taskCode);
  readCodesAndUdfs(t, model, taskCode);
  return normalizeReferences(model);
}

function optDate<K extends string>(key: K, v: string | undefined): Partial<Record<K, string>> {
  return v === undefined ? {} : ({ [key]: v } as Record<K, string>);
}

function readCalendars(rows: XerRows, model: ScheduleModel): void {
  const raw: { cal: Calendar; hasWeek: boolean }[] = [];
  each(rows, (c) => {
    const id = c.required("clndr_id");
    let parsed: ReturnType<typeof parseClndrData> = { exceptions: [] };
    try {
      parsed = parseClndrData(c.str("clndr_data"));
    } catch (e) {
      c.fail("clndr_data", `Calendar data of "${c.str("clndr_name")}" cannot be read: ${(e as Error).message}`);
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
    const hpd = c.num("day_hr_cnt");
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

function readRelations(rows: XerRows, model: ScheduleModel, taskCode: Map<string, string>): void {
  const externals = new Map<string, ScheduleModel["externals"][number]>();
  each(rows, (c) => {
    const succ = c.required("task_id");
    const pred = c.required("pred_task_id");
    const typeCode = c.str("pred_type");
    const type = RELATION_TYPES[typeCode] ?? c.fail("pred_type", `Unknown relationship type "${typeCode}"`);
    const predIn = taskCode.has(pred);
    const succIn = taskCode.has(succ);
    if (!predIn && !succIn) return; // belongs to projects not in the file (e.g. a baseline copy)
    // P6 keeps the other side's dates of a cross-project link in aref (predecessor early finish) and arls (successor late start).
    if (!predIn) {
      const e = externals.get(pred) ?? { id: pred };
      const proj = c.opt("pred_proj_id");
      if (proj) e.projectId = proj;
      const aref = c.date("aref");
      if (aref) e.earlyFinish = aref;
      externals.set(pred, e);
    }
    if (!succIn) {
      const e = externals.get(succ) ?? { id: succ };
      const proj = c.opt("proj_id");
      if (proj) e.projectId = proj;
      const arls = c.date("arls");
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
