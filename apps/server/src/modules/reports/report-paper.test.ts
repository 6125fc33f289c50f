import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ReportSheet, ReportTable } from "@planum/formats";
import { afterAll, describe, expect, it } from "vitest";
import { readPdf } from "../print/print.test-kit.js";
import { sheetPaper, tablePaper } from "./report-paper.js";
import { paperPdf } from "./report-paper-pdf.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-paper-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a report on paper", () => {
  it("cuts a long table into pages, repeating its header on each, with its totals last", async () => {
    const table: ReportTable = {
      title: "Перечень работ",
      subtitle: "Жилой дом · ГПР",
      sheet: "Перечень",
      columns: [
        { title: "Код", width: 10 },
        { title: "Работа", width: 40 },
        { title: "Начало", width: 12, kind: "date" },
        { title: "Дней", width: 8, kind: "number" },
      ],
      rows: Array.from({ length: 300 }, (_, i) => [
        `A${String(i).padStart(3, "0")}`,
        `Монтаж конструкций этажа ${i}`,
        new Date(Date.UTC(2025, 0, 13 + i)),
        2,
      ]),
      totals: { label: "Итого", columns: [3] },
    };
    const { text } = readPdf(dir, await paperPdf(tablePaper(table), table.title), "table");
    const pages = text.filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(3);
    // the title once, the column titles on every page, each work once, the sum on the last page
    expect(pages[0]).toContain("Перечень работ");
    expect(pages.slice(1).some((page) => page.includes("Перечень работ"))).toBe(false);
    for (const page of pages) expect(page).toMatch(/Код\s+Работа\s+Начало\s+Дней/);
    const codes = pages.join("\n").match(/A\d{3}/g) ?? [];
    expect(codes).toHaveLength(300);
    expect(new Set(codes).size).toBe(300);
    expect(pages[0]).toContain("13.01.2025");
    expect(pages.at(-1)).toMatch(/Итого\s+600/);
  });

  it("never cuts a merged range between pages, and wraps a text too long for its column", async () => {
    const cell = (value: string | null) => ({ value });
    // sections of seven rows: a page's natural end falls inside one
    const sheet: ReportSheet = {
      columns: [10, 20],
      rows: Array.from({ length: 140 }, (_, i) =>
        i % 7 === 0
          ? { cells: [{ value: `Секция ${i / 7 + 1}`, rowSpan: 7, colSpan: 1 }, cell(`Работа ${i}`)] }
          : { cells: [{ value: null, covered: true }, cell(`Работа ${i}`)] },
      ),
    };
    sheet.rows[1].cells[1].value = "очень длинное название работы, которое не поместится в одну строку колонки";
    const { text } = readPdf(dir, await paperPdf(sheetPaper(sheet), "form"), "form");
    const pages = text.filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    // a section and its seven works stay together
    for (const page of pages) {
      for (const [, n] of page.matchAll(/Секция (\d+)/g)) {
        const first = (Number(n) - 1) * 7;
        for (let k = first; k < first + 7; k++) if (k !== 1) expect(page).toContain(`Работа ${k}`);
      }
    }
    expect(pages[0]).toContain("очень длинное");
    expect(pages[0]).toContain("колонки");
  });
});
