/**
 * Generates a realistic P6 XER export (full TASK field set, as P6 20.12 writes it) with `activities`
 * activities and about 1.5 relations per activity, for benchmarks and performance tests.
 * Deterministic: the same arguments give the same bytes.
 */

const TASK_FIELDS =
  "task_id proj_id wbs_id clndr_id phys_complete_pct rev_fdbk_flag est_wt lock_plan_flag auto_compute_act_flag complete_pct_type task_type duration_type status_code task_code task_name rsrc_id total_float_hr_cnt free_float_hr_cnt remain_drtn_hr_cnt act_work_qty remain_work_qty target_work_qty target_drtn_hr_cnt target_equip_qty act_equip_qty remain_equip_qty cstr_date act_start_date act_end_date late_start_date late_end_date expect_end_date early_start_date early_end_date restart_date reend_date target_start_date target_end_date rem_late_start_date rem_late_end_date cstr_type priority_type suspend_date resume_date float_path float_path_order guid tmpl_guid cstr_date2 cstr_type2 driving_path_flag act_this_per_work_qty act_this_per_equip_qty external_early_start_date external_late_end_date create_date update_date create_user update_user location_id".split(
    " ",
  );

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function pad(n) {
  return n < 10 ? `0${n}` : String(n);
}

/** Working-day arithmetic of the generator's Mon–Fri 08:00–16:00 calendar, enough to write plausible dates. */
const workingDays = [];
function dayAfter(base, days) {
  const n = base + days;
  if (workingDays.length === 0) {
    const d = new Date(Date.UTC(2025, 0, 6));
    while (workingDays.length < 1000) {
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6)
        workingDays.push(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
      d.setUTCDate(d.getUTCDate() + 1);
    }
  }
  return workingDays[n];
}

