import { and, eq, notInArray, sql } from "drizzle-orm";
import { versions, wbsItems } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

/** One work's progress as "update progress" writes it (dates as wall-clock text, remaining in minutes). */
export interface ProgressRow {
  id: number;
  status: "in_progress" | "completed";
  actualStart: string;
  actualFinish: string | null;
  remaining: number;
  percentComplete: number;
}

/** The works of a version that update progress may touch: not completed, planned to start before the data date. */
export function progressCandidates(tx: DbOrTx, versionId: string, dataDate: string) {
  return tx
    .select({
      id: wbsItems.id,
      type: wbsItems.type,
      status: wbsItems.status,
      duration: wbsItems.duration,
      calendarId: wbsItems.calendarId,
      earlyStart: wbsItems.earlyStart,
      earlyFinish: wbsItems.earlyFinish,
      actualStart: wbsItems.actualStart,
    })
    .from(wbsItems)
    .where(
      and(
        eq(wbsItems.versionId, versionId),
        notInArray(wbsItems.type, ["sum", "draft"]),
        sql`${wbsItems.status} <> 'completed'`,
        sql`${wbsItems.earlyStart} < ${dataDate}::timestamp`,
      ),
    );
}

/** Writes the progress of many works in one statement, each row's revision moved on. */
export async function writeProgress(tx: DbOrTx, versionId: string, rows: ProgressRow[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update wbs_items w set
      status = u.status,
      actual_start = u.actual_start::timestamp,
      actual_finish = u.actual_finish::timestamp,
      remaining = u.remaining,
      percent_complete = u.percent_complete,
      revision = w.revision + 1
    from unnest(
      ${`{${rows.map((s) => s.id).join(",")}}`}::int[],
      ${`{${rows.map((s) => s.status).join(",")}}`}::text[],
      ${`{${rows.map((s) => s.actualStart).join(",")}}`}::text[],
      ${`{${rows.map((s) => s.actualFinish ?? "NULL").join(",")}}`}::text[],
      ${`{${rows.map((s) => s.remaining).join(",")}}`}::int[],
      ${`{${rows.map((s) => s.percentComplete).join(",")}}`}::real[]
    ) as u(id, status, actual_start, actual_finish, remaining, percent_complete)
    where w.id = u.id and w.version_id = ${versionId}`);
}

export async function setDataDate(tx: DbOrTx, versionId: string, dataDate: string | null) {
  await tx.update(versions).set({ dataDate }).where(eq(versions.id, versionId));
}
