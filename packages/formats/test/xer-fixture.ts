/**
 * Small XER files written by hand for reader tests: each table is a list of rows keyed by field name, so a
 * test states only the fields it is about.
 */
export type XerRow = Record<string, string | number>;

export function xerFile(tables: Record<string, XerRow[]>): Uint8Array {
  const lines = ["ERMHDR\t20.12\t2024-01-01\tProject\tadmin\tadmin\tdbxDatabaseNoName\tProject Management\tUSD"];
  for (const [name, rows] of Object.entries(tables)) {
    const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    lines.push(`%T\t${name}`, `%F\t${fields.join("\t")}`);
    for (const r of rows) lines.push(`%R\t${fields.map((f) => String(r[f] ?? "")).join("\t")}`);
  }
  lines.push("%E");
  return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
}

/** P6 calendar data of a Monday–Friday week with the given intervals each day. */
export function clndrData(
  intervals: [string, string][] = [
    ["08:00", "12:00"],
    ["13:00", "17:00"],
  ],
): string {
  const work = intervals.map(([s, f], i) => `(0||${i}(s|${s}|f|${f})())`).join("");
  const days = [1, 2, 3, 4, 5, 6, 7].map((d) => `(0||${d}()(${d === 1 || d === 7 ? "" : work}))`).join("");
  return `(0||CalendarData()((0||DaysOfWeek()(${days}))(0||Exceptions()())))`;
}

/** One project "P1" (id 1) with a global default calendar (id 1) and a project calendar (id 2). */
export function baseTables(): Record<string, XerRow[]> {
  return {
    CALENDAR: [
      {
        clndr_id: 1,
        default_flag: "Y",
        clndr_name: "Global 5d",
        proj_id: "",
        clndr_type: "CA_Base",
        day_hr_cnt: 8,
        clndr_data: clndrData(),
      },
      {
        clndr_id: 2,
        default_flag: "N",
        clndr_name: "Project 7-15",
        proj_id: 1,
        clndr_type: "CA_Project",
        day_hr_cnt: 8,
        clndr_data: clndrData([["07:00", "15:00"]]),
      },
    ],
    PROJECT: [
      {
        proj_id: 1,
        proj_short_name: "P1",
        clndr_id: 2,
        plan_start_date: "2024-01-08 07:00",
        last_recalc_date: "2024-01-08 07:00",
        project_flag: "Y",
      },
    ],
    PROJWBS: [{ wbs_id: 10, proj_id: 1, proj_node_flag: "Y", wbs_short_name: "P1", wbs_name: "Project one" }],
    TASK: [task(100, "A1000"), task(101, "A1010")],
    TASKPRED: [
      {
        task_pred_id: 1,
        task_id: 101,
        pred_task_id: 100,
        proj_id: 1,
        pred_proj_id: 1,
        pred_type: "PR_FS",
        lag_hr_cnt: 0,
      },
    ],
  };
}

export function task(id: number, code: string, extra: XerRow = {}): XerRow {
  return {
    task_id: id,
    proj_id: 1,
    wbs_id: 10,
    clndr_id: 2,
    task_code: code,
    task_name: `Activity ${code}`,
    task_type: "TT_Task",
    status_code: "TK_NotStart",
    target_drtn_hr_cnt: 16,
    remain_drtn_hr_cnt: 16,
    target_start_date: "",
    target_end_date: "",
    early_start_date: "",
    ...extra,
  };
}
