import { formatUserDate } from "@planum/contracts";
import type { Cell, ReportTable, ReportValue } from "@planum/formats";
import { htmlText } from "../../platform/html-text.js";

function shown(value: ReportValue | Cell | undefined): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatUserDate(value.toISOString().slice(0, 10));
  if (typeof value === "number") return String(Math.round(value * 100) / 100);
  return String(value);
}

// A4 lying down: a report is a table, wide rather than long; DejaVu Sans carries the Cyrillic
const STYLE = `@page { size: 297mm 210mm; margin: 10mm; }
body { font-family: "DejaVu Sans", sans-serif; font-size: 8pt; margin: 0; color: #111; }
h1 { font-size: 12pt; margin: 0 0 2mm; } p { margin: 0 0 3mm; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
th { background: #e8eef5; text-align: left; }
th, td { border: 0.2mm solid #999; padding: 0.6mm 1.2mm; vertical-align: top; }
td.n { text-align: right; } tr { break-inside: avoid; }`;

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${body}</body></html>`;

/** A built-in report as printable HTML: its title, the header repeated on every sheet, the rows and the totals. */
export function tableHtml(table: ReportTable): string {
  const head = `<thead><tr>${table.columns.map((c) => `<th>${htmlText(c.title)}</th>`).join("")}</tr></thead>`;
  const cls = (i: number) => (table.columns[i]?.kind === "number" ? ' class="n"' : "");
  const rows = table.rows.map((r) => `<tr>${r.map((v, i) => `<td${cls(i)}>${htmlText(shown(v))}</td>`).join("")}</tr>`);
  if (table.totals && table.rows.length > 0) {
    const cells = table.columns.map((_, i) => {
      if (i === 0) return table.totals!.label;
      if (!table.totals!.columns.includes(i)) return "";
      return shown(table.rows.reduce((s, r) => s + (typeof r[i] === "number" ? (r[i] as number) : 0), 0));
    });
    rows.push(`<tr>${cells.map((v, i) => `<th${cls(i)}>${htmlText(v)}</th>`).join("")}</tr>`);
  }
  return page(
    `<h1>${htmlText(table.title)}</h1><p>${htmlText(table.subtitle)}</p><table>${head}<tbody>${rows.join("")}</tbody></table>`,
  );
}

/** A filled template's first sheet as printable HTML: its cells as they read, empty trailing columns left out. */
export function sheetHtml(rows: Cell[][]): string {
  const width = rows.reduce((w, r) => {
    let last = r.length;
    while (last > 0 && (r[last - 1] === null || r[last - 1] === "")) last--;
    return Math.max(w, last);
  }, 0);
  const body = rows
    .map((r) => {
      const cells = [];
      for (let i = 0; i < width; i++) {
        const v = r[i] ?? null;
        cells.push(`<td${typeof v === "number" ? ' class="n"' : ""}>${htmlText(shown(v as ReportValue))}</td>`);
      }
      return `<tr>${cells.join("")}</tr>`;
    })
    .join("");
  return page(`<table><tbody>${body}</tbody></table>`);
}
