import { describe, expect, it } from "vitest";
import { detectFormat, FormatError, readSchedule, type ScheduleModel } from "../src/index.js";
import { corpus, READABLE } from "./corpus.js";

const read = (file: string) => readSchedule(corpus(file), { fileName: file });
const byCode = (m: ScheduleModel, code: string, project?: string) =>
  m.activities.find(
    (a) => a.code === code && (!project || m.projects.find((p) => p.id === a.projectId)?.code === project),
  )!;

describe("format detection on the corpus", () => {
  it.each(READABLE)("%s is detected as %s", (file, format) => {
    expect(detectFormat(corpus(file), file)).toBe(format);
  });

  it.each(["gan/HouseBuildingSample.gan", "planner/project1.planner"])("%s is refused with a clear message", (file) => {
    expect(() => detectFormat(corpus(file), file)).toThrowError(
      /GanttProject and GNOME Planner files are not supported/,
    );
  });
});

describe("XER reader", () => {
  it("keeps two projects apart, reads Cyrillic in windows-1251 and the cross-project relation", async () => {
    const m = await read("xer/MultiprojectWithExternal.xer");
    expect(m.projects.map((p) => p.code)).toEqual(["TestProject", "TestProject2"]);
    const a = byCode(m, "A1000", "TestProject");
    expect(a.name).toBe("Задача 1");
    expect(a.status).toBe("in_progress");
    expect(a.actualStart).toBe("2023-03-08T08:00");
    expect(a.remainingDuration).toBe(66 * 60);
    expect(a.computed).toMatchObject({
      earlyStart: "2023-10-06T08:00",
      earlyFinish: "2023-10-18T10:00",
      totalFloat: 0,
      freeFloat: 1270 * 60,
    });
    const rel = m.relations[0];
    expect(m.activities.find((x) => x.id === rel.predecessorId)?.projectId).toBe("5442");
    expect(m.activities.find((x) => x.id === rel.successorId)?.projectId).toBe("5494");
    expect(m.projects[0].dataDate).toBe("2023-10-06T00:00");
  });

  it("reads windows-1251 names, resources and assignments", async () => {
    const m = await read("xer/encoding1251.xer");
    expect(m.activities.map((a) => a.name)).toEqual(["Задача 1", "Тест2"]);
    expect(m.activities[1].type).toBe("resource_dependent");
    expect(m.assignments).toHaveLength(4);
    expect(m.assignments[0]).toMatchObject({
      activityId: "133031",
      plannedUnits: 40,
      actualUnits: 9.2,
      remainingUnits: 30.8,
    });
    const cal = m.calendars.find((c) => c.name === "7x24")!;
    expect(cal.week[0]).toEqual([
      ["01:00", "12:00"],
      ["13:00", "24:00"],
    ]);
  });

  it("reads the scheduling options from SCHEDOPTIONS and the calendar holidays", async () => {
    const m = await read("xer/PredecessorCalendar.xer");
    expect(m.projects[0].options).toMatchObject({
      progress: "retained_logic",
      floatType: "finish",
      lagCalendar: "predecessor",
      ssLagFrom: "early_start",
    });
    const cal = m.calendars[0];
    expect(cal.week[0]).toEqual([
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ]);
    expect(cal.week[5]).toEqual([]);
    expect(cal.exceptions.map((e) => e.date)).toContain("2019-07-04");
    expect(m.activities[0].constraint).toEqual({ type: "start_on_or_after", date: "2019-06-10T00:00" });
  });
});

