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

describe("the time scale on paper", () => {
  /** The labels of a page's scale tiers: where each starts (mm) and its text. */
  const tiers = (document: string) =>
    [...document.matchAll(/<div class="tier">(.*?)<\/div>/g)].map(([, tier]) =>
      [...tier.matchAll(/<span class="tick" style="left:([\d.]+)mm">([^<]*)<\/span>/g)].map(([, left, text]) => ({
        left: Number(left),
        text,
      })),
    );

  it("never runs a label into the next, however long the schedule fitted to one small-print sheet", () => {
    // four years of works on one A3 sheet at 6 pt: a month is a few millimetres wide
    const long = rows.map((row, k) => ({
      ...row,
      start: start + k * 12 * MINUTES_PER_DAY,
      finish: start + (k + 1) * 12 * MINUTES_PER_DAY,
    }));
    const format = { ...DEFAULT_PRINT_FORMAT, textSizePt: 6 };
    const plan = planPrint(long, format, 1, true, { columns, scale: "week" });
    const [upper, lower] = tiers(printDocument({ plan, rows: long, format, values, language: "en", links: [] }));
    // DejaVu Sans's digits and dot are 0.636 and 0.318 em wide; a label is 0.85 em and starts 0.6 mm after its line
    const em = 0.85 * format.textSizePt * 0.3528;
    const width = (text: string) => 0.6 + [...text].reduce((w, c) => w + (c === "." ? 0.318 : 0.636) * em, 0);
    expect(upper.filter((t) => t.text).length).toBeGreaterThan(40);
    for (const tier of [upper, lower]) {
      const labelled = tier.filter((t) => t.text);
      for (let k = 1; k < labelled.length; k++)
        expect(labelled[k].left - labelled[k - 1].left).toBeGreaterThanOrEqual(width(labelled[k - 1].text));
    }
    // every month keeps its division line; where "01.2026" has no room, January reads "2026" and the others "02"
    expect(upper.length).toBeGreaterThanOrEqual(47);
    expect(upper.filter((t) => /^20\d\d$/.test(t.text)).map((t) => t.text)).toEqual(["2026", "2027", "2028", "2029"]);
    expect(upper.find((t) => t.text === "02")).toBeDefined();
    // a week is 1.5 mm here: too narrow for even a day's number, so the lower tier shows only its lines
    expect(lower.length).toBeGreaterThan(150);
  });
});
