import type { Language } from "@planum/contracts";
import type { ReportTable, ReportValue } from "@planum/formats";
import { htmlText } from "../../../platform/html-text.js";

/**
 * The health table (`healthTable`, as the report has it) on the print format's sheet (issue 21: health exported with
 * the print feature): its title and score line, then the 14 checks, framed by the format's bands with the version's
 * values (`printFramedPdf`). Fourteen rows fit one sheet at any text size a format allows; the columns take the
 * width their texts need, only the checks' names wrap.
 */
export function healthPrintPage(table: ReportTable, language: Language): { body: string; style: string } {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const text = (value: ReportValue) =>
    value === null || value === undefined ? "" : typeof value === "number" ? number.format(value) : String(value);
  const numeric = table.columns.map((c) => c.kind === "number");
  const cls = (k: number) => (numeric[k] ? ' class="n"' : "");
  const head = table.columns.map((c, k) => `<th${cls(k)}>${htmlText(c.title)}</th>`).join("");
  const rows = table.rows
    .map((row) => `<tr>${row.map((v, k) => `<td${cls(k)}>${htmlText(text(v))}</td>`).join("")}</tr>`)
    .join("");
  const body = `<div class="health"><div class="title">${htmlText(table.title)}</div><div>${htmlText(table.subtitle ?? "")}</div><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
  const style = `
.health { position: absolute; inset: 0; padding-top: 2mm; }
.health .title { font-weight: bold; font-size: 1.3em; margin-bottom: 1mm; }
.health table { width: 100%; border-collapse: collapse; margin-top: 2mm; }
.health th, .health td { padding: 0.5mm 1mm; border: 0.15mm solid #999; text-align: left; vertical-align: top; }
.health td { white-space: nowrap; }
.health td:nth-child(2) { white-space: normal; }
.health th { background: #e8ecf2; font-weight: bold; }
.health .n { text-align: right; }
`;
  return { body, style };
}
