import { DIRECTORY_RELATION_FILE_HEADERS, type ExportResult, type Language } from "@planum/contracts";
import { type Cell, cellText, type Table, writeXlsxRows } from "@planum/formats";
import type { Grant } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Storage } from "../../platform/storage.js";
import { readFailure, type UploadedFile } from "../../platform/uploads.js";
import { dataRows, readFileTable, XLSX_TYPE } from "./directory-files.js";
import type { DirectoryRelations } from "./directory-relations.js";

/**
 * A relation's coefficients as XLSX (`export-relations/{a}/{b}`) and back (`import-relations/{a}/{b}`): three
 * columns — source row code, dependent row code, coefficient — under a header line; the import replaces every
 * coefficient of the relation, all or nothing, a bad line named.
 */
export class DirectoryRelationFiles {
  constructor(private readonly deps: { db: Db; storage: Storage; relations: DirectoryRelations }) {}

  async export(grant: Grant, sourceId: string, targetId: string, language: Language): Promise<ExportResult> {
    const { relations } = this.deps;
    const relation = await relations.withRows(grant, await relations.byPair(grant, sourceId, targetId));
    const h = DIRECTORY_RELATION_FILE_HEADERS;
    const sheet: Cell[][] = [
      [h.source[language], h.target[language], h.coefficient[language]],
      ...relation.rows.map((r) => [r.sourceCode, r.targetCode, r.coefficient]),
    ];
    const bytes = await writeXlsxRows(sheet, {
      sheet: relation.name.slice(0, 31).replace(/[\\/?*[\]:]/g, "_"),
      header: 1,
      widths: [20, 20, 14],
    });
    const stored = await this.deps.storage.save(this.deps.db, {
      area: "temp",
      name: `${relation.name.replace(/[\\/:*?"<>|]+/g, "_")}.xlsx`,
      mediaType: XLSX_TYPE,
      bytes: Buffer.from(bytes),
      spaceId: grant.space.id,
      ownerUserId: grant.userId,
    });
    return { fileId: stored.id, name: stored.name, size: stored.size };
  }

  async import(grant: Grant, sourceId: string, targetId: string, file: UploadedFile) {
    const { relations } = this.deps;
    const id = await relations.byPair(grant, sourceId, targetId);
    let table: Table;
    try {
      table = await readFileTable(file, 0);
    } catch (error) {
      throw error instanceof AppError ? error : readFailure(error);
    }
    const lines = dataRows(table, 0).map((r) => ({
      sourceCode: cellText(r.cells[0]).trim(),
      targetCode: cellText(r.cells[1]).trim(),
      coefficient: typeof r.cells[2] === "number" ? r.cells[2] : cellText(r.cells[2]),
      line: r.line,
    }));
    return relations.replaceRows(grant, id, lines);
  }
}
