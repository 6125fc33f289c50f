import { describe, expect, it } from "vitest";
import { buildProjectNetwork, emptyModel, readXer, type ScheduleModel, standardWeek } from "../src/index.js";
import { parseClndrData } from "../src/xer/xer-calendar.js";

function model(patch: (m: ScheduleModel) => void): ScheduleModel {
  const m = emptyModel("xer");
  m.projects.push({
    id: "P",
    code: "P",
    name: "P",
    plannedStart: "2024-01-08T08:00",
    dataDate: "2024-01-10T08:00",
    defaultCalendarId: "C",
    options: {},
  });
  m.calendars.push({ id: "C", name: "5d", week: standardWeek(), exceptions: [{ date: "2024-01-15", intervals: [] }] });
  patch(m);
  return m;
}

const act = (
  id: string,
  extra: Partial<ScheduleModel["activities"][number]> = {},
): ScheduleModel["activities"][number] => ({
  id,
  projectId: "P",
  code: id,
  name: id,
  type: "task",
  status: "not_started",
  plannedDuration: 480,
  remainingDuration: 480,
  ...extra,
});

describe("P6 calendar data", () => {
  it("reads days of week (1 = Sunday), intervals in either order, midnight ends and Excel-serial exceptions", () => {
    const cal = parseClndrData(
      "(0||CalendarData()((0||DaysOfWeek()((0||1()())(0||2()((0||0(f|12:00|s|08:00)())(0||1(s|13:00|f|00:00)())))(0||3()())(0||4()())(0||5()())(0||6()())(0||7()())))(0||Exceptions()((0||0(d|45292)())(0||1(d|45293)((0||0(s|09:00|f|13:00)())))))))",
    );
    expect(cal.week?.[0]).toEqual([
      ["08:00", "12:00"],
      ["13:00", "24:00"],
    ]); // Monday
    expect(cal.week?.[6]).toEqual([]); // Sunday
    expect(cal.exceptions).toEqual([
      { date: "2024-01-01", intervals: [] },
      { date: "2024-01-02", intervals: [["09:00", "13:00"]] },
    ]);
  });

  it("tolerates the DEL characters and line breaks some P6 versions put between nodes", () => {
    const cal = parseClndrData("(0||CalendarData()(\x7f(0||DaysOfWeek()(\r\n(0||2()((0||0(s|08:00|f|16:00)())))))))");
    expect(cal.week?.[0]).toEqual([["08:00", "16:00"]]);
  });
});

