import { and, eq, sql } from "drizzle-orm";
import { jobs, versions } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { execColumns, intArray, textArray } from "../../platform/sql.js";
import { type AssignmentColumns, insertAssignmentColumns } from "../resources/resources.repo.js";
import { insertLinks } from "../workspace/directory-links/links.repo.js";
import type { CodeLinks } from "./code-import.js";
import { deferRowChecks, insertRelations, type RelationColumns } from "./model-import.repo.js";

/**
 * What a file gives a version besides its works and calendars: relations, assignments, activity code links, UDF
 * values — all mapped onto the version's rows already (ids, resources, directory rows), so writing them is inserts
 * only. An upload commits the version without them and leaves them to the `import_details` job (the job's payload is
 * this object, kept as a file); a facility import writes them in its own transaction.
 */
export interface ImportDetails {
  /** Between the version's own rows (ids reserved by the upload), deduplicated; written first. */
  relations: RelationColumns;
  assignments: AssignmentColumns;
  codeLinks: CodeLinks[];
  udfValues: { itemIds: number[]; attrs: string[] };
}

export const IMPORT_DETAILS_JOB = "import_details";

export function detailsCount(details: ImportDetails) {
  return {
    relations: details.relations.p.length,
    assignments: details.assignments.itemId.length,
    codeLinks: details.codeLinks.reduce((n, l) => n + l.itemIds.length, 0),
    udfValues: details.udfValues.itemIds.length,
  };
}

/**
 * Rows a step of the job writes in one transaction. On the embedded database a transaction holds its one session:
 * 100,000 assignments in one (~4 s) would keep the users' reads — the new version's Gantt first — waiting; steps of
 * this size let them in between (~0.4 s each).
 */
export const DETAILS_STEP_ROWS = 10_000;

/** The details cut into steps of at most `rows` rows of one kind, in a fixed order (a resumed job counts on it). */
export function detailSteps(details: ImportDetails, rows = DETAILS_STEP_ROWS): ImportDetails[] {
  const none = (): ImportDetails => ({
    relations: sliceRelations(details.relations, 0, 0),
    assignments: sliceAssignments(details.assignments, 0, 0),
    codeLinks: [],
    udfValues: { itemIds: [], attrs: [] },
  });
  const steps: ImportDetails[] = [];
  // Relations first: the calculation and every view of the whole network wait for them, assignments wait for nobody.
  for (let from = 0; from < details.relations.p.length; from += rows)
    steps.push({ ...none(), relations: sliceRelations(details.relations, from, from + rows) });
  for (let from = 0; from < details.assignments.itemId.length; from += rows)
    steps.push({ ...none(), assignments: sliceAssignments(details.assignments, from, from + rows) });
  for (const link of details.codeLinks)
    for (let from = 0; from < link.itemIds.length; from += rows)
      steps.push({
        ...none(),
        codeLinks: [
          {
            directoryId: link.directoryId,
            itemIds: link.itemIds.slice(from, from + rows),
            rowIds: link.rowIds.slice(from, from + rows),
          },
        ],
      });
  const udf = details.udfValues;
  for (let from = 0; from < udf.itemIds.length; from += rows)
    steps.push({
      ...none(),
      udfValues: { itemIds: udf.itemIds.slice(from, from + rows), attrs: udf.attrs.slice(from, from + rows) },
    });
  return steps;
}

function sliceRelations(c: RelationColumns, from: number, to: number): RelationColumns {
  return {
    p: c.p.slice(from, to),
    s: c.s.slice(from, to),
    t: c.t.slice(from, to),
    l: c.l.slice(from, to),
    c: c.c.slice(from, to),
  };
}

function sliceAssignments(c: AssignmentColumns, from: number, to: number): AssignmentColumns {
  return {
    itemId: c.itemId.slice(from, to),
    resourceId: c.resourceId.slice(from, to),
    budgetedUnits: c.budgetedUnits.slice(from, to),
    actualUnits: c.actualUnits.slice(from, to),
    remainingUnits: c.remainingUnits.slice(from, to),
    unitsPerDay: c.unitsPerDay.slice(from, to),
    curve: c.curve.slice(from, to),
    budgetedCost: c.budgetedCost.slice(from, to),
    actualCost: c.actualCost.slice(from, to),
    remainingCost: c.remainingCost.slice(from, to),
  };
}

/**
 * The details as the job's file holds them: one kept by an upload of an earlier build, when relations were written
 * with the version, has none.
 */
export function parseImportDetails(text: string): ImportDetails {
  const details = JSON.parse(text) as ImportDetails;
  details.relations ??= { p: [], s: [], t: [], l: [], c: [] };
  return details;
}

export const hasDetails = (details: ImportDetails) => {
  const n = detailsCount(details);
  return n.relations + n.assignments + n.codeLinks + n.udfValues > 0;
};

/**
 * Writes them into the version. `ownRowsOnly`: the version has been visible since its upload committed, so a work
 * may have been deleted meanwhile — its relations, assignments and values are left out rather than failing the whole
 * job (links join the version's works anyway: `insertLinks`). Relations written move the version's revision (its
 * dates stay: they are the file's), so the Gantt kept for it is read again with them.
 */
