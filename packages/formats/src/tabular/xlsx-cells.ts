import { FormatError } from "../model/format-error.js";
import { unzipEntries } from "../planum/planum-zip.js";
import type { Cell, Table } from "./tabular-model.js";

/**
 * The cells of a worksheet read straight from the workbook's XML (shared strings, number formats for dates, merged
 * ranges), as ExcelJS's reader gave them, with none of its object model: reading a sheet of 20,000 rows took 2 s of
 * CPU through ExcelJS (issue 19's estimate upload) and takes a tenth of that here. Writing stays with ExcelJS.
 */

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const xmlText = (text: string) =>
  text.includes("&")
    ? text.replace(ENTITY, (_, dec, hex, name) =>
        dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : NAMED[name],
      )
    : text;

const ATTRIBUTES = new Map<string, RegExp>();
/** An attribute's value in a tag's attribute text (a pattern per name, made once). */
const attr = (attrs: string, name: string) => {
  let pattern = ATTRIBUTES.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name}="([^"]*)"`);
    ATTRIBUTES.set(name, pattern);
  }
  return pattern.exec(attrs)?.[1];
};

/** The text of a string item (`<si>` or `<is>`): its runs' `<t>` joined, phonetic hints (`<rPh>`) left out. */
const TEXT = /<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g;
const textOf = (xml: string) => {
  let out = "";
  for (const m of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "").matchAll(TEXT)) out += xmlText(m[1] ?? "");
  return out;
};

/** The shared strings (`<si>` items) in order; an item of one plain `<t>` is sliced out without the patterns. */
function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  for (let at = xml.indexOf("<si"); at >= 0; at = xml.indexOf("<si", at + 3)) {
    const next = xml.charCodeAt(at + 3);
    if (next === 47) {
      out.push(""); // <si/>
      continue;
    }
    if (next !== 62) continue; // <sift…>, not an item
    const close = xml.indexOf("</si>", at + 4);
    if (close < 0) break;
    const inner = xml.slice(at + 4, close);
    const plain = inner.startsWith("<t>") && inner.endsWith("</t>") && inner.indexOf("<", 3) === inner.length - 4;
    out.push(plain ? xmlText(inner.slice(3, -4)) : textOf(inner));
    at = close;
  }
  return out;
}

/** Built-in number formats that show dates or times (ECMA-376 §18.8.30, and the East Asian ones ExcelJS knows). */
const DATE_FORMAT_IDS = new Set([
  ...[14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47],
  ...[50, 51, 52, 53, 54, 55, 56, 57, 58, 81],
]);
/** A custom format showing a date: a date or time letter outside quotes and brackets (ExcelJS's rule). */
const isDateCode = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));

/** For each cell style (`s`), whether its number format shows a date. */
function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\b([^>]*)\/?>/g))
    custom.set(Number(attr(m[1], "numFmtId")), xmlText(attr(m[1], "formatCode") ?? ""));
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? "";
  return [...xfs.matchAll(/<xf\b([^>]*)/g)].map((m) => {
    const id = Number(attr(m[1], "numFmtId") ?? 0);
    const code = custom.get(id);
    return code !== undefined ? isDateCode(code) : DATE_FORMAT_IDS.has(id);
  });
}

