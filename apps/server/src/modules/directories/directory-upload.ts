/**
 * The upload of a directory file as columns: the file's rows are read once into arrays (code, name, parent, the
 * values as JSON text), checked against the columns and against the whole tree in memory, and written in a few
 * statements (`insert … select from unnest(…)`, one `update … from unnest(…)`). A 100,000-row file made 100,000
 * row objects, value maps, tree nodes and row writes before; now it makes strings and numbers in arrays.
 * All or nothing: the caller runs it in one transaction; the first bad row refuses the file, named by its line.
 */
import { parseAttributeValue } from "@planum/contracts";
import { type Cell, cellText } from "@planum/formats";
import { AppError } from "../../platform/errors.js";
import { isUniqueViolation } from "../../platform/sql.js";
import type { ColumnRecord, DirectoriesRepo, ValueColumn } from "./directories.repo.js";
import { SORT_SEPARATOR } from "./directory-tree.js";

/** Which cell of a file row holds what (0-based indexes; null: the file has no such column). */
export interface UploadMapping {
  code: number | null;
  name: number | null;
  parent: number | null;
  columns: Record<string, number>;
}

/** The file's data rows as columns, in file order. */
interface FileRows {
  line: number[];
  code: string[];
  /** undefined when the file has no name column */
  name: (string | undefined)[];
  /** "" for a row at the top (or when the file has no parent column) */
  parent: string[];
  cells: Cell[][];
}

/**
 * The rows after the header that hold anything, as columns; an empty code or a code met twice refuses the file
 * (the line as a spreadsheet numbers it: 1-based, header and skipped rows counted).
 */
export function fileRows(rows: Cell[][], skipRows: number, map: UploadMapping, header: string[]): FileRows {
  const out: FileRows = { line: [], code: [], name: [], parent: [], cells: [] };
  const seen = new Set<string>();
  const codeAt = map.code!;
  for (let r = skipRows + 1; r < rows.length; r++) {
    const cells = rows[r];
    if (isBlank(cells)) continue;
    const line = r + 1;
    const code = cellText(cells[codeAt]);
    if (!code) throw new AppError("DirectoryValueInvalid", { row: line, column: header[codeAt] ?? "", value: "" });
    if (seen.has(code)) throw new AppError("DirectoryCodeTaken", { code, row: line });
    seen.add(code);
    out.line.push(line);
    out.code.push(code);
    out.name.push(map.name === null ? undefined : cellText(cells[map.name]));
    out.parent.push(map.parent === null ? "" : cellText(cells[map.parent]));
    out.cells.push(cells);
  }
  return out;
}

/** A row without a cell holding anything (what `cellText` would show as ""), without making the cells' texts. */
function isBlank(cells: Cell[]) {
  for (const cell of cells) {
    if (cell === null || cell === undefined) continue;
    if (typeof cell !== "string" || cell.trim() !== "") return false;
  }
  return true;
}

/**
 * Writes the file's rows into the directory: rows whose code exists change (name when given, parent when the file
 * has a parent column, the mapped values — an empty cell clears), the others are added under their parent (a row
 * of the directory or of the file). Answers what was written.
 */
