import {
  type Backup,
  type BackupPreview,
  type BackupSchedule,
  type BackupScope,
  type ErrorCode,
  EVENTS_PROTOCOL_VERSION,
  type RestoreBackupBody,
} from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import { AppError } from "../../platform/errors.js";
import type { JobContext, Jobs } from "../../platform/jobs.js";
import type { Realtime } from "../../platform/realtime.js";
import type { Storage } from "../../platform/storage.js";
import { nextRunAt, parseCron } from "../notices/notice-schedule.js";
import {
  type BackupContents,
  captureScope,
  copyScope,
  countScope,
  packBackup,
  putCopiedFiles,
  replaceScope,
  unpackBackup,
} from "./backup-file.js";
import { readCatalog, scopeOf } from "./backup-graph.js";
import type { BackupRow, BackupScheduleRow, BackupsRepo } from "./backups.repo.js";

export const BACKUP_JOB = "backup_create";
export const RESTORE_JOB = "backup_restore";
/** Periodic jobs moved to their next run by one tick; the next tick takes the rest. */
const DUE_BATCH = 50;

interface Deps {
  repo: BackupsRepo;
  storage: Storage;
  jobs: Jobs;
  realtime: Realtime;
  maxBackupBytes: number;
}

/**
 * Backups (spec §1, §7): a space, a project or a schedule saved as one file of the backup area by a job, on demand or
 * by a periodic backup job; listed, previewed, deleted, and restored in place or as a copy by another job. What a
 * backup holds is found by following the database's foreign keys from its root row (`backup-graph.ts`).
 */
export class BackupsService {
  constructor(private readonly deps: Deps) {
    deps.jobs.register(BACKUP_JOB, (context) => this.runBackup(context));
    deps.jobs.register(RESTORE_JOB, (context) => this.runRestore(context));
  }

  private get db() {
    return this.deps.repo.db;
  }

  /** The target of a backup in the caller's space and its name; another space's answers like a missing one. */
  private async target(grant: Grant, scope: BackupScope, targetId: string) {
    if (scope === "space") {
      if (targetId !== grant.space.id) throw new AppError("NotFound");
      return { id: grant.space.id, name: grant.space.name };
    }
    const found = await this.deps.repo.target(grant.space.id, scope, targetId);
    if (!found || "foreign" in found) throw new AppError("NotFound");
    return found;
  }

  async create(grant: Grant, body: { scope: BackupScope; targetId: string }, scheduleId?: string) {
    const target = await this.target(grant, body.scope, body.targetId);
    const job = await this.deps.jobs.enqueue(BACKUP_JOB, {
      spaceId: grant.space.id,
      userId: grant.userId,
      payload: { scope: body.scope, targetId: target.id, targetName: target.name, scheduleId: scheduleId ?? null },
    });
    return { jobId: job.id };
  }

