import { EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import type { Realtime } from "./realtime.js";

type VersionAction = "created" | "updated" | "locked" | "label" | "actual" | "copied" | "target_dates";

/**
 * The workspace's facts for the space room: other users' screens patch or refetch what changed. Every change of a
 * version's content carries the version's new revision, so a client can tell whether it missed one.
 */
export class WorkspaceEvents {
  constructor(private readonly realtime: Realtime) {}

  versionsChanged(
    spaceId: string,
    byUserId: string | null,
    scheduleId: string,
    versionIds: string[],
    action: VersionAction,
  ) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "versions_changed",
      spaceId,
      byUserId,
      scheduleId,
      versionIds,
      action,
    });
  }

  /** Work-done plans of these works changed (spec's `wdp_updated`). */
  wdpUpdated(spaceId: string, byUserId: string | null, versionId: string, action: string, itemIds: number[]) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "wdp_updated",
      spaceId,
      byUserId,
      versionId,
      action,
      itemIds,
    });
  }

  healthThresholdsUpdated(spaceId: string, byUserId: string | null, scheduleId: string) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "health_thresholds_updated",
      spaceId,
      byUserId,
      scheduleId,
    });
  }

  healthUpdated(spaceId: string, byUserId: string | null, versionId: string) {
    this.realtime.toSpace({ v: EVENTS_PROTOCOL_VERSION, type: "health_updated", spaceId, byUserId, versionId });
  }

  calculateSettingsUpdated(spaceId: string, byUserId: string | null, scheduleId: string) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "calculate_settings_updated",
      spaceId,
      byUserId,
      scheduleId,
    });
  }

  versionsDeleted(spaceId: string, byUserId: string | null, scheduleId: string, versionIds: string[]) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "delete_versions",
      spaceId,
      byUserId,
      scheduleId,
      versionIds,
    });
  }

  wbsUpdated(
    spaceId: string,
    byUserId: string | null,
    versionId: string,
    versionRevision: number,
    action: string,
    changed: { id: number; revision: number }[],
    deletedIds: number[] = [],
  ) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "wbs_updated",
      spaceId,
      byUserId,
      versionId,
      versionRevision,
      action,
      ids: changed.map((row) => row.id),
      revisions: changed.map((row) => row.revision),
      deletedIds,
    });
  }

  relationsUpdated(
    spaceId: string,
    byUserId: string | null,
    versionId: string,
    versionRevision: number,
    ids: number[],
    deletedIds: number[] = [],
  ) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "relations_updated",
      spaceId,
      byUserId,
      versionId,
      versionRevision,
      ids,
      deletedIds,
    });
  }

  timetable(
    spaceId: string,
    byUserId: string | null,
    versionId: string,
    jobId: string | null,
    progress: number,
    status: "in_process" | "completed" | "error",
    error?: string,
  ) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "timetable_calculate",
      spaceId,
      byUserId,
      versionId,
      jobId,
      progress,
      status,
      ...(error ? { error } : {}),
    });
  }

  levelling(
    spaceId: string,
    byUserId: string | null,
    versionId: string,
    jobId: string,
    state: "queued" | "in_process" | "completed" | "error" | "stopped" | "applied" | "discarded",
    progress: number,
  ) {
    this.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "resource_levelling",
      spaceId,
      byUserId,
      versionId,
      jobId,
      state,
      progress,
    });
  }

  calendarsUpdated(spaceId: string, byUserId: string | null, calendarIds: string[]) {
    this.realtime.toSpace({ v: EVENTS_PROTOCOL_VERSION, type: "calendars_updated", spaceId, byUserId, calendarIds });
  }

  resourcesUpdated(spaceId: string, byUserId: string | null, resourceIds: string[]) {
    this.realtime.toSpace({ v: EVENTS_PROTOCOL_VERSION, type: "resources_updated", spaceId, byUserId, resourceIds });
  }

  /** A work attribute's values replaced across a version (spec `attribute_replaced`). */
  attributeReplaced(
    spaceId: string,
    byUserId: string | null,
    change: { versionId: string; attributeId: string; values: number; itemIds: number[] },
  ) {
    this.realtime.toSpace({ v: EVENTS_PROTOCOL_VERSION, type: "attribute_replaced", spaceId, byUserId, ...change });
  }

  /** Directories a file filled (a schedule import's activity codes): made, or given rows, and links to works. */
  directoriesFilled(
    spaceId: string,
    byUserId: string | null,
    directories: { id: string; nodeId: string; created: boolean }[],
  ) {
    for (const d of directories)
      this.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "directory_updated",
        spaceId,
        byUserId,
        directoryId: d.id,
        nodeId: d.nodeId,
        action: d.created ? "created" : "rows",
      });
  }

  assignments(
    type: "assignment_created" | "assignments_updated",
    spaceId: string,
    byUserId: string | null,
    change: { versionId: string; itemIds: number[]; assignmentIds: string[] },
  ) {
    this.realtime.toSpace({ v: EVENTS_PROTOCOL_VERSION, type, spaceId, byUserId, ...change });
  }

  layoutsUpdated(spaceId: string, byUserId: string | null, scheduleId: string | null) {
    this.realtime.toSpace({ v: EVENTS_PROTOCOL_VERSION, type: "layouts_updated", spaceId, byUserId, scheduleId });
  }
}
