import { describe, expect, it } from "vitest";
import {
  buildProjectNetwork,
  FormatError,
  measureFidelity,
  READ_WARNING_MESSAGES,
  ReadWarnings,
  readMspdi,
  readPmxml,
  readScheduleWithReport,
  readWarningText,
  readXer,
  recalculate,
  writeMspdi,
} from "../src/index.js";
import { baseTables, task, xerFile } from "./xer-fixture.js";

describe("P6 activity details", () => {
  it("XER: duration and percent-complete types, suspend/resume, expected finish and notebook topics (HTML, DEL breaks)", () => {
    const tables = baseTables();
    tables.TASK[0] = task(100, "A1000", {
      status_code: "TK_Active",
      act_start_date: "2024-01-08 07:00",
      duration_type: "DT_FixedQty",
      complete_pct_type: "CP_Phys",
      suspend_date: "2024-01-09 15:00",
      resume_date: "2024-01-11 07:00",
      expect_end_date: "2024-01-15 15:00",
      cstr_type: "CS_MANDSTART",
      cstr_date: "2024-01-08 07:00",
      cstr_type2: "CS_MEOB",
      cstr_date2: "2024-01-19 15:00",
    });
    tables.TASK[1] = task(101, "A1010", { duration_type: "DT_Whatever", cstr_type: "CS_ALAP" });
    tables.MEMOTYPE = [
      { memo_type_id: 1, memo_type: "Notes" },
      { memo_type_id: 2, memo_type: "Risks" },
    ];
    tables.TASKMEMO = [
      {
        memo_id: 1,
        task_id: 100,
        memo_type_id: 1,
        proj_id: 1,
        task_memo: "<html><body>Crane &amp; rigging<br>\x7f\x7fbooked</body></html>",
      },
      { memo_id: 2, task_id: 100, memo_type_id: 2, proj_id: 1, task_memo: "<p>Wind</p>" },
      { memo_id: 3, task_id: 101, memo_type_id: 1, proj_id: 1, task_memo: "Only text" },
    ];
    const warnings = new ReadWarnings();
    const model = readXer(xerFile(tables), { warnings });
    const [a, b] = ["A1000", "A1010"].map((code) => model.activities.find((x) => x.code === code)!);
    expect(a).toMatchObject({
      durationType: "fixed_units",
      percentCompleteType: "physical",
      suspendDate: "2024-01-09T15:00",
      resumeDate: "2024-01-11T07:00",
      expectedFinish: "2024-01-15T15:00",
      constraint: { type: "mandatory_start", date: "2024-01-08T07:00" },
      secondaryConstraint: { type: "finish_on_or_before", date: "2024-01-19T15:00" },
      notes: "Notes\nCrane & rigging\nbooked\n\nRisks\nWind",
    });
    expect(b).toMatchObject({ notes: "Only text", constraint: { type: "as_late_as_possible" } });
    expect(b.durationType).toBeUndefined();
    expect(warnings.list).toMatchObject([
      {
        code: "UnknownValue",
        params: { value: "DT_Whatever", field: "duration_type", fallback: "DT_FixedDUR2" },
        place: { table: "TASK", row: 2, field: "duration_type", activity: "A1010" },
      },
    ]);
  });
});

describe("MPX oddities MS Project opens are warnings with their place, not refusals", () => {
  it("an unreadable early date or slack, an unknown constraint type, a predecessor outside the file", async () => {
    const mpx = [
      "MPX,Microsoft Project for Windows,4.0,ANSI",
      "12,1,1,480,/,:,,,9,1",
      "30,Small,,,Standard",
      "61,1,90,40,52,94,91,70,3",
      "70,Dig,1,2d,32/13/24,1d,Start Sooner,,1",
      '70,Pour,2,1d,,,,"1,9",1',
    ].join("\r\n");
    const { model, report } = await readScheduleWithReport(new TextEncoder().encode(mpx), { fileName: "s.mpx" });
    const dig = model.activities.find((a) => a.code === "1")!;
    expect(dig.computed).toEqual({ totalFloat: 480 });
    expect(dig.constraint).toBeUndefined();
    expect(model.relations).toEqual([{ predecessorId: "1", successorId: "2", type: "FS", lag: 0 }]);
    expect(report.warnings).toMatchObject([
      {
        code: "UnknownValue",
        params: { value: "Start Sooner", field: "Constraint Type" },
        place: { table: "record 70", row: 5, field: "Constraint Type", activity: "1" },
      },
      {
        code: "ValueIgnored",
        params: { value: "32/13/24", field: "Early Start", reason: "not a date" },
        place: { table: "record 70", row: 5, line: 5, field: "Early Start", activity: "1" },
      },
      {
        code: "RelationDropped",
        params: { predecessor: "9", successor: "2" },
        place: { table: "record 70", row: 6, field: "Predecessors", activity: "2" },
      },
    ]);
  });
});

