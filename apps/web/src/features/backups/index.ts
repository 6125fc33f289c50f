export { BackupRestoreModal } from "./backup-restore-modal";
export {
  type BackupTarget,
  backupKeys,
  backupsApi,
  useBackupSchedules,
  useBackups,
  useBackupTargets,
} from "./backups-api";
export { ProjectBackupsButton } from "./project-backups";
export { useBackupJobs } from "./use-backup-jobs";
export { useBackupRemoval } from "./use-backup-removal";
