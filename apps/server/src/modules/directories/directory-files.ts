import {
  DIRECTORY_FILE_HEADERS,
  type DirectoryMapping,
  type DirectoryUploadPreview,
  type ExportResult,
  type Language,
} from "@planum/contracts";
import { type Cell, cellText, readTable, type Table, tablePreview, writeXlsxRows } from "@planum/formats";
import type { EpsNodeRow, Grant } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Storage } from "../../platform/storage.js";
import { readFailure, type UploadedFile } from "../../platform/uploads.js";
import { type ColumnRecord, DirectoriesRepo } from "./directories.repo.js";
import type { DirectoriesService } from "./directories.service.js";
import { fileRows, writeFileRows } from "./directory-upload.js";

const PREVIEW_ROWS = 8;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface ResolvedMapping {
  code: number | null;
  name: number | null;
  parent: number | null;
  columns: Record<string, number>;
}

/**
 * Directory files: a preview of an XLSX or CSV table with the mapping the upload would use, the upload itself
 * (rows matched by code: existing ones change, new ones are added; all or nothing; errors name the file's row) and
 * the export of a directory as XLSX with the same header an upload reads back.
 */
export class DirectoryFiles {
  constructor(private readonly deps: { db: Db; storage: Storage; directories: DirectoriesService }) {}

  async preview(
    grant: Grant,
    node: EpsNodeRow,
    id: string,
    file: UploadedFile,
    skipRows: number,
    mapping?: DirectoryMapping,
  ): Promise<DirectoryUploadPreview> {
    const { columns } = await this.deps.directories.seen(grant, node, id);
    try {
      const table = await readFileTable(file, skipRows);
      const header = (table.rows[skipRows] ?? []).map(cellText);
      return {
        rows: tablePreview(table, skipRows, PREVIEW_ROWS),
        mapping: resolveMapping(header, columns, mapping),
        rowCount: dataRows(table, skipRows).length,
        problem: null,
      };
    } catch (error) {
      const failure = error instanceof AppError ? error : readFailure(error);
      const problem = `${failure.params?.location ?? ""}: ${failure.params?.reason ?? failure.code}`;
      return { rows: [], mapping: { code: null, name: null, parent: null, columns: {} }, rowCount: 0, problem };
    }
  }

  async upload(
    grant: Grant,
    node: EpsNodeRow,
    id: string,
    file: UploadedFile,
    skipRows: number,
    mapping?: DirectoryMapping,
  ) {
    const { directory, columns, access } = await this.deps.directories.seen(grant, node, id);
    if (access !== "write") throw new AppError("Forbidden");
    let table: Table;
    try {
      table = await readFileTable(file, skipRows);
    } catch (error) {
      throw error instanceof AppError ? error : readFailure(error);
    }
    const header = (table.rows[skipRows] ?? []).map(cellText);
    const map = resolveMapping(header, columns, mapping);
    if (map.code === null) throw new AppError("Required", { field: "mapping.code" });
    const rows = fileRows(table.rows, skipRows, map, header);
    const result = await this.deps.db.transaction((tx) =>
      writeFileRows(new DirectoriesRepo(tx), grant.space.id, directory.id, columns, map, header, rows),
    );
    await new DirectoriesRepo(this.deps.db).update(grant.space.id, directory.id, {});
    this.deps.directories.changed(grant, directory.id, directory.nodeId, "rows");
    return result;
  }

  /** The whole directory as XLSX: code, name, parent code, then every column, in tree order. */
  async export(grant: Grant, node: EpsNodeRow, id: string, language: Language): Promise<ExportResult> {
    const { directory, columns } = await this.deps.directories.seen(grant, node, id);
    const rows = await new DirectoriesRepo(this.deps.db).rowsById(directory.id);
    rows.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
    const codeOf = new Map(rows.map((r) => [r.id, r.code]));
    const sheet: Cell[][] = [
      [
        DIRECTORY_FILE_HEADERS.code[language],
        DIRECTORY_FILE_HEADERS.name[language],
        DIRECTORY_FILE_HEADERS.parent[language],
        ...columns.map((c) => c.name),
      ],
      ...rows.map((r) => [
        r.code,
        r.name,
        r.parentId ? (codeOf.get(r.parentId) ?? null) : null,
        ...columns.map((c) => exportValue(c, r.values[c.id])),
      ]),
    ];
    const bytes = await writeXlsxRows(sheet, {
      sheet: directory.name.slice(0, 31).replace(/[\\/?*[\]:]/g, "_"),
      header: 1,
      freezeColumns: 2,
      widths: [16, 32, 16, ...columns.map(() => 16)],
      dateFormat: "dd.mm.yyyy",
    });
    const stored = await this.deps.storage.save(this.deps.db, {
      area: "temp",
      name: `${directory.name.replace(/[\\/:*?"<>|]+/g, "_")}.xlsx`,
      mediaType: XLSX_TYPE,
      bytes: Buffer.from(bytes),
      spaceId: grant.space.id,
      ownerUserId: grant.userId,
    });
    return { fileId: stored.id, name: stored.name, size: stored.size };
  }
}