describe("model → engine network", () => {
  it("maps every P6 constraint to the engine's limits (mandatory ones hard, ALAP as the activity's flag)", () => {
    const kinds = [
      "start_on",
      "start_on_or_after",
      "start_on_or_before",
      "finish_on",
      "finish_on_or_after",
      "finish_on_or_before",
      "mandatory_start",
      "mandatory_finish",
      "as_late_as_possible",
    ] as const;
    const m = model((m) => {
      kinds.forEach((k, i) => {
        m.activities.push(act(`A${i}`, { constraint: { type: k, date: "2024-01-12T08:00" } }));
      });
    });
    const acts = buildProjectNetwork(m, m.projects[0]).input.activities;
    expect(acts.map((a) => [a.startLimit?.type, a.finishLimit?.type])).toEqual([
      ["in_date", undefined],
      ["not_earlier", undefined],
      ["not_later", undefined],
      [undefined, "in_date"],
      [undefined, "not_earlier"],
      [undefined, "not_later"],
      ["mandatory", undefined],
      [undefined, "mandatory"],
      [undefined, undefined],
    ]);
    expect(acts.map((a) => a.alap === true)).toEqual([false, false, false, false, false, false, false, false, true]);
  });

  it("passes open-ended-critical, and expected finishes only when the project uses them", () => {
    const m = model((m) => {
      m.activities.push(act("A", { expectedFinish: "2024-01-19T17:00" }));
    });
    expect(buildProjectNetwork(m, m.projects[0]).input.activities[0].expectedFinish).toBeUndefined();
    m.projects[0].options = { ...m.projects[0].options, useExpectedFinish: true, openEndsCritical: true };
    const net = buildProjectNetwork(m, m.projects[0]).input;
    expect(net.activities[0].expectedFinish).toBe("2024-01-19T17:00");
    expect(net.options?.openEndsCritical).toBe(true);
  });

  it("drives an MS Project task by its resources only when their working time differs from the task's", () => {
    // mpxj's mspdiassignmentfields.xml: a resource calendar derived from Standard without a change of its own and
    // 78 h of remaining work, 8 h of it overtime; MS Project stored the task's remaining duration from them (the
    // overtime shortens it), and that is what the task lasts — not work ÷ units on a calendar that is the same.
    const m = model((m) => {
      m.source = { format: "mspdi" };
      m.calendars.push({ id: "R1", name: "Resource One", kind: "resource", week: standardWeek(), exceptions: [] });
      m.calendars[0].exceptions = [];
      m.resources.push({ id: "R", code: "R", name: "R", type: "labor", calendarId: "R1" });
      m.activities.push(act("A", { type: "resource_dependent", calendarId: undefined, remainingDuration: 3994 }));
      m.assignments.push({ id: "AS", activityId: "A", resourceId: "R", remainingUnits: 78, unitsPerHour: 1 });
    });
    expect(buildProjectNetwork(m, m.projects[0]).input.activities[0].resources).toBeUndefined();
    // A night shift is other working time: the assignment drives.
    m.calendars[1].week = m.calendars[1].week.map((d) => (d.length > 0 ? [["20:00", "24:00"]] : []));
    expect(buildProjectNetwork(m, m.projects[0]).input.activities[0].resources).toEqual([
      { calendar: "R1", remaining: 78 * 60 },
    ]);
  });

  it("passes the resume date of a suspended activity in progress", () => {
    const m = model((m) => {
      m.activities.push(
        act("A", { status: "in_progress", actualStart: "2024-01-08T08:00", resumeDate: "2024-01-12T08:00" }),
      );
    });
    expect(buildProjectNetwork(m, m.projects[0]).input.activities[0].resume).toBe("2024-01-12T08:00");
  });

  it("combines a primary start and a secondary finish constraint", () => {
    const m = model((m) =>
      m.activities.push(
        act("A", {
          constraint: { type: "start_on_or_after", date: "2024-01-09T08:00" },
          secondaryConstraint: { type: "finish_on_or_before", date: "2024-01-20T17:00" },
        }),
      ),
    );
    const a = buildProjectNetwork(m, m.projects[0]).input.activities[0];
    expect(a.startLimit).toEqual({ type: "not_earlier", date: "2024-01-09T08:00" });
    expect(a.finishLimit).toEqual({ type: "not_later", date: "2024-01-20T17:00" });
  });

  it("schedules not-started work by remaining duration and passes progress of started work", () => {
    const m = model((m) => {
      m.activities.push(act("N", { plannedDuration: 4800, remainingDuration: 2400 }));
      m.activities.push(
        act("S", {
          status: "in_progress",
          actualStart: "2024-01-08T08:00",
          plannedDuration: 4800,
          remainingDuration: 960,
        }),
      );
      m.activities.push(
        act("D", {
          status: "completed",
          actualStart: "2024-01-08T08:00",
          actualFinish: "2024-01-09T17:00",
          remainingDuration: 0,
        }),
      );
    });
    const [n, s, d] = buildProjectNetwork(m, m.projects[0]).input.activities;
    expect(n).toMatchObject({ duration: 2400 });
    expect(n.remaining).toBeUndefined();
    expect(s).toMatchObject({ duration: 4800, remaining: 960, actualStart: "2024-01-08T08:00" });
    expect(d).toMatchObject({ actualStart: "2024-01-08T08:00", actualFinish: "2024-01-09T17:00", remaining: 0 });
  });

  it("maps task types and rolls activities up into their WBS summary activity", () => {
    const m = model((m) => {
      m.wbs.push(
        { id: "W1", projectId: "P", code: "1", name: "1" },
        { id: "W2", projectId: "P", parentId: "W1", code: "1.1", name: "1.1" },
      );
      m.activities.push(
        act("SUM", { type: "wbs_summary", wbsId: "W1" }),
        act("T", { wbsId: "W2" }),
        act("M", { type: "milestone_finish", wbsId: "W2" }),
        act("L", { type: "level_of_effort" }),
      );
    });
    const acts = buildProjectNetwork(m, m.projects[0]).input.activities;
    expect(acts.map((a) => [a.id, a.type, a.parent])).toEqual([
      ["SUM", "sum", undefined],
      ["T", "task", "SUM"],
      ["M", "milestone_finish", "SUM"],
      ["L", "level_of_effort", undefined],
    ]);
    expect(acts[2].duration).toBe(0);
  });

  it("passes the P6 scheduling options, data date and must-finish-by", () => {
    const m = model((m) => {
      m.projects[0].options = {
        progress: "progress_override",
        floatType: "smallest",
        lagCalendar: "24h",
        criticalFloat: 480,
        ssLagFrom: "actual_start",
        criticalPath: "longest_path",
        // what the XER and P6 XML readers say of every P6 file (scenario 060)
        resourceRunsInActivityHours: true,
      };
      m.projects[0].mustFinishBy = "2024-03-01T17:00";
      m.activities.push(act("A"));
    });
    const input = buildProjectNetwork(m, m.projects[0]).input;
    expect(input.options).toEqual({
      progress: "progress_override",
      floatType: "smallest",
      lagCalendar: "24h",
      criticalFloat: 480,
      ssLagFrom: "actual_start",
      critical: "longest_path",
      mustFinishBy: "2024-03-01T17:00",
      // a P6 file: resource-dependent activities keep to their own calendar's hours at their ends (scenario 060)
      resourceRunsInActivityHours: true,
    });
    expect(input.dataDate).toBe("2024-01-10T08:00");
    expect(input.calendars[0].exceptions).toEqual([{ date: "2024-01-15", intervals: [] }]);
    // MS Project lets them start at any instant of their resource's calendar (scenario 050)
    const fromMsProject = model((m) => {
      m.source = { format: "mspdi" };
      m.projects[0].options = { resourceRunsInActivityHours: false };
      m.activities.push(act("A"));
    });
    expect(buildProjectNetwork(fromMsProject, fromMsProject.projects[0]).input.options).not.toHaveProperty(
      "resourceRunsInActivityHours",
    );
  });

  it("turns a link to another project into an external with that activity's early dates", async () => {
    const { corpus } = await import("./corpus.js");
    const m = readXer(corpus("xer/MultiprojectWithExternal.xer"));
    const net = buildProjectNetwork(m, m.projects[1]).input;
    expect(net.externals).toEqual([
      { id: "133031", earlyStart: "2023-10-06T08:00", earlyFinish: "2023-10-18T10:00", calendar: "178" },
    ]);
    expect(net.relations).toEqual([{ from: "133031", to: "133086", type: "FS", lag: 0 }]);
  });

  it("converts lag hours to minutes and keeps MS Project elapsed lags on a 24-hour clock", async () => {
    const { corpus } = await import("./corpus.js");
    const { readPmxml } = await import("../src/index.js");
    const m = readPmxml(corpus("pmxml/primavera.xml"));
    expect(m.relations.filter((r) => r.lag !== 0).every((r) => r.lag === 480 || r.lag === 1440)).toBe(true);
    const e = model((mm) => {
      mm.activities.push(act("A"), act("B"));
      mm.relations.push({ predecessorId: "A", successorId: "B", type: "FS", lag: 2880, lagCalendar: "24h" });
    });
    expect(buildProjectNetwork(e, e.projects[0]).input.relations[0]).toEqual({
      from: "A",
      to: "B",
      type: "FS",
      lag: 2880,
      lagCalendar: "24h",
    });
  });

  it("uses P6's external early start / late finish when the linked project is not in the file", () => {
    const m = model((mm) => {
      mm.activities.push(
        act("A", { externalEarlyStart: "2024-02-01T08:00", externalLateFinish: "2024-03-01T17:00" }),
        act("B", { externalEarlyStart: "2024-02-01T08:00" }),
      );
      mm.relations.push(
        { predecessorId: "OUT1", successorId: "A", type: "FS", lag: 0 },
        { predecessorId: "A", successorId: "OUT2", type: "FS", lag: 0 },
      );
      mm.externals.push({ id: "OUT1" }, { id: "OUT2" });
    });
    const [a, b] = buildProjectNetwork(m, m.projects[0]).input.activities;
    expect(a.startLimit).toEqual({ type: "not_earlier", date: "2024-02-01T08:00" });
    expect(a.finishLimit).toEqual({ type: "not_later", date: "2024-03-01T17:00" });
    // B has no link outside the file: its stored external date is stale and ignored.
    expect(b.startLimit).toBeUndefined();
  });
});
