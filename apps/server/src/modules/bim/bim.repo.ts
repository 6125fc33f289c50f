import { BIM_SPATIAL_TYPES, type BimElement, type BimModel } from "@planum/contracts";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { bimElements, bimModels } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import type { ConvertedElement } from "./ifc-convert.js";

export const BIM_CONVERT_JOB = "bim_model_convert";
export type BimModelRow = typeof bimModels.$inferSelect;

/** Rows per INSERT of elements: well under PostgreSQL's 65,535 parameters (8 columns a row). */
const ELEMENT_BATCH = 2000;

export function toModelDto(row: BimModelRow): BimModel {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    ifcSchema: row.ifcSchema,
    status: row.status,
    progress: row.progress,
    size: row.size,
    elementCount: row.elementCount,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listModels(db: DbOrTx, spaceId: string, projectId: string) {
  return db
    .select()
    .from(bimModels)
    .where(and(eq(bimModels.spaceId, spaceId), eq(bimModels.projectId, projectId)))
    .orderBy(asc(bimModels.createdAt), asc(bimModels.id));
}

export async function findModel(db: DbOrTx, spaceId: string, projectId: string, modelId: string) {
  const [row] = await db
    .select()
    .from(bimModels)
    .where(and(eq(bimModels.id, modelId), eq(bimModels.spaceId, spaceId), eq(bimModels.projectId, projectId)));
  return row ?? null;
}

export async function modelById(db: DbOrTx, modelId: string) {
  const [row] = await db.select().from(bimModels).where(eq(bimModels.id, modelId));
  return row ?? null;
}

export async function insertModel(db: DbOrTx, values: typeof bimModels.$inferInsert) {
  const [row] = await db.insert(bimModels).values(values).returning();
  return row!;
}

export async function updateModel(db: DbOrTx, modelId: string, values: Partial<typeof bimModels.$inferInsert>) {
  await db.update(bimModels).set(values).where(eq(bimModels.id, modelId));
}

export async function deleteModel(db: DbOrTx, modelId: string) {
  await db.delete(bimModels).where(eq(bimModels.id, modelId));
}

const searchTextOf = (element: ConvertedElement) =>
  [element.name, element.ifcType, element.globalId, ...Object.values(element.properties)].join("\n").toLowerCase();

export async function insertElements(db: DbOrTx, modelId: string, elements: ConvertedElement[]) {
  for (let from = 0; from < elements.length; from += ELEMENT_BATCH) {
    await db.insert(bimElements).values(
      elements.slice(from, from + ELEMENT_BATCH).map((element) => ({
        modelId,
        expressId: element.expressId,
        globalId: element.globalId,
        ifcType: element.ifcType,
        name: element.name,
        parentId: element.parentId,
        hasGeometry: element.hasGeometry,
        properties: element.properties,
        searchText: searchTextOf(element),
      })),
    );
  }
}

const elementColumns = {
  expressId: bimElements.expressId,
  globalId: bimElements.globalId,
  ifcType: bimElements.ifcType,
  name: bimElements.name,
  parentId: bimElements.parentId,
  hasGeometry: bimElements.hasGeometry,
};

/**
 * How many objects an object holds directly. Written out: Drizzle leaves the outer columns unqualified in a
 * single-table select, which inside the subquery would name the inner table's own columns.
 */
const childCount = sql`(select count(*)::int from bim_elements c where c.model_id = bim_elements.model_id
  and c.parent_id = bim_elements.express_id)`.mapWith(Number);

/** One level of the tree with how many children each node has. */
export async function children(db: DbOrTx, modelId: string, parentId: number | null) {
  return db
    .select({ ...elementColumns, childCount })
    .from(bimElements)
    .where(
      and(
        eq(bimElements.modelId, modelId),
        parentId === null ? isNull(bimElements.parentId) : eq(bimElements.parentId, parentId),
      ),
    )
    .orderBy(asc(bimElements.expressId));
}

/** Every object of the model without properties, for the viewer to name what it draws. */
export async function allElements(db: DbOrTx, modelId: string): Promise<BimElement[]> {
  return db
    .select(elementColumns)
    .from(bimElements)
    .where(eq(bimElements.modelId, modelId))
    .orderBy(asc(bimElements.expressId));
}

/** Objects whose text contains `text` (case-insensitive; LIKE's wildcards in it are taken literally). */
export async function search(db: DbOrTx, modelId: string, text: string, limit: number) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select(elementColumns)
    .from(bimElements)
    .where(and(eq(bimElements.modelId, modelId), sql`${bimElements.searchText} like ${pattern}`))
    .orderBy(asc(bimElements.expressId))
    .limit(limit + 1);
  return { elements: rows.slice(0, limit), more: rows.length > limit };
}

export async function elementsWithProperties(db: DbOrTx, modelId: string, ids: number[]) {
  return db
    .select({ ...elementColumns, properties: bimElements.properties })
    .from(bimElements)
    .where(and(eq(bimElements.modelId, modelId), inArray(bimElements.expressId, ids)))
    .orderBy(asc(bimElements.expressId));
}

/** The spatial objects with the number of objects each contains directly. */
export async function pbs(db: DbOrTx, modelId: string) {
  return db
    .select({ ...elementColumns, elementCount: childCount })
    .from(bimElements)
    .where(and(eq(bimElements.modelId, modelId), inArray(bimElements.ifcType, [...BIM_SPATIAL_TYPES])))
    .orderBy(asc(bimElements.expressId));
}
