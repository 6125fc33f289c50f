import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  attributes,
  attributeValues,
  calculateSettings,
  epsNodes,
  scheduleGroups,
  schedules,
} from "../../../db/schema/index.js";
import type { EpsNodeRow, Grant } from "../../../platform/access.js";
import type { DbOrTx, Tx } from "../../../platform/db.js";

/**
 * Copies a project below a facility in one transaction: the node (without its key, which must stay unique),
 * passport and settings, attributes defined on it, its values, schedule groups and schedules.
 */
export async function copyProject(tx: Tx, grant: Grant, project: EpsNodeRow, target: EpsNodeRow) {
  const id = randomUUID();
  const spaceId = grant.space.id;
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${epsNodes.sortOrder}) + 1, 0)::int` })
    .from(epsNodes)
    .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.parentId, target.id)));
  const [copy] = await tx
    .insert(epsNodes)
    .values({
      id,
      spaceId,
      parentId: target.id,
      kind: "project",
      name: project.name,
      key: null,
      sortOrder: next,
      path: `${target.path}${id}/`,
      depth: target.depth + 1,
      passport: project.passport,
      settings: project.settings,
      createdBy: grant.userId,
    })
    .returning();

  const ownAttributes = await tx
    .select()
    .from(attributes)
    .where(and(eq(attributes.spaceId, spaceId), eq(attributes.nodeId, project.id)));
  const attributeMap = new Map<string, string>();
  for (const attribute of ownAttributes) {
    const [created] = await tx
      .insert(attributes)
      .values({ ...attribute, id: undefined, nodeId: copy.id, createdAt: undefined })
      .returning();
    attributeMap.set(attribute.id, created.id);
  }
  const values = await tx.select().from(attributeValues).where(eq(attributeValues.nodeId, project.id));
  if (values.length)
    await tx.insert(attributeValues).values(
      values.map((v) => ({
        nodeId: copy.id,
        attributeId: attributeMap.get(v.attributeId) ?? v.attributeId,
        spaceId,
        value: v.value,
        updatedBy: grant.userId,
      })),
    );
  if (ownAttributes.length) {
    const viewIds = (ids: string[]) => ids.map((a) => attributeMap.get(a) ?? a);
    await tx
      .update(epsNodes)
      .set({
        attributeView: { order: viewIds(project.attributeView.order), hidden: viewIds(project.attributeView.hidden) },
      })
      .where(eq(epsNodes.id, copy.id));
  }

  // Groups are copied parents first, so each copy can point at its parent's copy.
  const groups = await tx
    .select()
    .from(scheduleGroups)
    .where(and(eq(scheduleGroups.spaceId, spaceId), eq(scheduleGroups.projectId, project.id)));
  const groupMap = new Map<string, string>();
  let pending = groups;
  while (pending.length) {
    const ready = pending.filter((g) => !g.parentId || groupMap.has(g.parentId));
    if (ready.length === 0) break;
    for (const group of ready) {
      const [created] = await tx
        .insert(scheduleGroups)
        .values({
          spaceId,
          projectId: copy.id,
          parentId: group.parentId ? groupMap.get(group.parentId)! : null,
          name: group.name,
          sortOrder: group.sortOrder,
        })
        .returning();
      groupMap.set(group.id, created.id);
    }
    pending = pending.filter((g) => !groupMap.has(g.id));
  }
  const projectSchedules = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.spaceId, spaceId), eq(schedules.projectId, project.id)));
  if (!projectSchedules.length) return copy;
  // One insert per schedule: its new id is needed for the calculate settings, which travel with it.
  const scheduleMap = new Map<string, string>();
  for (const s of projectSchedules) {
    const [created] = await tx
      .insert(schedules)
      .values({
        spaceId,
        projectId: copy.id,
        groupId: s.groupId ? (groupMap.get(s.groupId) ?? null) : null,
        name: s.name,
        sortOrder: s.sortOrder,
        settings: s.settings,
        createdBy: grant.userId,
      })
      .returning({ id: schedules.id });
    scheduleMap.set(s.id, created.id);
  }
  const settings = await tx
    .select()
    .from(calculateSettings)
    .where(inArray(calculateSettings.scheduleId, [...scheduleMap.keys()]));
  if (settings.length)
    await tx
      .insert(calculateSettings)
      .values(settings.map((row) => ({ ...row, scheduleId: scheduleMap.get(row.scheduleId)!, spaceId })));
  return copy;
}

/** Reads of projects and facilities beyond the tree's own. */
export class ProjectsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The projects of a facility, light, in their order. */
  projectsOf(spaceId: string, facilityId: string) {
    return this.db
      .select({ id: epsNodes.id, name: epsNodes.name, key: epsNodes.key, order: epsNodes.sortOrder })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.parentId, facilityId)))
      .orderBy(asc(epsNodes.sortOrder));
  }

  /** Nodes by id with their depth, from the root down. */
  ancestors(spaceId: string, ids: string[]) {
    return this.db
      .select({ id: epsNodes.id, name: epsNodes.name, kind: epsNodes.kind, depth: epsNodes.depth })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), inArray(epsNodes.id, ids)))
      .orderBy(epsNodes.depth);
  }

  /** How many rows of a table (schedules, schedule groups) belong to the project. */
  async count(table: typeof schedules | typeof scheduleGroups, spaceId: string, projectId: string) {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.spaceId, spaceId), eq(table.projectId, projectId)));
    return row.n;
  }
}
