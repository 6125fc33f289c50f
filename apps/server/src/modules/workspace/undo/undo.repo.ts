import type { WdpMeasure } from "@planum/contracts";
import { and, desc, eq, getTableColumns, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  assignments,
  relations,
  resources,
  timesheetLines,
  type UndoInverse,
  undoActions,
  versions,
  wbsItems,
  workPeople,
} from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execRows, intArray, nullableArray, textArray } from "../../../platform/sql.js";
import {
  deleteWorkStates,
  readWorkStates,
  type SeriesRow,
  seriesKey,
  type WorkState,
  writeWorkStates,
} from "../wdp/wdp.repo.js";
import { restoreReports } from "../wdp/wdp-approval.repo.js";
import { unpackSeries } from "../wdp/wdp-packed.js";
import { deleteSeries, readSeries, writeSeries } from "../wdp/wdp-store.js";
import { restoreDirectory } from "./undo-directory.js";

async function spaceOf(tx: DbOrTx, versionId: string) {
  const [row] = await tx.select({ spaceId: versions.spaceId }).from(versions).where(eq(versions.id, versionId));
  return row.spaceId;
}

/** The version's row, locked for a restore (its revision, and whether it is locked against edits). */
export async function lockVersionRow(tx: DbOrTx, versionId: string) {
  const [row] = await tx
    .select({ revision: versions.revision, locked: versions.locked, label: versions.label })
    .from(versions)
    .where(eq(versions.id, versionId))
    .for("update");
  return row as { revision: number; locked: boolean; label: string } | undefined;
}

/** How many changes of a version can be undone; older ones are forgotten. */
export const UNDO_DEPTH = 100;
const CHUNK = 500;

export type UndoKind = "undo_wbs" | "undo_relation" | "undo_wdp";

export async function snapshotWbs(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = [];
  for (let i = 0; i < ids.length; i += 10_000) {
    rows.push(
      ...(await tx
        .select()
        .from(wbsItems)
        .where(inArray(wbsItems.id, ids.slice(i, i + 10_000)))),
    );
  }
  return rows;
}

/** Relations touching these items: a deletion of the items takes them along, so undo must bring them back too. */
export async function snapshotRelationsOf(tx: DbOrTx, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  const rows = [];
  for (let i = 0; i < itemIds.length; i += 10_000) {
    const part = itemIds.slice(i, i + 10_000);
    rows.push(
      ...(await tx
        .select()
        .from(relations)
        .where(or(inArray(relations.predecessorId, part), inArray(relations.successorId, part)))),
    );
  }
  const unique = new Map(rows.map((row) => [row.id, row]));
  return [...unique.values()];
}

/**
 * The work-done plans of works (every series and planning row): a deletion of the works takes them along (foreign key
 * cascade), so its undo must put them back after the works. Undefined when the works have none.
 */
export async function snapshotWdpOf(
  tx: DbOrTx,
  spaceId: string,
  versionId: string,
  itemIds: number[],
): Promise<UndoInverse["wdp"]> {
  if (itemIds.length === 0) return undefined;
  const series = await readSeries(tx, spaceId, versionId, { itemIds });
  const states = await readWorkStates(tx, versionId, itemIds);
  if (series.length === 0 && states.size === 0) return undefined;
  return {
    restore: series,
    remove: [],
    works: [...states.values()].map((row) => ({ itemId: row.itemId, row: { ...row } })),
  };
}

/**
 * Assignments, executor / curator rows and timesheet lines of works: a deletion of the works takes them along (foreign
 * key cascade), so its undo puts them back after the works. Undefined when the works have none.
 */
export async function snapshotPeopleOf(
  tx: DbOrTx,
  versionId: string,
  itemIds: number[],
): Promise<UndoInverse["people"]> {
  if (itemIds.length === 0) return undefined;
  const inItems = (column: typeof assignments.itemId | typeof workPeople.itemId | typeof timesheetLines.itemId) =>
    sql`${column} = any(${`{${itemIds.join(",")}}`}::int[])`;
  const a = await tx
    .select()
    .from(assignments)
    .where(and(eq(assignments.versionId, versionId), inItems(assignments.itemId)));
  const p = await tx
    .select()
    .from(workPeople)
    .where(and(eq(workPeople.versionId, versionId), inItems(workPeople.itemId)));
  const t = await tx
    .select()
    .from(timesheetLines)
    .where(and(eq(timesheetLines.versionId, versionId), inItems(timesheetLines.itemId)));
  if (a.length === 0 && p.length === 0 && t.length === 0) return undefined;
  return { assignments: a, workPeople: p, timesheets: t };
}

