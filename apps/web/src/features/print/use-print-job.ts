import type { Job, PrintJobResult } from "@planum/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../shared/api-client";
import { downloadStoredFile } from "../interchange";
import { useRealtimeEvents } from "../realtime";

/** The socket pushes progress; the poll catches an end whose event was missed (a reconnect). */
const POLL_MS = 2000;

export interface PrintJobState {
  jobId: string | null;
  pages: number;
  progress: number;
  status: "idle" | "running" | "completed" | "error";
  error: string | null;
}

const IDLE: PrintJobState = { jobId: null, pages: 0, progress: 0, status: "idle", error: null };

/**
 * Follows a print that runs as a job (`POST /versions/{id}/print` answered `{ jobId, pages }`): `print` socket events
 * and a slow poll of `/jobs/{id}`; when the PDF is stored it is downloaded under `fileName`.
 */
export function usePrintJob(fileName: string) {
  const [state, setState] = useState<PrintJobState>(IDLE);
  const name = useRef(fileName);
  name.current = fileName;
  const { jobId } = state;
  const running = state.status === "running";

  /** Ends the job once (the event and the poll may both tell of it) and downloads its file. */
  const finish = useCallback((id: string, file: PrintJobResult | null, error: string | null) => {
    setState((current) => {
      if (current.jobId !== id || current.status !== "running") return current;
      if (file) void downloadStoredFile(file.fileId, name.current).catch(() => {});
      return { ...current, progress: 100, status: file ? "completed" : "error", error };
    });
  }, []);

  useRealtimeEvents((event) => {
    if (event.type !== "print" || event.jobId !== jobId) return;
    if (event.status === "in_process") setState((s) => ({ ...s, progress: Math.max(s.progress, event.progress) }));
    else finish(event.jobId, event.file ? { ...event.file, pages: event.pages } : null, event.error ?? null);
  });

  useEffect(() => {
    if (!running || !jobId) return;
    const timer = window.setInterval(async () => {
      const job = await api.get<Job>(`/jobs/${jobId}`).catch(() => null);
      if (!job) return;
      if (job.status === "completed") finish(jobId, job.result as unknown as PrintJobResult, null);
      else if (job.status === "error") finish(jobId, null, job.error);
      else setState((s) => ({ ...s, progress: Math.max(s.progress, job.progress) }));
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, jobId, finish]);

  const follow = useCallback((id: string, pages: number) => {
    setState({ ...IDLE, jobId: id, pages, status: "running" });
  }, []);
  return { state, follow };
}
