import { describe, expect, it } from "vitest";
import { readSchedule, type ScheduleModel, type WritableFormat, writeSchedule } from "../src/index.js";
import { P6_CURVE_NAMES } from "../src/model/file-curves.js";
import { corpus } from "./corpus.js";

const CURVES = Object.keys(P6_CURVE_NAMES) as NonNullable<ScheduleModel["assignments"][number]["curve"]>[];

async function via(model: ScheduleModel, format: WritableFormat): Promise<ScheduleModel> {
  return readSchedule(await writeSchedule(model, format), { format });
}

/** The corpus file with a curve on every assignment: each named curve in turn, every fourth one even. */
async function withCurves(file: string) {
  const model = await readSchedule(corpus(file), { fileName: file });
  model.assignments.forEach((a, k) => {
    if (k % 4 === 3) delete a.curve;
    else a.curve = CURVES[k % CURVES.length];
  });
  return model;
}

const curvesOf = (m: ScheduleModel) => m.assignments.map((a) => [a.activityId, a.resourceId, a.curve ?? "even"]);

describe("resource curves round trip through every format that carries them", () => {
  it.each([
    ["xer/encoding1251.xer", "xer"],
    ["pmxml/BaselineProjects.xml", "pmxml"],
    ["pmxml/primavera.xml", "pmxml"],
    ["pmxml/primavera.xml", "xer"],
    ["xer/encoding1251.xer", "pmxml"],
  ] as [string, WritableFormat][])("%s → %s keeps every P6 curve", async (file, format) => {
    const model = await withCurves(file);
    expect(model.assignments.length).toBeGreaterThan(3);
    const again = await via(model, format);
    expect(curvesOf(again)).toEqual(curvesOf(model));
  });

  it("MS Project XML keeps its contours (P6's three step, which MS Project lacks, goes out flat)", async () => {
    const model = await withCurves("pmxml/primavera.xml");
    const again = await via(model, "mspdi");
    const expected = model.assignments.map((a) => (a.curve === "three_step" ? undefined : a.curve));
    expect(again.assignments.map((a) => a.curve)).toEqual(expected);
    expect(expected.filter(Boolean).length).toBeGreaterThan(50);
  });

  it("a P6 curve of the user's own is read as the standard curve nearest in shape", async () => {
    const text = new TextDecoder("windows-1251").decode(corpus("xer/encoding1251.xer"));
    const model = await readSchedule(corpus("xer/encoding1251.xer"), { fileName: "encoding1251.xer" });
    const taskrsrc = model.assignments[0];
    // A bell renamed by the user and slightly reshaped: found by its values.
    const values = [0, 1, 3, 4, 6, 8, 10, 12, 14, 15, 17, 15, 14, 12, 10, 8, 6, 4, 2, 1, 0];
    const curveTable = `%T\tRSRCCURVDATA\n%F\tcurv_id\tcurv_name\t${values.map((_, k) => `pct_usage_${k}`).join("\t")}\n%R\t77\tМой колокол\t${values.join("\t")}\n`;
    // The file's lines end in CR LF: work on lines, append curv_id to TASKRSRC's fields and rows.
    let table = "";
    const lines = text.split(/\r?\n/).flatMap((line) => {
      if (line.startsWith("%T\t")) table = line.slice(3);
      if (table !== "TASKRSRC") return [line];
      if (line.startsWith("%T\t")) return [...curveTable.trimEnd().split("\n"), line];
      if (line.startsWith("%F\t")) return [`${line}\tcurv_id`];
      return [line.startsWith("%R\t") ? `${line}\t77` : line];
    });
    const patched = lines.join("\n");
    const read = await readSchedule(new TextEncoder().encode(patched), { format: "xer" });
    expect(read.assignments.find((a) => a.id === taskrsrc.id)?.curve).toBe("bell");
  });
});

describe("MS Project tasks without a calendar of their own are resource dependent", () => {
  it("read as resource dependent, written back without a calendar, read the same", async () => {
    const model = await readSchedule(corpus("mspdi/sample.xml"), { fileName: "sample.xml" });
    const driven = model.activities.filter((a) => a.type === "resource_dependent");
    expect(driven.length).toBeGreaterThan(0);
    for (const a of driven) {
      expect(a.calendarId).toBeUndefined();
      expect(model.assignments.some((as) => as.activityId === a.id)).toBe(true);
    }
    // A task without a calendar and without resources stays a task (on the project's calendar).
    const unstaffed = model.activities.filter(
      (a) => a.type === "task" && !model.assignments.some((as) => as.activityId === a.id),
    );
    expect(unstaffed.length).toBeGreaterThan(0);
    const again = await via(model, "mspdi");
    expect(again.activities.map((a) => [a.code, a.type])).toEqual(model.activities.map((a) => [a.code, a.type]));
  });

  it("a P6 resource-dependent activity goes to MS Project without a task calendar and comes back dependent", async () => {
    const model = await readSchedule(corpus("xer/encoding1251.xer"), { fileName: "encoding1251.xer" });
    const driven = model.activities.filter((a) => a.type === "resource_dependent");
    expect(driven.length).toBe(1);
    // Its only resource in the file is a material, which MS Project never schedules on: make it the crew's.
    const crew = model.resources.find((r) => r.type === "labor")!;
    for (const as of model.assignments) if (as.activityId === driven[0].id) as.resourceId = crew.id;
    const bytes = await writeSchedule(model, "mspdi");
    const again = await readSchedule(bytes, { format: "mspdi" });
    const back = again.activities.find((a) => a.code === driven[0].code);
    expect(back?.type).toBe("resource_dependent");
    expect(back?.calendarId).toBeUndefined();
  });
});