/** Rows kept as JSON carry their instants as text: back to dates for the insert. */
function withDates<T extends Record<string, unknown>>(row: T, keys: string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of keys) if (typeof out[key] === "string") out[key] = new Date(out[key] as string);
  return out as T;
}

/** Puts back what `snapshotPeopleOf` kept; assignments of resources deleted meanwhile stay gone. */
async function restorePeople(tx: DbOrTx, people: NonNullable<UndoInverse["people"]>) {
  const resourceIds = [...new Set(people.assignments.map((a) => a.resourceId as string))];
  const alive = resourceIds.length
    ? new Set(
        (await tx.select({ id: resources.id }).from(resources).where(inArray(resources.id, resourceIds))).map(
          (r) => r.id,
        ),
      )
    : new Set<string>();
  const rows = people.assignments
    .filter((a) => alive.has(a.resourceId as string))
    .map((a) => withDates(a, ["createdAt"]) as typeof assignments.$inferInsert);
  if (rows.length) await tx.insert(assignments).values(rows).onConflictDoNothing();
  if (people.workPeople.length)
    await tx
      .insert(workPeople)
      .values(people.workPeople as (typeof workPeople.$inferInsert)[])
      .onConflictDoNothing();
  if (people.timesheets.length)
    await tx
      .insert(timesheetLines)
      .values(
        people.timesheets.map(
          (l) => withDates(l, ["submittedAt", "decidedAt", "updatedAt"]) as typeof timesheetLines.$inferInsert,
        ),
      )
      .onConflictDoNothing();
}

/** Columns of an assignment a relations' recalculation changes (put back as they were). */
const ASSIGNMENT_UNITS = ["budgeted_units", "actual_units", "remaining_units", "units_per_day", "curve"] as const;

/**
 * Undoes a recalculation of complex relations: the assignments it created go, those it changed or removed come back
 * as they were (an assignment of a resource deleted meanwhile stays gone). Answers the works touched.
 */
async function restoreAssignments(tx: DbOrTx, versionId: string, inverse: NonNullable<UndoInverse["assignments"]>) {
  const items = new Set<number>();
  if (inverse.remove.length) {
    const gone = await tx
      .delete(assignments)
      .where(and(eq(assignments.versionId, versionId), inArray(assignments.id, inverse.remove)))
      .returning({ itemId: assignments.itemId });
    for (const row of gone) items.add(row.itemId);
  }
  const resourceIds = [...new Set(inverse.restore.map((a) => a.resourceId as string))];
  if (resourceIds.length === 0) return items;
  const alive = new Set(
    (await tx.select({ id: resources.id }).from(resources).where(inArray(resources.id, resourceIds))).map((r) => r.id),
  );
  const rows = inverse.restore
    .filter((a) => alive.has(a.resourceId as string))
    .map((a) => withDates(a, ["createdAt"]) as typeof assignments.$inferInsert);
  const set: Record<string, SQL> = { revision: sql.raw("greatest(assignments.revision, excluded.revision) + 1") };
  for (const column of ASSIGNMENT_UNITS)
    set[column.replace(/_(.)/g, (_, c: string) => c.toUpperCase())] = sql.raw(`excluded.${column}`);
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx
      .insert(assignments)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({ target: assignments.id, set });
  for (const row of rows) items.add(row.itemId);
  return items;
}

export async function snapshotRelations(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx.select().from(relations).where(inArray(relations.id, ids));
}

export async function recordUndo(
  tx: DbOrTx,
  entry: {
    spaceId: string;
    versionId: string;
    kind: UndoKind;
    action: string;
    userId: string | null;
    itemCount: number;
    inverse: UndoInverse;
  },
) {
  await tx.insert(undoActions).values(entry);
  // Forget what lies beyond the undo depth, so the history of a busy version stays small.
  await tx.execute(sql`
    delete from undo_actions where version_id = ${entry.versionId} and id <= (
      select id from undo_actions where version_id = ${entry.versionId} order by id desc offset ${UNDO_DEPTH} limit 1)`);
}

/** Parents before children, so restored subtrees satisfy the parent foreign key row by row. */
function parentsFirst(rows: Record<string, unknown>[]) {
  const pending = new Map(rows.map((row) => [row.id as number, row]));
  const out: Record<string, unknown>[] = [];
  const visit = (row: Record<string, unknown>) => {
    if (!pending.has(row.id as number)) return;
    pending.delete(row.id as number);
    const parent = pending.get(row.parentId as number);
    if (parent) visit(parent);
    out.push(row);
  };
  for (const row of rows) visit(row);
  return out;
}

const wbsColumns = Object.keys(getTableColumns(wbsItems)).filter((key) => key !== "id");
const relationColumns = Object.keys(getTableColumns(relations)).filter((key) => key !== "id");