/**
 * "Upload with assignment": the pairs (work code, row code) of a table, each with its line in the file; the two
 * columns are named by header text or 0-based index. Lines without both codes are left out.
 */
export async function readKeyPairs(
  file: UploadedFile,
  skipRows: number,
  workColumn: string | number,
  rowColumn: string | number,
) {
  let table: Table;
  try {
    table = await readFileTable(file, skipRows);
  } catch (error) {
    throw error instanceof AppError ? error : readFailure(error);
  }
  const header = (table.rows[skipRows] ?? []).map(cellText);
  const find = (target: string | number, field: string) => {
    const index = typeof target === "number" ? target : header.findIndex((h) => norm(h) === norm(target));
    if (index < 0 || index >= header.length) throw new AppError("Required", { field });
    return index;
  };
  const work = find(workColumn, "workColumn");
  const row = find(rowColumn, "rowColumn");
  return dataRows(table, skipRows)
    .map((r) => ({ workCode: cellText(r.cells[work]).trim(), rowCode: cellText(r.cells[row]).trim(), line: r.line }))
    .filter((p) => p.workCode !== "" && p.rowCode !== "");
}

export async function readFileTable(file: UploadedFile, skipRows: number) {
  const lower = file.name.toLowerCase();
  const format = lower.endsWith(".csv") ? "csv" : lower.endsWith(".xlsx") ? "xlsx" : undefined;
  return readTable(file.bytes, { format, fileName: file.name, skipRows });
}

/** Rows after the header that hold anything, with their line number in the file. */
export function dataRows(table: Table, skipRows: number) {
  const out: { cells: Cell[]; line: number }[] = [];
  for (let r = skipRows + 1; r < table.rows.length; r++)
    if (table.rows[r].some((c) => cellText(c) !== "")) out.push({ cells: table.rows[r], line: r + 1 });
  return out;
}

const norm = (text: string) => text.trim().toLowerCase();

/** A given mapping by header text or index, else the header's matches of the fixed columns and column names. */
export function resolveMapping(header: string[], columns: ColumnRecord[], given?: DirectoryMapping): ResolvedMapping {
  const find = (target: string | number | undefined): number | null => {
    if (target === undefined) return null;
    if (typeof target === "number") return target < header.length ? target : null;
    const index = header.findIndex((h) => norm(h) === norm(target));
    return index < 0 ? null : index;
  };
  const fixed = (key: keyof typeof DIRECTORY_FILE_HEADERS) =>
    header.findIndex((h) => Object.values(DIRECTORY_FILE_HEADERS[key]).some((text) => norm(text) === norm(h)));
  if (given) {
    const columnMap: Record<string, number> = {};
    for (const [columnId, target] of Object.entries(given.columns ?? {})) {
      if (!columns.some((c) => c.id === columnId)) throw new AppError("InvalidValue", { field: `mapping.${columnId}` });
      const index = find(target);
      if (index === null) throw new AppError("InvalidValue", { field: `mapping.${columnId}` });
      columnMap[columnId] = index;
    }
    const code = find(given.code);
    if (code === null) throw new AppError("InvalidValue", { field: "mapping.code" });
    return { code, name: find(given.name), parent: find(given.parent), columns: columnMap };
  }
  const columnMap: Record<string, number> = {};
  for (const column of columns) {
    const index = header.findIndex((h) => norm(h) === norm(column.name));
    if (index >= 0) columnMap[column.id] = index;
  }
  const orNull = (index: number) => (index < 0 ? null : index);
  return {
    code: orNull(fixed("code")),
    name: orNull(fixed("name")),
    parent: orNull(fixed("parent")),
    columns: columnMap,
  };
}

function exportValue(column: ColumnRecord, value: string | number | boolean | undefined): Cell {
  if (value === undefined) return null;
  if (column.type === "date" && typeof value === "string")
    return new Date(`${value.length === 10 ? `${value}T00:00` : value}Z`);
  return value;
}
