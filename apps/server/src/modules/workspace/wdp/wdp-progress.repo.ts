import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, execRows, intArray, nullableArray, textArray } from "../../../platform/sql.js";
import { timestampSql } from "../../../platform/time.js";
import type { SeriesRow } from "./wdp.repo.js";
import { readSeries } from "./wdp-store.js";

/**
 * The facts progress is measured by: the ONE place that says which daily data count as done. Today every fact of
 * volume, labour and cost; when approval of facts lands, the approved ones (switch here, nothing else).
 */
export function factsForProgress(db: DbOrTx, spaceId: string, versionId: string): Promise<SeriesRow[]> {
  return readSeries(db, spaceId, versionId, { kinds: ["fact"], measures: ["volume", "labour", "cost"] });
}

/** What a work's progress needs beyond its WDP row: its duration, target duration and entered percent. */
export interface ProgressFields {
  duration: number;
  targetDuration: number | null;
  percentComplete: number;
}

export async function readProgressFields(db: DbOrTx, versionId: string, ids: number[]) {
  const out = new Map<number, ProgressFields>();
  if (ids.length === 0) return out;
  const c = await execColumns<{
    i: number[] | null;
    d: number[];
    td: (number | null)[];
    pc: number[];
  }>(
    db,
    sql`select json_build_object('i', json_agg(id), 'd', json_agg(duration), 'td', json_agg(target_duration),
        'pc', json_agg(percent_complete)) as j
      from wbs_items where version_id = ${versionId} and id = any(${intArray(ids)}::int[])`,
  );
  const found = c.i ?? [];
  for (let k = 0; k < found.length; k++)
    out.set(found[k], { duration: c.d[k], targetDuration: c.td[k], percentComplete: c.pc[k] });
  return out;
}

export interface ProgressWrite {
  id: number;
  status: "in_progress" | "completed";
  percentComplete: number;
  actualStart: number;
  actualFinish: number | null;
  remaining: number;
}

/**
 * Writes works' progress (status, %, actual dates, remaining) in one statement. Like calculated dates, progress
 * derived from facts is a result: rows keep their revision.
 */
export async function writeProgress(tx: DbOrTx, versionId: string, rows: ProgressWrite[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update wbs_items w set status = r.st, percent_complete = r.pc, actual_start = ${timestampSql(sql`r.a`)},
           actual_finish = ${timestampSql(sql`r.f`)}, remaining = r.rem
    from unnest(${intArray(rows.map((r) => r.id))}::int[], ${textArray(rows.map((r) => r.status))}::text[],
                ${nullableArray(rows.map((r) => r.percentComplete))}::float8[],
                ${intArray(rows.map((r) => r.actualStart))}::int[],
                ${nullableArray(rows.map((r) => r.actualFinish))}::int[],
                ${intArray(rows.map((r) => r.remaining))}::int[]) as r(id, st, pc, a, f, rem)
    where w.id = r.id and w.version_id = ${versionId}`);
}

/**
 * Keeps track of which works' progress comes from their facts (`progressFromFacts` in their wdp_works options): marks
 * the works written now and answers the works marked before that have no counted fact any more — every fact of
 * theirs was cleared, so the progress the facts gave them goes (resetProgress). Their marks are taken off.
 */
export async function markProgressFromFacts(
  tx: DbOrTx,
  spaceId: string,
  versionId: string,
  written: number[],
  counted: number[],
): Promise<number[]> {
  const gone = (
    (
      await execRows(
        tx,
        sql`select item_id as id from wdp_works where version_id = ${versionId}
          and options ->> 'progressFromFacts' = 'true' and not (item_id = any(${intArray(counted)}::int[]))`,
      )
    ).rows as { id: number }[]
  ).map((r) => r.id);
  if (gone.length)
    await tx.execute(sql`update wdp_works set options = nullif(options - 'progressFromFacts', '{}'::jsonb)
      where version_id = ${versionId} and item_id = any(${intArray(gone)}::int[])`);
  if (written.length)
    await tx.execute(sql`insert into wdp_works (item_id, space_id, version_id, options)
      select id, ${spaceId}, ${versionId}, '{"progressFromFacts": true}'::jsonb from unnest(${intArray(written)}::int[]) as id
      on conflict (item_id) do update set options = coalesce(wdp_works.options, '{}'::jsonb) || '{"progressFromFacts": true}'::jsonb
      where (wdp_works.options ->> 'progressFromFacts') is distinct from 'true'`);
  return gone;
}

/** Works back to not started: no actual dates, 0 %, their whole duration remaining. */
export async function resetProgress(tx: DbOrTx, versionId: string, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`update wbs_items set status = 'not_started', percent_complete = 0, actual_start = null,
      actual_finish = null, remaining = duration
    where version_id = ${versionId} and id = any(${intArray(ids)}::int[])`);
}