function excludedSet(table: typeof wbsItems | typeof relations, keys: string[]) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const set: Record<string, unknown> = {};
  for (const key of keys) {
    const name = columns[key].name;
    set[key] =
      name === "revision"
        ? sql.raw(`greatest(${table === wbsItems ? "wbs_items" : "relations"}.revision, excluded.revision) + 1`)
        : sql.raw(`excluded.${name}`);
  }
  return set;
}

/**
 * Replays one inverse: removes what the change created, then puts rows back as they were (inserting those that were
 * deleted under their old ids). Revisions only grow, so a client holding a row's newer revision sees a conflict
 * rather than silently overwriting the restored values.
 */
export async function applyInverse(tx: DbOrTx, versionId: string, inverse: UndoInverse) {
  const touched = {
    wbs: new Set<number>(),
    relations: new Set<number>(),
    deletedWbs: [] as number[],
    deletedRelations: [] as number[],
    /** Works whose work-done plan was put back. */
    wdp: new Set<number>(),
    /** Works whose resource assignments were put back. */
    assignments: new Set<number>(),
  };
  if (inverse.relations?.remove.length) {
    const gone = await tx
      .delete(relations)
      .where(and(eq(relations.versionId, versionId), inArray(relations.id, inverse.relations.remove)))
      .returning({ id: relations.id });
    touched.deletedRelations.push(...gone.map((row) => row.id));
  }
  if (inverse.wbs?.remove.length) {
    const gone = await tx
      .delete(wbsItems)
      .where(and(eq(wbsItems.versionId, versionId), inArray(wbsItems.id, inverse.wbs.remove)))
      .returning({ id: wbsItems.id });
    touched.deletedWbs.push(...gone.map((row) => row.id));
  }
  const wbsRows = parentsFirst(inverse.wbs?.restore ?? []);
  for (let i = 0; i < wbsRows.length; i += CHUNK) {
    const part = wbsRows
      .slice(i, i + CHUNK)
      .map((row): Record<string, unknown> => ({ ...row, revision: (row.revision as number) + 1 }));
    await tx
      .insert(wbsItems)
      .values(part as (typeof wbsItems.$inferInsert)[])
      .onConflictDoUpdate({ target: wbsItems.id, set: excludedSet(wbsItems, wbsColumns) });
    for (const row of part) touched.wbs.add(row.id as number);
  }
  if (inverse.wbsAttrs?.length) {
    const { rows } = await execRows(
      tx,
      sql`update wbs_items w set attrs = x.attrs, revision = w.revision + 1
      from jsonb_to_recordset(${JSON.stringify(inverse.wbsAttrs)}::jsonb) as x(id int, attrs jsonb)
      where w.id = x.id and w.version_id = ${versionId} returning w.id`,
    );
    for (const row of rows as { id: number }[]) touched.wbs.add(row.id);
  }
  if (inverse.wbsAttrValues?.ids.length) {
    // one array per attribute: the works' values go back (a null one removes the attribute), the others stay. The
    // arrays are unnested side by side with the ids (one pass, by position): picking `array -> i` for each work copied
    // the whole array every time, which made undoing a refresh of 50,000 works take minutes.
    const { ids, keys, values } = inverse.wbsAttrValues;
    const columns = keys.map((_, k) => sql.raw(`v${k}`));
    const { rows } = await execRows(
      tx,
      sql`with x as (
          select t.id, jsonb_strip_nulls(jsonb_build_object(${sql.join(
            keys.map((key, k) => sql`${key}::text, t.${columns[k]}`),
            sql`, `,
          )})) as old
          from unnest(${intArray(ids)}::int[], ${sql.join(
            values.map((list) => sql`array(select jsonb_array_elements(${JSON.stringify(list)}::jsonb))`),
            sql`, `,
          )}) as t(id, ${sql.join(columns, sql`, `)}))
        update wbs_items w set attrs = (w.attrs - ${textArray(keys)}::text[]) || x.old, revision = w.revision + 1
        from x where w.id = x.id and w.version_id = ${versionId} returning w.id`,
    );
    for (const row of rows as { id: number }[]) touched.wbs.add(row.id);
  }
  if (inverse.wbsPlanned) {
    // array literals as written; number arrays from rows written before
    const literal = (a: string | readonly (number | null)[]) => (typeof a === "string" ? a : nullableArray(a));
    const { ids, volume, labour, cost } = inverse.wbsPlanned;
    const { rows } = await execRows(
      tx,
      sql`update wbs_items w set planned_volume = t.volume, planned_labour = t.labour, planned_cost = t.cost,
          revision = w.revision + 1
        from unnest(${literal(ids)}::int[], ${literal(volume)}::float8[], ${literal(labour)}::float8[],
          ${literal(cost)}::float8[]) as t(id, volume, labour, cost)
        where w.id = t.id and w.version_id = ${versionId} returning w.id`,
    );
    for (const row of rows as { id: number }[]) touched.wbs.add(row.id);
  }
  if (inverse.wdp) {
    const wdp = inverse.wdp;
    const spaceId = await spaceOf(tx, versionId);
    await deleteSeries(tx, versionId, wdp.remove);
    await writeSeries(tx, spaceId, versionId, wdp.restore as SeriesRow[]);
    const works = wdp.works ?? [];
    await deleteWorkStates(
      tx,
      versionId,
      works.filter((w) => w.row === null).map((w) => w.itemId),
    );
    await writeWorkStates(
      tx,
      spaceId,
      versionId,
      works.filter((w) => w.row !== null).map((w) => w.row as unknown as WorkState),
    );
    for (const key of [...wdp.remove, ...wdp.restore, ...works]) touched.wdp.add(key.itemId);
    if (wdp.reports?.length) {
      await restoreReports(tx, versionId, wdp.reports);
      for (const r of wdp.reports) for (const id of r.itemIds) touched.wdp.add(id);
    }
  }
  if (inverse.wdpPlans) {
    const { ids, measures, before } = inverse.wdpPlans;
    const rows = unpackSeries(before);
    const had = new Set(rows.map(seriesKey));
    for (const itemId of ids)
      for (const measure of measures)
        if (!had.has(seriesKey({ itemId, measure, kind: "plan" })))
          rows.push({ itemId, measure: measure as WdpMeasure, kind: "plan", startDay: 0, values: [], total: 0 });
    // An empty series removes its measure (and a row left without measures): one write puts every plan back.
    await writeSeries(tx, await spaceOf(tx, versionId), versionId, rows);
    for (const itemId of ids) touched.wdp.add(itemId);
  }
  if (inverse.people) await restorePeople(tx, inverse.people);
  if (inverse.directory) await restoreDirectory(tx, inverse.directory);
  if (inverse.assignments) {
    const changed = await restoreAssignments(tx, versionId, inverse.assignments);
    for (const id of changed) touched.assignments.add(id);
  }
  if (inverse.version)
    await tx.update(versions).set({ dataDate: inverse.version.dataDate }).where(eq(versions.id, versionId));
  const relationRows = inverse.relations?.restore ?? [];
  for (let i = 0; i < relationRows.length; i += CHUNK) {
    const part = relationRows
      .slice(i, i + CHUNK)
      .map((row): Record<string, unknown> => ({ ...row, revision: (row.revision as number) + 1 }));
    await tx
      .insert(relations)
      .values(part as (typeof relations.$inferInsert)[])
      .onConflictDoUpdate({ target: relations.id, set: excludedSet(relations, relationColumns) });
    for (const row of part) touched.relations.add(row.id as number);
  }
  return touched;
}

