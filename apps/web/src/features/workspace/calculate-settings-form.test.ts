import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  floatToMinutes,
  fromForm,
  parseMustFinishBy,
  scenarioChoices,
  serverIssues,
  showMustFinishBy,
  toForm,
} from "./calculate-settings-form";

describe("calculation settings form", () => {
  it("shows the critical float in days when whole days, in hours otherwise, and reads both back as minutes", () => {
    expect(toForm({ ...DEFAULT_SETTINGS, criticalFloat: 960 }, "ru")).toMatchObject({
      criticalFloat: "2",
      floatUnit: "days",
    });
    expect(toForm({ ...DEFAULT_SETTINGS, criticalFloat: 240 }, "ru")).toMatchObject({
      criticalFloat: "4",
      floatUnit: "hours",
    });
    expect(toForm({ ...DEFAULT_SETTINGS, criticalFloat: 720 }, "ru")).toMatchObject({
      criticalFloat: "1,5",
      floatUnit: "days",
    });
    expect(toForm({ ...DEFAULT_SETTINGS, criticalFloat: -480 }, "en")).toMatchObject({
      criticalFloat: "-1",
      floatUnit: "days",
    });
    expect(toForm({ ...DEFAULT_SETTINGS, criticalFloat: 90 }, "ru")).toMatchObject({
      criticalFloat: "1,5",
      floatUnit: "hours",
    });
    expect(floatToMinutes(" 1,5 ", "days")).toBe(720);
    expect(floatToMinutes("-2", "hours")).toBe(-120);
    expect(floatToMinutes("", "days")).toBeNull();
    expect(floatToMinutes("2 days", "days")).toBeNull();
  });

  it("reads must-finish-by in the app's date formats; a bare date is the end of that day", () => {
    expect(parseMustFinishBy("")).toBeNull();
    expect(parseMustFinishBy("31.12.2025")).toBe("2025-12-31T23:59");
    expect(parseMustFinishBy("31.12.2025 17:00")).toBe("2025-12-31T17:00");
    expect(parseMustFinishBy("31.02.2025")).toBeUndefined();
    expect(showMustFinishBy("2025-12-31T23:59")).toBe("31.12.2025");
    expect(showMustFinishBy("2025-12-31T17:00")).toBe("31.12.2025 17:00");
    expect(showMustFinishBy(null)).toBe("");
  });

  it("turns the form into the PUT body, or says which fields it cannot read", () => {
    const form = { ...toForm(DEFAULT_SETTINGS, "en"), floatType: "smallest" as const, criticalFloat: "3" };
    expect(fromForm(form)).toEqual({ body: { ...DEFAULT_SETTINGS, floatType: "smallest", criticalFloat: 1440 } });
    const longest = toForm({ ...DEFAULT_SETTINGS, criticalBy: "longest_path" }, "en");
    expect(fromForm(longest)).toEqual({ body: { ...DEFAULT_SETTINGS, criticalBy: "longest_path" } });
    expect(fromForm({ ...form, criticalFloat: "x", mustFinishBy: "soon" })).toEqual({
      issues: { criticalFloat: { code: "InvalidNumber" }, mustFinishBy: { code: "InvalidDate" } },
    });
  });

  it("puts the server's field errors beside their fields", () => {
    const { issues, rest } = serverIssues([
      { code: "InvalidValue", message: "", params: { field: "criticalFloat" } },
      { code: "Forbidden", message: "" },
    ]);
    expect(issues).toEqual({ criticalFloat: { code: "InvalidValue", params: { field: "criticalFloat" } } });
    expect(rest.map((e) => e.code)).toEqual(["Forbidden"]);
  });

  it("offers each quantity its own scenarios, and keeps a stored one from elsewhere", () => {
    expect(scenarioChoices("volumeScenario", 6)).toEqual([5, 6, 7]);
    expect(scenarioChoices("costScenario", 1)).toEqual([1, 11, 12, 13]);
    expect(scenarioChoices("scenario", 4)).toHaveLength(13);
  });
});
