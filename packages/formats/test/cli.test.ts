import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSchedule, runPlanumFileCommand } from "../src/index.js";
import { corpusDir } from "./corpus.js";
import { baseTables, task, xerFile } from "./xer-fixture.js";

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPlanumFileCommand(argv, { stdout: (s) => out.push(s), stderr: (s) => err.push(s) });
  return { code, out: out.join(""), err: err.join("") };
}

const xer = path.join(corpusDir, "xer/MultiprojectWithExternal.xer");

describe("planum schedule", () => {
  it("prints every activity with P6's dates, floats in hours and the project it belongs to", async () => {
    const r = await run("schedule", xer);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out);
    expect(rows).toHaveLength(3);
    // Free float is left out: P6 stores 1270 h (the gap to the successor in the other project) while the
    // engine caps free float at total float (0 here) — an engine rule, reported, not a mapping error.
    expect(rows[0]).toMatchObject({
      project: "TestProject",
      id: "A1000",
      name: "Задача 1",
      earlyStart: "2023-10-06T08:00",
      earlyFinish: "2023-10-18T10:00",
      lateStart: "2023-10-06T08:00",
      lateFinish: "2023-10-18T10:00",
      totalFloat: 0,
      critical: true,
    });
  });

  it("--format csv prints a header and one line per activity", async () => {
    const r = await run("schedule", xer, "--format", "csv");
    const lines = r.out.trim().split("\n");
    expect(lines[0]).toBe("project,id,name,earlyStart,earlyFinish,lateStart,lateFinish,totalFloat,freeFloat,critical");
    expect(lines[1]).toMatch(
      /^TestProject,A1000,Задача 1,2023-10-06T08:00,2023-10-18T10:00,2023-10-06T08:00,2023-10-18T10:00,0,\d+,true$/,
    );
    expect(lines[3]).toBe(
      "TestProject2,A1010,Activity 2 - 2,2024-05-28T08:00,2024-06-03T16:00,2024-05-28T08:00,2024-06-03T16:00,0,0,true",
    );
  });

  it("--compare reports no difference on a P6 file and the explained ones on an MS Project file", async () => {
    const p6 = JSON.parse((await run("schedule", xer, "--compare")).out);
    expect(p6.compare).toMatchObject({ compared: 3, equal: 3, equalPercent: 100, differences: [] });
    // Since the engine writes an SF finish at its predecessor's start instant (scenario 041), MS Project's dates of
    // this file are met to the minute.
    const exact = JSON.parse(
      (await run("schedule", path.join(corpusDir, "mspdi/mspdirelations.xml"), "--compare")).out,
    );
    expect(exact.compare).toMatchObject({ compared: 5, equal: 5, differences: [] });
    // MS Project writes a late finish as the next morning where we write the evening before: the same working time.
    const msp = JSON.parse(
      (await run("schedule", path.join(corpusDir, "mspdi/task-links-project2019-mspdi.xml"), "--compare")).out,
    );
    expect(msp.compare.differences[0]).toMatchObject({
      id: "1",
      field: "lateFinish",
      file: "2018-11-02T08:00",
      computed: "2018-11-01T17:00",
      sameWorkingTime: true,
    });
  });
});

describe("planum convert", () => {
  it("converts XER to P6 XML, MSPDI (--to) and back without losing names or durations", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "planum-cli-"));
    const xml = path.join(dir, "out.xml");
    expect((await run("convert", xer, xml)).code).toBe(0);
    expect(readFileSync(xml, "utf8")).toContain("<APIBusinessObjects");
    const msp = path.join(dir, "out-msp.xml");
    expect((await run("convert", xer, msp, "--to", "mspdi")).code).toBe(0);
    const back = path.join(dir, "back.xer");
    expect((await run("convert", xml, back)).code).toBe(0);
    const m = await readSchedule(new Uint8Array(readFileSync(back)));
    expect(m.activities.map((a) => [a.code, a.name, a.remainingDuration])).toEqual([
      ["A1000", "Задача 1", 3960],
      ["A1000", "Activity2 - 1", 2400],
      ["A1010", "Activity 2 - 2", 2400],
    ]);
  });

  it("refuses an output it cannot name", async () => {
    const r = await run("convert", xer, "out.pdf");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--to/);
  });

  it("reads a CSV with skipped rows and a column mapping", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "planum-cli-"));
    const csv = path.join(dir, "in.csv");
    writeFileSync(csv, "Отчёт\nвыгружен 01.02.2024\nКод;Наименование;Дни;Начало\nA1;Фундамент;5;05.02.2024\n");
    const out = path.join(dir, "out.json");
    const r = await run(
      "convert",
      csv,
      out,
      "--skip-rows",
      "2",
      "--duration-unit",
      "days",
      "--mapping",
      '{"id":"Код","name":"Наименование","duration":"Дни","start":"Начало"}',
    );
    expect(r.code).toBe(0);
    const m = JSON.parse(readFileSync(out, "utf8")).schedule;
    expect(m.activities[0]).toMatchObject({
      code: "A1",
      name: "Фундамент",
      plannedDuration: 2400,
      plannedStart: "2024-02-05T00:00",
    });
  });
});

describe("planum check", () => {
  it("prints the DCMA report as text and JSON", async () => {
    const file = path.join(corpusDir, "pmxml/primavera.xml");
    const text = await run("check", file);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/Missing logic/);
    expect(text.out).toMatch(/Critical path test/);
    const json = JSON.parse((await run("check", file, "--format", "json")).out);
    expect(json[0].checks.map((c: { key: string }) => c.key)).toEqual([
      "logic",
      "leads",
      "lags",
      "relationship_types",
      "hard_constraints",
      "high_float",
      "negative_float",
      "high_duration",
      "invalid_dates",
      "resources",
      "missed_tasks",
      "critical_path_test",
      "cpli",
      "bei",
    ]);
    const cpt = json[0].checks.find((c: { key: string }) => c.key === "critical_path_test");
    expect(cpt.passed).toBe(true);
  });
});

describe("usage", () => {
  it("--help prints the commands, unknown commands and missing files fail with exit codes", async () => {
    const h = await run("--help");
    expect(h.code).toBe(0);
    expect(h.out).toMatch(/schedule <file>/);
    expect((await run("frobnicate")).code).toBe(2);
    const missing = await run("schedule", "/nonexistent/file.xer");
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/ENOENT|no such file/);
  });
});

describe("planum schedule on a file with values P6 ignores", () => {
  it("reads the file, prints the schedule and lists each warning with its place on stderr", async () => {
    const tables = baseTables();
    tables.TASK[1] = task(101, "A1010", { target_end_date: "4637-11-24 17:00" });
    const dir = mkdtempSync(path.join(tmpdir(), "planum-cli-warn-"));
    const file = path.join(dir, "odd.xer");
    writeFileSync(file, xerFile(tables));
    const r = await run("schedule", file);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toHaveLength(2);
    expect(r.err).toContain('warning: The value "4637-11-24 17:00" of target_end_date cannot be read (out of range)');
    expect(r.err).toContain("table TASK, row 2, field target_end_date");
    expect(r.err).toContain("activity A1010");
  });
});
