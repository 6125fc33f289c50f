import { DEFAULT_PRINT_FORMAT, PAPER_MM } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { MINUTES_PER_DAY, type PrintRow, planPrint } from "./print-layout.js";

const start = 29_000_000; // a Monday of 2025, minutes
const rows: PrintRow[] = Array.from({ length: 250 }, (_, k) => ({
  cells: [`A${k}`, `Работа ${k}`],
  start: start + k * MINUTES_PER_DAY,
  finish: start + (k + 3) * MINUTES_PER_DAY,
  baselineStart: null,
  baselineFinish: null,
  critical: k % 2 === 0,
  type: 2,
  depth: 0,
}));

const columns = [
  { label: "Code", widthPx: 84, align: "left" as const },
  { label: "Name", widthPx: 220, align: "left" as const },
];
const week = { columns, scale: "week" as const };

describe("laying the workspace on pages", () => {
  it("fits the time axis to N pages wide and runs pages down the rows, then across", () => {
    const plan = planPrint(rows, DEFAULT_PRINT_FORMAT, 2, true, week);
    expect(plan.across).toBe(2);
    expect(plan.pages).toHaveLength(plan.down * 2);
    // every row on exactly one page of each column of pages
    const down = plan.pages.filter((p) => p.dayFrom === 0);
    expect(down.map((p) => p.rowTo - p.rowFrom).reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(plan.pages[plan.down].dayFrom).toBeCloseTo(plan.geometry.days / 2);
    expect(plan.pages.every((p) => p.withHead)).toBe(true);
  });

  it("splits over sheets at the screen's scale, and without repeated headers fits more rows on later pages", () => {
    const split = planPrint(rows, { ...DEFAULT_PRINT_FORMAT, paper: "A4", ...PAPER_MM.A4 }, null, false, week);
    expect(split.across).toBeGreaterThan(1);
    expect(split.pages[0].withHead).toBe(true);
    expect(split.pages[1].withHead).toBe(false);
    expect(split.pages[1].rowTo - split.pages[1].rowFrom).toBeGreaterThan(
      split.pages[0].rowTo - split.pages[0].rowFrom,
    );
    // an empty version still prints one page
    expect(planPrint([], DEFAULT_PRINT_FORMAT, null, true, week).pages).toHaveLength(1);
  });

  it("keeps the screen's scale and column widths, narrowing a grid wider than the sheet allows", () => {
    const byWeek = planPrint(rows, DEFAULT_PRINT_FORMAT, null, true, week);
    const byDay = planPrint(rows, DEFAULT_PRINT_FORMAT, null, true, { columns, scale: "day" });
    const byMonth = planPrint(rows, DEFAULT_PRINT_FORMAT, null, true, { columns, scale: "month" });
    expect(byDay.across).toBeGreaterThan(byWeek.across);
    expect(byMonth.across).toBeLessThan(byWeek.across);
    expect(byMonth.across).toBe(1);
    // 84 and 220 px at 96 dpi
    expect(byWeek.geometry.columns.map((c) => Math.round(c.widthMm))).toEqual([22, 58]);
    const wide = planPrint(rows, DEFAULT_PRINT_FORMAT, 1, true, {
      columns: Array.from({ length: 12 }, (_, k) => ({ label: `C${k}`, widthPx: 300, align: "left" as const })),
      scale: "week",
    });
    const grid = wide.geometry.columns.reduce((a, c) => a + c.widthMm, 0);
    // A3 landscape less 10 mm margins: the grid keeps to 60 % of 400 mm, every column narrowed alike
    expect(grid).toBeCloseTo(240);
    expect(wide.geometry.ganttWidthMm).toBeCloseTo(160);
  });

  it("opens a version without dates at the project's start, and keeps the screen's exact zoom", () => {
    const undated = rows.slice(0, 5).map((row) => ({ ...row, start: null, finish: null }));
    const plan = planPrint(undated, DEFAULT_PRINT_FORMAT, null, true, { ...week, anchor: start });
    // the axis starts the day before the project (never at 1970) and covers a month, as the screen does
    expect(plan.geometry.timeFrom).toBe((Math.floor(start / MINUTES_PER_DAY) - 1) * MINUTES_PER_DAY);
    expect(plan.geometry.days).toBeGreaterThanOrEqual(30);
    // 21 px a day on screen (between the week's 14 and the day's 36) prints at 21/14 of the week's 2.5 mm
    const zoomed = planPrint(rows, DEFAULT_PRINT_FORMAT, null, true, { ...week, pxPerDay: 21 });
    expect(zoomed.geometry.mmPerDay).toBeCloseTo(3.75);
    const { days, ganttWidthMm } = zoomed.geometry;
    expect(zoomed.across).toBe(Math.ceil(days / Math.floor(ganttWidthMm / 3.75)));
  });
});
