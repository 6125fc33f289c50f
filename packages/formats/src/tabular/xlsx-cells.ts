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

const CELL_OR_ROW = /<row\b([^>]*?)(?:\/>|>)|<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

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
  const shared = [...(files.get("xl/sharedStrings.xml") ?? "").matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) =>
    textOf(m[1] ?? ""),
  );
  const isDate = dateStyles(files.get("xl/styles.xml"));
  const date1904 = /<workbookPr\b[^>]*\sdate1904="(?:1|true)"/.test(files.get("xl/workbook.xml") ?? "");

  const rows: Cell[][] = [];
  let width = 0;
  let row = 0;
  let column = 0;
  const sheetData = xml.slice(xml.indexOf("<sheetData"), xml.lastIndexOf("</sheetData>"));
  for (const m of sheetData.matchAll(CELL_OR_ROW)) {
    if (m[1] !== undefined) {
      const r = attr(m[1], "r");
      row = r ? Number(r) : row + 1;
      column = 0;
      continue;
    }
    const attrs = m[2];
    const ref = attr(attrs, "r");
    if (ref) [, column] = position(ref);
    else column += 1;
    const inner = m[3] ?? "";
    const type = attr(attrs, "t") ?? "n";
    const v = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(inner)?.[1];
    let value: Cell = null;
    if (type === "inlineStr") value = textOf(/<is>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? "");
    else if (v === undefined) value = null;
    else if (type === "s") value = shared[Number(v)] ?? null;
    else if (type === "str") value = xmlText(v);
    else if (type === "b") value = v === "1" || v === "true";
    else if (type === "e") value = null;
    else if (type === "d") value = new Date(v);
    else {
      const n = Number(v);
      value = isDate[Number(attr(attrs, "s") ?? 0)] ? excelDate(n, date1904) : n;
    }
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
