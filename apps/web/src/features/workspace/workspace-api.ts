import type {
  AttributeDto,
  CalculateSettings,
  CalculationStarted,
  CreateRelationBody,
  CreateVersionBody,
  GanttWire,
  HealthThresholdKey,
  MoveDirection,
  ProgressUpdated,
  RelationChange,
  RelationDelete,
  RelationRow,
  ReplaceValuesBody,
  ReplaceValuesResult,
  RestoreResult,
  SavedReplacement,
  SavedReplacementBody,
  SavedReplacementUpdateBody,
  ScheduleDto,
  TargetDatesResult,
  UndoAction,
  UpdateRelationBody,
  UpdateWbsBody,
  Version,
  VersionHealth,
  VersionsDeleted,
  WbsDeleted,
  WbsItem,
  WbsItemChange,
  WbsMoved,
  WbsPassport,
  WbsType,
} from "@planum/contracts";
import { decodeGantt } from "@planum/contracts";
import { api, apiRequest } from "../../shared/api-client";

/** Cache keys of the workspace; socket events invalidate them. */
export const workspaceKeys = {
  schedule: (id: string) => ["schedule", id] as const,
  versions: (scheduleId: string) => ["schedule", scheduleId, "versions"] as const,
  attributes: (scheduleId: string) => ["schedule", scheduleId, "attributes"] as const,
  gantt: (versionId: string) => ["version", versionId, "gantt"] as const,
  relations: (versionId: string, itemId: number | null) => ["version", versionId, "relations", itemId] as const,
  /** The version's revision grows with every change inside it: a changed schedule is assessed again. */
  health: (versionId: string, revision: number) => ["version", versionId, "health", revision] as const,
  passport: (versionId: string, itemId: number, revision: number) =>
    ["version", versionId, "passport", itemId, revision] as const,
  undo: (versionId: string) => ["version", versionId, "undo"] as const,
  calculateSettings: (scheduleId: string) => ["schedule", scheduleId, "calculate-settings"] as const,
  abilities: (scheduleId: string) => ["schedule", scheduleId, "abilities"] as const,
  replacements: (scheduleId: string) => ["schedule", scheduleId, "replacements"] as const,
};

/** What `PUT /schedules/{id}/calculate-settings` takes: every field of the settings but the schedule id. */
export type CalculateSettingsBody = Omit<CalculateSettings, "scheduleId">;

export type { MoveDirection, ScheduleDto, UndoAction };
/** What the relations panel sends to create a relation. */
export type RelationBody = CreateRelationBody;

