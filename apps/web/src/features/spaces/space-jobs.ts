import { notifications } from "@mantine/notifications";
import type { ServerEvent } from "@planum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../shared/query-keys";
import { getLastSpaceId, setLastSpaceId } from "../../shared/session-store";
import { notifyInfo, updateProgress } from "../../ui/notify";
import { useRealtime, useRealtimeEvents } from "../realtime";
import { fetchSpaces } from "./spaces-api";

type JobKind = "space_delete" | "demo_space";
interface PendingJob {
  kind: JobKind;
  spaceId: string;
  toastId: string;
}

/** Without events (socket down), the space list is re-read at this pace while a job runs. */
const POLL_MS = 2000;

/**
 * Space deletion and demo filling run as server jobs (spec §4: long-running with a progress message). The toast
 * follows the `space_delete` / `demo_space` events of the space's room; the list is polled as a fallback.
 */
export type SpaceJobs = ReturnType<typeof useSpaceJobs>;

export function useSpaceJobs() {
  const { t } = useTranslation("spaces");
  const queryClient = useQueryClient();
  const { joinSpace, leaveSpace } = useRealtime();
  const [pending, setPending] = useState<PendingJob[]>([]);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  const finish = useCallback(
    (job: PendingJob, ok: boolean) => {
      setPending((list) => list.filter((item) => item.toastId !== job.toastId));
      leaveSpace(job.spaceId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
      const key = job.kind === "space_delete" ? "delete" : "demo";
      updateProgress(job.toastId, t(ok ? `${key}.done` : `${key}.failed`), ok ? "done" : "failed");
      if (ok && job.kind === "space_delete" && getLastSpaceId() === job.spaceId) setLastSpaceId(null);
    },
    [leaveSpace, queryClient, t],
  );

  /** Listens to the space's room first (so no event is missed), then shows the progress toast. */
  const track = useCallback(
    async (kind: JobKind, spaceId: string) => {
      const toastId = `${kind}-${spaceId}`;
      await joinSpace(spaceId);
      notifyInfo(t(kind === "space_delete" ? "delete.progress" : "demo.progress", { progress: 0 }), {
        id: toastId,
        loading: true,
      });
      const job: PendingJob = { kind, spaceId, toastId };
      setPending((list) => [...list.filter((item) => item.toastId !== toastId), job]);
      return job;
    },
    [joinSpace, t],
  );

  /** The call that starts the job failed: no job to follow. */
  const cancel = useCallback(
    (job: PendingJob) => {
      setPending((list) => list.filter((item) => item.toastId !== job.toastId));
      leaveSpace(job.spaceId);
      notifications.hide(job.toastId);
    },
    [leaveSpace],
  );

  useRealtimeEvents((event: ServerEvent) => {
    if (event.type !== "space_delete" && event.type !== "demo_space") return;
    const job = pendingRef.current.find((item) => item.kind === event.type && item.spaceId === event.spaceId);
    if (!job) return;
    if (event.status === "in_process") {
      const key = event.type === "space_delete" ? "delete.progress" : "demo.progress";
      updateProgress(job.toastId, t(key, { progress: Math.round(event.progress) }), "loading");
    } else finish(job, event.status === "completed");
  });

  // fallback when no event arrives: a deleted space leaves the list, a filled demo space is marked demo
  useEffect(() => {
    if (pending.length === 0) return;
    const timer = window.setInterval(async () => {
      const spaces = await queryClient
        .fetchQuery({ queryKey: queryKeys.spaces, queryFn: fetchSpaces, staleTime: 0 })
        .catch(() => null);
      if (!spaces) return;
      for (const job of pendingRef.current) {
        if (job.kind === "space_delete" && !spaces.some((space) => space.id === job.spaceId)) finish(job, true);
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, queryClient, finish]);

  return { pending, track, cancel };
}
