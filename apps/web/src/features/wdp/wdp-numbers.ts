import { readWdpValue, WDP_DECIMALS } from "@planum/contracts";
import { shownDate } from "../../shared/date-format";

/** Days since 1970-01-01 (UTC) — the server's day numbers. */
export const MS_PER_DAY = 86_400_000;

export function dayOfIso(text: string): number {
  // "YYYY-MM-DD" read by hand: tens of thousands of series start days parse faster than through Date.parse
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(5, 7));
  const d = Number(text.slice(8, 10));
  return Math.floor(Date.UTC(y, m - 1, d) / MS_PER_DAY);
}

export function isoOfDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** DD.MM.YYYY, as the server's refusals name a day. */
export function shownDay(day: number): string {
  return shownDate(isoOfDay(day));
}

/** Rounds to WDP_DECIMALS (the server keeps no more). */
export function roundWdp(value: number): number {
  const f = 10 ** WDP_DECIMALS;
  return Math.round(value * f) / f;
}

export type CellReading = { ok: true; value: number } | { ok: false; reason: "invalid" | "negative" };

/**
 * The spec's numeric rule for a typed cell (§5): trimmed, comma or dot as decimal point, a finite number, not
 * negative, rounded to WDP_DECIMALS. An empty text clears the cell (0).
 */
export function readCell(text: string): CellReading {
  if (text.trim() === "") return { ok: true, value: 0 };
  // "1 234,5" as a spreadsheet in ru or fr copies it: spaces (also no-break) between thousands are dropped
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  const value = readWdpValue(compact);
  if (value === null) return { ok: false, reason: "invalid" };
  if (value < 0) return { ok: false, reason: "negative" };
  return { ok: true, value: roundWdp(value) };
}

/**
 * A block copied from Excel or LibreOffice: rows by newline (CRLF too), cells by tab; the spreadsheet's trailing
 * newline adds no row. Quoted cells (a newline inside quotes) are unquoted.
 */
export function parsePastedBlock(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      continue;
    }
    if (ch === '"' && cell === "") quoted = true;
    else if (ch === "\t") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A value as the grid shows it: up to WDP_DECIMALS decimals in the language's style, empty for 0. */
export function formatCell(value: number, locale: string): string {
  if (value === 0) return "";
  return formatterOf(locale).format(value);
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterOf(locale: string): Intl.NumberFormat {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: WDP_DECIMALS, useGrouping: true });
    formatters.set(locale, f);
  }
  return f;
}

/** A block as a spreadsheet takes it: tab between cells, newline between rows, the language's decimal mark. */
export function blockText(rows: number[][], locale: string): string {
  const decimal = locale === "en" ? "." : ",";
  return rows
    .map((r) => r.map((v) => (v === 0 ? "" : String(roundWdp(v)).replace(".", decimal))).join("\t"))
    .join("\n");
}