export function generateXer(activities, options = {}) {
  const rand = rng(options.seed ?? 42);
  const lines = [];
  const row = (values) => lines.push(`%R\t${values.join("\t")}`);
  lines.push("ERMHDR\t20.12\t2025-01-06\tProject\tadmin\tPlanum bench\tdbxDatabaseNoName\tProject Management\tUSD");
  lines.push(
    "%T\tPROJECT",
    "%F\tproj_id\tproj_short_name\tclndr_id\tplan_start_date\tlast_recalc_date\tscd_end_date\tcritical_drtn_hr_cnt\tcritical_path_type\tsched_retained_logic\tsched_progress_override\tsched_float_type\tsched_calendar_on_relationship_lag\tsched_lag_early_start_flag",
  );
  row([
    "1",
    "BENCH",
    "1",
    "2025-01-06 08:00",
    "2025-03-03 08:00",
    "",
    "0",
    "CT_TotFloat",
    "Y",
    "N",
    "FT_FF",
    "rcal_Predecessor",
    "Y",
  ]);
  const holidays = [];
  for (let y = 2025; y <= 2035; y++) {
    for (const md of ["01-01", "05-01", "12-25"])
      holidays.push(
        Math.round((Date.UTC(y, Number(md.slice(0, 2)) - 1, Number(md.slice(3))) - Date.UTC(1899, 11, 30)) / 86400000),
      );
  }
  const exc = holidays.map((s, i) => `(0||${i}(d|${s})())`).join("");
  const day = "((0||0(s|08:00|f|12:00)())(0||1(s|13:00|f|17:00)()))";
  const week = `(0||1()())(0||2()${day})(0||3()${day})(0||4()${day})(0||5()${day})(0||6()${day})(0||7()())`;
  lines.push(
    "%T\tCALENDAR",
    "%F\tclndr_id\tdefault_flag\tclndr_name\tproj_id\tbase_clndr_id\tclndr_type\tday_hr_cnt\tclndr_data",
  );
  row([
    "1",
    "Y",
    "Standard 5x8",
    "",
    "",
    "CA_Base",
    "8",
    `(0||CalendarData()((0||DaysOfWeek()(${week}))(0||Exceptions()(${exc}))))`,
  ]);
  lines.push(
    "%T\tPROJWBS",
    "%F\twbs_id\tproj_id\tseq_num\tproj_node_flag\tstatus_code\twbs_short_name\twbs_name\tparent_wbs_id",
  );
  row(["100", "1", "0", "Y", "WS_Open", "BENCH", "Benchmark project", ""]);
  const wbsCount = Math.max(1, Math.ceil(activities / 50));
  for (let w = 0; w < wbsCount; w++)
    row([String(1000 + w), "1", String(w + 1), "N", "WS_Open", `W${w + 1}`, `Секция ${w + 1} / Section`, "100"]);
  lines.push("%T\tTASK", `%F\t${TASK_FIELDS.join("\t")}`);
  const starts = [];
  for (let i = 0; i < activities; i++) {
    const id = 100000 + i;
    const dur = 8 * (1 + Math.floor(rand() * 10));
    const startDay = Math.floor((i / activities) * 400);
    starts.push(startDay);
    const status = i < activities * 0.1 ? "TK_Complete" : i < activities * 0.13 ? "TK_Active" : "TK_NotStart";
    const es = `${dayAfter(startDay, 0)} 08:00`;
    const ef = `${dayAfter(startDay, dur / 8 - 1)} 16:00`;
    const v = Object.fromEntries(TASK_FIELDS.map((f) => [f, ""]));
    Object.assign(v, {
      task_id: id,
      proj_id: 1,
      wbs_id: 1000 + Math.floor(i / 50),
      clndr_id: 1,
      phys_complete_pct: 0,
      rev_fdbk_flag: "N",
      est_wt: 1,
      lock_plan_flag: "N",
      auto_compute_act_flag: "N",
      complete_pct_type: "CP_Drtn",
      task_type: i % 97 === 0 ? "TT_Mile" : "TT_Task",
      duration_type: "DT_FixedDUR2",
      status_code: status,
      task_code: `A${10000 + i * 10}`,
      task_name: `Работа ${i} — activity ${i}`,
      total_float_hr_cnt: 0,
      free_float_hr_cnt: 0,
      remain_drtn_hr_cnt: status === "TK_Complete" ? 0 : status === "TK_Active" ? dur / 2 : dur,
      act_work_qty: 0,
      remain_work_qty: 0,
      target_work_qty: 0,
      target_drtn_hr_cnt: i % 97 === 0 ? 0 : dur,
      target_equip_qty: 0,
      act_equip_qty: 0,
      remain_equip_qty: 0,
      act_start_date: status !== "TK_NotStart" ? es : "",
      act_end_date: status === "TK_Complete" ? ef : "",
      late_start_date: es,
      late_end_date: ef,
      early_start_date: es,
      early_end_date: ef,
      target_start_date: es,
      target_end_date: ef,
      cstr_type: i % 211 === 5 ? "CS_MSOA" : "",
      cstr_date: i % 211 === 5 ? es : "",
      priority_type: "PT_Normal",
      guid: `G${id.toString(36)}xxxxxxxxxxxxxxxx`,
      driving_path_flag: "N",
      act_this_per_work_qty: 0,
      act_this_per_equip_qty: 0,
      create_date: "2025-01-06 08:00",
      update_date: "2025-01-06 08:00",
      create_user: "admin",
      update_user: "admin",
    });
    row(TASK_FIELDS.map((f) => v[f]));
  }
  lines.push("%T\tTASKPRED", "%F\ttask_pred_id\ttask_id\tpred_task_id\tproj_id\tpred_proj_id\tpred_type\tlag_hr_cnt");
  let rel = 0;
  const types = ["PR_FS", "PR_FS", "PR_FS", "PR_FS", "PR_SS", "PR_FF"];
  // About 1.5 relations per activity, each activity after the one before it (a single chain: fine to read, too long
  // to calculate at 100k). `relationsPerActivity` (2.7: the server benchmarks' 270k) makes a network a calculation
  // can finish: crews of ten in a row, every other link to one of the 4,000 activities before.
  const perActivity = options.relationsPerActivity;
  for (let i = 1; i < activities; i++) {
    const links = perActivity
      ? Math.floor(perActivity) + ((i * 7919) % 100 < (perActivity % 1) * 100 ? 1 : 0)
      : i % 2 === 0
        ? 2
        : 1;
    const used = new Set();
    for (let k = 0; k < links; k++) {
      const back = perActivity
        ? k === 0 && i % 10 !== 0
          ? 1
          : 2 + Math.floor(rand() * 4000)
        : k === 0
          ? 1
          : 2 + Math.floor(rand() * 30);
      const p = perActivity ? Math.max(0, i - back) : i - back;
      if (p < 0 || used.has(p)) continue;
      used.add(p);
      rel++;
      row([
        String(500000 + rel),
        String(100000 + i),
        String(100000 + p),
        "1",
        "1",
        types[Math.floor(rand() * types.length)],
        rand() < 0.1 ? "8" : "0",
      ]);
    }
  }
  // Resources, one assignment per activity and activity codes, as real exports carry them (and for file size).
  lines.push(
    "%T\tRSRC",
    "%F\trsrc_id\tparent_rsrc_id\tclndr_id\trsrc_name\trsrc_short_name\trsrc_type\tdef_qty_per_hr",
  );
  for (let r = 0; r < 20; r++)
    row([String(900 + r), "", "1", `Бригада ${r + 1}`, `CREW${r + 1}`, r % 5 === 4 ? "RT_Equip" : "RT_Labor", "1"]);
  const trFields =
    "taskrsrc_id task_id proj_id cost_qty_link_flag role_id acct_id rsrc_id pobs_id skill_level remain_qty target_qty remain_qty_per_hr target_lag_drtn_hr_cnt target_qty_per_hr act_ot_qty act_reg_qty relag_drtn_hr_cnt ot_factor cost_per_qty target_cost act_reg_cost act_ot_cost remain_cost act_start_date act_end_date restart_date reend_date target_start_date target_end_date rem_late_start_date rem_late_end_date rollup_dates_flag target_crv remain_crv actual_crv ts_pend_act_end_flag guid rate_type act_this_per_cost act_this_per_qty curv_id rsrc_type cost_per_qty_source_type create_user create_date".split(
      " ",
    );
  lines.push("%T\tTASKRSRC", `%F\t${trFields.join("\t")}`);
  for (let i = 0; i < activities; i++) {
    const v = Object.fromEntries(trFields.map((f) => [f, ""]));
    Object.assign(v, {
      taskrsrc_id: 700000 + i,
      task_id: 100000 + i,
      proj_id: 1,
      cost_qty_link_flag: "Y",
      rsrc_id: 900 + (i % 20),
      skill_level: 3,
      remain_qty: 40,
      target_qty: 40,
      remain_qty_per_hr: 1,
      target_lag_drtn_hr_cnt: 0,
      target_qty_per_hr: 1,
      act_ot_qty: 0,
      act_reg_qty: 0,
      relag_drtn_hr_cnt: 0,
      ot_factor: 0,
      cost_per_qty: "25.0000",
      target_cost: "1000.0000",
      act_reg_cost: "0.0000",
      act_ot_cost: "0.0000",
      remain_cost: "1000.0000",
      restart_date: "2025-01-06 08:00",
      reend_date: "2025-01-10 16:00",
      target_start_date: "2025-01-06 08:00",
      target_end_date: "2025-01-10 16:00",
      rem_late_start_date: "2025-01-06 08:00",
      rem_late_end_date: "2025-01-10 16:00",
      rollup_dates_flag: "Y",
      ts_pend_act_end_flag: "N",
      guid: `R${i.toString(36)}yyyyyyyyyyyyyyyyyy`,
      rate_type: "COST_PER_QTY",
      act_this_per_cost: "0.0000",
      act_this_per_qty: 0,
      rsrc_type: "RT_Labor",
      cost_per_qty_source_type: "ST_Rsrc",
      create_user: "admin",
      create_date: "2025-01-06 08:00",
    });
    row(trFields.map((f) => v[f]));
  }
  lines.push(
    "%T\tACTVTYPE",
    "%F\tactv_code_type_id\tactv_short_len\tseq_num\tactv_code_type\tproj_id\twbs_id\tactv_code_type_scope",
  );
  row(["1", "20", "1", "Phase", "", "", "AS_Global"]);
  lines.push(
    "%T\tACTVCODE",
    "%F\tactv_code_id\tparent_actv_code_id\tactv_code_type_id\tactv_code_name\tshort_name\tseq_num\tcolor",
  );
  for (let k = 0; k < 10; k++) row([String(50 + k), "", "1", `Этап ${k + 1}`, `PH${k + 1}`, String(k), "0"]);
  lines.push("%T\tTASKACTV", "%F\ttask_id\tactv_code_type_id\tactv_code_id\tproj_id");
  for (let i = 0; i < activities; i++) row([String(100000 + i), "1", String(50 + (i % 10)), "1"]);
  lines.push("%E", "");
  return { text: lines.join("\r\n"), relations: rel };
}

export function generateXerBytes(activities, options) {
  const { text, relations } = generateXer(activities, options);
  return { bytes: new TextEncoder().encode(text), relations };
}