/** "BC12" → column 55 (1-based), row 12. */
function position(ref: string): [row: number, column: number] {
  let column = 0;
  let k = 0;
  for (; k < ref.length; k++) {
    const code = ref.charCodeAt(k);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return [Number(ref.slice(k)), column];
}

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** The worksheet's part name (the first sheet, or the one named), from the workbook and its relationships. */
function sheetPart(files: Map<string, string>, sheet?: string): { name: string; part: string } {
  const workbook = files.get("xl/workbook.xml") ?? "";
  const sheets = [...workbook.matchAll(/<sheet\b([^>]*)\/?>/g)].map((m) => ({
    name: xmlText(attr(m[1], "name") ?? ""),
    rid: attr(m[1], "r:id") ?? "",
  }));
  const chosen = sheet === undefined ? sheets[0] : sheets.find((s) => s.name === sheet);
  if (!chosen)
    throw new FormatError("MalformedFile", `Worksheet "${sheet ?? 1}" not found`, { entry: sheet ?? "sheet 1" });
  const rels = files.get("xl/_rels/workbook.xml.rels") ?? "";
  const rel = [...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].find((m) => attr(m[1], "Id") === chosen.rid);
  const target = rel ? (attr(rel[1], "Target") ?? "") : "";
  const part = target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
  return { name: chosen.name, part };
}

/**
 * The attributes of a tag, from after its name up to its `>` (or `/>`): name → value (entities left as they are;
 * the values read here are references, types and style numbers). Scanned by hand: a regular expression per
 * attribute and cell cost more than the rest of reading 600,000 cells.
 */
function tagAttributes(xml: string, from: number, to: number, out: { r?: string; t?: string; s?: string }) {
  out.r = undefined;
  out.t = undefined;
  out.s = undefined;
  let k = from;
  while (k < to) {
    const eq = xml.indexOf("=", k);
    if (eq < 0 || eq >= to) break;
    const quote = xml.charCodeAt(eq + 1);
    const close = xml.indexOf(quote === 39 ? "'" : '"', eq + 2);
    if (close < 0) break;
    let n = k;
    while (n < eq && xml.charCodeAt(n) <= 32) n++;
    const name = eq - n === 1 ? xml[n] : "";
    if (name === "r" || name === "t" || name === "s") out[name] = xml.slice(eq + 2, close);
    k = close + 1;
  }
}

/** Whether the character at `at` ends a tag's name (a space, `>` or `/`), as `\b` after the name would say. */
const endsName = (code: number) => code === 62 || code === 47 || code <= 32;

/** The text of a cell's `<v>` in `xml` between `from` and `to` (a cell's inside), or undefined without one. */
function valueText(xml: string, from: number, to: number): string | undefined {
  let k = xml.indexOf("<v", from);
  while (k >= 0 && k < to && !endsName(xml.charCodeAt(k + 2))) k = xml.indexOf("<v", k + 2);
  if (k < 0 || k >= to) return undefined;
  const open = xml.indexOf(">", k);
  if (xml.charCodeAt(open - 1) === 47) return undefined; // <v/>
  const close = xml.indexOf("</v>", open);
  return close < 0 || close > to ? undefined : xml.slice(open + 1, close);
}

/** The rows of a worksheet (the first one unless `sheet` names another), cells as text, numbers, dates or booleans. */
export async function readXlsxCells(bytes: Uint8Array, sheet?: string): Promise<Table> {
  let entries: Map<string, Uint8Array>;
  try {
    entries = await unzipEntries(bytes);
  } catch (e) {
    throw new FormatError("MalformedFile", `Not a readable XLSX workbook: ${(e as Error).message}`, {
      entry: "workbook",
    });
  }
  const decoder = new TextDecoder();
  const files = new Map<string, string>();
  for (const [name, content] of entries)
    if (name.endsWith(".xml") || name.endsWith(".rels")) files.set(name, decoder.decode(content));
  if (!files.has("xl/workbook.xml"))
    throw new FormatError("MalformedFile", "Not a readable XLSX workbook: xl/workbook.xml is missing", {
      entry: "workbook",
    });
  const { name, part } = sheetPart(files, sheet);
  const xml = files.get(part);
  if (xml === undefined) throw new FormatError("MalformedFile", `Worksheet "${name}" cannot be read`, { entry: name });
  const shared = sharedStrings(files.get("xl/sharedStrings.xml") ?? "");
  const isDate = dateStyles(files.get("xl/styles.xml"));
  const date1904 = /<workbookPr\b[^>]*\sdate1904="(?:1|true)"/.test(files.get("xl/workbook.xml") ?? "");

  const rows: Cell[][] = [];
  let width = 0;
  let row = 0;
  let column = 0;
  const start = xml.indexOf("<sheetData");
  const end = xml.lastIndexOf("</sheetData>");
  const attrs: { r?: string; t?: string; s?: string } = {};
  // The rows and cells in document order, found by `indexOf` (a regular expression over the 26 MB of a
  // 100,000-row sheet took twice the time).
  for (let at = xml.indexOf("<", start + 1); at >= 0 && at < end; ) {
    const first = xml.charCodeAt(at + 1);
    const isRow = first === 114 && xml.startsWith("row", at + 1) && endsName(xml.charCodeAt(at + 4));
    const isCell = first === 99 && endsName(xml.charCodeAt(at + 2));
    if (!isRow && !isCell) {
      at = xml.indexOf("<", at + 1);
      continue;
    }
    const tagEnd = xml.indexOf(">", at);
    if (tagEnd < 0) break;
    const empty = xml.charCodeAt(tagEnd - 1) === 47;
    tagAttributes(xml, at + (isRow ? 4 : 2), empty ? tagEnd - 1 : tagEnd, attrs);
    if (isRow) {
      row = attrs.r ? Number(attrs.r) : row + 1;
      column = 0;
      at = xml.indexOf("<", tagEnd + 1);
      continue;
    }
    if (attrs.r) [, column] = position(attrs.r);
    else column += 1;
    let innerEnd = tagEnd + 1;
    if (!empty) {
      innerEnd = xml.indexOf("</c>", tagEnd + 1);
      if (innerEnd < 0) break;
    }
    const type = attrs.t ?? "n";
    const v = empty ? undefined : valueText(xml, tagEnd + 1, innerEnd);
    let value: Cell = null;
    if (type === "inlineStr") value = textOf(/<is>([\s\S]*?)<\/is>/.exec(xml.slice(tagEnd + 1, innerEnd))?.[1] ?? "");
    else if (v === undefined) value = null;
    else if (type === "s") value = shared[Number(v)] ?? null;
    else if (type === "str") value = xmlText(v);
    else if (type === "b") value = v === "1" || v === "true";
    else if (type === "e") value = null;
    else if (type === "d") value = new Date(v);
    else {
      const n = Number(v);
      value = isDate[Number(attrs.s ?? 0)] ? excelDate(n, date1904) : n;
    }
    at = xml.indexOf("<", empty ? tagEnd + 1 : innerEnd + 4);
    if (value === null) continue;
    while (rows.length < row) rows.push([]);
    rows[row - 1][column - 1] = value;
    width = Math.max(width, column);
  }
  // A merged range shows its first cell's value in every cell, as ExcelJS's cells did.
  for (const m of xml.matchAll(/<mergeCell\b[^>]*\sref="([A-Z]+\d+):([A-Z]+\d+)"/g)) {
    const [r0, c0] = position(m[1]);
    const [r1, c1] = position(m[2]);
    const master = rows[r0 - 1]?.[c0 - 1];
    if (master === undefined || master === null) continue;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        while (rows.length < r) rows.push([]);
        rows[r - 1][c - 1] = master;
      }
    width = Math.max(width, c1);
  }
  for (const cells of rows) for (let c = 0; c < width; c++) if (cells[c] === undefined) cells[c] = null;
  return { format: "xlsx", sheet: name, rows };
}
