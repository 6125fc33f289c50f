import type { WdpMeasure, WdpReportKind, WdpReportStatus } from "@planum/contracts";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users, type WdpReportCell, wbsItems, wdpReports } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execRows, intArray } from "../../../platform/sql.js";

export type ReportRow = typeof wdpReports.$inferSelect;
/** A report with its reporter's and decider's names (last and first name, else the login). */
export type ReportRead = ReportRow & {
  reporterName: string | null;
  deciderName: string | null;
  /** The approver the decider stood in for (a delegation). */
  decidedForName: string | null;
};

const reporter = alias(users, "reporter");
const decider = alias(users, "decider");
const stoodFor = alias(users, "stood_for");
const nameOf = (u: { lastName: string; firstName: string; login: string } | null) =>
  u ? `${u.lastName} ${u.firstName}`.trim() || u.login : null;

export async function insertReport(
  tx: DbOrTx,
  row: {
    spaceId: string;
    versionId: string;
    day: number;
    kind?: WdpReportKind;
    cells: WdpReportCell[];
    reporterId: string;
    comment: string | null;
  },
): Promise<ReportRow> {
  const [created] = await tx.insert(wdpReports).values(row).returning();
  return created;
}

/**
 * Reports of a version, newest first: waiting ones, decided ones or all, optionally of one reporter and day. Every
 * read is filtered by space and version.
 */
export async function readReports(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  filter: {
    status?: "pending" | "decided" | "all";
    reporterId?: string;
    day?: number;
    ids?: string[];
    kind?: WdpReportKind;
  } = {},
): Promise<ReportRead[]> {
  const where: SQL[] = [eq(wdpReports.spaceId, spaceId), eq(wdpReports.versionId, versionId)];
  if (filter.status === "pending") where.push(eq(wdpReports.status, "pending"));
  if (filter.status === "decided") where.push(inArray(wdpReports.status, ["APPROVED", "DECLINED"]));
  if (filter.reporterId) where.push(eq(wdpReports.reporterId, filter.reporterId));
  if (filter.day !== undefined) where.push(eq(wdpReports.day, filter.day));
  if (filter.ids) where.push(inArray(wdpReports.id, filter.ids));
  if (filter.kind) where.push(eq(wdpReports.kind, filter.kind));
  const rows = await db
    .select({
      report: wdpReports,
      reporter: { lastName: reporter.lastName, firstName: reporter.firstName, login: reporter.login },
      decider: { lastName: decider.lastName, firstName: decider.firstName, login: decider.login },
      stoodFor: { lastName: stoodFor.lastName, firstName: stoodFor.firstName, login: stoodFor.login },
    })
    .from(wdpReports)
    .leftJoin(reporter, eq(reporter.id, wdpReports.reporterId))
    .leftJoin(decider, eq(decider.id, wdpReports.decidedBy))
    .leftJoin(stoodFor, eq(stoodFor.id, wdpReports.decidedFor))
    .where(and(...where))
    .orderBy(desc(wdpReports.createdAt), desc(wdpReports.id))
    .limit(500);
  return rows.map((r) => ({
    ...r.report,
    reporterName: nameOf(r.reporter?.login ? r.reporter : null),
    deciderName: nameOf(r.decider?.login ? r.decider : null),
    decidedForName: nameOf(r.stoodFor?.login ? r.stoodFor : null),
  }));
}

/** The version a report of the space belongs to (undefined: no such report there). */
export async function reportVersion(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select({ versionId: wdpReports.versionId })
    .from(wdpReports)
    .where(and(eq(wdpReports.spaceId, spaceId), eq(wdpReports.id, id)));
  return row?.versionId;
}

/** One report of the version, locked for a decision (null: not there). */
export async function lockReport(tx: DbOrTx, spaceId: string, versionId: string, id: string) {
  const [row] = await tx
    .select()
    .from(wdpReports)
    .where(and(eq(wdpReports.spaceId, spaceId), eq(wdpReports.versionId, versionId), eq(wdpReports.id, id)))
    .for("update");
  return row ?? null;
}

