import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { backupSchedules, backups, epsNodes, schedules, storedFiles, users } from "../../db/schema/index.js";
import type { Db, DbOrTx } from "../../platform/db.js";

export type BackupRow = typeof backups.$inferSelect;
export type BackupScheduleRow = typeof backupSchedules.$inferSelect;

/** The SQL of backups: their rows, their periodic jobs, and the targets they name. Every query is per space. */
export class BackupsRepo {
  constructor(readonly db: Db) {}

  list(spaceId: string, filter: { scope?: BackupRow["scope"]; targetId?: string }) {
    return this.db
      .select({ backup: backups, size: storedFiles.size, login: users.login })
      .from(backups)
      .innerJoin(storedFiles, eq(storedFiles.id, backups.fileId))
      .leftJoin(users, eq(users.id, backups.createdBy))
      .where(
        and(
          eq(backups.spaceId, spaceId),
          filter.scope ? eq(backups.scope, filter.scope) : undefined,
          filter.targetId ? eq(backups.targetId, filter.targetId) : undefined,
        ),
      )
      .orderBy(desc(backups.createdAt), desc(backups.id));
  }

  async find(spaceId: string, id: string) {
    const [row] = await this.db
      .select({ backup: backups, size: storedFiles.size, login: users.login })
      .from(backups)
      .innerJoin(storedFiles, eq(storedFiles.id, backups.fileId))
      .leftJoin(users, eq(users.id, backups.createdBy))
      .where(and(eq(backups.spaceId, spaceId), eq(backups.id, id)));
    return row ?? null;
  }

  async insert(tx: DbOrTx, values: typeof backups.$inferInsert) {
    const [row] = await tx.insert(backups).values(values).returning();
    return row;
  }

  /** Periodic backups of a job beyond the newest `keep`: their files go, and the rows with them (cascade). */
  async surplus(tx: DbOrTx, scheduleId: string, keep: number) {
    return tx
      .select({ fileId: backups.fileId })
      .from(backups)
      .where(eq(backups.scheduleId, scheduleId))
      .orderBy(desc(backups.createdAt), desc(backups.id))
      .offset(keep);
  }

  /** A project (EPS node of kind project) or a schedule of the space, with its name; null when there is none. */
  async target(spaceId: string, scope: "project" | "schedule", id: string) {
    if (scope === "project") {
      const [node] = await this.db
        .select({ id: epsNodes.id, name: epsNodes.name, spaceId: epsNodes.spaceId, kind: epsNodes.kind })
        .from(epsNodes)
        .where(eq(epsNodes.id, id));
      if (node?.kind !== "project") return null;
      return node.spaceId === spaceId ? node : { ...node, foreign: true as const };
    }
    const [schedule] = await this.db
      .select({ id: schedules.id, name: schedules.name, spaceId: schedules.spaceId })
      .from(schedules)
      .where(eq(schedules.id, id));
    if (!schedule) return null;
    return schedule.spaceId === spaceId ? schedule : { ...schedule, foreign: true as const };
  }

  listSchedules(spaceId: string, filter: { scope?: BackupScheduleRow["scope"]; targetId?: string } = {}) {
    return this.db
      .select()
      .from(backupSchedules)
      .where(
        and(
          eq(backupSchedules.spaceId, spaceId),
          filter.scope ? eq(backupSchedules.scope, filter.scope) : undefined,
          filter.targetId ? eq(backupSchedules.targetId, filter.targetId) : undefined,
        ),
      )
      .orderBy(asc(backupSchedules.createdAt), asc(backupSchedules.id));
  }

  async findSchedule(id: string) {
    const [row] = await this.db.select().from(backupSchedules).where(eq(backupSchedules.id, id));
    return row ?? null;
  }

  async insertSchedule(values: typeof backupSchedules.$inferInsert) {
    const [row] = await this.db.insert(backupSchedules).values(values).returning();
    return row;
  }

  async deleteSchedules(spaceId: string, id?: string) {
    return this.db
      .delete(backupSchedules)
      .where(and(eq(backupSchedules.spaceId, spaceId), id ? eq(backupSchedules.id, id) : undefined))
      .returning({ id: backupSchedules.id });
  }

  /** Locks the periodic jobs that are due (others skip them) so one process moves each to its next run. */
  lockDue(tx: DbOrTx, now: Date, limit: number) {
    return tx
      .select()
      .from(backupSchedules)
      .where(lte(backupSchedules.nextRunAt, now))
      .orderBy(asc(backupSchedules.nextRunAt))
      .limit(limit)
      .for("update", { skipLocked: true });
  }

  moveSchedule(tx: DbOrTx, id: string, values: { nextRunAt: Date; lastRunAt: Date }) {
    return tx.update(backupSchedules).set(values).where(eq(backupSchedules.id, id));
  }

  /** Whether a space, project or schedule has periodic backups (`…/backups/jobs/has`). */
  async hasSchedules(spaceId: string, targetId: string) {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(backupSchedules)
      .where(and(eq(backupSchedules.spaceId, spaceId), eq(backupSchedules.targetId, targetId)));
    return (row?.n ?? 0) > 0;
  }

  filesOf(fileIds: string[]) {
    return fileIds.length === 0
      ? Promise.resolve([])
      : this.db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds));
  }
}
