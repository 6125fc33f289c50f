import type { Job, PrintJobList, PrintJobResult } from "@planum/contracts";
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
  status: "idle" | "running" | "completed" | "stopped" | "error";
  error: string | null;
}

const IDLE: PrintJobState = { jobId: null, pages: 0, progress: 0, status: "idle", error: null };

type Ended = { file: PrintJobResult } | { stopped: true } | { error: string | null };

/**
 * Follows a print that runs as a job (`POST /versions/{id}/print` answered `{ jobId, pages }`): `print` socket events
 * and a slow poll of `/jobs/{id}`; when the PDF is stored it is downloaded under `fileName`. A print still running
 * when the page opens (a reload) is found again (`GET /versions/{id}/print/jobs`); `stop` asks the server to end it.
 */
export function usePrintJob(versionId: string, fileName: string) {
  const [state, setState] = useState<PrintJobState>(IDLE);
  const name = useRef(fileName);
  name.current = fileName;
  const { jobId } = state;
  const running = state.status === "running";

  /** Ends the job once (the event and the poll may both tell of it) and downloads its file. */
  const finish = useCallback((id: string, end: Ended) => {
    setState((current) => {
      if (current.jobId !== id || current.status !== "running") return current;
      if ("file" in end) {
        void downloadStoredFile(end.file.fileId, name.current).catch(() => {});
        return { ...current, progress: 100, status: "completed" };
      }
      if ("stopped" in end) return { ...current, status: "stopped" };
      return { ...current, status: "error", error: end.error };
    });
  }, []);

  useRealtimeEvents((event) => {
    if (event.type !== "print" || event.jobId !== jobId) return;
    if (event.status === "in_process") setState((s) => ({ ...s, progress: Math.max(s.progress, event.progress) }));
    else if (event.status === "stopped") finish(event.jobId, { stopped: true });
    else if (event.file) finish(event.jobId, { file: { ...event.file, pages: event.pages } });
    else finish(event.jobId, { error: event.error ?? null });
  });

  useEffect(() => {
    if (!running || !jobId) return;
    const timer = window.setInterval(async () => {
      const job = await api.get<Job>(`/jobs/${jobId}`).catch(() => null);
      if (!job) return;
      const result = job.result as unknown as PrintJobResult | { stopped: true } | null;
      if (job.status === "completed" && result)
        finish(jobId, "stopped" in result ? { stopped: true } : { file: result });
      else if (job.status === "error") finish(jobId, { error: job.error });
      else setState((s) => ({ ...s, progress: Math.max(s.progress, job.progress) }));
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, jobId, finish]);

  const follow = useCallback((id: string, pages: number, progress = 0) => {
    setState({ ...IDLE, jobId: id, pages, progress, status: "running" });
  }, []);

  // a print started before this page opened (a reload, another tab) is followed again
  useEffect(() => {
    let current = true;
    void api
      .get<PrintJobList>(`/versions/${versionId}/print/jobs`)
      .then((list) => {
        const last = list.at(-1);
        if (current && last) setState((s) => (s.status === "idle" ? { ...IDLE, ...follows(last) } : s));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [versionId]);

  /** Asks the server to stop the print; the `print` event (or the poll) then tells it stopped. */
  const stop = useCallback(async () => {
    if (!jobId) return;
    await api.delete(`/versions/${versionId}/print/jobs/${jobId}`);
  }, [versionId, jobId]);
  return { state, follow, stop };
}

const follows = (job: PrintJobList[number]) =>
  ({ jobId: job.jobId, pages: job.pages, progress: job.progress, status: "running" }) as const;
