import type { Job } from "@planum/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime/realtime-provider";

/** The socket pushes progress; the poll catches an end whose event was missed (a reconnect, another process). */
const POLL_MS = 2000;

export interface UploadProgress {
  jobId: string;
  percent: number;
}

/**
 * Follows estimate upload jobs of a project: `estimate_upload` / `estimate_processing` events move the bar, and a slow
 * poll of `/jobs/{id}` ends it when the job has ended without its event reaching this tab — the bar used to stay at
 * 0 % then. `onEnd` runs once per job, with the new estimate's id when it completed.
 */
export function useUploadProgress(projectId: string, onEnd: (estimateId: string | null) => void) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // A small file's job may end before the upload's answer arrives: its end must not be followed by a bar at 0 %.
  const ended = useRef(new Set<string>());
  const latestOnEnd = useRef(onEnd);
  latestOnEnd.current = onEnd;

  const end = useCallback((jobId: string, estimateId: string | null) => {
    if (ended.current.has(jobId)) return;
    ended.current.add(jobId);
    setProgress((current) => (current?.jobId === jobId ? null : current));
    latestOnEnd.current(estimateId);
  }, []);

  useRealtimeEvents((event) => {
    if ((event.type !== "estimate_upload" && event.type !== "estimate_processing") || event.projectId !== projectId)
      return;
    if (event.status === "completed" || event.status === "error") end(event.jobId, event.estimateId);
    else if (!ended.current.has(event.jobId))
      setProgress((current) => ({
        jobId: event.jobId,
        percent: current?.jobId === event.jobId ? Math.max(current.percent, event.progress) : event.progress,
      }));
  });

  const jobId = progress?.jobId ?? null;
  useEffect(() => {
    if (!jobId) return;
    const timer = window.setInterval(async () => {
      const job = await api.get<Job>(`/jobs/${jobId}`).catch(() => null);
      if (job?.status === "completed") end(jobId, String(job.result?.estimateId ?? "") || null);
      else if (job?.status === "error") end(jobId, null);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [jobId, end]);

  /** The upload was answered with its job: show the bar unless the job has already ended. */
  const started = useCallback((id: string) => {
    if (!ended.current.has(id)) setProgress((current) => (current?.jobId === id ? current : { jobId: id, percent: 0 }));
  }, []);
  return { progress, started };
}
