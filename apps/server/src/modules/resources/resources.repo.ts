import type { WorkPeopleAnswer } from "@planum/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  assignments,
  calendars,
  resourceLayoutSettings,
  resources,
  spaceMembers,
  specialties,
  userSpecialties,
  versions,
  wbsItems,
  workPeople,
} from "../../db/schema/index.js";
import { insertColumns } from "../../platform/bulk-insert.js";
import type { DbOrTx } from "../../platform/db.js";
import { execRows } from "../../platform/sql.js";

/** The SQL of resources, specialties, assignments and the people of works; every query is filtered by space. */

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceValues = Omit<typeof resources.$inferInsert, "id" | "revision" | "createdAt">;
export type AssignmentRow = typeof assignments.$inferSelect;
export type AssignmentValues = Omit<typeof assignments.$inferInsert, "id" | "revision" | "createdAt">;

export function listResources(db: DbOrTx, spaceId: string) {
  return db.select().from(resources).where(eq(resources.spaceId, spaceId)).orderBy(asc(resources.code));
}

export async function findResource(db: DbOrTx, spaceId: string, id: string): Promise<ResourceRow | null> {
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.spaceId, spaceId), eq(resources.id, id)));
  return row ?? null;
}

export async function insertResources(db: DbOrTx, values: ResourceValues[]): Promise<ResourceRow[]> {
  if (values.length === 0) return [];
  return db.insert(resources).values(values).returning();
}

/** Changes a resource if its revision is still `revision`; null when somebody changed it meanwhile. */
export async function updateResource(
  db: DbOrTx,
  spaceId: string,
  id: string,
  revision: number,
  values: Partial<ResourceValues>,
): Promise<ResourceRow | null> {
  const [row] = await db
    .update(resources)
    .set({ ...values, revision: sql`${resources.revision} + 1` })
    .where(and(eq(resources.spaceId, spaceId), eq(resources.id, id), eq(resources.revision, revision)))
    .returning();
  return row ?? null;
}

/** Deletes a resource (its assignments go with it); how many assignments it had. */
export async function deleteResource(db: DbOrTx, spaceId: string, id: string): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assignments)
    .where(and(eq(assignments.spaceId, spaceId), eq(assignments.resourceId, id)));
  await db.delete(resources).where(and(eq(resources.spaceId, spaceId), eq(resources.id, id)));
  return count.n;
}

/** Which of these ids are the space's: calendars, specialties, members. */
export async function calendarInSpace(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select({ id: calendars.id })
    .from(calendars)
    .where(and(eq(calendars.spaceId, spaceId), eq(calendars.id, id)));
  return row !== undefined;
}

export async function specialtyInSpace(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select({ id: specialties.id })
    .from(specialties)
    .where(and(eq(specialties.spaceId, spaceId), eq(specialties.id, id)));
  return row !== undefined;
}

export async function memberOfSpace(db: DbOrTx, spaceId: string, userId: string) {
  const [row] = await db
    .select({ userId: spaceMembers.userId })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)));
  return row !== undefined;
}

// ---- specialties ----

export function listSpecialties(db: DbOrTx, spaceId: string) {
  return db
    .select({ id: specialties.id, name: specialties.name })
    .from(specialties)
    .where(eq(specialties.spaceId, spaceId))
    .orderBy(asc(specialties.name));
}

export async function insertSpecialty(db: DbOrTx, spaceId: string, name: string) {
  const [row] = await db.insert(specialties).values({ spaceId, name }).returning();
  return { id: row.id, name: row.name };
}

export async function renameSpecialty(db: DbOrTx, spaceId: string, id: string, name: string) {
  const [row] = await db
    .update(specialties)
    .set({ name })
    .where(and(eq(specialties.spaceId, spaceId), eq(specialties.id, id)))
    .returning();
  return row ? { id: row.id, name: row.name } : null;
}

export async function deleteSpecialty(db: DbOrTx, spaceId: string, id: string) {
  const gone = await db
    .delete(specialties)
    .where(and(eq(specialties.spaceId, spaceId), eq(specialties.id, id)))
    .returning({ id: specialties.id });
  return gone.length > 0;
}