/** The newest actions of a version, newest first (as deep as undo goes). */
export function listUndoActions(db: DbOrTx, spaceId: string, versionId: string) {
  return db
    .select({
      id: undoActions.id,
      kind: undoActions.kind,
      action: undoActions.action,
      userId: undoActions.userId,
      itemCount: undoActions.itemCount,
      createdAt: undoActions.createdAt,
    })
    .from(undoActions)
    .where(and(eq(undoActions.spaceId, spaceId), eq(undoActions.versionId, versionId)))
    .orderBy(desc(undoActions.id))
    .limit(UNDO_DEPTH);
}

export async function latestUndoId(tx: DbOrTx, versionId: string): Promise<number | undefined> {
  const [latest] = await tx
    .select({ id: undoActions.id })
    .from(undoActions)
    .where(eq(undoActions.versionId, versionId))
    .orderBy(desc(undoActions.id))
    .limit(1);
  return latest?.id;
}

/** The actions from `from` to the newest, newest first: what a restore down to `from` undoes. */
export function undoStepsFrom(tx: DbOrTx, versionId: string, from: number) {
  return tx
    .select()
    .from(undoActions)
    .where(and(eq(undoActions.versionId, versionId), gte(undoActions.id, from)))
    .orderBy(desc(undoActions.id));
}

export async function deleteUndoAction(tx: DbOrTx, id: number) {
  await tx.delete(undoActions).where(eq(undoActions.id, id));
}

/** Current revisions of WBS rows (for the event of a restore). */
export function wbsRevisions(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select({ id: wbsItems.id, revision: wbsItems.revision }).from(wbsItems).where(inArray(wbsItems.id, ids));
}