export const workspaceApi = {
  schedule: (id: string) => api.get<ScheduleDto>(`/schedules/${id}`),
  attributes: (id: string) => api.get<AttributeDto[]>(`/schedules/${id}/attributes/all`),
  versions: (scheduleId: string) => api.get<Version[]>(`/schedules/${scheduleId}/versions`),
  version: (id: string) => api.get<Version>(`/versions/${id}`),
  createVersion: (scheduleId: string, body: Partial<CreateVersionBody>) =>
    api.post<Version>(`/schedules/${scheduleId}/versions/create`, body),
  copyVersion: (id: string, scheduleId: string, body: { label?: string; kind?: Version["kind"] }) =>
    api.post<Version>(`/versions/${id}/copy-to/${scheduleId}`, body),
  setLocked: (id: string, locked: boolean) => api.post<Version>(`/versions/${id}/setLocked`, { locked }),
  setActual: (id: string) => api.post<Version>(`/versions/${id}/setActualStatus`),
  retryDetails: (id: string) => api.post<{ jobId: string }>(`/versions/${id}/import-details/retry`),
  changeLabel: (id: string, label: string) =>
    apiRequest<Version>(`/versions/${id}/change-label`, { method: "PATCH", body: { label } }),
  deleteVersion: (id: string) => api.delete<VersionsDeleted>(`/versions/${id}`),
  updateTargetDates: (id: string, targetVersionId?: string) =>
    apiRequest<TargetDatesResult>(`/versions/${id}/update/target-dates`, {
      method: "PATCH",
      body: { targetVersionId },
    }),

  /** The version's Gantt columns, unpacked from their wire layout (contracts' gantt-wire.ts). */
  gantt: async (versionId: string) => decodeGantt(await api.get<GanttWire>(`/versions/${versionId}/gantt`)),
  createItem: (
    versionId: string,
    body: { type: WbsType; name: string; parentId?: number | null; afterId?: number; duration?: number },
  ) => api.post<WbsItemChange>(`/versions/${versionId}/wbs/create`, body),
  updateItem: (versionId: string, itemId: number, body: UpdateWbsBody) =>
    apiRequest<WbsItemChange>(`/versions/${versionId}/wbs/${itemId}/update`, { method: "PATCH", body }),
  getItem: (versionId: string, itemId: number) => api.get<WbsItem>(`/versions/${versionId}/wbs/${itemId}`),
  updateType: (versionId: string, itemId: number, revision: number, type: WbsType) =>
    apiRequest<WbsItemChange>(`/versions/${versionId}/wbs/${itemId}/type`, {
      method: "PATCH",
      body: { revision, type },
    }),
  passport: (versionId: string, itemId: number) =>
    api.get<WbsPassport>(`/versions/${versionId}/wbs/${itemId}/passport`),
  /** Moves the data date; with `progress`, records progress as planned up to it (P6 Update Progress). Undoable. */
  updateProgress: (versionId: string, dataDate: string, progress: boolean) =>
    api.post<ProgressUpdated>(`/versions/${versionId}/update-progress`, { dataDate, progress }),
  moveItem: (versionId: string, itemId: number, revision: number, direction: MoveDirection) =>
    api.post<WbsMoved>(`/versions/${versionId}/wbs/${itemId}/move`, { revision, direction }),
  deleteItems: (versionId: string, items: { id: number; revision: number }[]) =>
    apiRequest<WbsDeleted>(`/versions/${versionId}/wbs`, { method: "DELETE", body: { items } }),
  setExpanded: (versionId: string, ids: number[], value: boolean) =>
    apiRequest<{ updated: number }>(`/versions/${versionId}/wbs/expand`, { method: "PATCH", body: { ids, value } }),

  health: (versionId: string) => api.get<VersionHealth>(`/versions/${versionId}/health`),
  /** The health on the caller's print format, as a PDF. */
  printHealth: (versionId: string) =>
    apiRequest<Blob>(`/versions/${versionId}/health/print`, { method: "POST", responseType: "blob" }),
  setHealthThresholds: (versionId: string, thresholds: Partial<Record<HealthThresholdKey, number>>) =>
    api.put<VersionHealth>(`/versions/${versionId}/health/thresholds`, thresholds),
  relations: (versionId: string, itemId: number) =>
    api.get<RelationRow[]>(`/versions/${versionId}/relations`, { query: { itemId } }),
  createRelation: (versionId: string, body: RelationBody) =>
    api.post<RelationChange>(`/versions/${versionId}/relations`, body),
  updateRelation: (versionId: string, relationId: number, body: UpdateRelationBody) =>
    apiRequest<RelationChange>(`/versions/${versionId}/relations/${relationId}`, { method: "PATCH", body }),
  deleteRelation: (versionId: string, relationId: number, revision: number) =>
    apiRequest<RelationDelete>(`/versions/${versionId}/relations/${relationId}`, {
      method: "DELETE",
      body: { revision },
    }),

  calculate: (versionId: string) =>
    apiRequest<CalculationStarted>(`/versions/${versionId}/timetable/calculate`, {
      method: "PATCH",
    }),
  /** The caller's abilities at the schedule (grants on the schedule itself included). */
  abilities: (scheduleId: string) =>
    api.get<{ abilities: string[] }>(`/schedules/${scheduleId}/role`).then((role) => role.abilities),
  calculateSettings: (scheduleId: string) => api.get<CalculateSettings>(`/schedules/${scheduleId}/calculate-settings`),
  saveCalculateSettings: (scheduleId: string, body: CalculateSettingsBody) =>
    api.put<CalculateSettings>(`/schedules/${scheduleId}/calculate-settings`, body),
  resetCalculateSettings: (scheduleId: string) =>
    api.delete<CalculateSettings>(`/schedules/${scheduleId}/calculate-settings`),
  /** Find and replace one work attribute's values across the version (a preview unless `preview: false`). */
  replaceValues: (versionId: string, body: ReplaceValuesBody) =>
    api.post<ReplaceValuesResult>(`/versions/${versionId}/replacements`, body),
  /** The schedule's saved replacements, by name. */
  savedReplacements: (scheduleId: string) => api.get<SavedReplacement[]>(`/schedules/${scheduleId}/replacements`),
  saveReplacement: (scheduleId: string, body: SavedReplacementBody) =>
    api.post<SavedReplacement>(`/schedules/${scheduleId}/replacements`, body),
  updateReplacement: (scheduleId: string, body: SavedReplacementUpdateBody) =>
    api.patch<SavedReplacement>(`/schedules/${scheduleId}/replacements`, body),
  deleteReplacement: (scheduleId: string, id: string) =>
    api.delete<{ id: string }>(`/schedules/${scheduleId}/replacements/${id}`),
  /** A saved replacement's preview on the version (or every unlocked version of its schedule), or its run. */
  runSavedReplacement: (versionId: string, id: string, wholeSchedule: boolean, preview: boolean) =>
    preview
      ? api.get<ReplaceValuesResult>(`/versions/${versionId}/replacements/${id}?wholeSchedule=${wholeSchedule}`)
      : api.post<ReplaceValuesResult>(`/versions/${versionId}/replacements/${id}`, { wholeSchedule }),
  undoActions: (versionId: string) => api.get<UndoAction[]>(`/versions/${versionId}/undo-actions`),
  restore: (versionId: string, actionId?: number) =>
    api.post<RestoreResult>(`/versions/${versionId}/restore`, actionId ? { actionId } : {}),
};
