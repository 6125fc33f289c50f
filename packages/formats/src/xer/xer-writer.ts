import { spelling, XER_DURATION_TYPES, XER_PERCENT_TYPES } from "../model/activity-kinds.js";
import type { Activity, Constraint, ScheduleModel } from "../model/schedule-model.js";
import { encodeForP6 } from "../util/single-byte-encoder.js";
import { formatClndrData } from "./xer-calendar.js";
import {
  CONSTRAINTS,
  FLOAT_TYPES,
  invert,
  LAG_CALENDARS,
  RELATION_TYPES,
  RESOURCE_TYPES,
  STATUS,
  TASK_TYPES,
  UDF_TYPES,
} from "./xer-codes.js";
import { d, h, TableWriter, type Value, xerGuid } from "./xer-table-writer.js";
import { writeResourceTables } from "./xer-writer-resources.js";

export interface WriteXerOptions {
  /** "auto" picks windows-1252, then windows-1251, then UTF-8 — what P6 on a Western or Russian machine reads. */
  encoding?: "auto" | "utf-8" | "windows-1251" | "windows-1252";
  /** Export date written in the ERMHDR line (YYYY-MM-DD); defaults to today. */
  exportDate?: string;
}

const taskType = invert(TASK_TYPES);
const status = invert(STATUS);
const cons = invert(CONSTRAINTS);
const relType = invert(RELATION_TYPES);
const floatType = invert(FLOAT_TYPES);
const lagCal = invert(LAG_CALENDARS);
const _rsrcType = invert(RESOURCE_TYPES);
const _udfType = invert(UDF_TYPES);

function constraintCells(c: Constraint | undefined): [Value, Value] {
  return c ? [cons[c.type], d(c.date)] : [undefined, undefined];
}

/**
 * Write the model as an XER file with the table and field set MPXJ and P6 read (PROJECT with its
 * sched_* options, SCHEDOPTIONS, CALENDAR, PROJWBS, TASK, TASKPRED, RSRC, TASKRSRC, codes and UDFs).
 */
