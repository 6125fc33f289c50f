import { describe, expect, it } from "vitest";
import { readXer, writeSchedule, writeXer } from "../src/index.js";
import { corpus } from "./corpus.js";

describe("XER writer", () => {
  it("writes Cyrillic names in windows-1251, as P6 on a Russian machine expects", async () => {
    const m = readXer(corpus("xer/encoding1251.xer"));
    const bytes = await writeSchedule(m, "xer");
    expect(new TextDecoder("windows-1251").decode(bytes)).toContain("Задача 1");
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    expect(readXer(bytes).activities[0].name).toBe("Задача 1");
  });

  it("uses windows-1252 for Western names and UTF-8 when one code page cannot hold them", () => {
    const m = readXer(corpus("xer/PredecessorCalendar.xer"));
    m.activities[0].name = "Bétonnage façade";
    const western = writeXer(m);
    expect(new TextDecoder("windows-1252").decode(western)).toContain("Bétonnage façade");
    m.activities[0].name = "Бетон 混凝土";
    const mixed = writeXer(m);
    expect(new TextDecoder("utf-8", { fatal: true }).decode(mixed)).toContain("Бетон 混凝土");
    expect(readXer(mixed).activities[0].name).toBe("Бетон 混凝土");
  });

  it("writes the tables and fields MPXJ and P6 read, with P6 dates, hours and codes", () => {
    const text = new TextDecoder("windows-1252").decode(
      writeXer(readXer(corpus("xer/MultiprojectWithExternal.xer")), { exportDate: "2026-01-01" }),
    );
    expect(text.startsWith("ERMHDR\t20.12\t2026-01-01\t")).toBe(true);
    expect(text.trimEnd().endsWith("%E")).toBe(true);
    for (const t of ["PROJECT", "SCHEDOPTIONS", "CALENDAR", "PROJWBS", "TASK", "TASKPRED"])
      expect(text).toContain(`%T\t${t}\r\n`);
    expect(text).toMatch(/%R\t133031\t5442\t[^\n]*\tTT_Task\tDT_FixedDUR2\tTK_Active\tA1000\t/);
    expect(text).toContain("\t66\t"); // remaining duration in hours
    expect(text).toContain("2023-10-18 10:00");
    expect(text).toMatch(/%R\t83845\t133086\t133031\t5494\t5442\tPR_FS\t0\t/);
  });
});
