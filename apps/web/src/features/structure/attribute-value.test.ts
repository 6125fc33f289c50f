import { describe, expect, it } from "vitest";
import { editText, formatValue, readInput, sameValue } from "./attribute-value";

const attr = (type: string, settings: Record<string, unknown> = {}, listValues: string[] = []) =>
  ({ type, settings, listValues }) as Parameters<typeof formatValue>[0];

describe("reading typed values", () => {
  it("reads numbers with a decimal comma or point", () => {
    expect(readInput(attr("number"), "1,5", "ru")).toEqual({ ok: true, value: 1.5 });
    expect(readInput(attr("money"), " 12.25 ", "en")).toEqual({ ok: true, value: 12.25 });
    expect(readInput(attr("number"), "abc", "en")).toEqual({ ok: false, message: "Enter a number" });
  });

  it("keeps percentages between 0 and 100", () => {
    expect(readInput(attr("percentage"), "55,5", "ru")).toEqual({ ok: true, value: 55.5 });
    expect(readInput(attr("percentage"), "120", "ru")).toEqual({ ok: false, message: "Недопустимое значение" });
  });

  it("reads the spec's date formats into ISO text", () => {
    expect(readInput(attr("date"), "5.3.2025", "ru")).toEqual({ ok: true, value: "2025-03-05" });
    expect(readInput(attr("date"), "05.мар.2025", "ru")).toEqual({ ok: true, value: "2025-03-05" });
    expect(readInput(attr("date"), "31.02.2025", "fr")).toEqual({
      ok: false,
      message: "Saisissez une date au format JJ.MM.AAAA",
    });
  });

  it("reads booleans, list entries, texts, and clears on empty", () => {
    expect(readInput(attr("boolean"), true, "en")).toEqual({ ok: true, value: true });
    expect(readInput(attr("list", {}, ["A", "B"]), "B", "en")).toEqual({ ok: true, value: "B" });
    expect(readInput(attr("list", {}, ["A"]), "C", "en").ok).toBe(false);
    expect(readInput(attr("string"), "x".repeat(33), "en")).toEqual({
      ok: false,
      message: "The field exceeds the maximum line length - 32 characters",
    });
    expect(readInput(attr("string"), "a<b", "en").ok).toBe(false);
    expect(readInput(attr("number"), "", "en")).toEqual({ ok: true, value: null });
  });

  it("refuses computed kinds", () => {
    expect(readInput(attr("wbs-level"), "3", "en").ok).toBe(false);
  });
});

describe("showing values", () => {
  it("formats numbers per language with unit and precision", () => {
    expect(formatValue(attr("number"), 1234.5, "en")).toBe("1,234.5");
    expect(formatValue(attr("number"), 1234.5, "ru")).toBe("1\u00a0234,5");
    expect(formatValue(attr("money", { unit: "EUR" }), 10, "en")).toBe("10.00 EUR");
    expect(formatValue(attr("percentage", { precision: 1 }), 12, "en")).toBe("12.0 %");
  });

  it("formats dates as DD.MM.YYYY and keeps empty values empty", () => {
    expect(formatValue(attr("date"), "2025-03-05", "en")).toBe("05.03.2025");
    expect(formatValue(attr("date"), "2025-03-05T08:30", "en")).toBe("05.03.2025 08:30");
    expect(formatValue(attr("string"), null, "en")).toBe("");
  });

  it("gives input text in the language's decimal mark", () => {
    expect(editText(attr("number"), 1.5, "ru")).toBe("1,5");
    expect(editText(attr("number"), 1.5, "en")).toBe("1.5");
    expect(editText(attr("date"), "2025-03-05", "fr")).toBe("05.03.2025");
  });

  it("compares stored values", () => {
    expect(sameValue(1.5, 1.5)).toBe(true);
    expect(sameValue(null, "")).toBe(false);
    expect(sameValue(null, null)).toBe(true);
  });
});
