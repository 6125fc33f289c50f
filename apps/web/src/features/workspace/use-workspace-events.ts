import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { directoryKeys } from "../directories/directories-api";
import { useRealtimeEvents } from "../realtime";
import { workspaceKeys } from "./workspace-api";

/** Several events of one change (rows, relations, version) arrive together: they cause one reload. */
const DEBOUNCE_MS = 150;

/**
 * Keeps the workspace in step with everyone's changes: the socket says which version changed and its new revision;
 * anything newer than the payload on screen reloads the Gantt data, the relations tab and the activity details.
 */
export function useWorkspaceEvents(scheduleId: string, versionId: string | null, shownRevision: number | null) {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);

  const refresh = useCallback(() => {
    if (!versionId) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.gantt(versionId) });
      void queryClient.invalidateQueries({ queryKey: ["version", versionId, "relations"] });
      void queryClient.invalidateQueries({ queryKey: ["version", versionId, "network-diagram"] });
      // a calculation rewrites dates and floats without moving the rows' revisions: the details read them again
      void queryClient.invalidateQueries({ queryKey: ["version", versionId, "passport"] });
      // a calculation judges the version's health again (its critical path test follows as a job: health_updated)
      void queryClient.invalidateQueries({ queryKey: ["version", versionId, "health"] });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.versions(scheduleId) });
    }, DEBOUNCE_MS);
  }, [queryClient, scheduleId, versionId]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useRealtimeEvents((event) => {
    switch (event.type) {
      case "versions_changed":
      case "delete_versions":
        if (event.scheduleId === scheduleId) {
          void queryClient.invalidateQueries({ queryKey: workspaceKeys.versions(scheduleId) });
        }
        break;
      case "wbs_updated":
      case "relations_updated":
        if (event.versionId === versionId && (shownRevision === null || event.versionRevision > shownRevision)) {
          refresh();
        }
        break;
      case "timetable_calculate":
        if (event.versionId === versionId && event.status !== "in_process") refresh();
        break;
      case "calculate_settings_updated":
        // the mode badge and the settings dialog show another user's (or an upload's) settings
        if (event.scheduleId === scheduleId) {
          void queryClient.invalidateQueries({ queryKey: workspaceKeys.calculateSettings(scheduleId) });
        }
        break;
      case "health_thresholds_updated":
        if (event.scheduleId === scheduleId && versionId)
          void queryClient.invalidateQueries({ queryKey: ["version", versionId, "health"] });
        break;
      case "health_updated":
        if (event.versionId === versionId)
          void queryClient.invalidateQueries({ queryKey: ["version", versionId, "health"] });
        break;
      case "calendars_updated":
        // row calendars are part of the payload: the bars move with a changed working week
        refresh();
        break;
    }
  });

  return refresh;
}

/**
 * An uploaded version shows before its assignments, code links and UDF values are in (`importing_details`, written
 * by the upload's job): when they arrive, what shows them — the rows' attributes, the Resources and Directories
 * tabs — reads them again.
 */
export function useDetailsArrival(
  spaceId: string,
  versionId: string | null,
  status: string | null,
  refresh: () => void,
) {
  const queryClient = useQueryClient();
  const seen = useRef<{ versionId: string | null; status: string | null }>({ versionId, status });
  useEffect(() => {
    const was = seen.current;
    seen.current = { versionId, status };
    if (!versionId || was.versionId !== versionId || was.status !== "importing_details") return;
    if (status === "importing_details") return;
    refresh();
    void queryClient.invalidateQueries({ queryKey: ["assignments"] });
    void queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) });
  }, [queryClient, spaceId, versionId, status, refresh]);
}
