import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { assignments, resources, schedules, versions, wbsItems } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

/** The SQL of resource usage: the version set and its assignments with their works' dates; filtered by space. */

export interface UsageVersion {
  id: string;
  label: string;
  kind: "version" | "target" | "actual";
  scheduleId: string;
  scheduleName: string;
}

/** Versions of the space with their schedules' names, the newest first within a schedule. */
export function spaceVersions(db: DbOrTx, spaceId: string): Promise<UsageVersion[]> {
  return db
    .select({
      id: versions.id,
      label: versions.label,
      kind: versions.kind,
      scheduleId: versions.scheduleId,
      scheduleName: schedules.name,
    })
    .from(versions)
    .innerJoin(schedules, eq(schedules.id, versions.scheduleId))
    .where(eq(versions.spaceId, spaceId))
    .orderBy(asc(schedules.name), sql`${versions.createdAt} desc`);
}

export interface UsageAssignment {
  id: string;
  versionId: string;
  itemId: number;
  resourceId: string;
  actualUnits: number;
  remainingUnits: number;
  curve: (typeof assignments.$inferSelect)["curve"];
  code: string;
  name: string;
  calendarId: string | null;
  start: string | null;
  finish: string | null;
}

/** Assignments of these versions (optionally of these resources) with their works' current dates. */
export function usageAssignments(
  db: DbOrTx,
  spaceId: string,
  versionIds: readonly string[],
  resourceIds?: readonly string[],
): Promise<UsageAssignment[]> {
  if (versionIds.length === 0 || resourceIds?.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: assignments.id,
      versionId: assignments.versionId,
      itemId: assignments.itemId,
      resourceId: assignments.resourceId,
      actualUnits: assignments.actualUnits,
      remainingUnits: assignments.remainingUnits,
      curve: assignments.curve,
      code: wbsItems.code,
      name: wbsItems.name,
      calendarId: wbsItems.calendarId,
      start: sql<string | null>`coalesce(${wbsItems.actualStart}, ${wbsItems.earlyStart})`,
      finish: sql<string | null>`coalesce(${wbsItems.actualFinish}, ${wbsItems.earlyFinish})`,
    })
    .from(assignments)
    .innerJoin(wbsItems, eq(wbsItems.id, assignments.itemId))
    .where(
      and(
        eq(assignments.spaceId, spaceId),
        inArray(assignments.versionId, [...versionIds]),
        resourceIds ? inArray(assignments.resourceId, [...resourceIds]) : undefined,
      ),
    )
    .orderBy(asc(assignments.resourceId), asc(wbsItems.earlyStart), asc(assignments.id));
}

/** The resource directory as usage needs it. */
export function usageResources(db: DbOrTx, spaceId: string) {
  return db
    .select({
      id: resources.id,
      parentId: resources.parentId,
      code: resources.code,
      name: resources.name,
      unit: resources.unit,
      calendarId: resources.calendarId,
      specialtyId: resources.specialtyId,
      availability: resources.availability,
    })
    .from(resources)
    .where(eq(resources.spaceId, spaceId))
    .orderBy(asc(resources.code));
}
export type UsageResource = Awaited<ReturnType<typeof usageResources>>[number];