describe("MPX in the language MS Project was set to", () => {
  it("German: durations in Tage (t) and fortlaufende Tage (ft), Ja/Nein, NV, EA/AA/EE/AE links, constraint names, decimal commas", async () => {
    const mpx = [
      "MPX;Microsoft Project for Windows;4,0;ANSI",
      "10;DM;1;2;.;,",
      "11;2;0;1;8,00;40,00;0,00 DM/h;0,00 DM/h;1;1",
      "12;1;1;480;.;:;;;9",
      "30;Haus;;;Standard;Di 07.01.03;Di 18.03.03",
      "61;90;98;1;40;3;70;52;54;94;91;68;81;44",
      "70;1;1;Aushub;2,5t;1;;Di 07.01.03;Mi 08.01.03;1t;So früh wie möglich;;Nein;50,5%",
      '70;2;2;Fundament;3ft;1;"1EA+1t;1AA";NV;NV;0t;Anfang nicht früher als;Mi 08.01.03;Nein;0%',
      "70;3;3;Abnahme;0t;1;2EE;Fr 10.01.03;Fr 10.01.03;0t;Muss anfangen am;Fr 10.01.03;Ja;0%",
    ].join("\r\n");
    // MS Project writes an "ANSI" MPX in the Windows code page (ü as one byte).
    const bytes = Uint8Array.from(mpx, (c) => c.charCodeAt(0));
    const { model, report } = await readScheduleWithReport(bytes, { fileName: "de.mpx" });
    expect(report.warnings).toEqual([]);
    const [dig, base, check] = model.activities;
    expect(dig).toMatchObject({ plannedDuration: 1200, percentComplete: 50.5, status: "in_progress" });
    expect(dig.computed).toEqual({ earlyStart: "2003-01-07T08:00", lateStart: "2003-01-08T08:00", totalFloat: 480 });
    expect(base).toMatchObject({ plannedDuration: 3 * 1440, constraint: { type: "start_on_or_after" } });
    expect(base.computed).toEqual({ totalFloat: 0 });
    expect(check).toMatchObject({
      type: "milestone_finish",
      constraint: { type: "start_on", date: "2003-01-10T08:00" },
    });
    expect(model.relations).toEqual([
      { predecessorId: "1", successorId: "2", type: "FS", lag: 480 },
      { predecessorId: "1", successorId: "2", type: "SS", lag: 0 },
      { predecessorId: "2", successorId: "3", type: "FF", lag: 0 },
    ]);
  });

  it("an unknown duration unit still refuses the file with its place", async () => {
    const mpx = ["MPX,Microsoft Project for Windows,4.0,ANSI", "61,1,90,40", "70,Dig,1,2q"].join("\r\n");
    await expect(readScheduleWithReport(new TextEncoder().encode(mpx), { fileName: "q.mpx" })).rejects.toThrow(
      '"2q" is not a duration',
    );
  });
});

