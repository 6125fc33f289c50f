import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareWithFile, measureFidelity, readSchedule, recalculate, type ScheduleModel } from "../src/index.js";
import { corpus } from "./corpus.js";

async function fidelity(file: string, adjust?: (m: ScheduleModel) => ScheduleModel) {
  const read = await readSchedule(corpus(file), { fileName: file });
  const model = adjust ? adjust(read) : read;
  return compareWithFile(model, recalculate(model));
}

describe("recalculation reproduces the dates P6 stored", () => {
  it("MultiprojectWithExternal.xer: every date of both projects to the minute, in-progress activity included", async () => {
    const c = await fidelity("xer/MultiprojectWithExternal.xer");
    expect(c.compared).toBe(3);
    expect(c.differences).toEqual([]);
  });

  it.each(["pmxml/MultiprojectWithExternal.xml", "pmxml/BaselineProjects.xml"])(
    "%s: every date to the minute",
    async (file) => {
      const c = await fidelity(file);
      expect(c.compared).toBeGreaterThan(0);
      expect(c.differences).toEqual([]);
    },
  );

  it("files whose activities are all completed or carry no computed dates compare nothing", async () => {
    for (const file of ["xer/encoding1251.xer", "xer/PredecessorCalendar.xer", "pmxml/PredecessorCalendar.xml"]) {
      expect((await fidelity(file)).compared).toBe(0);
    }
  });
});

