import { describe, expect, it } from "vitest";
import { blockText, dayOfIso, formatCell, isoOfDay, parsePastedBlock, readCell } from "./wdp-numbers";

describe("the numeric rule of a day cell", () => {
  it("reads a comma or a dot as the decimal point, trimmed", () => {
    expect(readCell(" 12,5 ")).toEqual({ ok: true, value: 12.5 });
    expect(readCell("12.5")).toEqual({ ok: true, value: 12.5 });
    expect(readCell("1 234,25")).toEqual({ ok: true, value: 1234.25 });
  });
  it("keeps three decimals", () => {
    expect(readCell("0,12345")).toEqual({ ok: true, value: 0.123 });
    expect(readCell("2.0005")).toEqual({ ok: true, value: 2.001 });
  });
  it("clears the cell on an empty text", () => {
    expect(readCell("   ")).toEqual({ ok: true, value: 0 });
  });
  it("refuses words, two decimal points and negatives", () => {
    expect(readCell("abc")).toEqual({ ok: false, reason: "invalid" });
    expect(readCell("1,2,3")).toEqual({ ok: false, reason: "invalid" });
    expect(readCell("-4")).toEqual({ ok: false, reason: "negative" });
    expect(readCell("1e13")).toEqual({ ok: false, reason: "invalid" });
  });
  it("shows values in the language's style and 0 as empty", () => {
    expect(formatCell(1234.5, "en")).toBe("1,234.5");
    expect(formatCell(12.25, "ru")).toBe("12,25");
    expect(formatCell(0, "fr")).toBe("");
  });
});

describe("a block pasted from a spreadsheet", () => {
  it("splits rows on newlines and cells on tabs, ignoring the trailing newline", () => {
    expect(parsePastedBlock("1\t2,5\t3\t4\r\n5\t\t7\t8\r\n9\t10\t11\t12\r\n")).toEqual([
      ["1", "2,5", "3", "4"],
      ["5", "", "7", "8"],
      ["9", "10", "11", "12"],
    ]);
  });
  it("takes one value as a 1×1 block and keeps quoted cells whole", () => {
    expect(parsePastedBlock("42")).toEqual([["42"]]);
    expect(parsePastedBlock('"1\n2"\t3\n')).toEqual([["1\n2", "3"]]);
  });
  it("writes a block back with the language's decimal mark", () => {
    expect(blockText([[1.5, 0, 2]], "ru")).toBe("1,5\t\t2");
    expect(blockText([[1.5], [3]], "en")).toBe("1.5\n3");
  });
  it("counts days as the server does", () => {
    expect(dayOfIso("1970-01-02")).toBe(1);
    expect(isoOfDay(dayOfIso("2026-11-26"))).toBe("2026-11-26");
  });
});
