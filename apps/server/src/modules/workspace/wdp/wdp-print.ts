import { type Language, type PrintFormatFields, printArea } from "@planum/contracts";
import type { Cell } from "@planum/formats";
import { htmlText } from "../../../platform/html-text.js";

const MM_PER_PT = 25.4 / 72;
/** A work's lines (plan, fact, approved) stay on one sheet when a sheet holds at least that many. */
const LINES_PER_WORK = 3;
/** The fixed columns' widths (mm at 8 pt) after the sheet's ID: code, work, unit, measure, data, total. */
const FIXED_MM_AT_8PT = [16, 50, 10, 18, 14, 14];
/** The fixed columns may take at most this share of the sheet's width: the days need the rest. */
const FIXED_MAX_SHARE = 0.6;

export interface WdpPrintPlan {
  /** The HTML of each page's drawing area, in reading order: the sheets down the lines, then the next days. */
  bodies: string[];
  across: number;
  down: number;
  style: string;
}

const dayText = (date: Date) => {
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
};

/**
 * The work-done plan grid on paper, in the grid's (and the XLSX sheet's) layout: the fixed columns (code, work, unit,
 * measure, data kind, total) repeated on every sheet, then as many day columns as the sheet holds; lines split down
 * the sheets (a work's three lines kept together), days split across. `rows` are `planSheetRows`' (header first).
 */
export function layOutWdpPrint(input: {
  rows: Iterable<Cell[]>;
  format: PrintFormatFields;
  language: Language;
  caption: string;
}): WdpPrintPlan {
  const { format, language, caption } = input;
  const [header, ...lines] = [...input.rows].map((row) => row.slice(1)); // the ID column ties uploads back only
  const fixed = FIXED_MM_AT_8PT.length;
  const days = header.slice(fixed) as Date[];
  const area = printArea(format);
  const textMm = format.textSizePt * MM_PER_PT;
  const rowMm = textMm * 1.8;
  const captionMm = textMm * 2;
  const wanted = FIXED_MM_AT_8PT.map((w) => (w * format.textSizePt) / 8);
  const narrow = Math.min(1, (area.widthMm * FIXED_MAX_SHARE) / wanted.reduce((a, b) => a + b, 0));
  const widths = wanted.map((w) => w * narrow);
  const fixedMm = widths.reduce((a, b) => a + b, 0);
  const dayMm = textMm * 3.6;
  const daysPerSheet = Math.max(1, Math.floor((area.widthMm - fixedMm) / dayMm));
  let linesPerSheet = Math.max(1, Math.floor((area.heightMm - captionMm - rowMm * 1.2) / rowMm) - 1);
  if (linesPerSheet >= LINES_PER_WORK) linesPerSheet -= linesPerSheet % LINES_PER_WORK;
  const across = Math.max(1, Math.ceil(days.length / daysPerSheet));
  const down = Math.max(1, Math.ceil(lines.length / linesPerSheet));
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  const cell = (value: Cell) =>
    typeof value === "number" ? number.format(value) : value === null || value === undefined ? "" : String(value);
  const bodies: string[] = [];
  for (let a = 0; a < across; a++) {
    const slice = days.slice(a * daysPerSheet, (a + 1) * daysPerSheet);
    const cols = [
      ...widths.map((w) => `<col style="width:${w.toFixed(2)}mm">`),
      ...slice.map(() => `<col style="width:${dayMm.toFixed(2)}mm">`),
    ].join("");
    const head = `<tr>${header
      .slice(0, fixed)
      .map((h) => `<th>${htmlText(cell(h))}</th>`)
      .join("")}${slice.map((d) => `<th class="n">${dayText(d)}</th>`).join("")}</tr>`;
    for (let d = 0; d < down; d++) {
      const body = lines
        .slice(d * linesPerSheet, (d + 1) * linesPerSheet)
        .map((line, k) => {
          const first = (d * linesPerSheet + k) % LINES_PER_WORK === 0 ? ' class="work"' : "";
          const left = line
            .slice(0, fixed)
            .map((v, c) => `<td${c === fixed - 1 ? ' class="n"' : ""}>${htmlText(cell(v))}</td>`)
            .join("");
          const right = line
            .slice(fixed + a * daysPerSheet, fixed + a * daysPerSheet + slice.length)
            .map((v) => `<td class="n">${cell(v)}</td>`)
            .join("");
          return `<tr${first}>${left}${right}</tr>`;
        })
        .join("");
      bodies.push(
        `<div class="wdp"><div class="caption">${htmlText(caption)}</div><table><colgroup>${cols}</colgroup><thead>${head}</thead><tbody>${body}</tbody></table></div>`,
      );
    }
  }
  // pages read down the lines first, then the next slice of days: reorder to lines-major for reading like the grid
  const ordered: string[] = [];
  for (let d = 0; d < down; d++) for (let a = 0; a < across; a++) ordered.push(bodies[a * down + d]);
  const style = `
.wdp { position: absolute; inset: 0; }
.wdp .caption { height: ${captionMm.toFixed(2)}mm; font-weight: bold; }
.wdp table { border-collapse: collapse; table-layout: fixed; }
.wdp th, .wdp td { height: ${rowMm.toFixed(2)}mm; padding: 0 0.8mm; border: 0.15mm solid #999; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.wdp th { background: #e8ecf2; font-weight: bold; }
.wdp tr.work td { border-top: 0.35mm solid #444; }
.wdp .n { text-align: right; }
`;
  return { bodies: ordered, across, down, style };
}
