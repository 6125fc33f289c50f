import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { scheduleGroups, schedules } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

export type GroupRow = typeof scheduleGroups.$inferSelect;

/** Schedule groups and the group of each schedule, every read filtered by space. */
export class ScheduleGroupsRepo {
  constructor(private readonly db: DbOrTx) {}

  async group(spaceId: string, id: string): Promise<GroupRow | undefined> {
    const [group] = await this.db
      .select()
      .from(scheduleGroups)
      .where(and(eq(scheduleGroups.spaceId, spaceId), eq(scheduleGroups.id, id)));
    return group;
  }

  /** Groups in their order, and schedules in theirs, of one project or of the whole space. */
  async listed(spaceId: string, projectId?: string) {
    const where = (table: typeof scheduleGroups | typeof schedules) =>
      and(eq(table.spaceId, spaceId), projectId ? eq(table.projectId, projectId) : undefined);
    const groups = await this.db
      .select()
      .from(scheduleGroups)
      .where(where(scheduleGroups))
      .orderBy(asc(scheduleGroups.sortOrder), asc(scheduleGroups.createdAt));
    const rows = await this.db.select().from(schedules).where(where(schedules)).orderBy(asc(schedules.sortOrder));
    return { groups, schedules: rows };
  }

  async insert(values: typeof scheduleGroups.$inferInsert): Promise<GroupRow> {
    const [group] = await this.db.insert(scheduleGroups).values(values).returning();
    return group;
  }

  async nextOrder(projectId: string, parentId: string | null): Promise<number> {
    const [{ next }] = await this.db
      .select({ next: sql<number>`coalesce(max(${scheduleGroups.sortOrder}) + 1, 0)::int` })
      .from(scheduleGroups)
      .where(
        and(
          eq(scheduleGroups.projectId, projectId),
          parentId ? eq(scheduleGroups.parentId, parentId) : isNull(scheduleGroups.parentId),
        ),
      );
    return next;
  }

  async rename(id: string, name: string): Promise<GroupRow> {
    const [row] = await this.db.update(scheduleGroups).set({ name }).where(eq(scheduleGroups.id, id)).returning();
    return row;
  }

  async schedule(spaceId: string, scheduleId: string) {
    const [schedule] = await this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.spaceId, spaceId), eq(schedules.id, scheduleId)));
    return schedule;
  }

  async setScheduleGroup(scheduleId: string, groupId: string | null) {
    const [row] = await this.db.update(schedules).set({ groupId }).where(eq(schedules.id, scheduleId)).returning();
    return row;
  }

  /** Every group of a project. */
  async ofProject(spaceId: string, projectId: string): Promise<GroupRow[]> {
    return this.db
      .select()
      .from(scheduleGroups)
      .where(and(eq(scheduleGroups.spaceId, spaceId), eq(scheduleGroups.projectId, projectId)));
  }

  async place(id: string, set: { parentId?: string | null; sortOrder: number }) {
    await this.db.update(scheduleGroups).set(set).where(eq(scheduleGroups.id, id));
  }

  /** Moves the schedules of a group to another group (null: out of any group). */
  async regroupSchedules(fromGroupId: string, toGroupId: string | null) {
    await this.db.update(schedules).set({ groupId: toGroupId }).where(eq(schedules.groupId, fromGroupId));
  }

  async delete(id: string) {
    await this.db.delete(scheduleGroups).where(eq(scheduleGroups.id, id));
  }
}
