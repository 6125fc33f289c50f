import { describe, expect, it } from "vitest";
import {
  FormatError,
  readPlanumJson,
  readPlanumZip,
  readSchedule,
  readXer,
  writePlanumJson,
  writePlanumZip,
} from "../src/index.js";
import { corpus } from "./corpus.js";

describe("Planum ZIP package", () => {
  it("holds every version and attachment of a schedule and gives the actual version to readSchedule", async () => {
    const v1 = readXer(corpus("xer/encoding1251.xer"));
    const v2 = readXer(corpus("xer/MultiprojectWithExternal.xer"));
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
    const zip = await writePlanumZip({
      name: "Корпус 1",
      versions: [
        { label: "Целевой", kind: "target", locked: true, model: v1 },
        { label: "Факт", kind: "actual", dataDate: "2023-10-06T00:00", model: v2 },
      ],
      attachments: [{ name: "акт/приёмки.pdf", mediaType: "application/pdf", bytes: pdf }],
    });
    const pkg = await readPlanumZip(zip);
    expect(pkg.name).toBe("Корпус 1");
    expect(pkg.versions.map((v) => [v.label, v.kind, v.locked ?? false])).toEqual([
      ["Целевой", "target", true],
      ["Факт", "actual", false],
    ]);
    expect(pkg.versions[1].model.activities.map((a) => a.name)).toEqual(v2.activities.map((a) => a.name));
    expect(pkg.attachments).toEqual([{ name: "акт/приёмки.pdf", mediaType: "application/pdf", bytes: pdf }]);
    const actual = await readSchedule(zip);
    expect(actual.projects.map((p) => p.code)).toEqual(["TestProject", "TestProject2"]);
  });

  it("refuses a damaged archive and a ZIP that is not a Planum package", async () => {
    const zip = await writePlanumZip({
      name: "x",
      versions: [{ label: "1", kind: "actual", model: readXer(corpus("xer/PredecessorCalendar.xer")) }],
      attachments: [],
    });
    await expect(readPlanumZip(zip.slice(0, zip.length - 40))).rejects.toBeInstanceOf(FormatError);
    const other = await writePlanumZip({ name: "x", versions: [], attachments: [] });
    await expect(readPlanumZip(other)).rejects.toThrowError(/no schedule version/);
  });
});

describe("Planum JSON", () => {
  it("validates references and names the JSON path of a bad one", () => {
    const m = readXer(corpus("xer/MultiprojectWithExternal.xer"));
    m.activities[1].calendarId = "nope";
    try {
      readPlanumJson(writePlanumJson(m));
      throw new Error("expected an error");
    } catch (e) {
      expect(e).toBeInstanceOf(FormatError);
      expect((e as FormatError).location).toEqual({ entry: "activities[1].calendarId" });
    }
  });

  it("reports the line of a JSON syntax error", () => {
    const text = '{\n "format": "planum-schedule",\n "version": 1,\n "schedule": {,\n}';
    try {
      readPlanumJson(new TextEncoder().encode(text));
      throw new Error("expected an error");
    } catch (e) {
      expect((e as FormatError).code).toBe("MalformedFile");
      expect((e as FormatError).location).toMatchObject({ element: "JSON", line: 4 });
    }
  });
});
