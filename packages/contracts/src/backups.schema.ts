import { z } from "zod";
import { periodicitySchema } from "./notices.schema.js";

/** What a backup holds (spec §1 backups): a whole space, a project (its node and everything under it) or a schedule. */
export const BACKUP_SCOPES = ["space", "project", "schedule"] as const;
export const backupScopeSchema = z.enum(BACKUP_SCOPES, { error: "InvalidValue" });
export type BackupScope = z.infer<typeof backupScopeSchema>;

const uuid = z.uuid({ error: "InvalidValue" });

/** `POST /space/{id}/schedules/backups/create`: a backup now, as a job. The target of a space backup is the space. */
export const createBackupBody = z.object({
  scope: backupScopeSchema,
  targetId: uuid,
});
export type CreateBackupBody = z.infer<typeof createBackupBody>;

/** A saved backup as the list shows it. */
export const backupSchema = z.object({
  id: z.string(),
  scope: backupScopeSchema,
  targetId: z.string(),
  targetName: z.string(),
  size: z.number().int(),
  rows: z.number().int(),
  periodic: z.boolean(),
  createdAt: z.string(),
  createdByLogin: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

/** `GET /space/{id}/schedules/backups` (`?scope=&targetId=` narrows it): newest first. */
export const backupListQuery = z.object({
  scope: backupScopeSchema.optional(),
  targetId: uuid.optional(),
});

export const backupParams = z.object({ id: z.string(), backupId: uuid });
/** `/projects/{id}/backups/{backupId}…`: a backup of that project (another project's or space's answers 404). */
export const projectBackupParams = z.object({ id: uuid, backupId: uuid });

/**
 * `PATCH …/backups/{backupId}/restore`: `replace` puts the target back as it was saved (rows added since are
 * removed); `copy` makes a new project (or a new schedule in `targetProjectId`, by default the one it was in) from
 * the backup and leaves the saved target as it is.
 */
export const restoreBackupBody = z.object({
  mode: z.enum(["replace", "copy"], { error: "InvalidValue" }),
  name: z.string().trim().min(1, { error: "Required" }).max(255, { error: "MaxLength" }).optional(),
  targetProjectId: uuid.optional(),
});
export type RestoreBackupBody = z.infer<typeof restoreBackupBody>;
/** `PATCH /projects/{id}/backups/{backupId}/restore`: in place, or as a new project beside it. */
export const restoreProjectBackupBody = restoreBackupBody.omit({ targetProjectId: true });

/** `GET …/backups/{backupId}/preview`: the rows of each table in the backup beside what the target holds today. */
export const backupPreviewSchema = z.object({
  backup: backupSchema,
  /** False when the saved project or schedule no longer exists: only a copy can be made. */
  targetExists: z.boolean(),
  tables: z.array(z.object({ table: z.string(), saved: z.number().int(), current: z.number().int() })),
});
export type BackupPreview = z.infer<typeof backupPreviewSchema>;

/** A backup or restore job as its starter follows it (the `backup` event carries the same). */
export const backupJobSchema = z.object({ jobId: z.string() });

const periodicBackup = z.object({
  periodicity: periodicitySchema,
  cron: z.string().trim().max(100, { error: "MaxLength" }).nullable().optional(),
  /** Periodic backups of the job kept; older ones are deleted as new ones are saved. */
  keep: z
    .number({ error: "InvalidNumber" })
    .int({ error: "InvalidNumber" })
    .min(1, { error: "InvalidNumber" })
    .max(100, { error: "InvalidNumber" })
    .optional(),
});
const cronWhenAsked = (body: { periodicity: string; cron?: string | null }) =>
  body.periodicity !== "cron" || !!body.cron;

/** `POST /space/{id}/schedules/backups/jobs`: a periodic backup of the space, a project or a schedule. */
export const createBackupScheduleBody = periodicBackup
  .extend({ scope: backupScopeSchema, targetId: uuid })
  .refine(cronWhenAsked, { error: "Required", path: ["cron"] });
/** `POST /space/{id}/schedules/{sid}/backups/jobs`: a periodic backup of that schedule. */
export const scheduleBackupJobBody = periodicBackup.refine(cronWhenAsked, { error: "Required", path: ["cron"] });

export const backupScheduleSchema = z.object({
  id: z.string(),
  scope: backupScopeSchema,
  targetId: z.string(),
  targetName: z.string(),
  periodicity: periodicitySchema,
  cron: z.string().nullable(),
  keep: z.number().int(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;

export const backupScheduleParams = z.object({ id: z.string(), jobId: uuid });
export const scheduleBackupParams = z.object({ id: z.string(), sid: uuid });
