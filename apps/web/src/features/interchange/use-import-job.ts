import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeEvents } from "../realtime";
import { interchangeApi } from "./interchange-api";

/** The socket pushes progress; the poll catches an end whose event was missed (a reload, a reconnect). */
const POLL_MS = 1500;
const storageKey = (scheduleId: string) => `planum.import-job.${scheduleId}`;

export interface ImportJobState {
  jobId: string | null;
  progress: number;
  status: "idle" | "uploading" | "completed" | "error";
  error: string | null;
  versionId: string | null;
}

const IDLE: ImportJobState = { jobId: null, progress: 0, status: "idle", error: null, versionId: null };

/**
 * Follows an import job of the schedule: `import` socket events and a slow poll of `/interchange/jobs/{id}`. The job
 * id is kept in the session storage, so a reloaded page picks up the job where it is.
 */
export function useImportJob(scheduleId: string, onCompleted: (versionId: string) => void) {
  const [state, setState] = useState<ImportJobState>(IDLE);
  const completed = useRef(onCompleted);
  completed.current = onCompleted;
  const jobId = state.jobId;
  const active = state.status === "uploading";

  const finish = useCallback(
    (next: Partial<ImportJobState>) => {
      sessionStorage.removeItem(storageKey(scheduleId));
      setState((current) => {
        if (current.status !== "uploading") return current;
        if (next.status === "completed" && next.versionId) completed.current(next.versionId);
        return { ...current, progress: 100, ...next };
      });
    },
    [scheduleId],
  );

  const follow = useCallback(
    (id: string) => {
      sessionStorage.setItem(storageKey(scheduleId), id);
      setState({ ...IDLE, jobId: id, status: "uploading" });
    },
    [scheduleId],
  );

  useEffect(() => {
    const saved = sessionStorage.getItem(storageKey(scheduleId));
    if (saved) setState({ ...IDLE, jobId: saved, status: "uploading" });
  }, [scheduleId]);

  useRealtimeEvents((event) => {
    if (event.type !== "import" || event.jobId !== jobId) return;
    if (event.status === "uploading") setState((s) => ({ ...s, progress: Math.max(s.progress, event.progress) }));
    else finish({ status: event.status, error: event.error ?? null, versionId: event.versionId });
  });

  useEffect(() => {
    if (!active || !jobId) return;
    const timer = window.setInterval(async () => {
      const job = await interchangeApi.job(jobId).catch(() => null);
      if (!job) return finish({ status: "error", error: null });
      if (job.status === "completed") {
        finish({ status: "completed", versionId: String(job.result?.versionId ?? "") || null });
      } else if (job.status === "error") finish({ status: "error", error: job.error });
      else setState((s) => ({ ...s, progress: Math.max(s.progress, job.progress) }));
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, jobId, finish]);

  const reset = useCallback(() => setState(IDLE), []);
  return { state, follow, reset };
}
