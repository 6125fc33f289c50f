import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  assignments,
  directories,
  directoryRelationRows,
  directoryRelations,
  directoryRows,
  wbsDirectoryLinks,
  wbsItems,
} from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { nullableArray, textArray } from "../../platform/sql.js";

export type RelationRecord = typeof directoryRelations.$inferSelect;

const sourceDirectory = alias(directories, "source_directory");
const targetDirectory = alias(directories, "target_directory");
const sourceRow = alias(directoryRows, "source_row");
const targetRow = alias(directoryRows, "target_row");

/** The SQL of complex relations between directories; every query is filtered by space or by a relation found in it. */
export class DirectoryRelationsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The space's relations (or those named) with both directories' names and their count of coefficients. */
  async list(spaceId: string, filter: { ids?: string[]; sourceId?: string } = {}) {
    return this.db
      .select({
        id: directoryRelations.id,
        name: directoryRelations.name,
        sourceId: directoryRelations.sourceId,
        sourceName: sourceDirectory.name,
        targetId: directoryRelations.targetId,
        targetName: targetDirectory.name,
        rowCount: sql<number>`(select count(*)::int from ${directoryRelationRows}
          where ${directoryRelationRows.relationId} = ${directoryRelations.id})`,
      })
      .from(directoryRelations)
      .innerJoin(sourceDirectory, eq(sourceDirectory.id, directoryRelations.sourceId))
      .innerJoin(targetDirectory, eq(targetDirectory.id, directoryRelations.targetId))
      .where(
        and(
          eq(directoryRelations.spaceId, spaceId),
          filter.ids ? inArray(directoryRelations.id, filter.ids) : undefined,
          filter.sourceId ? eq(directoryRelations.sourceId, filter.sourceId) : undefined,
        ),
      )
      .orderBy(asc(sourceDirectory.name), asc(targetDirectory.name));
  }

  async get(spaceId: string, id: string): Promise<RelationRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(directoryRelations)
      .where(and(eq(directoryRelations.spaceId, spaceId), eq(directoryRelations.id, id)));
    return row;
  }

  async byPair(spaceId: string, sourceId: string, targetId: string): Promise<RelationRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(directoryRelations)
      .where(
        and(
          eq(directoryRelations.spaceId, spaceId),
          eq(directoryRelations.sourceId, sourceId),
          eq(directoryRelations.targetId, targetId),
        ),
      );
    return row;
  }

  async insert(values: typeof directoryRelations.$inferInsert) {
    const [row] = await this.db.insert(directoryRelations).values(values).returning();
    return row;
  }

  async rename(id: string, name: string) {
    await this.db.update(directoryRelations).set({ name }).where(eq(directoryRelations.id, id));
  }

  async delete(id: string) {
    await this.db.delete(directoryRelations).where(eq(directoryRelations.id, id));
  }

  /** Coefficients with their rows' codes and names, by source code then target code (one source row if asked). */
  async rows(relationId: string, sourceRowId?: string) {
    return this.db
      .select({
        id: directoryRelationRows.id,
        sourceRowId: directoryRelationRows.sourceRowId,
        sourceCode: sourceRow.code,
        sourceName: sourceRow.name,
        targetRowId: directoryRelationRows.targetRowId,
        targetCode: targetRow.code,
        targetName: targetRow.name,
        coefficient: directoryRelationRows.coefficient,
      })
      .from(directoryRelationRows)
      .innerJoin(sourceRow, eq(sourceRow.id, directoryRelationRows.sourceRowId))
      .innerJoin(targetRow, eq(targetRow.id, directoryRelationRows.targetRowId))
      .where(
        and(
          eq(directoryRelationRows.relationId, relationId),
          sourceRowId ? eq(directoryRelationRows.sourceRowId, sourceRowId) : undefined,
        ),
      )
      .orderBy(sql`${sourceRow.code} collate "C"`, sql`${targetRow.code} collate "C"`);
  }

  /** Pairs of rows with their coefficient in one statement; a pair already there takes the new coefficient. */
  async upsertRows(relationId: string, rows: { sourceRowId: string; targetRowId: string; coefficient: number }[]) {
    for (let k = 0; k < rows.length; k += 20_000) {
      const part = rows.slice(k, k + 20_000);
      await this.db.execute(sql`
        insert into directory_relation_rows (relation_id, source_row_id, target_row_id, coefficient)
        select ${relationId}::uuid, s, t, c
        from unnest(${textArray(part.map((r) => r.sourceRowId))}::uuid[],
          ${textArray(part.map((r) => r.targetRowId))}::uuid[],
          ${nullableArray(part.map((r) => r.coefficient))}::float8[]) as x(s, t, c)
        on conflict (relation_id, source_row_id, target_row_id) do update set coefficient = excluded.coefficient`);
    }
  }

  /** New coefficients of rows of the relation; answers the ids that were found. */
  async updateCoefficients(relationId: string, rows: { id: string; coefficient: number }[]): Promise<Set<string>> {
    const result = (await this.db.execute(sql`
      update directory_relation_rows r set coefficient = x.c
      from unnest(${textArray(rows.map((r) => r.id))}::uuid[], ${nullableArray(rows.map((r) => r.coefficient))}::float8[])
        as x(id, c)
      where r.id = x.id and r.relation_id = ${relationId}::uuid
      returning r.id`)) as unknown as { rows: { id: string }[] };
    return new Set(result.rows.map((r) => r.id));
  }

  async deleteRows(relationId: string, ids?: string[]) {
    const deleted = await this.db
      .delete(directoryRelationRows)
      .where(
        and(eq(directoryRelationRows.relationId, relationId), ids ? inArray(directoryRelationRows.id, ids) : undefined),
      )
      .returning({ id: directoryRelationRows.id });
    return deleted.length;
  }

  /**
   * What a version's works need through a relation: each work (not a sum or a draft) linked to a source row, its
   * planned volume, and the target rows of that source row with their coefficients.
   */
  async demand(versionId: string, relation: Pick<RelationRecord, "id" | "sourceId">) {
    return this.db
      .select({
        itemId: wbsItems.id,
        volume: wbsItems.plannedVolume,
        targetRowId: directoryRelationRows.targetRowId,
        targetCode: targetRow.code,
        targetName: targetRow.name,
        coefficient: directoryRelationRows.coefficient,
      })
      .from(wbsDirectoryLinks)
      .innerJoin(wbsItems, eq(wbsItems.id, wbsDirectoryLinks.itemId))
      .innerJoin(
        directoryRelationRows,
        and(
          eq(directoryRelationRows.sourceRowId, wbsDirectoryLinks.rowId),
          eq(directoryRelationRows.relationId, relation.id),
        ),
      )
      .innerJoin(targetRow, eq(targetRow.id, directoryRelationRows.targetRowId))
      .where(
        and(
          eq(wbsDirectoryLinks.versionId, versionId),
          eq(wbsDirectoryLinks.directoryId, relation.sourceId),
          sql`${wbsItems.type} not in ('sum', 'draft')`,
        ),
      );
  }

  /** Works of the version linked to any row of the directories: the works whose dependent resources a relation keeps. */
  async linkedWorks(versionId: string, directoryIds: string[]): Promise<number[]> {
    if (directoryIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ itemId: wbsDirectoryLinks.itemId })
      .from(wbsDirectoryLinks)
      .where(and(eq(wbsDirectoryLinks.versionId, versionId), inArray(wbsDirectoryLinks.directoryId, directoryIds)));
    return rows.map((r) => r.itemId);
  }

  /** The version's assignments of the resources named (read here; written through the resources module). */
  async assignmentsOf(spaceId: string, versionId: string, resourceIds: string[]) {
    if (resourceIds.length === 0) return [];
    return this.db
      .select({
        id: assignments.id,
        itemId: assignments.itemId,
        resourceId: assignments.resourceId,
        budgetedUnits: assignments.budgetedUnits,
        actualUnits: assignments.actualUnits,
        remainingUnits: assignments.remainingUnits,
        revision: assignments.revision,
      })
      .from(assignments)
      .where(
        and(
          eq(assignments.spaceId, spaceId),
          eq(assignments.versionId, versionId),
          inArray(assignments.resourceId, resourceIds),
        ),
      );
  }

  /** Ids, codes and names of a directory's rows (to check the rows a change names; a target's resources). */
  async rowsOf(directoryId: string) {
    return this.db
      .select({ id: directoryRows.id, code: directoryRows.code, name: directoryRows.name })
      .from(directoryRows)
      .where(eq(directoryRows.directoryId, directoryId));
  }
}

/** Whole assignment rows by id (what the undo of a recalculation puts back), by id. */
export async function assignmentRows(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = await db
    .select()
    .from(assignments)
    .where(sql`${assignments.id} = any(${textArray(ids)}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row as Record<string, unknown>]));
}

/** Ids of the version's assignments of these resources other than `known` (those a recalculation just created). */
export async function assignmentsBesides(db: DbOrTx, versionId: string, resourceIds: string[], known: Set<string>) {
  if (resourceIds.length === 0) return [];
  const rows = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.versionId, versionId),
        sql`${assignments.resourceId} = any(${textArray(resourceIds)}::uuid[])`,
      ),
    );
  return rows.map((row) => row.id).filter((id) => !known.has(id));
}
