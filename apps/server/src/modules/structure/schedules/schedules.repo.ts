import { and, asc, eq, sql } from "drizzle-orm";
import { epsNodes, schedules } from "../../../db/schema/index.js";
import type { ScheduleRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";

/** The SQL of schedules; every statement is bound to the caller's space. */
export class SchedulesRepo {
  constructor(private readonly db: DbOrTx) {}

  ofProject(spaceId: string, projectId: string): Promise<ScheduleRow[]> {
    return this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.spaceId, spaceId), eq(schedules.projectId, projectId)))
      .orderBy(asc(schedules.sortOrder), asc(schedules.createdAt));
  }

  /** The name of a schedule's project (of the same space). */
  async projectName(spaceId: string, projectId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ name: epsNodes.name })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.id, projectId)));
    return row?.name ?? null;
  }

  /** A new schedule after the project's last one. */
  async insert(values: Omit<typeof schedules.$inferInsert, "sortOrder">): Promise<ScheduleRow> {
    const [row] = await this.db
      .insert(schedules)
      .values({
        ...values,
        sortOrder: sql`(select coalesce(max(${schedules.sortOrder}) + 1, 0) from ${schedules} where ${schedules.projectId} = ${values.projectId})`,
      })
      .returning();
    return row;
  }

  async rename(spaceId: string, id: string, name: string): Promise<ScheduleRow> {
    const [row] = await this.db
      .update(schedules)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(schedules.spaceId, spaceId), eq(schedules.id, id)))
      .returning();
    return row;
  }

  async delete(spaceId: string, id: string) {
    await this.db.delete(schedules).where(and(eq(schedules.spaceId, spaceId), eq(schedules.id, id)));
  }
}
