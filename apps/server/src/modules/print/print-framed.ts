import { bandsOfPage, type Language, type PrintFormatFields, pageOf, printArea } from "@planum/contracts";
import { PRINT_WORDS, type PrintValues, printBand } from "./print-document.js";

const mm = (value: number) => `${value.toFixed(2)}mm`;

/**
 * Any drawing printed on a format's sheets (a view other than the workspace's grid: the cyclogram, a dashboard): one
 * page per body, each between the format's header and footer filled for that page — the first page's own header,
 * the last page's own footer, `[page]` of `[pages]` — so every print of a version carries the same bands.
 */
export function framedDocument(options: {
  format: PrintFormatFields;
  values: PrintValues;
  language: Language;
  /** The HTML of each page's drawing area (`printArea` of the contracts tells its size). */
  bodies: readonly string[];
  /** CSS of the drawing's own (a table's lines and cells), after the frame's. */
  style?: string;
}) {
  const { format, language, bodies } = options;
  const page = pageOf(format);
  const area = printArea(format);
  const values = { ...options.values, legend: PRINT_WORDS[language].legend };
  const { top, right, bottom, left } = format.margins;
  const style = `
@page { size: ${mm(page.widthMm)} ${mm(page.heightMm)}; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: "DejaVu Sans", "Liberation Sans", sans-serif; font-size: ${format.textSizePt}pt; color: #111; background: #fff; }
.page { width: ${mm(page.widthMm)}; height: ${mm(page.heightMm)}; padding: ${mm(top)} ${mm(right)} ${mm(bottom)} ${mm(left)};
  display: flex; flex-direction: column; overflow: hidden; break-after: page; }
.page:last-child { break-after: auto; }
.band { display: flex; height: ${mm(area.bandMm)}; align-items: center; gap: 2mm; flex: none; }
.band.head { border-bottom: 0.3mm solid #444; }
.band.foot { border-top: 0.3mm solid #444; }
.part { flex: 1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.body { flex: 1; overflow: hidden; position: relative; display: flex; align-items: center; justify-content: center; }
.body > img { max-width: 100%; max-height: 100%; object-fit: contain; }
${options.style ?? ""}`;
  const pages = bodies.map((body, k) => {
    const { header, footer } = bandsOfPage(format.bands, k + 1, bodies.length);
    const filled = { ...values, page: k + 1, pages: bodies.length };
    return `<section class="page">${printBand(header, filled, "head")}<div class="body">${body}</div>${printBand(footer, filled, "foot")}</section>`;
  });
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><style>${style}</style></head><body>${pages.join("")}</body></html>`;
}