export async function decideReport(
  tx: DbOrTx,
  id: string,
  decision: {
    status: Exclude<WdpReportStatus, "pending">;
    decidedBy: string;
    decidedFor: string | null;
    decisionComment: string | null;
  },
) {
  await tx
    .update(wdpReports)
    .set({ ...decision, decidedAt: new Date() })
    .where(eq(wdpReports.id, id));
}

/** A report row as JSON for the undo inverse (dates as ISO text). */
export function reportSnapshot(row: ReportRow): Record<string, unknown> {
  return {
    ...row,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Undo of an approval step: each report is put back as it was (`row`), or removed when the change created it
 * (`row` null).
 */
export async function restoreReports(
  tx: DbOrTx,
  versionId: string,
  reports: { id: string; row: Record<string, unknown> | null }[],
) {
  const gone = reports.filter((r) => r.row === null).map((r) => r.id);
  if (gone.length)
    await tx.delete(wdpReports).where(and(eq(wdpReports.versionId, versionId), inArray(wdpReports.id, gone)));
  for (const { row } of reports) {
    if (!row) continue;
    const values = {
      ...(row as unknown as ReportRow),
      decidedAt: row.decidedAt ? new Date(row.decidedAt as string) : null,
      createdAt: new Date(row.createdAt as string),
    };
    await tx
      .insert(wdpReports)
      .values(values)
      .onConflictDoUpdate({
        target: wdpReports.id,
        set: {
          status: values.status,
          decidedBy: values.decidedBy,
          decidedFor: values.decidedFor ?? null,
          decidedAt: values.decidedAt,
          decisionComment: values.decisionComment,
          cells: values.cells,
          comment: values.comment,
        },
      });
  }
}

/** The cells of a version waiting for approval, each with its day (the grid marks them). */
export async function pendingCells(db: DbOrTx, spaceId: string, versionId: string) {
  const rows = await db
    .select({ day: wdpReports.day, kind: wdpReports.kind, cells: wdpReports.cells })
    .from(wdpReports)
    .where(and(eq(wdpReports.spaceId, spaceId), eq(wdpReports.versionId, versionId), eq(wdpReports.status, "pending")))
    .orderBy(wdpReports.createdAt);
  // A later report of the same work, measure, kind and day replaces an earlier one's value.
  const byKey = new Map<
    string,
    { itemId: number; measure: WdpMeasure; kind: WdpReportKind; day: number; value: number }
  >();
  for (const r of rows)
    for (const c of r.cells)
      byKey.set(`${c.itemId}|${c.measure}|${r.kind}|${r.day}`, {
        ...c,
        measure: c.measure as WdpMeasure,
        kind: r.kind,
        day: r.day,
      });
  return [...byKey.values()];
}

/**
 * The approved days of works as "itemId|measure|day": days of approved reports (of facts or of plan changes) naming
 * the work and measure. A plan change on such a day needs approval (wdp-plan-hold.ts).
 */
export async function approvedDays(db: DbOrTx, spaceId: string, versionId: string, itemIds: number[]) {
  const result = await execRows(
    db,
    sql`select distinct r.day, (c ->> 'itemId')::int as "itemId", c ->> 'measure' as measure
      from wdp_reports r, jsonb_array_elements(r.cells) as c
      where r.space_id = ${spaceId} and r.version_id = ${versionId} and r.status = 'APPROVED'
        and (c ->> 'itemId')::int = any(${intArray(itemIds)}::int[])`,
  );
  return new Set(
    (result.rows as { day: number; itemId: number; measure: string }[]).map(
      (r) => `${r.itemId}|${r.measure}|${Number(r.day)}`,
    ),
  );
}

/** The code and name of works of a version (what a notice about them says). */
export function workNames(db: DbOrTx, versionId: string, itemIds: number[]) {
  return db
    .select({ id: wbsItems.id, code: wbsItems.code, name: wbsItems.name })
    .from(wbsItems)
    .where(and(eq(wbsItems.versionId, versionId), inArray(wbsItems.id, itemIds)));
}
