import { describe, expect, it } from "vitest";
import { readSchedule, type ScheduleModel, type WritableFormat, writeSchedule } from "../src/index.js";
import { corpus, READABLE } from "./corpus.js";

const FORMATS: WritableFormat[] = ["xer", "pmxml", "mspdi", "json", "zip", "csv", "xlsx"];

/** The model without the reader's note about where it came from. */
function content(m: ScheduleModel): Omit<ScheduleModel, "source"> {
  const { source: _source, ...rest } = m;
  return JSON.parse(JSON.stringify(rest));
}

async function via(model: ScheduleModel, format: WritableFormat): Promise<ScheduleModel> {
  return readSchedule(await writeSchedule(model, format), { format: format === "mspdi" ? "mspdi" : format });
}

describe("same-format round trip is lossless", () => {
  const native: [string, WritableFormat][] = [
    ["xer/MultiprojectWithExternal.xer", "xer"],
    ["xer/encoding1251.xer", "xer"],
    ["xer/PredecessorCalendar.xer", "xer"],
    ["pmxml/PredecessorCalendar.xml", "pmxml"],
    ["pmxml/primavera.xml", "pmxml"],
    ["pmxml/BaselineProjects.xml", "pmxml"],
    ["pmxml/MultiprojectWithExternal.xml", "pmxml"],
    ["mspdi/task-links-project2019-mspdi.xml", "mspdi"],
    ["mspdi/sample.xml", "mspdi"],
    ["mspdi/mspdirelations.xml", "mspdi"],
  ];
  it.each(native)("%s → %s → model equals the first read", async (file, format) => {
    const first = await readSchedule(corpus(file), { fileName: file });
    const again = await via(first, format);
    expect(content(again)).toEqual(content(first));
  });

  it.each(READABLE)("%s survives Planum JSON and ZIP unchanged", async (file) => {
    const first = await readSchedule(corpus(file), { fileName: file });
    expect(content(await via(first, "json"))).toEqual(content(first));
    expect(content(await via(first, "zip"))).toEqual(content(first));
  });
});

describe("every format reproduces what it holds (write → read → write → read)", () => {
  for (const [file] of READABLE) {
    it.each(FORMATS)(`${file} via %s`, async (format) => {
      const model = await readSchedule(corpus(file), { fileName: file });
      const once = await via(model, format);
      const twice = await via(once, format);
      expect(content(twice)).toEqual(content(once));
      // What a user would notice first: every activity with its ID, name and durations.
      expect(once.activities.map((a) => [a.code, a.name, a.plannedDuration, a.remainingDuration])).toEqual(
        model.activities.map((a) => [a.code, a.name, a.plannedDuration, a.remainingDuration]),
      );
      expect(once.relations.length).toBe(
        model.relations.filter((r) =>
          format !== "csv" && format !== "xlsx" ? true : model.activities.some((a) => a.id === r.predecessorId),
        ).length,
      );
    });
  }
});
