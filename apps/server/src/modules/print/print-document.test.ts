import { DEFAULT_PRINT_FORMAT } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { printDocument } from "./print-document.js";
import { MINUTES_PER_DAY, type PrintRow, planPrint } from "./print-layout.js";

const start = 29_000_000; // a Monday of 2025, minutes
/** A chain of works each starting when the previous ends, one a row. */
const rows: PrintRow[] = Array.from({ length: 120 }, (_, k) => ({
  cells: [`A${k}`, `Работа ${k}`],
  start: start + k * 2 * MINUTES_PER_DAY,
  finish: start + (k + 1) * 2 * MINUTES_PER_DAY,
  baselineStart: null,
  baselineFinish: null,
  critical: false,
  type: 2,
  depth: 0,
}));
const columns = [
  { label: "Code", widthPx: 84, align: "left" as const },
  { label: "Name", widthPx: 220, align: "left" as const },
];
const values = { project: "P", schedule: "S", version: "V", dataDate: "", printedAt: "", user: "" };
const paths = (document: string) => document.match(/<path d="M/g)?.length ?? 0;

describe("relation lines on paper", () => {
  it("draws a relation whose rows lie on two sheets on both, up to the page's edge", () => {
    const plan = planPrint(rows, DEFAULT_PRINT_FORMAT, 1, true, { columns, scale: "week" });
    expect(plan.pages.length).toBeGreaterThan(1);
    const last = plan.pages[0].rowTo - 1;
    // the last row of the first page to the first row of the second, and one inside the first page
    const links = [
      { from: last, to: last + 1, type: 0 },
      { from: 0, to: 1, type: 0 },
    ];
    const page = (number: number) =>
      printDocument({ plan, rows, format: DEFAULT_PRINT_FORMAT, values, language: "ru", links, only: [number] });
    // the marker's own path is one; each line one more
    expect(paths(page(1))).toBe(1 + 2);
    expect(paths(page(2))).toBe(1 + 1);
    // the third page (if any) has neither end nor the stretch between: no lines
    if (plan.pages.length > 2) expect(paths(page(3))).toBe(0);
  });
});
