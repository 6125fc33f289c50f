import { errorMessage, isErrorCode, type Job, toLanguage } from "@planum/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { notifyError, notifySuccess } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";

/** Without events, how often a page asks after its running backup jobs. */
const JOB_POLL_MS = 2000;

export type BackupAction = "create" | "restore";

/**
 * The backup and restore jobs a page started, followed to their end: by the `backup` event, or (the socket away) by
 * asking after them. At the end `onEnded` reads the lists again and the person hears how it went — the spec's
 * "backup restore success or failure". Another job of the space ending also calls `onEnded` (without an action).
 */
export function useBackupJobs(spaceId: string, onEnded: (action: BackupAction | null, ok: boolean) => void) {
  const { t, i18n } = useTranslation("admin");
  const [running, setRunning] = useState<Map<string, BackupAction>>(new Map());
  const started = (jobId: string, action: BackupAction) => setRunning((jobs) => new Map(jobs).set(jobId, action));

  const ended = (jobId: string, ok: boolean, error: string | null) => {
    const action = running.get(jobId) ?? null;
    onEnded(action, ok);
    if (!action) return;
    setRunning((jobs) => {
      const next = new Map(jobs);
      next.delete(jobId);
      return next;
    });
    if (ok) {
      notifySuccess(t(action === "restore" ? "backups.restored" : "backups.savedToast"), { long: true });
      return;
    }
    const language = toLanguage(i18n.language) ?? "en";
    const reason = isErrorCode(error) ? errorMessage(language, error) : "";
    notifyError(new Error(t(action === "restore" ? "backups.restoreFailed" : "backups.saveFailed", { reason })));
  };
  useRealtimeEvents((event) => {
    if (event.type !== "backup" || event.spaceId !== spaceId || event.status === "in_process") return;
    if (running.has(event.jobId)) ended(event.jobId, event.status === "completed", event.error);
    else onEnded(null, event.status === "completed");
  });
  useEffect(() => {
    if (running.size === 0) return;
    const timer = window.setInterval(async () => {
      for (const jobId of running.keys()) {
        const job = await api.get<Job>(`/jobs/${encodeURIComponent(jobId)}`).catch(() => null);
        if (job && (job.status === "completed" || job.status === "error")) {
          ended(jobId, job.status === "completed", job.error);
        }
      }
    }, JOB_POLL_MS);
    return () => window.clearInterval(timer);
  });
  return { running: running.size > 0, started };
}