describe("P6 XML reader", () => {
  it("restores the real end of P6 XML work times (11:59 → 12:00) and the lag calendar option", async () => {
    const m = await read("pmxml/PredecessorCalendar.xml");
    expect(m.calendars[0].week[0]).toEqual([
      ["07:00", "12:00"],
      ["12:30", "15:30"],
    ]);
    expect(m.projects[0].options).toMatchObject({
      lagCalendar: "predecessor",
      progress: "retained_logic",
      floatType: "smallest",
    });
    expect(m.projects[0].dataDate).toBe("2021-05-17T22:00");
  });

  it("reads 137 activities and 498 relationships with lags in minutes", async () => {
    const m = await read("pmxml/primavera.xml");
    expect(m.activities).toHaveLength(137);
    expect(m.relations).toHaveLength(498);
    expect(m.relations.filter((r) => r.lag === 8 * 60).length).toBeGreaterThan(0);
    expect(new Set(m.relations.map((r) => r.type))).toContain("FF");
  });

  it("reads two baselines of the project", async () => {
    const m = await read("pmxml/BaselineProjects.xml");
    expect(m.baselines).toHaveLength(2);
    expect(m.baselines[0].activities.map((a) => a.code)).toContain("A1000");
    expect(byCode(m, "A1000").name).toBe("Задача 1");
  });

  it("reads both projects and the cross-project relationship", async () => {
    const m = await read("pmxml/MultiprojectWithExternal.xml");
    expect(m.projects).toHaveLength(2);
    expect(m.relations).toEqual([
      expect.objectContaining({ predecessorId: "133031", successorId: "133086", type: "FS", lag: 0 }),
    ]);
  });
});

describe("MS Project XML reader", () => {
  it("maps link types 0=FF 1=FS 2=SF 3=SS and LinkLag tenths of minutes", async () => {
    const m = await read("mspdi/task-links-project2019-mspdi.xml");
    expect(new Set(m.relations.map((r) => r.type))).toEqual(new Set(["FS", "SS", "FF", "SF"]));
    expect(m.activities.every((a) => a.id !== "0")).toBe(true);
    for (const r of m.relations) expect(Number.isInteger(r.lag)).toBe(true);
    expect(m.activities[0].computed?.totalFloat).toBe(4800);
  });

  it("resolves derived calendars, outline parents and durations", async () => {
    const m = await read("mspdi/sample.xml");
    const night = m.calendars.find((c) => c.name === "Night Shift")!;
    expect(night.week[0]).toEqual([["23:00", "24:00"]]);
    const derived = m.calendars.find((c) => c.name === "First Resource")!;
    expect(derived.week[0]).toEqual([
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ]);
    const second = byCode(m, "2");
    expect(second.parentId).toBe(byCode(m, "1").id);
    expect(byCode(m, "1").type).toBe("summary");
    expect(byCode(m, "3").type).toBe("milestone_finish");
  });

  it("reads the relations file", async () => {
    const m = await read("mspdi/mspdirelations.xml");
    expect(m.relations.length).toBeGreaterThanOrEqual(4);
  });
});

describe("MPX reader", () => {
  it("reads tasks, outline, predecessors and day-first dates", async () => {
    const m = await read("mpx/sample.mpx");
    const first = byCode(m, "1");
    expect(first.name).toBe("First Task");
    expect(first.plannedStart).toBe("2003-01-07T08:00");
    expect(first.plannedDuration).toBe(50 * 480);
    expect(byCode(m, "2").parentId).toBe(first.id);
    expect(m.calendars.find((c) => c.name === "Night Shift")!.week[0]).toEqual([["23:00", "24:00"]]);
    expect(m.relations.length).toBeGreaterThan(0);
  });

  it("reads resources with their calendars (record 55) and assignments with units and work (record 75)", async () => {
    const m = await read("mpx/sample.mpx");
    const night = m.calendars.find((c) => c.name === "Night Shift")!;
    expect(m.resources.map((r) => [r.name, m.calendars.find((c) => c.id === r.calendarId)?.name])).toEqual([
      ["First Resource", "Standard"],
      ["Second Resource", night.name],
    ]);
    const two = byCode(m, "2");
    expect(m.assignments.filter((a) => a.activityId === two.id)).toMatchObject([
      { resourceId: m.resources[0].id, unitsPerHour: 0.5, plannedUnits: 200, remainingUnits: 200 },
      { resourceId: m.resources[1].id, unitsPerHour: 0.75, plannedUnits: 300, remainingUnits: 300 },
    ]);
  });
});

describe("unsupported corpus files", () => {
  it.each(["gan/HouseBuildingSample.gan", "planner/project1.planner"])(
    "%s is refused by readSchedule",
    async (file) => {
      await expect(read(file)).rejects.toBeInstanceOf(FormatError);
    },
  );
});
