import type { ImportCounts, ImportPlace, ImportReport, ImportWarning, ImportWarningCode } from "@planum/contracts";
import type { ReadReport, ScheduleModel } from "@planum/formats";
import { and, eq } from "drizzle-orm";
import { versionImportReports } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

/** Warnings of one code beyond this many are counted, not listed (a 100k-activity file can drop 100k relations). */
export const MAX_WARNINGS_PER_CODE = 200;

/** Collects what an import ignored, replaced or dropped: the reader's warnings and the server's own. */
export class ImportWarnings {
  readonly list: ImportWarning[] = [];
  private readonly perCode = new Map<string, number>();
  total = 0;

  warn(code: ImportWarningCode | string, params: Record<string, string | number>, place?: ImportPlace): void {
    this.total++;
    const n = (this.perCode.get(code) ?? 0) + 1;
    this.perCode.set(code, n);
    if (n > MAX_WARNINGS_PER_CODE) return;
    this.list.push({ code, params, ...(place && Object.keys(place).length > 0 ? { place } : {}) });
  }
}

/** Server warnings that say what became of a relation the reader kept as an external link. */
const DROPPED_RELATION = new Set(["RelationToMissingActivity", "RelationToOtherProject"]);

/**
 * The reader's warnings, then the server's. A relation the reader kept as an external link (`RelationExternal`) that
 * a version upload then drops is told once: the server's warning (why it is not in the version) with the reader's
 * place in the file.
 */
export function mergeWarnings(
  read: ReadReport,
  server: ImportWarnings,
): { warnings: ImportWarning[]; warningsTotal: number } {
  const pair = (params: Record<string, string | number>) => `${params.predecessor}\u0000${params.successor}`;
  const externals = new Map<string, ImportPlace | undefined>();
  for (const w of read.warnings) if (w.code === "RelationExternal") externals.set(pair(w.params), w.place);
  const replaced = new Set<string>();
  const own = server.list.map((w) => {
    const key = pair(w.params);
    if (!DROPPED_RELATION.has(w.code) || !externals.has(key)) return w;
    replaced.add(key);
    return { ...w, place: { ...externals.get(key), ...w.place } };
  });
  let hidden = 0;
  const fromReader: ImportWarning[] = [];
  for (const w of read.warnings) {
    const { omitted, ...params } = w.params;
    if (typeof omitted === "number") hidden += omitted;
    if (w.code === "RelationExternal" && replaced.has(pair(w.params))) continue;
    fromReader.push({ code: w.code, params, ...(w.place ? { place: w.place } : {}) });
  }
  const warnings = [...fromReader, ...own];
  return { warnings, warningsTotal: warnings.length + hidden + (server.total - server.list.length) };
}

/** What the file held, as the report's "read" column. */
export function countRead(model: ScheduleModel): ImportCounts {
  return {
    activities: model.activities.length,
    relations: model.relations.length,
    calendars: model.calendars.length,
    resources: model.resources.length,
    codes: model.codeValues.length,
  };
}

export type StoredReport = Omit<ImportReport, "versionId" | "createdAt">;

/** Keeps the report with its version, in the transaction that writes the version. */
export async function saveImportReport(
  tx: DbOrTx,
  target: { spaceId: string; versionId: string; userId: string | null },
  report: StoredReport,
) {
  await tx.insert(versionImportReports).values({
    versionId: target.versionId,
    spaceId: target.spaceId,
    report: report as unknown as Record<string, unknown>,
    createdBy: target.userId,
  });
}

/** The report of a version of the space; null for a version that was not imported from a file. */
export async function findImportReport(db: DbOrTx, spaceId: string, versionId: string): Promise<ImportReport | null> {
  const [row] = await db
    .select()
    .from(versionImportReports)
    .where(and(eq(versionImportReports.versionId, versionId), eq(versionImportReports.spaceId, spaceId)));
  if (!row) return null;
  return {
    ...(row.report as unknown as StoredReport),
    versionId: row.versionId,
    createdAt: row.createdAt.toISOString(),
  };
}
