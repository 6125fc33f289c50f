import { and, eq, inArray, sql } from "drizzle-orm";
import { assignments, jobs, resources, versions, wbsItems } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

export const LEVEL_JOB = "level_resources";

/** The resources a version's works use (with their availability and calendar) and every assignment's load. */
export async function readResourceUse(db: DbOrTx, spaceId: string, versionId: string) {
  const uses = await db
    .select({
      itemId: assignments.itemId,
      resourceId: assignments.resourceId,
      unitsPerDay: assignments.unitsPerDay,
      remainingUnits: assignments.remainingUnits,
      curve: assignments.curve,
    })
    .from(assignments)
    .where(and(eq(assignments.spaceId, spaceId), eq(assignments.versionId, versionId)));
  const ids = [...new Set(uses.map((u) => u.resourceId))];
  const used = ids.length
    ? await db
        .select({
          id: resources.id,
          code: resources.code,
          name: resources.name,
          calendarId: resources.calendarId,
          availability: resources.availability,
        })
        .from(resources)
        .where(and(eq(resources.spaceId, spaceId), inArray(resources.id, ids)))
    : [];
  return { uses, resources: used };
}

/**
 * The values of these attributes on every row of a version, by row id (P6's leveling priorities by activity code or
 * user field): numbers and texts as stored, yes/no as 1/0, anything else none.
 */
export async function itemAttributes(db: DbOrTx, versionId: string, keys: readonly string[]) {
  const out: Record<string, Record<string, string | number | null>> = {};
  if (keys.length === 0) return out;
  const rows = await db
    .select({ id: wbsItems.id, attrs: wbsItems.attrs })
    .from(wbsItems)
    .where(eq(wbsItems.versionId, versionId));
  for (const row of rows) {
    const values: Record<string, string | number | null> = {};
    for (const key of keys) {
      const v = (row.attrs as Record<string, unknown> | null)?.[key];
      values[key] = typeof v === "string" || typeof v === "number" ? v : typeof v === "boolean" ? Number(v) : null;
    }
    out[String(row.id)] = values;
  }
  return out;
}

/** Code and name of every row of a version (the preview names works by them). */
export function itemNames(db: DbOrTx, versionId: string) {
  return db
    .select({ id: wbsItems.id, code: wbsItems.code, name: wbsItems.name })
    .from(wbsItems)
    .where(eq(wbsItems.versionId, versionId));
}

/** The stored dates of rows, to write only those that levelling changes and to undo exactly those. */
export function storedDates(db: DbOrTx, versionId: string, ids: number[]) {
  return db
    .select({
      id: wbsItems.id,
      type: wbsItems.type,
      es: wbsItems.earlyStart,
      ef: wbsItems.earlyFinish,
      ls: wbsItems.lateStart,
      lf: wbsItems.lateFinish,
      tf: wbsItems.totalFloat,
      ff: wbsItems.freeFloat,
      cr: wbsItems.critical,
    })
    .from(wbsItems)
    .where(and(eq(wbsItems.versionId, versionId), inArray(wbsItems.id, ids)));
}

/** A levelling job of a space, locked for a decision (apply or discard) when asked inside a transaction. */
export async function findLevellingJob(db: DbOrTx, spaceId: string, jobId: string, lock = false) {
  const query = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.spaceId, spaceId), eq(jobs.type, LEVEL_JOB)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Records the user's decision on the preview in the job's result (a decided preview cannot be applied again). */
export async function decide(db: DbOrTx, jobId: string, decision: "applied" | "discarded") {
  await db
    .update(jobs)
    .set({ result: sql`coalesce(${jobs.result}, '{}'::jsonb) || ${JSON.stringify({ decision })}::jsonb` })
    .where(eq(jobs.id, jobId));
}

export async function versionRevision(db: DbOrTx, versionId: string) {
  const [row] = await db.select({ revision: versions.revision }).from(versions).where(eq(versions.id, versionId));
  return row?.revision;
}
