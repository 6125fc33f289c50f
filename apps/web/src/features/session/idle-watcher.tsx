import type { SpaceConfig } from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { api } from "../../shared/api-client";
import { queryKeys } from "../../shared/query-keys";
import { LAST_ACTIVITY_KEY, readStorage, writeStorage } from "../../shared/storage-keys";
import { idleMinutesOf, useSystemState } from "../../shared/system-state";
import { signOut } from "./session-actions";

const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "scroll"] as const;
/** Spec §9: activity events are throttled to one per second. */
const ACTIVITY_THROTTLE_MS = 1000;
const CHECK_EVERY_MS = 1000;

/** The space a path is in (`/{space_id}/…`), if any. */
const SPACE_PATH = /^\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/|$)/i;

/**
 * Ends the session after the idle minutes in force without activity: inside a space, the space's own
 * (`GET /users/space-config`, which the server also enforces), elsewhere the system's. The last activity is shared by the tabs
 * (localStorage), so working in one tab keeps the others alive; the tab that notices idleness signs every tab out.
 */
export function IdleWatcher() {
  const queryClient = useQueryClient();
  const { data: systemState } = useSystemState();
  const spaceId = SPACE_PATH.exec(useLocation().pathname)?.[1] ?? null;
  const spaceConfig = useQuery({
    queryKey: queryKeys.spaceConfig(spaceId ?? ""),
    // The space layout names this space in X-Space-Id before its children's first requests.
    queryFn: () => api.get<SpaceConfig>("/users/space-config"),
    enabled: spaceId !== null,
    retry: false,
  });
  const spaceMinutes = spaceId && spaceConfig.data?.space.id === spaceId ? spaceConfig.data.idleMinutes : null;
  const idleMs = (spaceMinutes ?? idleMinutesOf(systemState)) * 60_000;

  useEffect(() => {
    let lastWrite = 0;
    let ended = false;
    const markActivity = () => {
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_THROTTLE_MS) return;
      lastWrite = now;
      writeStorage("local", LAST_ACTIVITY_KEY, String(now));
    };
    markActivity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActivity, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      const last = Math.max(Number(readStorage("local", LAST_ACTIVITY_KEY)) || 0, lastWrite);
      if (!ended && Date.now() - last >= idleMs) {
        ended = true;
        void signOut(queryClient, "idle");
      }
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActivity, { capture: true });
    };
  }, [idleMs, queryClient]);

  return null;
}
