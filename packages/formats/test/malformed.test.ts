import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FormatError, ReadWarnings, readPmxml, readSchedule, readXer, runPlanumFileCommand } from "../src/index.js";
import { corpus } from "./corpus.js";

async function error(p: Promise<unknown> | (() => unknown)): Promise<FormatError> {
  try {
    if (typeof p === "function") p();
    else await p;
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return e as FormatError;
  }
  throw new Error("expected a FormatError");
}

const xerText = () => new TextDecoder("windows-1251").decode(corpus("xer/MultiprojectWithExternal.xer"));
const bytes1251 = (s: string) => {
  // Re-encode through the corpus' own code page so only our edit changes.
  const out = new Uint8Array(s.length);
  const table = new Map<number, number>();
  const dec = new TextDecoder("windows-1251");
  for (let b = 0; b < 256; b++) table.set(dec.decode(new Uint8Array([b])).charCodeAt(0), b);
  for (let i = 0; i < s.length; i++) out[i] = table.get(s.charCodeAt(i)) ?? 0x3f;
  return out;
};

describe("malformed files are refused with the place and the reason", () => {
  it("a truncated XER (no %E end marker) names the table it stopped in", async () => {
    const text = xerText();
    const cut = text.slice(0, text.indexOf("%T\tTASKPRED") + 30);
    const e = await error(() => readXer(bytes1251(cut)));
    expect(e.code).toBe("MalformedFile");
    expect(e.message).toMatch(/truncated/);
    expect(e.location).toMatchObject({ table: "TASKPRED" });
  });

  it("an XER row with more values than fields names the table and row", async () => {
    const text = xerText().replace(
      "%R\t133085\t",
      "%R\t133085\textra\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t",
    );
    const e = await error(() => readXer(bytes1251(text)));
    expect(e.location).toMatchObject({ table: "TASK", row: 2 });
  });

  it("an unknown table is refused", async () => {
    const text = xerText().replace("%T\tPROJCOST", "%T\tNOT_A_P6_TABLE");
    const e = await error(() => readXer(bytes1251(text)));
    expect(e.code).toBe("UnknownTable");
    expect(e.message).toContain("NOT_A_P6_TABLE");
  });

  it("a date that is not a date in a field the calculation does without is a warning naming the table, row and field", async () => {
    const text = xerText().replace(
      "2024-05-28 08:00\t2024-06-03 16:00\t\t2024-05-28 08:00",
      "2024-13-45 08:00\t2024-06-03 16:00\t\t2024-05-28 08:00",
    );
    const warnings = new ReadWarnings();
    const model = readXer(bytes1251(text), { warnings });
    expect(model.activities.length).toBeGreaterThan(0);
    expect(warnings.list).toHaveLength(1);
    expect(warnings.list[0]).toMatchObject({
      code: "ValueIgnored",
      params: { value: "2024-13-45 08:00", field: "late_start_date" },
      place: { table: "TASK", row: 2, field: "late_start_date" },
    });
  });

  it("a file in a wrong (binary / UTF-16 without BOM) encoding is refused as BadEncoding", async () => {
    const text = xerText();
    const utf16 = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      utf16[i * 2] = text.charCodeAt(i) & 0xff;
      utf16[i * 2 + 1] = text.charCodeAt(i) >> 8;
    }
    const e = await error(() => readXer(utf16));
    expect(e.code).toBe("BadEncoding");
  });

  it("broken XML names the element and line", async () => {
    const text = new TextDecoder()
      .decode(corpus("pmxml/MultiprojectWithExternal.xml"))
      .replace("</Activity>", "</Activityy>");
    const e = await error(() => readPmxml(new TextEncoder().encode(text)));
    expect(e.code).toBe("MalformedFile");
    expect(e.location && "line" in e.location ? e.location.line : 0).toBeGreaterThan(1);
  });

  it("10 MB of garbage is refused quickly, whatever name it carries", async () => {
    const garbage = new Uint8Array(10 * 1024 * 1024);
    let s = 12345;
    for (let i = 0; i < garbage.length; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      garbage[i] = s >>> 24;
    }
    for (const name of ["garbage.bin", "garbage.xer", "garbage.xml", "garbage.csv", "garbage.xlsx", "garbage.zip"]) {
      await error(readSchedule(garbage, { fileName: name }));
    }
    await error(readSchedule(garbage, { format: "xer" }));
    await error(readSchedule(garbage, { format: "csv" }));
  });

  it("convert writes nothing when the input is damaged", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "planum-formats-"));
    const input = path.join(dir, "broken.xer");
    const text = xerText();
    writeFileSync(input, bytes1251(text.slice(0, text.length / 2)));
    const out = path.join(dir, "out.xml");
    const err: string[] = [];
    const code = await runPlanumFileCommand(["convert", input, out], { stdout: () => {}, stderr: (s) => err.push(s) });
    expect(code).toBe(1);
    expect(err.join("")).toMatch(/truncated/);
    expect(existsSync(out)).toBe(false);
  });
});

describe("bad values inside well-formed XML", () => {
  it("a P6 XML date that is not a date in a field the calculation does without is a warning with element, field and line", async () => {
    const source = new TextDecoder().decode(corpus("pmxml/MultiprojectWithExternal.xml"));
    const bad = source.replace(
      /<PlannedStartDate>2024-05-28T08:00:00<\/PlannedStartDate>/,
      "<PlannedStartDate>28/05/2024 eight</PlannedStartDate>",
    );
    expect(bad).not.toBe(source);
    const warnings = new ReadWarnings();
    readPmxml(new TextEncoder().encode(bad), { warnings });
    const line = bad.slice(0, bad.indexOf("28/05/2024 eight")).split("\n").length;
    expect(warnings.list).toMatchObject([
      {
        code: "ValueIgnored",
        params: { value: "28/05/2024 eight", field: "PlannedStartDate", reason: "not a date" },
        place: { element: "Activity/PlannedStartDate", line, field: "PlannedStartDate" },
      },
    ]);
  });

  it("a P6 XML date that is not a date in a field the calculation needs names the element, the field and its line", async () => {
    const source = new TextDecoder().decode(corpus("pmxml/MultiprojectWithExternal.xml"));
    const bad = source.replace(/<DataDate>([^<]*)<\/DataDate>/, "<DataDate>someday</DataDate>");
    expect(bad).not.toBe(source);
    const e = await error(() => readPmxml(new TextEncoder().encode(bad)));
    expect(e.code).toBe("InvalidValue");
    const line = bad.slice(0, bad.indexOf("someday")).split("\n").length;
    expect(e.location).toEqual({ element: "Project/DataDate", line });
  });
});