export async function writeFileRows(
  repo: DirectoriesRepo,
  spaceId: string,
  directoryId: string,
  columns: ColumnRecord[],
  map: UploadMapping,
  header: string[],
  file: FileRows,
) {
  const skeleton = await repo.skeletonForChange(directoryId);
  const known = skeleton.id.length;
  const indexOf = new Map<string, number>();
  for (let k = 0; k < known; k++) indexOf.set(skeleton.code[k], k);
  const count = file.code.length;
  // Where each file row stands: an existing row's index, or -1 for a new one.
  const existing = new Int32Array(count);
  let creates = 0;
  for (let k = 0; k < count; k++) {
    existing[k] = indexOf.get(file.code[k]) ?? -1;
    if (existing[k] < 0) creates++;
  }
  const inFile = new Set(file.code);
  for (let k = 0; k < count; k++) {
    const parent = file.parent[k];
    if (parent && !indexOf.has(parent) && !inFile.has(parent))
      throw new AppError("InvalidParent", { field: "parent", row: file.line[k] });
  }
  if (map.name !== null)
    for (let k = 0; k < count; k++)
      if (file.name[k] === "" && existing[k] < 0)
        throw new AppError("DirectoryValueInvalid", { row: file.line[k], column: header[map.name] ?? "", value: "" });

  // The tree after the upload, by index: the directory's rows first, then the new ones in file order.
  const total = known + creates;
  const ids: string[] = skeleton.id.slice();
  const codes: string[] = skeleton.code.slice();
  const parentOf = new Int32Array(total);
  for (let k = 0; k < known; k++) parentOf[k] = skeleton.parentId[k] === null ? -1 : -2; // -2: resolved below
  const byId = new Map<string, number>();
  for (let k = 0; k < known; k++) byId.set(skeleton.id[k], k);
  for (let k = 0; k < known; k++) if (parentOf[k] === -2) parentOf[k] = byId.get(skeleton.parentId[k]!)!;
  // A row is named by its file line when the file has it, else by its code.
  const lineOf = new Int32Array(total);
  const nodeOf = new Int32Array(count);
  for (let k = 0, next = known; k < count; k++) {
    if (existing[k] >= 0) nodeOf[k] = existing[k];
    else {
      nodeOf[k] = next++;
      ids.push(crypto.randomUUID());
      codes.push(file.code[k]);
    }
    lineOf[nodeOf[k]] = file.line[k];
  }
  const label = (n: number) => (lineOf[n] > 0 ? String(lineOf[n]) : codes[n]);
  const fileIndex = new Map<string, number>();
  for (let k = 0; k < count; k++) if (existing[k] < 0) fileIndex.set(file.code[k], k);
  const nodeByCode = (code: string) => indexOf.get(code) ?? nodeOf[fileIndex.get(code)!];
  // Updated rows first, then new ones, as the rows' change has always checked them.
  const updateOrder: number[] = [];
  const createOrder: number[] = [];
  for (let k = 0; k < count; k++) (existing[k] >= 0 ? updateOrder : createOrder).push(k);
  for (const k of updateOrder) {
    if (map.parent === null) continue;
    const parent = file.parent[k];
    // An existing row moves only under a row that exists already.
    if (parent !== "" && !indexOf.has(parent))
      throw new AppError("InvalidParent", { field: "parent", row: file.line[k] });
    parentOf[existing[k]] = parent === "" ? -1 : indexOf.get(parent)!;
  }
  for (const k of createOrder) parentOf[nodeOf[k]] = file.parent[k] === "" ? -1 : nodeByCode(file.parent[k]);

  const values = valueColumns(columns, map, count);
  updateOrder.forEach((k, index) => {
    readValues(values, file.cells[k], k, String(file.line[k]), `update.${index}.values`);
  });
  createOrder.forEach((k, index) => {
    readValues(values, file.cells[k], k, String(file.line[k]), `create.${index}.values`);
  });

  const { sortKey, depth } = placeAll(codes, parentOf, label);

  // New rows in file order (no parent key to satisfy: the tree was placed above, under the directory's lock).
  const fresh = createOrder;
  const changed = new Set(updateOrder.map((k) => existing[k]));
  const placed: { id: string; sortKey: string; depth: number }[] = [];
  for (let n = 0; n < known; n++)
    if (!changed.has(n) && (sortKey[n] !== skeleton.sortKey[n] || depth[n] !== skeleton.depth[n]))
      placed.push({ id: ids[n], sortKey: sortKey[n], depth: depth[n] });
  const idOf = (n: number) => (n < 0 ? null : ids[n]);
  try {
    await repo.mergeRowColumns(
      directoryId,
      {
        id: updateOrder.map((k) => ids[existing[k]]),
        parentId: map.parent === null ? null : updateOrder.map((k) => idOf(parentOf[existing[k]])),
        name: updateOrder.map((k) => file.name[k] || null),
        sortKey: updateOrder.map((k) => sortKey[existing[k]]),
        depth: updateOrder.map((k) => depth[existing[k]]),
      },
      pick(values, updateOrder),
    );
    await repo.placeRows(directoryId, placed);
    await repo.insertRowColumns(
      spaceId,
      directoryId,
      {
        id: fresh.map((k) => ids[nodeOf[k]]),
        parentId: fresh.map((k) => idOf(parentOf[nodeOf[k]])),
        code: fresh.map((k) => file.code[k]),
        name: fresh.map((k) => file.name[k] || file.code[k]),
        sortKey: fresh.map((k) => sortKey[nodeOf[k]]),
        depth: fresh.map((k) => depth[nodeOf[k]]),
      },
      pick(values, fresh),
    );
  } catch (error) {
    // Two requests writing one code at once: the index refuses the later one.
    if (isUniqueViolation(error)) throw new AppError("DirectoryCodeTaken", { code: "", row: "" });
    throw error;
  }
  return { created: creates, updated: updateOrder.length, rowCount: total };
}