export function listUserSpecialties(db: DbOrTx, spaceId: string) {
  return db
    .select({ id: userSpecialties.id, userId: userSpecialties.userId, specialtyId: userSpecialties.specialtyId })
    .from(userSpecialties)
    .where(eq(userSpecialties.spaceId, spaceId));
}

/** Gives a member a specialty (again: the existing pair). */
export async function insertUserSpecialty(db: DbOrTx, spaceId: string, userId: string, specialtyId: string) {
  await db.insert(userSpecialties).values({ spaceId, userId, specialtyId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: userSpecialties.id, userId: userSpecialties.userId, specialtyId: userSpecialties.specialtyId })
    .from(userSpecialties)
    .where(and(eq(userSpecialties.specialtyId, specialtyId), eq(userSpecialties.userId, userId)));
  return row;
}

export async function deleteUserSpecialty(db: DbOrTx, spaceId: string, id: string) {
  const gone = await db
    .delete(userSpecialties)
    .where(and(eq(userSpecialties.spaceId, spaceId), eq(userSpecialties.id, id)))
    .returning({ id: userSpecialties.id });
  return gone.length > 0;
}

// ---- assignments ----

/** An assignment with what its answer and its cost need: the resource, the work, its dates and calendar. */
const assignmentColumns = {
  a: assignments,
  resource: {
    code: resources.code,
    name: resources.name,
    kind: resources.kind,
    unit: resources.unit,
    rates: resources.rates,
  },
  work: {
    code: wbsItems.code,
    name: wbsItems.name,
    calendarId: wbsItems.calendarId,
    duration: wbsItems.duration,
    start: sql<string | null>`coalesce(${wbsItems.actualStart}, ${wbsItems.earlyStart})`,
    finish: sql<string | null>`coalesce(${wbsItems.actualFinish}, ${wbsItems.earlyFinish})`,
  },
};
export type AssignmentJoined = {
  a: AssignmentRow;
  resource: { code: string; name: string; kind: ResourceRow["kind"]; unit: string; rates: ResourceRow["rates"] };
  work: {
    code: string;
    name: string;
    calendarId: string | null;
    duration: number;
    start: string | null;
    finish: string | null;
  };
};

/** Assignments with their resource and work (the work's current dates: actual, else early). */
export function joinedAssignments(db: DbOrTx) {
  return db
    .select(assignmentColumns)
    .from(assignments)
    .innerJoin(resources, eq(resources.id, assignments.resourceId))
    .innerJoin(wbsItems, eq(wbsItems.id, assignments.itemId));
}

export function assignmentsOfItem(db: DbOrTx, spaceId: string, versionId: string, itemId: number) {
  return joinedAssignments(db)
    .where(and(eq(assignments.spaceId, spaceId), eq(assignments.versionId, versionId), eq(assignments.itemId, itemId)))
    .orderBy(asc(assignments.createdAt), asc(assignments.id)) as Promise<AssignmentJoined[]>;
}

/**
 * Assignments of the space filtered in SQL (by version, resource or ids; each an indexed column), all of them: a
 * version of 100,000 works answers its 100,000 assignments (`npm run bench -- assignments`).
 */