describe("XER oddities P6 opens are warnings with their place, not refusals", () => {
  it("an out-of-range date in a field the calculation does without (target_end_date 4637) is ignored with a warning", async () => {
    const tables = baseTables();
    tables.TASK[1] = task(101, "A1010", { target_end_date: "4637-11-24 17:00", target_start_date: "2024-01-10 07:00" });
    const { model, report } = await readScheduleWithReport(xerFile(tables), { fileName: "x.xer" });
    const a = model.activities.find((x) => x.code === "A1010")!;
    expect(a.plannedFinish).toBeUndefined();
    expect(a.plannedStart).toBe("2024-01-10T07:00");
    expect(report.warnings).toEqual([
      {
        code: "ValueIgnored",
        message: expect.stringContaining("4637-11-24 17:00"),
        params: { value: "4637-11-24 17:00", field: "target_end_date", reason: "out of range" },
        place: {
          table: "TASK",
          row: 2,
          field: "target_end_date",
          line: expect.any(Number),
          activity: "A1010",
          project: "P1",
        },
      },
    ]);
    expect(report.counts).toEqual({ projects: 1, activities: 2, relations: 1, calendars: 2, resources: 0, codes: 0 });
    expect(report.format).toBe("xer");
  });

  it("an original duration of 5,469,776 h (real P6 8.1 export) is read as remaining + actual, with a warning", () => {
    const tables = baseTables();
    tables.TASK[1] = task(101, "A1010", {
      status_code: "TK_Active",
      act_start_date: "2024-01-08 07:00",
      target_drtn_hr_cnt: 5469776,
      remain_drtn_hr_cnt: 432,
      act_drtn_hr_cnt: 16,
      target_end_date: "4637-11-24 17:00",
    });
    const warnings = new ReadWarnings();
    const model = readXer(xerFile(tables), { warnings });
    const a = model.activities.find((x) => x.code === "A1010")!;
    expect(a).toMatchObject({ plannedDuration: 448 * 60, remainingDuration: 432 * 60 });
    expect(warnings.list.map((w) => [w.params.field, w.params.reason])).toEqual([
      ["target_drtn_hr_cnt", "out of range"],
      ["target_end_date", "out of range"],
    ]);
    expect(measureFidelity(model).compared).toBe(0);
  });

  it("a bad value in a field the calculation needs (actual start) still refuses the file with its place", () => {
    const tables = baseTables();
    tables.TASK[0] = task(100, "A1000", { status_code: "TK_Active", act_start_date: "2024-99-01 07:00" });
    try {
      readXer(xerFile(tables));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FormatError);
      expect((e as FormatError).location).toMatchObject({ table: "TASK", row: 1, field: "act_start_date" });
    }
  });

  it("an activity whose calendar the export left out runs on its project's default calendar, with a warning", () => {
    const tables = baseTables();
    tables.TASK[1] = task(101, "A1010", { clndr_id: 99 });
    const warnings = new ReadWarnings();
    const model = readXer(xerFile(tables), { warnings });
    expect(model.activities.find((x) => x.code === "A1010")!.calendarId).toBe("2");
    expect(warnings.list).toMatchObject([
      {
        code: "CalendarMissing",
        params: { calendar: "99", fallback: "Project 7-15" },
        place: { table: "TASK", row: 2, field: "clndr_id", activity: "A1010" },
      },
    ]);
  });

  it("when the project's own calendar is missing too, the global default calendar is used (external project)", () => {
    const tables = baseTables();
    tables.PROJECT.push({
      proj_id: 2,
      proj_short_name: "EXT",
      clndr_id: 77,
      plan_start_date: "2024-01-08 08:00",
      last_recalc_date: "2024-01-08 08:00",
      project_flag: "Y",
    });
    tables.TASK.push(task(200, "E100", { proj_id: 2, clndr_id: 77 }));
    const warnings = new ReadWarnings();
    const model = readXer(xerFile(tables), { warnings });
    expect(model.projects.find((p) => p.code === "EXT")!.defaultCalendarId).toBe("1");
    expect(model.activities.find((x) => x.code === "E100")!.calendarId).toBe("1");
    expect(warnings.list.map((w) => [w.code, w.params.calendar, w.params.fallback, w.place?.table])).toEqual([
      ["CalendarMissing", "77", "Global 5d", "PROJECT"],
      ["CalendarMissing", "77", "Global 5d", "TASK"],
    ]);
  });

  it("relations are never dropped silently: to a missing activity of the file's project, or to another project", () => {
    const tables = baseTables();
    tables.TASKPRED.push(
      {
        task_pred_id: 2,
        task_id: 101,
        pred_task_id: 555,
        proj_id: 1,
        pred_proj_id: 1,
        pred_type: "PR_FS",
        lag_hr_cnt: 0,
      },
      {
        task_pred_id: 3,
        task_id: 101,
        pred_task_id: 900,
        proj_id: 1,
        pred_proj_id: 9,
        pred_type: "PR_SS",
        lag_hr_cnt: 0,
      },
      {
        task_pred_id: 4,
        task_id: 800,
        pred_task_id: 801,
        proj_id: 8,
        pred_proj_id: 8,
        pred_type: "PR_FS",
        lag_hr_cnt: 0,
      },
    );
    const warnings = new ReadWarnings();
    const model = readXer(xerFile(tables), { warnings });
    expect(model.relations.map((r) => `${r.predecessorId}>${r.successorId}`)).toEqual(["100>101", "900>101"]);
    expect(model.externals.map((e) => e.id)).toEqual(["900"]);
    expect(warnings.list.map((w) => [w.code, w.params.predecessor, w.params.successor])).toEqual([
      ["RelationDropped", "555", "A1010"],
      ["RelationExternal", "900", "A1010"],
      ["RelationDropped", "801", "800"],
    ]);
    expect(warnings.list[1].params.project).toBe("9");
  });

  it("an activity of a project the file does not describe is dropped with a warning, and so are its relations", () => {
    const tables = baseTables();
    tables.TASK.push(task(300, "X1", { proj_id: 42 }));
    tables.TASKPRED.push({
      task_pred_id: 5,
      task_id: 300,
      pred_task_id: 101,
      proj_id: 42,
      pred_proj_id: 1,
      pred_type: "PR_FS",
      lag_hr_cnt: 0,
    });
    const warnings = new ReadWarnings();
    const model = readXer(xerFile(tables), { warnings });
    expect(model.activities.map((a) => a.code)).toEqual(["A1000", "A1010"]);
    expect(model.relations).toHaveLength(1);
    expect(warnings.list.map((w) => w.code)).toEqual(["ActivityDropped", "RelationDropped"]);
    expect(warnings.list[0].place).toMatchObject({ table: "TASK", row: 3, activity: "X1" });
  });

  it("unknown enumeration values fall back with a warning (activity type, constraint, relation type)", () => {
    const tables = baseTables();
    tables.TASK[0] = task(100, "A1000", {
      task_type: "TT_Future",
      cstr_type: "CS_Whatever",
      cstr_date: "2024-01-09 07:00",
    });
    tables.TASKPRED[0].pred_type = "PR_XX";
    const warnings = new ReadWarnings();
    const model = readXer(xerFile(tables), { warnings });
    const a = model.activities[0];
    expect(a.type).toBe("task");
    expect(a.constraint).toBeUndefined();
    expect(model.relations[0].type).toBe("FS");
    expect(warnings.list.map((w) => [w.code, w.params.field, w.params.fallback])).toEqual([
      ["UnknownValue", "task_type", "TT_Task"],
      ["UnknownValue", "cstr_type", "none"],
      ["UnknownValue", "pred_type", "PR_FS"],
    ]);
  });

  it("a calendar whose data cannot be read becomes a standard week with a warning", () => {
    const tables = baseTables();
    tables.CALENDAR[1].clndr_data = "(0||CalendarData()((0||DaysOfWeek(";
    const warnings = new ReadWarnings();
    const model = readXer(xerFile(tables), { warnings });
    expect(model.calendars.find((c) => c.id === "2")!.week[0]).toEqual([
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ]);
    expect(warnings.list).toMatchObject([{ code: "CalendarUnreadable", params: { calendar: "Project 7-15" } }]);
  });
});