/**
 * Every row's sort key and depth from its parent's; a row under its own descendant refuses the change, named by the
 * row found twice on the way up (its file line, or its code when the file does not name it).
 */
function placeAll(codes: string[], parentOf: Int32Array, label: (node: number) => string) {
  const total = codes.length;
  const sortKey: string[] = new Array(total);
  const depth = new Int32Array(total);
  // 0 not placed, 1 on the way up, 2 placed
  const state = new Uint8Array(total);
  const path: number[] = [];
  for (let start = 0; start < total; start++) {
    let n = start;
    while (n >= 0 && state[n] !== 2) {
      if (state[n] === 1) throw new AppError("InvalidParent", { field: "parentId", row: label(n) });
      state[n] = 1;
      path.push(n);
      n = parentOf[n];
    }
    while (path.length) {
      const m = path.pop()!;
      const p = parentOf[m];
      sortKey[m] = p < 0 ? codes[m] : `${sortKey[p]}${SORT_SEPARATOR}${codes[m]}`;
      depth[m] = p < 0 ? 0 : depth[p] + 1;
      state[m] = 2;
    }
  }
  return { sortKey, depth };
}

const NUMERIC = new Set(["number", "money", "percentage"]);

/** One array per mapped column, as long as the file's rows, in the mapping's order. */
function valueColumns(columns: ColumnRecord[], map: UploadMapping, count: number) {
  const byId = new Map(columns.map((c) => [c.id, c]));
  return Object.entries(map.columns).map(([id, index]) => {
    const column = byId.get(id)!;
    const type: ValueColumn["type"] = NUMERIC.has(column.type) ? "float8" : column.type === "boolean" ? "bool" : "text";
    return { column, index, type, values: new Array<string | number | boolean | null>(count) };
  });
}

/**
 * A file row's mapped values into the columns' arrays at `at`: each cell read as a user would type it and parsed by
 * the column's rules (the attribute rules, as `parseRowValues`); an empty cell is null (left out of a new row,
 * cleared in an existing one).
 */
function readValues(values: ReturnType<typeof valueColumns>, cells: Cell[], at: number, row: string, field: string) {
  for (const { column, index, values: list } of values) {
    const cell = cells[index];
    if (cell instanceof Date && column.type === "date") {
      const day = dateCellValue(cell);
      if (day !== null) {
        list[at] = day;
        continue;
      }
    }
    const raw = cellValue(column, cell);
    const parsed = parseAttributeValue(column.type, raw, column.listValues);
    if (!parsed.ok)
      throw new AppError("DirectoryValueInvalid", {
        row,
        column: column.name,
        value: String(raw),
        field: `${field}.${column.id}`,
      });
    list[at] = parsed.value;
  }
}

/** The value columns of the file rows `order` (an array per column, in that order). */
const pick = (values: ReturnType<typeof valueColumns>, order: number[]): ValueColumn[] =>
  values.map((v) => ({ columnId: v.column.id, type: v.type, values: order.map((k) => v.values[k]) }));

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * A date cell of a date column as `cellValue` and the date rules read it (the ISO day, with the time when it has
 * hours or minutes), without their text round trip; null for a year the rules would refuse or not see as 4 digits.
 */
function dateCellValue(cell: Date): string | null {
  const year = cell.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return null;
  const day = `${year}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  const hours = cell.getUTCHours();
  const minutes = cell.getUTCMinutes();
  return hours === 0 && minutes === 0 ? day : `${day}T${pad(hours)}:${pad(minutes)}`;
}

/** A cell as the value a user would type: dates as ISO days (a time only when it has one), numbers as numbers. */
export function cellValue(column: ColumnRecord, cell: Cell): string | number | boolean | null {
  if (cell === null || cell === undefined || cell === "") return null;
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    return iso.slice(11, 16) === "00:00" ? iso.slice(0, 10) : iso.slice(0, 16);
  }
  if (typeof cell === "number" || typeof cell === "boolean") return column.type === "string" ? String(cell) : cell;
  const text = cell.trim();
  if (column.type === "boolean") {
    const lower = text.toLowerCase();
    if (["да", "yes", "oui", "true", "1"].includes(lower)) return true;
    if (["нет", "no", "non", "false", "0"].includes(lower)) return false;
  }
  return text;
}