export function assignmentsWhere(
  db: DbOrTx,
  spaceId: string,
  filter: { versionId?: string; resourceId?: string; ids?: string[] },
) {
  return joinedAssignments(db)
    .where(
      and(
        eq(assignments.spaceId, spaceId),
        filter.versionId ? eq(assignments.versionId, filter.versionId) : undefined,
        filter.resourceId ? eq(assignments.resourceId, filter.resourceId) : undefined,
        filter.ids ? inArray(assignments.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(wbsItems.code), asc(assignments.createdAt), asc(assignments.id)) as Promise<AssignmentJoined[]>;
}

/** A work of the version (not a sum): the rows a resource can be assigned to. */
export async function findWork(db: DbOrTx, spaceId: string, versionId: string, itemId: number) {
  const [row] = await db
    .select({
      id: wbsItems.id,
      type: wbsItems.type,
      code: wbsItems.code,
      name: wbsItems.name,
      duration: wbsItems.duration,
      durationType: wbsItems.durationType,
    })
    .from(wbsItems)
    .where(and(eq(wbsItems.spaceId, spaceId), eq(wbsItems.versionId, versionId), eq(wbsItems.id, itemId)));
  return row ?? null;
}

export async function insertAssignment(db: DbOrTx, values: AssignmentValues): Promise<AssignmentRow> {
  const [row] = await db.insert(assignments).values(values).returning();
  return row;
}

/**
 * Many assignments at once (an imported file's): one `INSERT … SELECT FROM unnest(arrays)` per 20,000 rows. Built
 * by drizzle's `values()`, 100,000 assignments cost 9 s of query building alone, most of a 100k XER upload.
 */
export async function insertAssignments(db: DbOrTx, values: AssignmentValues[]): Promise<void> {
  const byVersion = new Map<string, AssignmentValues[]>();
  for (const row of values) {
    const key = `${row.spaceId}/${row.versionId}`;
    const list = byVersion.get(key) ?? [];
    list.push(row);
    byVersion.set(key, list);
  }
  for (const rows of byVersion.values())
    await insertAssignmentColumns(db, rows[0].spaceId, rows[0].versionId, {
      itemId: rows.map((r) => r.itemId),
      resourceId: rows.map((r) => r.resourceId),
      budgetedUnits: rows.map((r) => r.budgetedUnits ?? 0),
      actualUnits: rows.map((r) => r.actualUnits ?? 0),
      remainingUnits: rows.map((r) => r.remainingUnits ?? 0),
      unitsPerDay: rows.map((r) => r.unitsPerDay ?? null),
      curve: rows.map((r) => r.curve ?? "evenly"),
      budgetedCost: rows.map((r) => r.budgetedCost ?? null),
      actualCost: rows.map((r) => r.actualCost ?? null),
      remainingCost: rows.map((r) => r.remainingCost ?? null),
    });
}

/** Assignments of one version as columns: a file's 100,000 go in without an object each. */
export interface AssignmentColumns {
  itemId: number[];
  resourceId: string[];
  budgetedUnits: number[];
  actualUnits: number[];
  remainingUnits: number[];
  unitsPerDay: (number | null)[];
  curve: string[];
  budgetedCost: (number | null)[];
  actualCost: (number | null)[];
  remainingCost: (number | null)[];
}

export async function insertAssignmentColumns(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  c: AssignmentColumns,
): Promise<void> {
  await insertColumns(
    db,
    "assignments",
    c.itemId.length,
    { space_id: sql`${spaceId}::uuid`, version_id: sql`${versionId}::uuid` },
    [
      { name: "item_id", type: "int", values: c.itemId },
      { name: "resource_id", type: "uuid", values: c.resourceId, plain: true },
      { name: "budgeted_units", type: "float8", values: c.budgetedUnits, empty: 0 },
      { name: "actual_units", type: "float8", values: c.actualUnits, empty: 0 },
      { name: "remaining_units", type: "float8", values: c.remainingUnits, empty: 0 },
      { name: "units_per_day", type: "float8", values: c.unitsPerDay, empty: null },
      { name: "curve", type: "text", values: c.curve, empty: "evenly" },
      { name: "budgeted_cost", type: "float8", values: c.budgetedCost, empty: null },
      { name: "actual_cost", type: "float8", values: c.actualCost, empty: null },
      { name: "remaining_cost", type: "float8", values: c.remainingCost, empty: null },
    ],
  );
}

/** The assignment with its version (for the schedule and lock checks). */
export async function findAssignment(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select({ a: assignments, version: versions })
    .from(assignments)
    .innerJoin(versions, eq(versions.id, assignments.versionId))
    .where(and(eq(assignments.spaceId, spaceId), eq(assignments.id, id)));
  return row ?? null;
}

export async function updateAssignment(
  db: DbOrTx,
  spaceId: string,
  id: string,
  revision: number,
  values: Partial<AssignmentValues>,
): Promise<AssignmentRow | null> {
  const [row] = await db
    .update(assignments)
    .set({ ...values, revision: sql`${assignments.revision} + 1` })
    .where(and(eq(assignments.spaceId, spaceId), eq(assignments.id, id), eq(assignments.revision, revision)))
    .returning();
  return row ?? null;
}

export async function deleteAssignment(db: DbOrTx, spaceId: string, id: string) {
  await db.delete(assignments).where(and(eq(assignments.spaceId, spaceId), eq(assignments.id, id)));
}

// ---- people of a work ----

export async function findWorkPeople(db: DbOrTx, spaceId: string, itemId: number) {
  const [row] = await db
    .select()
    .from(workPeople)
    .where(and(eq(workPeople.spaceId, spaceId), eq(workPeople.itemId, itemId)));
  return row ?? null;
}

export async function setWorkPerson(
  db: DbOrTx,
  key: { spaceId: string; versionId: string; itemId: number },
  role: "executor" | "curator",
  userId: string | null,
) {
  const column = role === "executor" ? { executorId: userId } : { curatorId: userId };
  const [row] = await db
    .insert(workPeople)
    .values({ ...key, ...column })
    .onConflictDoUpdate({ target: workPeople.itemId, set: column })
    .returning();
  return row;
}

/** Which of these version ids are the space's. */
export async function versionsOfSpace(db: DbOrTx, spaceId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.spaceId, spaceId), inArray(versions.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export type LayoutSettingsValues = Pick<
  typeof resourceLayoutSettings.$inferInsert,
  "scale" | "by" | "versions" | "filterIndicator"
>;
const layoutOf = (spaceId: string, userId: string) =>
  and(eq(resourceLayoutSettings.spaceId, spaceId), eq(resourceLayoutSettings.userId, userId));

export async function findLayoutSettings(db: DbOrTx, spaceId: string, userId: string) {
  const [row] = await db.select().from(resourceLayoutSettings).where(layoutOf(spaceId, userId));
  return row ?? null;
}

export async function upsertLayoutSettings(db: DbOrTx, spaceId: string, userId: string, v: LayoutSettingsValues) {
  const values = { ...v, updatedAt: new Date() };
  await db
    .insert(resourceLayoutSettings)
    .values({ spaceId, userId, ...values })
    .onConflictDoUpdate({ target: [resourceLayoutSettings.spaceId, resourceLayoutSettings.userId], set: values });
}

export async function deleteLayoutSettings(db: DbOrTx, spaceId: string, userId: string) {
  await db.delete(resourceLayoutSettings).where(layoutOf(spaceId, userId));
}

/** The executor and curator of a work with their names (last and first name, else the login). */
export async function readWorkPeople(db: DbOrTx, spaceId: string, itemId: number): Promise<WorkPeopleAnswer> {
  const { rows } = await execRows(
    db,
    sql`select wp.item_id as "itemId",
        case when e.id is null then null else json_build_object('id', e.id,
          'name', coalesce(nullif(trim(e.last_name || ' ' || e.first_name), ''), e.login)) end as executor,
        case when c.id is null then null else json_build_object('id', c.id,
          'name', coalesce(nullif(trim(c.last_name || ' ' || c.first_name), ''), c.login)) end as curator
      from work_people wp left join users e on e.id = wp.executor_id left join users c on c.id = wp.curator_id
      where wp.space_id = ${spaceId} and wp.item_id = ${itemId}`,
  );
  return (rows[0] as WorkPeopleAnswer | undefined) ?? { itemId, executor: null, curator: null };
}

/** The executor and curator rows of works (by item id), for the notices of works about to start or finish. */
export function readPeopleOfWorks(db: DbOrTx, itemIds: number[]) {
  return db.select().from(workPeople).where(inArray(workPeople.itemId, itemIds));
}