export function writeXer(model: ScheduleModel, options: WriteXerOptions = {}): Uint8Array {
  const w = new TableWriter();
  const today = options.exportDate ?? new Date().toISOString().slice(0, 10);
  const header = [
    "ERMHDR",
    "20.12",
    today,
    "Project",
    "admin",
    "Planum",
    "dbxDatabaseNoName",
    "Project Management",
    "USD",
  ];
  w.out.push(header.join("\t"));
  w.table(
    "CURRTYPE",
    [
      "curr_id",
      "decimal_digit_cnt",
      "curr_symbol",
      "decimal_symbol",
      "digit_group_symbol",
      "pos_curr_fmt_type",
      "neg_curr_fmt_type",
      "curr_type",
      "curr_short_name",
      "group_digit_cnt",
      "base_exch_rate",
    ],
    [[1, 2, "$", ".", ",", "#1.1", "(#1.1)", "US Dollar", "USD", 3, 1]],
  );

  const rootWbsId = (projectId: string) => `R${projectId}`;
  const liveBaselines = model.baselines.filter((b) => b.projectId !== undefined);
  const projectIds = new Set(model.projects.map((p) => p.id));
  // Baselines travel as extra PROJECT rows (project_flag N, orig_proj_id = the live project), as P6 stores them.
  const bId = (b: { id: string }): string => (projectIds.has(b.id) ? `B${b.id}` : b.id);
  w.table(
    "PROJECT",
    [
      "proj_id",
      "proj_short_name",
      "project_flag",
      "orig_proj_id",
      "clndr_id",
      "plan_start_date",
      "plan_end_date",
      "scd_end_date",
      "last_recalc_date",
      "critical_drtn_hr_cnt",
      "critical_path_type",
      "sched_retained_logic",
      "sched_progress_override",
      "sched_float_type",
      "sched_calendar_on_relationship_lag",
      "sched_lag_early_start_flag",
      "sched_open_critical_flag",
      "sched_outer_depend_type",
      "def_duration_type",
      "def_task_type",
      "task_code_base",
      "task_code_step",
      "task_code_prefix",
      "name_sep_char",
    ],
    [
      ...model.projects.map((p): Value[] => {
        const o = p.options;
        return [
          p.id,
          p.code,
          "Y",
          undefined,
          p.defaultCalendarId,
          d(p.plannedStart),
          d(p.mustFinishBy),
          d(p.scheduledFinish),
          d(p.dataDate),
          h(o.criticalFloat),
          o.criticalPath ? (o.criticalPath === "longest_path" ? "CT_DrivPath" : "CT_TotFloat") : undefined,
          o.progress ? o.progress === "retained_logic" : undefined,
          o.progress ? o.progress === "progress_override" : undefined,
          o.floatType ? floatType[o.floatType] : undefined,
          o.lagCalendar ? lagCal[o.lagCalendar] : undefined,
          o.ssLagFrom ? o.ssLagFrom === "early_start" : undefined,
          o.openEndsCritical,
          o.ignoreExternalRelations === undefined ? undefined : o.ignoreExternalRelations ? "SD_None" : "SD_Both",
          "DT_FixedDUR2",
          "TT_Task",
          1000,
          10,
          "A",
          ".",
        ];
      }),
      ...liveBaselines.map((b): Value[] => [
        bId(b),
        b.name,
        "N",
        b.projectId,
        undefined,
        undefined,
        undefined,
        undefined,
        d(b.dataDate),
      ]),
    ],
  );
  w.table(
    "SCHEDOPTIONS",
    [
      "schedoptions_id",
      "proj_id",
      "sched_outer_depend_type",
      "sched_open_critical_flag",
      "sched_lag_early_start_flag",
      "sched_retained_logic",
      "sched_float_type",
      "sched_calendar_on_relationship_lag",
      "sched_progress_override",
      "sched_use_expect_end_flag",
    ],
    model.projects.map((p, i) => {
      const o = p.options;
      return [
        i + 1,
        p.id,
        o.ignoreExternalRelations === undefined ? undefined : o.ignoreExternalRelations ? "SD_None" : "SD_Both",
        o.openEndsCritical,
        o.ssLagFrom ? o.ssLagFrom === "early_start" : undefined,
        o.progress ? o.progress === "retained_logic" : undefined,
        o.floatType ? floatType[o.floatType] : undefined,
        o.lagCalendar ? lagCal[o.lagCalendar] : undefined,
        o.progress ? o.progress === "progress_override" : undefined,
        o.useExpectedFinish,
      ];
    }),
  );
  w.table(
    "CALENDAR",
    [
      "clndr_id",
      "default_flag",
      "clndr_name",
      "proj_id",
      "base_clndr_id",
      "clndr_type",
      "day_hr_cnt",
      "week_hr_cnt",
      "clndr_data",
    ],
    model.calendars.map((c) => [
      c.id,
      c.isDefault ?? false,
      c.name,
      c.projectId,
      c.baseCalendarId,
      c.kind === "project" ? "CA_Project" : c.kind === "resource" ? "CA_Rsrc" : "CA_Base",
      c.hoursPerDay,
      undefined,
      formatClndrData(c.week, c.exceptions),
    ]),
  );
  w.table(
    "PROJWBS",
    ["wbs_id", "proj_id", "seq_num", "proj_node_flag", "status_code", "wbs_short_name", "wbs_name", "parent_wbs_id"],
    [
      ...model.projects.map((p): Value[] => [rootWbsId(p.id), p.id, 0, "Y", "WS_Open", p.code, p.name, undefined]),
      ...liveBaselines.map((b): Value[] => [rootWbsId(bId(b)), bId(b), 0, "Y", "WS_Open", b.name, b.name, undefined]),
      ...model.wbs.map((n): Value[] => [
        n.id,
        n.projectId,
        n.seq,
        "N",
        "WS_Open",
        n.code,
        n.name,
        n.parentId ?? rootWbsId(n.projectId),
      ]),
    ],
  );
  const taskFields = [
    "task_id",
    "proj_id",
    "wbs_id",
    "clndr_id",
    "phys_complete_pct",
    "complete_pct_type",
    "task_type",
    "duration_type",
    "status_code",
    "task_code",
    "task_name",
    "total_float_hr_cnt",
    "free_float_hr_cnt",
    "remain_drtn_hr_cnt",
    "act_drtn_hr_cnt",
    "target_drtn_hr_cnt",
    "cstr_date",
    "act_start_date",
    "act_end_date",
    "late_start_date",
    "late_end_date",
    "expect_end_date",
    "suspend_date",
    "resume_date",
    "early_start_date",
    "early_end_date",
    "restart_date",
    "reend_date",
    "target_start_date",
    "target_end_date",
    "cstr_type",
    "priority_type",
    "guid",
    "cstr_date2",
    "cstr_type2",
    "external_early_start_date",
    "external_late_end_date",
  ];
  const taskRow = (a: Activity): Value[] => {
    const [ct, cd] = constraintCells(a.constraint);
    const [ct2, cd2] = constraintCells(a.secondaryConstraint);
    const c = a.computed ?? {};
    return [
      a.id,
      a.projectId,
      a.wbsId ?? rootWbsId(a.projectId),
      a.calendarId,
      a.percentComplete,
      spelling(XER_PERCENT_TYPES, a.percentCompleteType),
      taskType[a.type === "summary" ? "wbs_summary" : a.type],
      spelling(XER_DURATION_TYPES, a.durationType),
      status[a.status],
      a.code,
      a.name,
      h(c.totalFloat),
      h(c.freeFloat),
      h(a.remainingDuration),
      h(a.actualDuration),
      h(a.plannedDuration),
      cd,
      d(a.actualStart),
      d(a.actualFinish),
      d(c.lateStart),
      d(c.lateFinish),
      d(a.expectedFinish),
      d(a.suspendDate),
      d(a.resumeDate),
      d(c.earlyStart),
      d(c.earlyFinish),
      a.status === "completed" ? undefined : d(c.earlyStart),
      a.status === "completed" ? undefined : d(c.earlyFinish),
      d(a.plannedStart),
      d(a.plannedFinish),
      ct,
      "PT_Normal",
      xerGuid(a.guid),
      cd2,
      ct2,
      d(a.externalEarlyStart),
      d(a.externalLateFinish),
    ];
  };
  let baselineTaskId = 0;
  // Notes go into one notebook topic, "Notes"; P6 keeps a topic's text as HTML with line breaks.
  const noted = model.activities.filter((a) => a.notes);
  w.table(
    "MEMOTYPE",
    ["memo_type_id", "seq_num", "eps_flag", "proj_flag", "wbs_flag", "task_flag", "memo_type"],
    noted.length ? [["1", 1, false, false, false, true, "Notes"]] : [],
  );
  w.table("TASK", taskFields, [
    ...model.activities.map(taskRow),
    ...liveBaselines.flatMap((b) =>
      b.activities.map((ba): Value[] => {
        baselineTaskId++;
        const row: Value[] = new Array(taskFields.length).fill(undefined);
        const set = (f: string, v: Value) => {
          row[taskFields.indexOf(f)] = v;
        };
        set("task_id", `BT${baselineTaskId}`);
        set("proj_id", bId(b));
        set("wbs_id", rootWbsId(bId(b)));
        set("task_type", "TT_Task");
        set("status_code", "TK_NotStart");
        set("task_code", ba.code);
        set("task_name", ba.name);
        set("target_drtn_hr_cnt", h(ba.duration));
        set("early_start_date", d(ba.start));
        set("early_end_date", d(ba.finish));
        return row;
      }),
    ),
  ]);
  const projectOf = new Map(model.activities.map((a) => [a.id, a.projectId]));
  const ext = new Map(model.externals.map((e) => [e.id, e]));
  w.table(
    "TASKPRED",
    ["task_pred_id", "task_id", "pred_task_id", "proj_id", "pred_proj_id", "pred_type", "lag_hr_cnt", "aref", "arls"],
    model.relations.map((r, i) => [
      r.id ?? `L${i + 1}`,
      r.successorId,
      r.predecessorId,
      projectOf.get(r.successorId) ?? ext.get(r.successorId)?.projectId,
      projectOf.get(r.predecessorId) ?? ext.get(r.predecessorId)?.projectId,
      relType[r.type],
      h(r.lag),
      d(ext.get(r.predecessorId)?.earlyFinish),
      d(ext.get(r.successorId)?.lateStart),
    ]),
  );
  w.table(
    "TASKMEMO",
    ["memo_id", "task_id", "memo_type_id", "proj_id", "task_memo"],
    noted.map((a, i) => [String(i + 1), a.id, "1", a.projectId, noteHtml(a.notes!)]),
  );
  writeResourceTables(w, model, projectOf);
  w.out.push("%E", "");
  return encodeForP6(w.out.join("\r\n"), options.encoding).bytes;
}

/** Plain-text notes as the HTML of a P6 notebook topic; new lines as P6 writes them inside an XER field (0x7F 0x7F). */
function noteHtml(text: string): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<html><body>${escaped.split("\n").join("<br>\x7f\x7f")}</body></html>`;
}