  private async runBackup({ job, progress, complete }: JobContext) {
    const spaceId = job.spaceId as string;
    const payload = job.payload as {
      scope: BackupScope;
      targetId: string;
      targetName: string;
      scheduleId: string | null;
    };
    const emit = this.events(spaceId, job, "create");
    try {
      emit(0, "in_process");
      const catalog = await readCatalog(this.db);
      const scope = scopeOf(catalog, payload.scope, payload.targetId, spaceId);
      // One snapshot of the database for every table, so the backup is consistent even while people keep working.
      // Only events inside it: on the embedded database, a write outside the transaction would wait for its end.
      const contents = await this.db.transaction(
        (tx) =>
          captureScope(tx, this.deps.storage, scope, { rootId: payload.targetId, spaceId }, async (share) => {
            emit(Math.round(share * 90), "in_process");
          }),
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
      await progress(90);
      const bytes = await packBackup(contents);
      if (bytes.length > this.deps.maxBackupBytes) throw new AppError("FileTooLarge");
      const stamp = contents.header.createdAt.slice(0, 16).replace("T", " ");
      const backup = await this.db.transaction(async (tx) => {
        const file = await this.deps.storage.save(tx, {
          area: "backup",
          name: `${payload.targetName} ${stamp}.planum-backup`,
          mediaType: "application/gzip",
          bytes,
          spaceId,
          ownerUserId: job.createdBy ?? undefined,
        });
        const row = await this.deps.repo.insert(tx, {
          spaceId,
          scope: payload.scope,
          targetId: payload.targetId,
          targetName: payload.targetName,
          fileId: file.id,
          tables: contents.header.counts,
          scheduleId: payload.scheduleId,
          createdBy: job.createdBy,
        });
        await complete(tx, { backupId: row.id });
        return row;
      });
      if (payload.scheduleId) await this.trim(payload.scheduleId);
      emit(100, "completed", { backupId: backup.id });
      return { backupId: backup.id };
    } catch (error) {
      emit(0, "error", { error: codeOf(error) });
      throw error;
    }
  }

  /** Periodic backups of a job beyond its `keep` are deleted, oldest first. */
  private async trim(scheduleId: string) {
    const schedule = await this.deps.repo.findSchedule(scheduleId);
    if (!schedule) return;
    const surplus = await this.deps.repo.surplus(this.db, scheduleId, schedule.keep);
    for (const { fileId } of surplus) await this.deps.storage.remove(this.db, fileId);
  }

  async list(grant: Grant, filter: { scope?: BackupScope; targetId?: string }): Promise<Backup[]> {
    return (await this.deps.repo.list(grant.space.id, filter)).map(toBackupDto);
  }

  private async backupOf(grant: Grant, backupId: string) {
    const found = await this.deps.repo.find(grant.space.id, backupId);
    if (!found) throw new AppError("NotFound");
    return found;
  }

  /** A backup of the space that is of project `projectId` (`/projects/{id}/backups/…`); any other is NotFound. */
  async requireProjectBackup(grant: Grant, projectId: string, backupId: string) {
    const { backup } = await this.backupOf(grant, backupId);
    if (backup.scope !== "project" || backup.targetId !== projectId) throw new AppError("NotFound");
  }

  async remove(grant: Grant, backupId: string) {
    const { backup } = await this.backupOf(grant, backupId);
    // The row goes with its file (cascade); the bytes after the row, as every removal of the store does.
    await this.deps.storage.remove(this.db, backup.fileId);
  }

  /** The rows of each table in the backup beside what its target holds today, before anybody restores it. */
  async preview(grant: Grant, backupId: string): Promise<BackupPreview> {
    const found = await this.backupOf(grant, backupId);
    const { backup } = found;
    const targetExists =
      backup.scope === "space" || !!(await this.deps.repo.target(grant.space.id, backup.scope, backup.targetId));
    const current = targetExists
      ? await countScope(this.db, scopeOf(await readCatalog(this.db), backup.scope, backup.targetId, grant.space.id))
      : {};
    const names = [...new Set([...Object.keys(backup.tables), ...Object.keys(current)])].sort();
    return {
      backup: toBackupDto(found),
      targetExists,
      tables: names
        .map((table) => ({ table, saved: backup.tables[table] ?? 0, current: current[table] ?? 0 }))
        .filter((row) => row.saved > 0 || row.current > 0),
    };
  }

  /**
   * Checks what can be checked before the job runs (the backup, the mode, the project a copy goes into), so a bad
   * request is refused at once and nothing is queued.
   */
  async restore(grant: Grant, backupId: string, body: RestoreBackupBody) {
    const { backup } = await this.backupOf(grant, backupId);
    if (body.mode === "copy" && backup.scope === "space") throw new AppError("BackupSpaceCopy");
    if (body.targetProjectId) {
      if (backup.scope !== "schedule") throw new AppError("InvalidValue");
      const project = await this.deps.repo.target(grant.space.id, "project", body.targetProjectId);
      if (!project) throw new AppError("NotFound");
      if ("foreign" in project) throw new AppError("BackupOtherSpace");
    }
    if (body.mode === "replace" && backup.scope !== "space") {
      if (!(await this.deps.repo.target(grant.space.id, backup.scope, backup.targetId))) {
        throw new AppError("BackupTargetGone", { name: backup.targetName });
      }
    }
    // A damaged file is refused now, in the caller's language, rather than by a job that fails later.
    await this.contentsOf(backup);
    const job = await this.deps.jobs.enqueue(RESTORE_JOB, {
      spaceId: grant.space.id,
      userId: grant.userId,
      payload: { backupId, ...body },
    });
    return { jobId: job.id };
  }

  private async runRestore({ job, complete, progress }: JobContext) {
    const spaceId = job.spaceId as string;
    const payload = job.payload as { backupId: string } & RestoreBackupBody;
    const emit = this.events(spaceId, job, "restore", payload.backupId);
    try {
      emit(0, "in_process");
      const found = await this.deps.repo.find(spaceId, payload.backupId);
      if (!found) throw new AppError("NotFound");
      const { backup } = found;
      const contents = await this.contentsOf(backup);
      await progress(30);
      emit(30, "in_process");
      const catalog = await readCatalog(this.db);
      const scope = scopeOf(catalog, backup.scope, backup.targetId, spaceId);
      const outcome = await this.db.transaction(async (tx) => {
        const done =
          payload.mode === "copy"
            ? await copyScope(tx, scope, contents, {
                name: payload.name ?? `${backup.targetName} (${contents.header.createdAt.slice(0, 10)})`,
                projectId: payload.targetProjectId,
              })
            : await replaceScope(tx, this.deps.storage, scope, contents);
        await complete(tx, { backupId: backup.id, targetId: done.targetId, rows: done.rows, skipped: done.skipped });
        return done;
      });
      for (const key of outcome.removedFileKeys) await this.deps.storage.store.delete(key).catch(() => {});
      await putCopiedFiles(this.deps.storage, contents, outcome.fileIds);
      this.deps.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "eps_updated",
        spaceId,
        byUserId: job.createdBy,
        action: "updated",
        nodeIds: [],
        parentIds: [null],
      });
      emit(100, "completed", { targetId: outcome.targetId });
      return { backupId: backup.id, targetId: outcome.targetId, rows: outcome.rows, skipped: outcome.skipped };
    } catch (error) {
      emit(0, "error", { error: codeOf(error) });
      throw error;
    }
  }

  /** The backup's rows, or BackupDamaged. */
  private async contentsOf(backup: BackupRow): Promise<BackupContents> {
    const stored = await this.deps.storage.read(this.db, backup.fileId);
    return unpackBackup(stored?.bytes ?? null, stored?.file.checksum ?? "", {
      scope: backup.scope,
      spaceId: backup.spaceId,
    });
  }

  private events(spaceId: string, job: JobContext["job"], action: "create" | "restore", backupId?: string) {
    return (
      progress: number,
      status: "in_process" | "completed" | "error",
      extra: { backupId?: string; targetId?: string; error?: ErrorCode } = {},
    ) =>
      this.deps.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "backup",
        spaceId,
        byUserId: job.createdBy,
        jobId: job.id,
        action,
        progress,
        status,
        backupId: extra.backupId ?? backupId ?? null,
        targetId: extra.targetId ?? null,
        error: extra.error ?? null,
      });
  }

  // Periodic backups (…/backups/jobs).

  async listSchedules(grant: Grant): Promise<BackupSchedule[]> {
    return (await this.deps.repo.listSchedules(grant.space.id)).map(toScheduleDto);
  }

  async hasSchedules(grant: Grant, targetId: string) {
    return { has: await this.deps.repo.hasSchedules(grant.space.id, targetId) };
  }

  async createSchedule(
    grant: Grant,
    body: {
      scope: BackupScope;
      targetId: string;
      periodicity: BackupScheduleRow["periodicity"];
      cron?: string | null;
      keep?: number;
    },
  ): Promise<BackupSchedule> {
    const target = await this.target(grant, body.scope, body.targetId);
    const cron = body.periodicity === "cron" ? parseCron(body.cron ?? "") : null;
    const row = await this.deps.repo.insertSchedule({
      spaceId: grant.space.id,
      scope: body.scope,
      targetId: target.id,
      targetName: target.name,
      periodicity: body.periodicity,
      cron,
      keep: body.keep ?? 7,
      nextRunAt: nextRunAt({ periodicity: body.periodicity, cron }, new Date()),
      createdBy: grant.userId,
    });
    return toScheduleDto(row);
  }

  async deleteSchedules(grant: Grant, id?: string) {
    const deleted = await this.deps.repo.deleteSchedules(grant.space.id, id);
    if (id && deleted.length === 0) throw new AppError("NotFound");
  }

  /** Every process ticks: each due periodic job is moved to its next run by exactly one, which queues its backup. */
  async queueDue(now = new Date()) {
    const due = await this.db.transaction(async (tx) => {
      const rows = await this.deps.repo.lockDue(tx, now, DUE_BATCH);
      for (const row of rows) {
        await this.deps.repo.moveSchedule(tx, row.id, { nextRunAt: nextRunAt(row, now), lastRunAt: now });
      }
      return rows;
    });
    for (const row of due) {
      await this.deps.jobs.enqueue(BACKUP_JOB, {
        spaceId: row.spaceId,
        userId: row.createdBy ?? undefined,
        payload: { scope: row.scope, targetId: row.targetId, targetName: row.targetName, scheduleId: row.id },
      });
    }
    return due.length;
  }
}

function codeOf(error: unknown): ErrorCode {
  return error instanceof AppError ? error.code : "UnknownException";
}

function toBackupDto({ backup, size, login }: { backup: BackupRow; size: number; login: string | null }): Backup {
  return {
    id: backup.id,
    scope: backup.scope,
    targetId: backup.targetId,
    targetName: backup.targetName,
    size,
    rows: Object.values(backup.tables).reduce((sum, n) => sum + n, 0),
    periodic: backup.scheduleId !== null,
    createdAt: backup.createdAt.toISOString(),
    createdByLogin: login,
  };
}

function toScheduleDto(row: BackupScheduleRow): BackupSchedule {
  return {
    id: row.id,
    scope: row.scope,
    targetId: row.targetId,
    targetName: row.targetName,
    periodicity: row.periodicity,
    cron: row.cron,
    keep: row.keep,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
  };
}
