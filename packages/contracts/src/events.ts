import type { ChatMessage } from "./chat.schema.js";
import type { ErrorCode } from "./error-codes.js";
import type { NoticeKind } from "./notices.schema.js";

/**
 * Real-time messages pushed over socket.io: one union keyed by `type`, named as past-tense facts with the spec's
 * event names. `v` is the protocol version, so an old tab can tell it must reload.
 */
export const EVENTS_PROTOCOL_VERSION = 1;

interface EventBase {
  v: typeof EVENTS_PROTOCOL_VERSION;
  spaceId: string;
  byUserId: string | null;
}

export type ServerEvent =
  | (EventBase & { type: "space_renamed"; name: string })
  | (EventBase & {
      type: "space_delete";
      jobId: string;
      progress: number;
      status: "in_process" | "completed" | "error";
    })
  | (EventBase & { type: "space_members_changed" })
  | (EventBase & { type: "space_settings_changed" })
  /** A licence of the space was loaded or deleted, or its seats changed: the space's paid type may have changed. */
  | (EventBase & { type: "space_licence_changed" })
  | (EventBase & { type: "demo_space"; jobId: string; progress: number; status: "in_process" | "completed" | "error" })
  /**
   * A backup being saved (`create`) or restored (`restore`): progress, then its end. A restore's end is the spec's
   * "backup restore success or failure" (`error` is the failure's code); `targetId` is what was restored or made.
   */
  | (EventBase & {
      type: "backup";
      jobId: string;
      action: "create" | "restore";
      progress: number;
      status: "in_process" | "completed" | "error";
      backupId: string | null;
      targetId: string | null;
      error: ErrorCode | null;
    })
  /**
   * A copy from another installation (`POST /space/copy-remote`): progress, then its end; `targetSpaceId` is the new
   * space once made (the caller's own for a project's copy), `targetProjectId` the new project of a project's copy,
   * `error` the failure's code.
   */
  | (EventBase & {
      type: "remote_space_copy";
      jobId: string;
      progress: number;
      status: "in_process" | "completed" | "error";
      targetSpaceId: string | null;
      targetProjectId: string | null;
      error: ErrorCode | null;
    })
  | (EventBase & {
      type: "eps_updated";
      /** What changed; clients refetch the children of `parentIds` and the nodes of `nodeIds`. */
      action: "created" | "updated" | "moved" | "deleted" | "values" | "attributes" | "schedules" | "roles";
      nodeIds: string[];
      /** Parents whose child lists changed (null: the root level). */
      parentIds: (string | null)[];
    })
  | (EventBase & { type: "eps_comment_created"; nodeId: string; commentId: string })
  /** Schedule workspace: versions of a schedule were created, changed, locked, relabelled or calculated. */
  | (EventBase & {
      type: "versions_changed";
      scheduleId: string;
      versionIds: string[];
      action: "created" | "updated" | "locked" | "label" | "actual" | "copied" | "target_dates";
    })
  | (EventBase & { type: "delete_versions"; scheduleId: string; versionIds: string[] })
  /** A schedule's calculate settings were saved, reset or taken from an uploaded file. */
  | (EventBase & { type: "calculate_settings_updated"; scheduleId: string })
  /** A schedule's health thresholds (issue 21) changed: its versions' health panels judge again. */
  | (EventBase & { type: "health_thresholds_updated"; scheduleId: string })
  /** A version's critical path test (issue 21), run after its calculation as a job, is kept: its health panel reads again. */
  | (EventBase & { type: "health_updated"; versionId: string })
  /** WBS rows of a version changed; `revisions[i]` is the new revision of `ids[i]`. */
  | (EventBase & {
      type: "wbs_updated";
      versionId: string;
      versionRevision: number;
      action: string;
      ids: number[];
      revisions: number[];
      deletedIds: number[];
    })
  | (EventBase & {
      type: "relations_updated";
      versionId: string;
      versionRevision: number;
      ids: number[];
      deletedIds: number[];
    })
  | (EventBase & {
      type: "timetable_calculate";
      versionId: string;
      jobId: string | null;
      progress: number;
      status: "in_process" | "completed" | "error";
      /** Why it failed (e.g. "loop: A10 → A20 → A10"). */
      error?: string;
    })
  | (EventBase & { type: "calendars_updated"; calendarIds: string[] })
  | (EventBase & { type: "resources_updated"; resourceIds: string[] })
  /** A levelling of a version moved on: its job's progress, its preview ready, applied or discarded. */
  | (EventBase & {
      type: "resource_levelling";
      versionId: string;
      jobId: string;
      state: "queued" | "in_process" | "completed" | "error" | "stopped" | "applied" | "discarded";
      progress: number;
    })
  /** Values of a work attribute were replaced across a version (spec `attribute_replaced`); undo sends wbs_updated. */
  | (EventBase & {
      type: "attribute_replaced";
      versionId: string;
      attributeId: string;
      /** How many values changed, and the works (empty when over 1,000: reload the version). */
      values: number;
      itemIds: number[];
    })
  /** A directory (spec `directory_updated`) was created, defined, filled, moved, copied or deleted. */
  | (EventBase & {
      type: "directory_updated";
      directoryId: string;
      nodeId: string;
      /** `relations`: a complex relation from or to the directory was created, changed or deleted. */
      action: "created" | "updated" | "rows" | "moved" | "deleted" | "access" | "links" | "relations";
      /** For `links`: the version whose works were linked to or unlinked from the directory's rows. */
      versionId?: string;
      itemIds?: number[];
    })
  | (EventBase & {
      /** Assignments of works changed: `assignment_created` (spec) when a resource is assigned, else updated. */
      type: "assignment_created" | "assignments_updated";
      versionId: string;
      itemIds: number[];
      assignmentIds: string[];
    })
  | (EventBase & {
      /** Timesheet lines of these works changed (saved, sent, decided) or their executor / curator changed. */
      type: "timesheets_updated";
      versionId: string;
      itemIds: number[];
      userIds: string[];
    })
  | (EventBase & {
      /** Work-done plans of these works changed (values, planning status or mode): screens refetch them. */
      type: "wdp_updated";
      versionId: string;
      action: string;
      itemIds: number[];
    })
  | (EventBase & {
      /**
       * A version's analytics (curves, earned value, counts; issue 15) were counted again after a change of its
       * plans, facts or dates: dashboards of the version, its schedule and the nodes above it read them again.
       */
      type: "schedule_indicator_calculate";
      scheduleId: string;
      versionId: string;
    })
  | (EventBase & { type: "layouts_updated"; scheduleId: string | null })
  | (EventBase & {
      /**
       * A version's risk analysis (issue 21) was queued, moved on, completed or failed: its risk tab shows the
       * progress and reads the run when it completes. To the space (results are kept per version for everybody).
       */
      type: "risk_run";
      versionId: string;
      runId: string;
      jobId: string;
      status: "queued" | "running" | "completed" | "failed";
      progress: number;
      error?: string;
    })
  /**
   * A project's IFC model being converted (spec: bim_model_upload_progress): `uploading` with its progress, then
   * `completed`, or `error` with the reason (the model is then gone). To the space.
   */
  | (EventBase & {
      type: "bim_model_upload_progress";
      projectId: string;
      modelId: string;
      name: string;
      jobId: string;
      status: "uploading" | "completed" | "error";
      progress: number;
      error: ErrorCode | null;
      reason: string | null;
    })
  /** The space's print presets were added or removed: print dialogs refetch the list. */
  | (EventBase & { type: "print_presets_updated" })
  /** The space's report forms were added, renamed, deleted, attached or detached: report lists refetch. */
  | (EventBase & { type: "reports_updated" })
  /**
   * A batch report run (`POST /batch-processing/report`, job `report_batch`): its progress a version at a time, then
   * the stored ZIP to download (`/storage/download/{fileId}`) or the error. To its user only.
   */
  | (EventBase & {
      type: "batch_report";
      jobId: string;
      progress: number;
      status: "in_process" | "completed" | "error" | "stopped";
      file?: { fileId: string; name: string; size: number; files: number };
      error?: string;
    })
  | (EventBase & {
      /** Interchange jobs (spec: import, export, batch_import, batch_export). */
      type: "import" | "export" | "batch_import" | "batch_export";
      jobId: string;
      scheduleId: string | null;
      versionId: string | null;
      progress: number;
      status: "uploading" | "completed" | "error";
      error?: string;
    })
  /**
   * A print run as a job (more than `PRINT_SYNC_MAX_PAGES` pages): its progress while the pages are drawn, then the
   * stored PDF to download (`/storage/download/{fileId}`) or the error. Sent to the space; the printing user's tab
   * picks its own job by id.
   */
  | (EventBase & {
      type: "print";
      jobId: string;
      versionId: string;
      progress: number;
      /** `stopped`: its user stopped it (no file). */
      status: "in_process" | "completed" | "error" | "stopped";
      pages: number;
      file?: { fileId: string; name: string; size: number };
      error?: string;
    })
  /**
   * An estimate file uploaded to a project (issue 19): `estimate_upload` says the job was queued (uploading) and how
   * it ended (completed with the estimate, or error); `estimate_processing` tells the progress of its positions
   * being written.
   */
  | (EventBase & {
      type: "estimate_upload" | "estimate_processing";
      jobId: string;
      projectId: string;
      estimateId: string | null;
      progress: number;
      status: "uploading" | "processing" | "completed" | "error";
      error?: string;
    })
  /** A stop asked of a batch job (`requested`, by `POST /batch-processing/stop`) and its job stopping (`stopped`). */
  | (EventBase & {
      type: "batch_stop";
      jobId: string;
      job: "batch_import" | "batch_export" | "batch_report";
      status: "requested" | "stopped";
      progress: number;
    })
  /** A file made a new project of a facility (`POST /facilities/{id}/import`). */
  | (EventBase & {
      type: "project_import";
      facilityId: string;
      projectId: string;
      scheduleIds: string[];
      status: "completed";
    })
  /** A project written to one file (`POST /projects/{id}/export`), ready to download. */
  | (EventBase & { type: "project_export"; projectId: string; fileId: string; name: string; status: "completed" })
  /**
   * A file of the space's storage was downloaded (`GET /storage/download/{id}`): `document_download` for a document
   * (the documents area), `download` for a prepared file (an export, a comparison).
   */
  | (EventBase & { type: "download" | "document_download"; fileId: string; name: string; size: number })
  /**
   * The personal area of one user changed (sent to that user's sockets only, `Realtime.toUser`): notices arrived,
   * were checked or deleted, or a reminder came due. `unread` is the new count of the bell in `spaceId`.
   */
  | (EventBase & {
      type: "notices_changed";
      userId: string;
      action: "created" | "checked" | "deleted" | "reminder";
      noticeIds: string[];
      unread: number;
    })
  /**
   * Work waits for this user (sent to their sockets only, with `notices_changed`): notices arrived that ask them to
   * act — accept daily or expert data, fill in a timesheet (`NEED_ACTION_KINDS`). `count` of them in this change,
   * `kinds` which. The web shows a toast leading to the personal area.
   */
  | (EventBase & {
      type: "task_need_action";
      userId: string;
      kinds: NoticeKind[];
      noticeIds: string[];
      count: number;
    })
  /**
   * A chat message was written, changed (text, files, reactions) or deleted. Sent only to the sockets of the chat's
   * members (who may read its node or work), on every process; `message` is the message as the writer sees it
   * (reactions' `mine` is the writer's), null when deleted. The chat's screens append or patch it; the toast shows it.
   */
  | (EventBase & {
      type: "chat_message_created" | "chat_message_updated" | "chat_message_deleted";
      chatId: string;
      nodeId: string | null;
      versionId: string | null;
      wbsId: number | null;
      title: string;
      messageId: string;
      message: ChatMessage | null;
    });

export type ServerEventType = ServerEvent["type"];

/** Name of the socket.io event that carries every ServerEvent. */
export const SERVER_EVENT = "planum_event";
/** Emitted to a single user's sockets when the server ends their session (logout, idleness, password change). */
export const SESSION_ENDED_EVENT = "session_ended";