export async function writeImportDetails(
  tx: DbOrTx,
  spaceId: string,
  versionId: string,
  details: ImportDetails,
  ownRowsOnly = false,
) {
  let relations = details.relations;
  let assignments = details.assignments;
  // `lock`: the works found are key-share locked until commit, as each row's foreign-key check would lock them.
  const present = async (itemIds: number[], lock = false) =>
    new Set(
      (await execColumns<number[] | null>(
        tx,
        sql`select json_agg(id) as j from (select id from wbs_items
        where id = any(${intArray(itemIds)}::int[]) and version_id = ${versionId} and space_id = ${spaceId}
        ${lock ? sql`for key share` : sql``}) as found`,
      )) ?? [],
    );
  if (ownRowsOnly && relations.p.length > 0) {
    // Both ends found in this version and locked: what the relations' foreign keys check row by row (2–3 queries
    // per relation: ~12 s more of the embedded database's CPU for 270,000 of them) is checked here once per step, so the
    // step inserts with the row checks off, as the upload's own transaction does.
    const here = await present([...relations.p, ...relations.s], true);
    if (relations.p.some((id, k) => !here.has(id) || !here.has(relations.s[k])))
      relations = keepRelations(relations, here);
    const deferred = await deferRowChecks(tx);
    await insertRelations(tx, spaceId, relations, versionId);
    if (deferred) await tx.execute(sql`set local session_replication_role = origin`);
    await tx.execute(sql`update versions set revision = revision + 1 where id = ${versionId}`);
  } else if (relations.p.length > 0) await insertRelations(tx, spaceId, relations, versionId);
  if (ownRowsOnly && assignments.itemId.length > 0) {
    const here = await present(assignments.itemId);
    if (assignments.itemId.some((id) => !here.has(id))) assignments = keepRows(assignments, here);
  }
  await insertAssignmentColumns(tx, spaceId, versionId, assignments);
  for (const link of details.codeLinks)
    await insertLinks(tx, spaceId, versionId, link.directoryId, link.itemIds, link.rowIds);
  const udf = details.udfValues;
  if (udf.itemIds.length === 0) return;
  await tx.execute(sql`update wbs_items w set attrs = w.attrs || t.a
    from unnest(${intArray(udf.itemIds)}::int[], ${textArray(udf.attrs)}::jsonb[]) as t(id, a)
    where w.id = t.id and w.version_id = ${versionId}`);
}

/** The version shows before its details: `importing_details` until `import_details` job `jobId` has written them. */
export async function markDetailsPending(tx: DbOrTx, versionId: string, jobId: string) {
  await tx
    .update(versions)
    .set({ detailsStatus: "importing_details", detailsJobId: jobId, detailsError: null })
    .where(eq(versions.id, versionId));
}

/**
 * The version's details state, its row locked until commit (one job attempt at a time writes them; a delete of the
 * version waits); null when the version is gone.
 */
export async function lockDetailsState(tx: DbOrTx, versionId: string) {
  const [row] = await tx
    .select({ status: versions.detailsStatus, jobId: versions.detailsJobId, spaceId: versions.spaceId })
    .from(versions)
    .where(eq(versions.id, versionId))
    .for("update");
  return row ?? null;
}

/** The details job `jobId` as it ended (payload and the steps it committed), read in the caller's transaction. */
export async function readDetailsJob(tx: DbOrTx, jobId: string) {
  const [row] = await tx
    .select({ payload: jobs.payload, result: jobs.result })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.type, IMPORT_DETAILS_JOB)));
  return row ?? null;
}

/** The details are in (null) or their job failed (with why), before every relation was in or after. */
export async function setDetailsState(
  db: DbOrTx,
  versionId: string,
  jobId: string,
  state: { status: "relations_failed" | "details_failed"; error: string } | { status: null },
) {
  await db
    .update(versions)
    .set({ detailsStatus: state.status, detailsError: state.status ? state.error : null })
    .where(and(eq(versions.id, versionId), eq(versions.detailsJobId, jobId)));
}

/** The relations whose two works are still there. */
function keepRelations(c: RelationColumns, present: Set<number>): RelationColumns {
  const keep = c.p.map((p, k) => present.has(p) && present.has(c.s[k]));
  const pick = <T>(values: T[]) => values.filter((_, k) => keep[k]);
  return { p: pick(c.p), s: pick(c.s), t: pick(c.t), l: pick(c.l), c: pick(c.c) };
}

/** The assignments whose work is still there. */
function keepRows(c: AssignmentColumns, present: Set<number>): AssignmentColumns {
  const keep = c.itemId.map((id) => present.has(id));
  const pick = <T>(values: T[]) => values.filter((_, k) => keep[k]);
  return {
    itemId: pick(c.itemId),
    resourceId: pick(c.resourceId),
    budgetedUnits: pick(c.budgetedUnits),
    actualUnits: pick(c.actualUnits),
    remainingUnits: pick(c.remainingUnits),
    unitsPerDay: pick(c.unitsPerDay),
    curve: pick(c.curve),
    budgetedCost: pick(c.budgetedCost),
    actualCost: pick(c.actualCost),
    remainingCost: pick(c.remainingCost),
  };
}