describe("warning texts", () => {
  it("exist in every language for every code and fill in the params", () => {
    const codes = Object.keys(READ_WARNING_MESSAGES.en).sort();
    for (const lang of ["ru", "fr"] as const) expect(Object.keys(READ_WARNING_MESSAGES[lang]).sort()).toEqual(codes);
    const text = readWarningText({ code: "CalendarMissing", params: { calendar: "77", fallback: "Global 5d" } }, "ru");
    expect(text).toBe("Календаря 77 нет в файле; как в P6, использован «Global 5d»");
  });

  it("repeated warnings of one kind are capped in the list and counted", async () => {
    const tables = baseTables();
    tables.TASK = Array.from({ length: 250 }, (_, i) => task(1000 + i, `B${i}`, { target_end_date: "bad" }));
    tables.TASKPRED = [];
    const { report } = await readScheduleWithReport(xerFile(tables), { fileName: "x.xer" });
    expect(report.warnings).toHaveLength(200);
    expect(report.warnings[199].params.omitted).toBe(50);
  });
});

describe("P6 XML and MS Project XML oddities", () => {
  const pmxml = (activity: string, extra = "") =>
    new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V20.12/API/BusinessObjects">
  <Calendar><ObjectId>1</ObjectId><Name>Global</Name><Type>Global</Type><IsDefault>1</IsDefault></Calendar>
  <Project>
    <ObjectId>7</ObjectId><Id>P7</Id><Name>Seven</Name>
    <PlannedStartDate>2024-01-08T08:00:00</PlannedStartDate><DataDate>2024-01-08T08:00:00</DataDate>
    <ActivityDefaultCalendarObjectId>1</ActivityDefaultCalendarObjectId>
    ${activity}
    ${extra}
  </Project>
</APIBusinessObjects>`);

  it("a decimal comma, seconds that round to the next minute, an out-of-range planned finish and a missing calendar", () => {
    const warnings = new ReadWarnings();
    const model = readPmxml(
      pmxml(`<Activity><ObjectId>70</ObjectId><Id>A70</Id><Name>Seventy</Name><Type>Task Dependent</Type>
      <Status>Not Started</Status><CalendarObjectId>404</CalendarObjectId>
      <PlannedDuration>70,583333</PlannedDuration><RemainingDuration>70,583333</RemainingDuration>
      <PlannedFinishDate>4637-11-24T17:00:00</PlannedFinishDate>
      <RemainingEarlyFinishDate>2024-01-17T15:59:59</RemainingEarlyFinishDate></Activity>`),
      { warnings },
    );
    const a = model.activities[0];
    expect(a.plannedDuration).toBe(4235);
    expect(a.computed?.earlyFinish).toBe("2024-01-17T16:00");
    expect(a.plannedFinish).toBeUndefined();
    expect(a.calendarId).toBe("1");
    expect(warnings.list.map((w) => [w.code, w.place?.element, w.place?.activity])).toEqual([
      ["ValueIgnored", "Activity/PlannedFinishDate", "A70"],
      ["CalendarMissing", "Activity/CalendarObjectId", "A70"],
    ]);
  });

  it("P6 XML relations to activities outside the file are kept as externals or dropped, each with a warning", () => {
    const warnings = new ReadWarnings();
    const act = (id: string) =>
      `<Activity><ObjectId>${id}</ObjectId><Id>A${id}</Id><Name>x</Name><PlannedDuration>8</PlannedDuration></Activity>`;
    const rel = (pred: string, predProj: string) =>
      `<Relationship><ObjectId>9${pred}</ObjectId><PredecessorActivityObjectId>${pred}</PredecessorActivityObjectId><PredecessorProjectObjectId>${predProj}</PredecessorProjectObjectId><SuccessorActivityObjectId>71</SuccessorActivityObjectId><SuccessorProjectObjectId>7</SuccessorProjectObjectId><Type>Finish to Start</Type><Lag>0</Lag></Relationship>`;
    const model = readPmxml(pmxml(act("70") + act("71"), rel("70", "7") + rel("55", "7") + rel("66", "8")), {
      warnings,
    });
    expect(model.relations.map((r) => r.predecessorId)).toEqual(["70", "66"]);
    expect(warnings.list.map((w) => [w.code, w.params.predecessor, w.params.successor])).toEqual([
      ["RelationDropped", "55", "A71"],
      ["RelationExternal", "66", "A71"],
    ]);
  });

  it("MS Project XML: a link to a task the file lacks and a calendar it lacks are warnings", () => {
    const warnings = new ReadWarnings();
    const task = (uid: string, extra: string) =>
      `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>T${uid}</Name><OutlineLevel>1</OutlineLevel><Duration>PT8H0M0S</Duration>${extra}</Task>`;
    const model = readMspdi(
      new TextEncoder().encode(`<?xml version="1.0"?>
<Project xmlns="http://schemas.microsoft.com/project"><SaveVersion>14</SaveVersion><CalendarUID>1</CalendarUID>
<StartDate>2024-01-08T08:00:00</StartDate>
<Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar></Calendar></Calendars>
<Tasks>${task("1", "<CalendarUID>9</CalendarUID><Finish>3024-99-01T17:00:00</Finish>")}${task("2", "<PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type></PredecessorLink><PredecessorLink><PredecessorUID>77</PredecessorUID><Type>1</Type></PredecessorLink>")}</Tasks>
</Project>`),
      { warnings },
    );
    expect(model.relations.map((r) => r.predecessorId)).toEqual(["1"]);
    expect(model.activities[0].calendarId).toBe("1");
    expect(warnings.list.map((w) => [w.code, w.place?.activity])).toEqual([
      ["ValueIgnored", "1"],
      ["RelationDropped", "2"],
      ["CalendarMissing", "1"],
    ]);
  });
});

describe("MS Project task modes and duration units", () => {
  const file = (format: number) =>
    new TextEncoder().encode(`<?xml version="1.0"?>
<Project xmlns="http://schemas.microsoft.com/project"><SaveVersion>12</SaveVersion><CalendarUID>1</CalendarUID>
<StartDate>2024-01-12T08:00:00</StartDate>
<Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar></Calendar></Calendars>
<Tasks><Task><UID>1</UID><ID>1</ID><Name>Cure</Name><OutlineLevel>1</OutlineLevel><Duration>PT24H0M0S</Duration><DurationFormat>${format}</DurationFormat></Task>
<Task><UID>2</UID><ID>2</ID><Name>Strip</Name><OutlineLevel>1</OutlineLevel><Duration>PT8H0M0S</Duration><DurationFormat>7</DurationFormat><PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type></PredecessorLink></Task></Tasks>
</Project>`);

  it("an elapsed duration (DurationFormat 8, one elapsed day) runs round the clock: Friday 08:00 to Saturday 08:00, its successor on Monday", () => {
    const model = readMspdi(file(8));
    expect(model.activities.map((a) => a.elapsedDuration)).toEqual([true, undefined]);
    const [cure, strip] = recalculate(model).model.activities.map((a) => a.computed);
    expect(cure).toMatchObject({ earlyStart: "2024-01-12T08:00", earlyFinish: "2024-01-13T08:00" });
    expect(strip).toMatchObject({ earlyStart: "2024-01-15T08:00", earlyFinish: "2024-01-15T17:00" });
    // The same 24 h in working days (DurationFormat 7) take three working days.
    const [working] = recalculate(readMspdi(file(7))).model.activities.map((a) => a.computed);
    expect(working?.earlyFinish).toBe("2024-01-16T17:00");
    // Written back as elapsed days.
    expect(new TextDecoder().decode(writeMspdi(model))).toContain("<DurationFormat>8</DurationFormat>");
  });

  it("a begun task shows its actual start as its early and late start, and its remaining work follows its actual work, as MS Project stores them", () => {
    // P6 would show the start of the remaining work and start it at the data date (here the project start).
    const begun = new TextDecoder()
      .decode(file(7))
      .replace(
        "<DurationFormat>7</DurationFormat>",
        "<DurationFormat>7</DurationFormat><ActualStart>2024-01-12T08:00:00</ActualStart><ActualDuration>PT8H0M0S</ActualDuration><PercentComplete>33</PercentComplete><RemainingDuration>PT16H0M0S</RemainingDuration>",
      );
    const model = readMspdi(new TextEncoder().encode(begun));
    const [cure, strip] = recalculate(model).model.activities;
    expect(cure.status).toBe("in_progress");
    expect(cure.computed).toMatchObject({
      earlyStart: "2024-01-12T08:00",
      earlyFinish: "2024-01-16T17:00",
      lateStart: "2024-01-12T08:00",
    });
    expect(strip.computed).toMatchObject({ earlyStart: "2024-01-17T08:00" });
  });
});

describe("MS Project work contours", () => {
  it("a contoured assignment lasts the task's duration on its resource's calendar, a flat one work ÷ units", () => {
    // The crew also works Saturday mornings: its calendar is other working time than the task's, so it drives.
    const model = readMspdi(
      new TextEncoder().encode(`<?xml version="1.0"?>
<Project xmlns="http://schemas.microsoft.com/project"><SaveVersion>12</SaveVersion><CalendarUID>1</CalendarUID>
<StartDate>2024-01-08T08:00:00</StartDate>
<Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar></Calendar>
<Calendar><UID>2</UID><Name>Crew</Name><IsBaseCalendar>1</IsBaseCalendar><WeekDays><WeekDay><DayType>7</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay></WeekDays></Calendar></Calendars>
<Tasks><Task><UID>1</UID><ID>1</ID><Name>Pour</Name><OutlineLevel>1</OutlineLevel><Duration>PT125H0M0S</Duration><RemainingDuration>PT125H0M0S</RemainingDuration></Task></Tasks>
<Resources><Resource><UID>1</UID><ID>1</ID><Name>Crew</Name><Type>1</Type><CalendarUID>2</CalendarUID></Resource></Resources>
<Assignments><Assignment><UID>1</UID><TaskUID>1</TaskUID><ResourceUID>1</ResourceUID><Units>1</Units><Work>PT75H0M0S</Work><RemainingWork>PT75H0M0S</RemainingWork><WorkContour>3</WorkContour></Assignment></Assignments>
</Project>`),
    );
    const runs = () => buildProjectNetwork(model, model.projects[0]).input.activities[0].resources;
    expect(model.assignments[0].curve).toBeDefined();
    expect(runs()).toEqual([{ calendar: "2", remaining: 125 * 60 }]);
    delete model.assignments[0].curve;
    expect(runs()).toEqual([{ calendar: "2", remaining: 75 * 60 }]);
  });
});

describe("MS Project split tasks", () => {
  it("a split in the timephased work lengthens the task by its working time (mpxj's mspdisplittask.xml)", () => {
    // 16 h of work on Monday and Wednesday, Tuesday split off: MS Project's bar runs Monday to Wednesday 17:00.
    const period = (start: string, finish: string, value?: string) =>
      `<TimephasedData><Type>1</Type><UID>1</UID><Start>${start}:00</Start><Finish>${finish}:00</Finish><Unit>2</Unit>${value ? `<Value>${value}</Value>` : ""}</TimephasedData>`;
    const model = readMspdi(
      new TextEncoder().encode(`<?xml version="1.0"?>
<Project xmlns="http://schemas.microsoft.com/project"><SaveVersion>12</SaveVersion><CalendarUID>1</CalendarUID>
<StartDate>2024-01-08T08:00:00</StartDate>
<Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar></Calendar></Calendars>
<Tasks><Task><UID>1</UID><ID>1</ID><Name>Pour</Name><OutlineLevel>1</OutlineLevel><Duration>PT16H0M0S</Duration><RemainingDuration>PT16H0M0S</RemainingDuration></Task></Tasks>
<Assignments><Assignment><UID>1</UID><TaskUID>1</TaskUID><ResourceUID>-65535</ResourceUID><Units>1</Units>
${period("2024-01-08T08:00", "2024-01-08T17:00", "PT8H0M0S")}${period("2024-01-08T17:00", "2024-01-09T17:00", "PT0H0M0S")}${period("2024-01-09T17:00", "2024-01-10T17:00", "PT8H0M0S")}${period("2024-01-10T17:00", "2024-01-11T17:00", "PT0H0M0S")}
</Assignment></Assignments>
</Project>`),
    );
    // The zero after the last work is no split: the work has ended.
    expect(model.activities[0].splits).toEqual([["2024-01-08T17:00", "2024-01-09T17:00"]]);
    expect(buildProjectNetwork(model, model.projects[0]).input.activities[0].duration).toBe(24 * 60);
  });
});

describe("several projects in one XER: each keeps its own data date and planned start", () => {
  it("a project exported after another (and a baseline copy between them) is scheduled from its own last_recalc_date", () => {
    const tables = baseTables();
    tables.PROJECT.unshift({
      proj_id: 3,
      proj_short_name: "BL",
      clndr_id: 1,
      plan_start_date: "2023-06-05 08:00",
      last_recalc_date: "2023-06-05 08:00",
      project_flag: "N",
      orig_proj_id: 1,
    });
    tables.PROJECT.push({
      proj_id: 2,
      proj_short_name: "P2",
      clndr_id: 1,
      plan_start_date: "2024-03-04 08:00",
      last_recalc_date: "2024-03-11 08:00",
      project_flag: "Y",
    });
    tables.TASK.push(task(200, "B100", { proj_id: 2, clndr_id: 1 }), task(300, "A1000", { proj_id: 3, clndr_id: 1 }));
    const model = readXer(xerFile(tables));
    expect(model.projects.map((p) => [p.code, p.plannedStart, p.dataDate])).toEqual([
      ["P1", "2024-01-08T07:00", "2024-01-08T07:00"],
      ["P2", "2024-03-04T08:00", "2024-03-11T08:00"],
    ]);
    expect(model.baselines.map((b) => [b.projectId, b.dataDate, b.activities.length])).toEqual([
      ["1", "2023-06-05T08:00", 1],
    ]);
    const { recalculation } = measureFidelity(model);
    const ours = new Map(recalculation.model.activities.map((a) => [a.code, a.computed]));
    expect(ours.get("B100")?.earlyStart).toBe("2024-03-11T08:00");
    expect(recalculation.model.activities.find((a) => a.id === "100")?.computed?.earlyStart).toBe("2024-01-08T07:00");
  });
});
