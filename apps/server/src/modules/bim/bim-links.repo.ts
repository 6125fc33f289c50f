import type { Bim4dWork, BimLink, BimLinkedElement } from "@planum/contracts";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  bimElements,
  bimLinkRelations,
  bimLinks,
  bimModels,
  directories,
  directoryColumns,
  schedules,
  versions,
  wbsItems,
} from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { intArray, rowCount, withHashJoins } from "../../platform/sql.js";

export type BimLinkRow = typeof bimLinks.$inferSelect;

const relationCount =
  sql<number>`(select count(*)::int from bim_link_relations r where r.link_id = bim_links.id)`.mapWith(Number);

export function toLinkDto(row: BimLinkRow & { relationCount: number }): BimLink {
  return {
    id: row.id,
    projectId: row.projectId,
    versionId: row.versionId,
    name: row.name,
    modelIds: row.modelIds,
    relationCount: row.relationCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listLinks(
  db: DbOrTx,
  spaceId: string,
  filter: { projectId?: string; versionId?: string; scheduleId?: string },
) {
  return db
    .select({ link: bimLinks, relationCount })
    .from(bimLinks)
    .where(
      and(
        eq(bimLinks.spaceId, spaceId),
        filter.projectId ? eq(bimLinks.projectId, filter.projectId) : undefined,
        filter.versionId ? eq(bimLinks.versionId, filter.versionId) : undefined,
        filter.scheduleId
          ? inArray(
              bimLinks.versionId,
              db.select({ id: versions.id }).from(versions).where(eq(versions.scheduleId, filter.scheduleId)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(bimLinks.createdAt), asc(bimLinks.id));
}

export async function findLink(db: DbOrTx, spaceId: string, linkId: string) {
  const [row] = await db
    .select({ link: bimLinks, relationCount })
    .from(bimLinks)
    .where(and(eq(bimLinks.id, linkId), eq(bimLinks.spaceId, spaceId)));
  return row ?? null;
}

/** Is the version one of the project's schedules' (in the space)? */
export async function versionOfProject(db: DbOrTx, spaceId: string, projectId: string, versionId: string) {
  const [row] = await db
    .select({ id: versions.id })
    .from(versions)
    .innerJoin(schedules, eq(schedules.id, versions.scheduleId))
    .where(and(eq(versions.id, versionId), eq(versions.spaceId, spaceId), eq(schedules.projectId, projectId)));
  return !!row;
}

/** Which of the ids are converted models of the project. */
export async function modelsOfProject(db: DbOrTx, spaceId: string, projectId: string, modelIds: string[]) {
  const rows = await db
    .select({ id: bimModels.id })
    .from(bimModels)
    .where(
      and(
        eq(bimModels.spaceId, spaceId),
        eq(bimModels.projectId, projectId),
        eq(bimModels.status, "completed"),
        inArray(bimModels.id, modelIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertLink(db: DbOrTx, values: typeof bimLinks.$inferInsert) {
  const [row] = await db.insert(bimLinks).values(values).returning();
  return row!;
}

export async function updateLink(db: DbOrTx, linkId: string, values: Partial<typeof bimLinks.$inferInsert>) {
  await db.update(bimLinks).set(values).where(eq(bimLinks.id, linkId));
}

/** Ties to models no longer in the link go (a link's elements are always of its models). */
export async function dropRelationsOutside(db: DbOrTx, linkId: string, modelIds: string[]) {
  await db
    .delete(bimLinkRelations)
    .where(
      and(eq(bimLinkRelations.linkId, linkId), sql`${bimLinkRelations.modelId} <> all(${sql.param(modelIds)}::uuid[])`),
    );
}

export async function deleteLink(db: DbOrTx, linkId: string) {
  await db.delete(bimLinks).where(eq(bimLinks.id, linkId));
}

/** Which of the express ids are objects of the model. */
export async function existingElements(db: DbOrTx, modelId: string, expressIds: number[]) {
  const rows = await db
    .select({ id: bimElements.expressId })
    .from(bimElements)
    .where(and(eq(bimElements.modelId, modelId), inArray(bimElements.expressId, expressIds)));
  return new Set(rows.map((r) => r.id));
}

/** Which of the ids are rows of the version. */
export async function existingItems(db: DbOrTx, versionId: string, itemIds: number[]) {
  const rows = await db
    .select({ id: wbsItems.id })
    .from(wbsItems)
    .where(and(eq(wbsItems.versionId, versionId), inArray(wbsItems.id, itemIds)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Locks what ties under the link will name, as foreign keys would but once per call instead of once per tie
 * (the ties keep none: db/migrations/0066_link_triggers.sql): the link and its models against deletion, the version's row against
 * any change of its works (every one holds it, `bumpVersion`), so a work, model or link deleted meanwhile either
 * waits for this transaction, whose ties its trigger then removes, or is gone before the inserts look. The link's
 * row is locked against other inserts of ties under it too (`for no key update`), so `insertNewTies` sees every tie
 * committed before it and none is inserted twice at once.
 */
export async function lockLinkTargets(db: DbOrTx, link: BimLinkRow) {
  await db.execute(sql`select 1 from bim_links where id = ${link.id}::uuid for no key update`);
  await db.execute(sql`select 1 from bim_models where id = any(${sql.param(link.modelIds)}::uuid[]) for key share`);
  await db.execute(sql`select 1 from versions where id = ${link.versionId}::uuid for share`);
}

/** Elements of the link's models of its space: what every insert of ties selects from. */
const linkElements = (link: BimLinkRow) => sql`bim_elements e
  join bim_models m on m.id = e.model_id and m.space_id = ${link.spaceId}::uuid
    and m.id = any(${sql.param(link.modelIds)}::uuid[])`;

/** Works of the link's version and space. */
const linkWorks = (link: BimLinkRow, alias: string) =>
  sql`${sql.raw(alias)}.version_id = ${link.versionId}::uuid and ${sql.raw(alias)}.space_id = ${link.spaceId}::uuid`;

/**
 * Inserts the ties `select` names (link, model, express id, work, source; no two alike) that the link does not hold
 * yet, under `lockLinkTargets`. Not `on conflict do nothing`: its speculative insertion probes and marks every row
 * again, half the cost of 100,000 ties on the embedded database, where a hash anti-join over the link's ties costs
 * one pass.
 */
async function insertNewTies(db: DbOrTx, select: SQL): Promise<number> {
  const result = await db.execute(sql`
    insert into bim_link_relations (link_id, model_id, express_id, item_id, source)
    select t.link_id, t.model_id, t.express_id, t.item_id, t.source
      from (${select}) as t (link_id, model_id, express_id, item_id, source)
     where not exists (select 1 from bim_link_relations r
       where r.link_id = t.link_id and r.model_id = t.model_id and r.express_id = t.express_id and r.item_id = t.item_id)`);
  return rowCount(result);
}

/** A rule's ties: every element of the link's models against every work of its version, joined by hashing. */
const insertRuleTies = (db: DbOrTx, select: SQL) => withHashJoins(db, (tx) => insertNewTies(tx, select));

/** Ties every named element of a model of the link to every named work of its version; the existing are kept. */
export async function insertRelations(
  db: DbOrTx,
  link: BimLinkRow,
  modelId: string,
  expressIds: number[],
  itemIds: number[],
): Promise<number> {
  return insertNewTies(
    db,
    sql`select ${link.id}::uuid, e.model_id, e.express_id, w.id, 'hand'
      from ${linkElements(link)}
      join wbs_items w on w.id = any(${intArray(itemIds)}::int[]) and ${linkWorks(link, "w")}
     where e.model_id = ${modelId}::uuid and e.express_id = any(${intArray(expressIds)}::int[])`,
  );
}

/**
 * The rule "property equals the work's code", as one statement over every element of the link's models and every
 * row of the version with a code: hash joins (`withHashJoins`), so 100,000 elements cost one pass over each side
 * and one over the link's ties.
 */
export async function insertRelationsByCode(db: DbOrTx, link: BimLinkRow, property: string): Promise<number> {
  return insertRuleTies(
    db,
    sql`select ${link.id}::uuid, e.model_id, e.express_id, w.id, 'rule'
      from ${linkElements(link)}
      join wbs_items w on ${linkWorks(link, "w")} and w.code = e.properties ->> ${property}
     where w.code <> ''`,
  );
}

/**
 * The rule "property equals a directory value of the work": the code of the row the work refers to in the
 * directory, or that row's value in one column; one statement, hash joins as for codes.
 */
export async function insertRelationsByDirectory(
  db: DbOrTx,
  link: BimLinkRow,
  property: string,
  directoryId: string,
  columnId: string | undefined,
): Promise<number> {
  const value = columnId === undefined ? sql`r.code` : sql`(r.values ->> ${columnId})`;
  // one row per work and directory (wbs_directory_links' key), so no tie twice
  return insertRuleTies(
    db,
    sql`select ${link.id}::uuid, e.model_id, e.express_id, l.item_id, 'rule'
      from ${linkElements(link)}
      join directory_rows r on r.directory_id = ${directoryId}::uuid and ${value} = e.properties ->> ${property}
      join wbs_directory_links l
        on l.row_id = r.id and l.directory_id = ${directoryId}::uuid and ${linkWorks(link, "l")}
     where ${value} <> ''`,
  );
}

/** Whether the directory (and the column, when named) is of the space. */
export async function directoryOfSpace(db: DbOrTx, spaceId: string, directoryId: string, columnId?: string) {
  const [directory] = await db
    .select({ id: directories.id })
    .from(directories)
    .where(and(eq(directories.id, directoryId), eq(directories.spaceId, spaceId)));
  if (!directory || columnId === undefined) return directory !== undefined;
  const [column] = await db
    .select({ id: directoryColumns.id })
    .from(directoryColumns)
    .where(and(eq(directoryColumns.id, columnId), eq(directoryColumns.directoryId, directoryId)));
  return column !== undefined;
}

export async function deleteRelations(
  db: DbOrTx,
  linkId: string,
  modelId: string,
  expressIds: number[],
  itemIds: number[] | undefined,
) {
  const rows = await db
    .delete(bimLinkRelations)
    .where(
      and(
        eq(bimLinkRelations.linkId, linkId),
        eq(bimLinkRelations.modelId, modelId),
        inArray(bimLinkRelations.expressId, expressIds),
        itemIds ? inArray(bimLinkRelations.itemId, itemIds) : undefined,
      ),
    )
    .returning({ itemId: bimLinkRelations.itemId });
  return rows.length;
}

const linkedColumns = {
  modelId: bimLinkRelations.modelId,
  expressId: bimLinkRelations.expressId,
  itemId: bimLinkRelations.itemId,
};

/** Every tie of the link (the viewer colours linked elements, the player reads their works). */
export async function relations(db: DbOrTx, linkId: string): Promise<BimLinkedElement[]> {
  return db
    .select(linkedColumns)
    .from(bimLinkRelations)
    .where(eq(bimLinkRelations.linkId, linkId))
    .orderBy(asc(bimLinkRelations.itemId), asc(bimLinkRelations.expressId));
}

export async function elementsOfWork(db: DbOrTx, linkId: string, itemId: number): Promise<BimLinkedElement[]> {
  return db
    .select(linkedColumns)
    .from(bimLinkRelations)
    .where(and(eq(bimLinkRelations.linkId, linkId), eq(bimLinkRelations.itemId, itemId)))
    .orderBy(asc(bimLinkRelations.modelId), asc(bimLinkRelations.expressId));
}

export async function worksOfElements(
  db: DbOrTx,
  linkId: string,
  modelId: string,
  expressIds: number[],
): Promise<BimLinkedElement[]> {
  return db
    .select(linkedColumns)
    .from(bimLinkRelations)
    .where(
      and(
        eq(bimLinkRelations.linkId, linkId),
        eq(bimLinkRelations.modelId, modelId),
        inArray(bimLinkRelations.expressId, expressIds),
      ),
    )
    .orderBy(asc(bimLinkRelations.expressId), asc(bimLinkRelations.itemId));
}

/** The ties of the link with their works' dates, as wall-clock text (the 4D player). */
export async function playerWorks(db: DbOrTx, linkId: string) {
  const text = (column: string) => sql<string | null>`to_char(${sql.raw(`w.${column}`)}, 'YYYY-MM-DD"T"HH24:MI')`;
  const result = (await db.execute(sql`
    select r.model_id as "modelId", r.express_id as "expressId",
      ${text("early_start")} as "earlyStart", ${text("early_finish")} as "earlyFinish",
      ${text("actual_start")} as "actualStart", ${text("actual_finish")} as "actualFinish",
      ${text("target_start")} as "targetStart", ${text("target_finish")} as "targetFinish"
    from bim_link_relations r join wbs_items w on w.id = r.item_id
    where r.link_id = ${linkId}::uuid
    order by r.model_id, r.express_id`)) as unknown as { rows: (Bim4dWork & { modelId: string; expressId: number })[] };
  return result.rows;
}

/** The distinct property names of the elements of the models tied by links to the schedule's versions. */
export async function propertyNamesOfSchedule(db: DbOrTx, spaceId: string, scheduleId: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct jsonb_object_keys(e.properties) as name
    from bim_elements e
    where e.model_id in (
      select (jsonb_array_elements_text(l.model_ids))::uuid from bim_links l join versions v on v.id = l.version_id
      where l.space_id = ${spaceId}::uuid and v.schedule_id = ${scheduleId}::uuid)
    order by name`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}
