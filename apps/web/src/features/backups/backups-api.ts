import type {
  Backup,
  BackupPreview,
  BackupSchedule,
  BackupScope,
  RestoreBackupBody,
  ServerEvent,
} from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";

const id = encodeURIComponent;
const base = (spaceId: string) => `/space/${id(spaceId)}/schedules/backups`;

export const backupKeys = {
  all: (spaceId: string) => ["space", spaceId, "backups"] as const,
  list: (spaceId: string) => ["space", spaceId, "backups", "list"] as const,
  schedules: (spaceId: string) => ["space", spaceId, "backups", "schedules"] as const,
  preview: (spaceId: string, backupId: string) => ["space", spaceId, "backups", "preview", backupId] as const,
  targets: (spaceId: string) => ["space", spaceId, "backups", "targets"] as const,
  project: (spaceId: string, projectId: string) => ["space", spaceId, "backups", "project", projectId] as const,
};

/** What a backup may be made of, as the pickers offer it: the space, its projects, their schedules. */
export interface BackupTarget {
  scope: BackupScope;
  id: string;
  name: string;
  /** The project a schedule belongs to. */
  projectName?: string;
}

export type BackupEvent = Extract<ServerEvent, { type: "backup" }>;

export const backupsApi = {
  list: (spaceId: string) => api.get<Backup[]>(base(spaceId)),
  create: (spaceId: string, scope: BackupScope, targetId: string) =>
    api.post<{ jobId: string }>(`${base(spaceId)}/create`, { scope, targetId }),
  preview: (spaceId: string, backupId: string) => api.get<BackupPreview>(`${base(spaceId)}/${id(backupId)}/preview`),
  restore: (spaceId: string, backupId: string, body: RestoreBackupBody) =>
    api.patch<{ jobId: string }>(`${base(spaceId)}/${id(backupId)}/restore`, body),
  remove: (spaceId: string, backupId: string) => api.delete<null>(`${base(spaceId)}/${id(backupId)}`),
  schedules: (spaceId: string) => api.get<BackupSchedule[]>(`${base(spaceId)}/jobs`),
  createSchedule: (
    spaceId: string,
    body: { scope: BackupScope; targetId: string; periodicity: BackupSchedule["periodicity"]; cron: string | null },
  ) => api.post<BackupSchedule>(`${base(spaceId)}/jobs`, body),
  removeSchedule: (spaceId: string, jobId: string) => api.delete<null>(`${base(spaceId)}/jobs/${id(jobId)}`),
};

const projectBase = (projectId: string) => `/projects/${id(projectId)}/backups`;

/** A project's own backups (spec §7 Projects: backups create, get, restore, delete), for its space's administrator. */
export const projectBackupsApi = {
  list: (projectId: string) => api.get<Backup[]>(projectBase(projectId)),
  create: (projectId: string) => api.post<{ jobId: string }>(`${projectBase(projectId)}/create`),
  preview: (projectId: string, backupId: string) =>
    api.get<BackupPreview>(`${projectBase(projectId)}/${id(backupId)}/preview`),
  restore: (projectId: string, backupId: string, body: { mode: "replace" } | { mode: "copy"; name: string }) =>
    api.patch<{ jobId: string }>(`${projectBase(projectId)}/${id(backupId)}/restore`, body),
  remove: (projectId: string, backupId: string) => api.delete<null>(`${projectBase(projectId)}/${id(backupId)}`),
};

/** The space's projects and their schedules (the structure's own calls), for the backup pickers. */
async function fetchTargets(): Promise<BackupTarget[]> {
  // The space of the page is the current one: these calls carry its X-Space-Id.
  const { nodes } = await api.get<{ nodes: { id: string; kind: string; name: string }[] }>("/eps");
  const projects = nodes.filter((node) => node.kind === "project");
  const targets: BackupTarget[] = [];
  for (const project of projects) {
    targets.push({ scope: "project", id: project.id, name: project.name });
    const schedules = await api.get<{ id: string; name: string }[]>(`/projects/${id(project.id)}/schedules`);
    for (const schedule of schedules) {
      targets.push({ scope: "schedule", id: schedule.id, name: schedule.name, projectName: project.name });
    }
  }
  return targets;
}

export function useBackupTargets(spaceId: string) {
  return useQuery({ queryKey: backupKeys.targets(spaceId), queryFn: fetchTargets });
}

export function useBackups(spaceId: string) {
  return useQuery({ queryKey: backupKeys.list(spaceId), queryFn: () => backupsApi.list(spaceId) });
}

export function useBackupSchedules(spaceId: string) {
  return useQuery({ queryKey: backupKeys.schedules(spaceId), queryFn: () => backupsApi.schedules(spaceId) });
}