describe("differences with other tools' dates are explained", () => {
  it("a total float P6 kept on an ALAP activity it left in place (SP10, P6 8.1) is told as such, and still counts", async () => {
    // MultiprojectWithExternal.xer, second project: A1000 and A1010 are not started, with no free float. A1000 made
    // ALAP stays where it is; both get a stored float 40 h above ours, as SP10 stores for such ALAP activities.
    const model = await readSchedule(corpus("xer/MultiprojectWithExternal.xer"));
    const [alap, plain] = model.activities.filter((a) => a.status === "not_started");
    alap.constraint = { type: "as_late_as_possible" };
    for (const a of [alap, plain]) a.computed = { ...a.computed, totalFloat: (a.computed?.totalFloat ?? 0) + 40 * 60 };
    const c = measureFidelity(model);
    expect(c.differences.map((d) => [d.activity, d.field])).toEqual([
      [alap.code, "totalFloat"],
      [plain.code, "totalFloat"],
    ]);
    const [left, other] = c.differences;
    expect(left.note).toBe("float −40h; ALAP left in place: P6 kept the float of an earlier calculation");
    expect(other.note).toBe("float −40h");
    expect(c.exact).toBe(c.compared - 2);
  });

  it("an XER that Asta Powerproject wrote (header database `PowerProject`) is measured but not taken for P6's dates", async () => {
    // Real case: a US public-works baseline whose header reads `ERMHDR 15.2 … PowerProject Project Manager`; its
    // start milestones sit at 17:00 where P6 writes the next morning. The same bytes under P6's header name are P6's.
    const p6 = new TextDecoder().decode(corpus("xer/MultiprojectWithExternal.xer"));
    const [header, ...rest] = p6.split("\n");
    const fields = header.split("\t");
    fields[6] = "PowerProject";
    const asta = new TextEncoder().encode([fields.join("\t"), ...rest].join("\n"));
    const fromAsta = measureFidelity(await readSchedule(asta, { fileName: "baseline.xer" }));
    expect(fromAsta.notComputed).toBe(
      "written by Asta Powerproject, not Primavera P6 (the XER header says so): its dates are Asta Powerproject's calculation, not P6's",
    );
    expect(fromAsta.compared).toBe(3);
    expect(measureFidelity(await readSchedule(corpus("xer/MultiprojectWithExternal.xer"))).notComputed).toBeUndefined();
  });

  it("an MSPDI whose open end keeps a late finish days before the project finish is measured but not taken for MS Project's pass", async () => {
    const model = await readSchedule(corpus("mspdi/mspdirelations.xml"), { fileName: "mspdirelations.xml" });
    expect(measureFidelity(model).notComputed).toBeUndefined();
    // As in mpxj's mspdiduration.xml: a task added later moved the finish, an earlier open end kept its late finish.
    const predecessors = new Set(model.relations.map((r) => r.predecessorId));
    const openEnd = model.activities.find((a) => a.type !== "summary" && !predecessors.has(a.id))!;
    const finish = model.projects[0].scheduledFinish!;
    openEnd.computed = {
      ...openEnd.computed,
      lateFinish: `${Number(finish.slice(0, 4)) - 1}${finish.slice(4, 10)}T12:00`,
    };
    expect(measureFidelity(model).notComputed).toMatch(
      new RegExp(
        `^${openEnd.code} \\(no successor, no constraint\\) has its stored late finish .*left from an earlier calculation$`,
      ),
    );
  });

  it("mspdirelations.xml: MS Project writes a finish as 08:00 of the next working day, the same working time as our 17:00", async () => {
    const c = await fidelity("mspdi/mspdirelations.xml");
    expect(c.equalInWorkingTime).toBe(c.compared);
    expect(c.differences.every((d) => d.sameWorkingTime)).toBe(true);
  });

  it("task-links (MS Project 2019, build 16): every date and slack matches under its rule that SS/SF links leave the predecessor's late dates alone", async () => {
    const read = await readSchedule(corpus("mspdi/task-links-project2019-mspdi.xml"));
    expect(read.source?.version).toMatch(/^16\./);
    expect(read.projects[0].options.startLinksBoundLate).toBe(false);
    expect(read.projects[0].options.resourceRunsInActivityHours).toBe(false);
    const c = await fidelity("mspdi/task-links-project2019-mspdi.xml");
    expect(c.compared).toBe(16);
    expect(c.differences.filter((d) => !d.sameWorkingTime)).toEqual([]);
    expect(c.equalInWorkingTime).toBe(c.compared);
  });

  it("task-links (MS Project 2010, no build number): SS/SF links bound the predecessor's late dates as in P6", async () => {
    const bytes = new Uint8Array(
      readFileSync(new URL("../fidelity/mpxj/task-links-project2010-mspdi.xml", import.meta.url)),
    );
    const m = await readSchedule(bytes);
    expect(m.projects[0].options.startLinksBoundLate).toBeUndefined();
    const c = compareWithFile(m, recalculate(m));
    expect(c.differences.filter((d) => !d.sameWorkingTime)).toEqual([]);
  });

  it("sample.xml: task 2 runs on its resources' calendars (200 h at 50 % on the day shift, 300 h at 75 % on the night shift), so it finishes 18 March 08:00 and every date matches", async () => {
    const c = await fidelity("mspdi/sample.xml");
    expect(c.compared).toBe(19);
    expect(c.differences.filter((d) => !d.sameWorkingTime)).toEqual([]);
    const m = await readSchedule(corpus("mspdi/sample.xml"), { fileName: "sample.xml" });
    const two = recalculate(m).model.activities.find((a) => a.code === "2");
    expect(two?.computed).toMatchObject({ earlyStart: "2003-01-07T08:00", earlyFinish: "2003-03-18T08:00" });
  });

  it("sample.mpx: the same plan saved as MPX reads the assignments (record 75) and resource calendars (record 55), and its summary shows 18 March too", async () => {
    const m = await readSchedule(corpus("mpx/sample.mpx"), { fileName: "sample.mpx" });
    const first = recalculate(m).model.activities.find((a) => a.code === "1");
    expect(first?.computed).toMatchObject({ earlyStart: "2003-01-07T08:00", earlyFinish: "2003-03-18T08:00" });
  });

  it("primavera.xml (computed by Aspose): its 112 h task finishes on a Sunday of a Monday–Friday calendar", async () => {
    const m = await readSchedule(corpus("pmxml/primavera.xml"));
    const a = m.activities.find((x) => x.code === "A1000")!;
    expect(a.plannedDuration).toBe(112 * 60);
    expect(a.computed?.earlyFinish).toBe("1999-05-16T17:00"); // a Sunday
    expect(m.calendars.find((c) => c.id === "1")!.week[6]).toEqual([]);
    const ours = recalculate(m).model.activities.find((x) => x.code === "A1000")!;
    expect(ours.computed?.earlyFinish).toBe("1999-05-20T17:00"); // 14 working days of 8 h from Monday 3 May
  });
});
