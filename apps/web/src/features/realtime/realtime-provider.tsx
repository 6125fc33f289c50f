import { SERVER_EVENT, SESSION_ENDED_EVENT, type ServerEvent } from "@planum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { io, type Socket } from "socket.io-client";
import { api as http } from "../../shared/api-client";
import { getConnectionState, markOffline, markOnline, subscribeConnection } from "../../shared/connection";
import { i18n } from "../../shared/i18n";
import { currentPath, navigateTo } from "../../shared/navigation";
import { queryKeys } from "../../shared/query-keys";
import { getLastSpaceId, getToken, setLastSpaceId, setToken, subscribeToken } from "../../shared/session-store";
import { DISCONNECT_DEADLINE_KEY, DISCONNECT_RETURN_KEY, writeStorage } from "../../shared/storage-keys";
import { notifyInfo } from "../../ui/notify";

/** A connection lost for longer than this (and not restored) sends the user to /disconnect. */
const LOST_CONNECTION_GRACE_MS = 3000;
const JOIN_TIMEOUT_MS = 2000;
/** Spec §9: the reconnect countdown. */
export const RECONNECT_COUNTDOWN_MS = 10_000;

type EventHandler = (event: ServerEvent) => void;

interface RealtimeApi {
  /** Listens to every `planum_event`; returns the unsubscribe function. */
  subscribe: (handler: EventHandler) => () => void;
  /** Joins a space's room (again after every reconnect); resolves when the server answered (or after 2 s). */
  joinSpace: (spaceId: string) => Promise<boolean>;
  leaveSpace: (spaceId: string) => void;
  /** The space the open page shows: its deletion sends the user to the space choice. */
  setCurrentSpace: (spaceId: string | null) => void;
}

const RealtimeContext = createContext<RealtimeApi | null>(null);

/** Remembers where the user was and starts the /disconnect countdown. */
export function goToDisconnectPage(): void {
  const path = currentPath();
  if (!path.startsWith("/disconnect")) writeStorage("session", DISCONNECT_RETURN_KEY, path);
  writeStorage("session", DISCONNECT_DEADLINE_KEY, String(Date.now() + RECONNECT_COUNTDOWN_MS));
  navigateTo("/disconnect", { replace: true });
}

/**
 * One socket.io connection per signed-in tab (same origin, path /socket.io, the token in `auth`). It joins the rooms
 * of the spaces being looked at, turns events into cache invalidations and watches for a lost connection.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const handlers = useRef(new Set<EventHandler>());
  const rooms = useRef(new Set<string>());
  const currentSpace = useRef<string | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);

  useEffect(() => {
    if (!token) return;
    // WebSocket only: one connection stays on one server process, so several processes behind a load balancer need
    // no sticky sessions (long polling would send each request of a session to any process). docs/deploy.md
    const socket = io({ path: "/socket.io", auth: { token }, transports: ["websocket"] });
    socketRef.current = socket;
    let lostTimer: number | undefined;
    let sessionEnded = false;

    let connectedBefore = false;

    const join = (spaceId: string) => socket.emit("join_space", { spaceId }, () => {});
    socket.on("connect", () => {
      window.clearTimeout(lostTimer);
      for (const spaceId of rooms.current) join(spaceId);
      // events sent while the socket was away are lost: the open screens read their data again, once (going back
      // online does it too, so only a short drop the tab never counted as offline needs it here)
      if (connectedBefore && getConnectionState() === "online") {
        void queryClient.invalidateQueries({ refetchType: "active" });
      }
      connectedBefore = true;
      markOnline();
    });
    socket.on("disconnect", (reason) => {
      if (reason === "io client disconnect" || sessionEnded) return;
      // socket.io reconnects by itself with a growing pause; the health probe may find the server sooner
      markOffline();
      window.clearTimeout(lostTimer);
      lostTimer = window.setTimeout(() => {
        if (!socket.connected && getToken() && getConnectionState() === "offline") goToDisconnectPage();
      }, LOST_CONNECTION_GRACE_MS);
    });
    socket.on("connect_error", (error) => {
      // refused by the server (not a network failure): the session may be gone, e.g. the server lost it. Asking who
      // the user is answers 401 then, and the API layer sends the user to sign in; otherwise try again shortly.
      if (socket.active || error.message !== "Unauthorized") return;
      void http
        .get("/users/who-am-i")
        .then(() => window.setTimeout(() => socket.connect(), 2000))
        .catch(() => {});
    });
    // the server is back (a probe or an API call said so) while the socket still waits out its pause: go now
    const unsubscribeConnection = subscribeConnection((state) => {
      if (state !== "online" || socket.connected || sessionEnded) return;
      socket.disconnect();
      socket.connect();
    });
    socket.on(SESSION_ENDED_EVENT, (payload?: { reason?: string }) => {
      sessionEnded = true;
      setToken(null);
      const idle = payload?.reason === "idle" || payload?.reason === "idleness";
      navigateTo(idle ? "/auth/idleness" : "/auth/login", { replace: true });
    });
    socket.on(SERVER_EVENT, (event: ServerEvent) => {
      switch (event.type) {
        case "space_renamed":
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
          break;
        case "space_members_changed":
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaceMembers(event.spaceId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
          break;
        case "space_settings_changed":
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaceSettings(event.spaceId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaceConfig(event.spaceId) });
          break;
        case "space_licence_changed":
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaceLicence(event.spaceId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaceConfig(event.spaceId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
          break;
        case "space_delete":
          if (event.status !== "completed") break;
          void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
          if (getLastSpaceId() === event.spaceId) setLastSpaceId(null);
          if (currentSpace.current === event.spaceId) {
            notifyInfo(i18n.t("spaces:delete.currentDeleted"));
            navigateTo("/auth/select-space", { replace: true });
          }
          break;
        case "demo_space":
          if (event.status === "completed") void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
          break;
      }
      for (const handler of handlers.current) handler(event);
    });

    return () => {
      unsubscribeConnection();
      window.clearTimeout(lostTimer);
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
    };
  }, [queryClient, token]);

  const api = useMemo<RealtimeApi>(
    () => ({
      subscribe: (handler) => {
        handlers.current.add(handler);
        return () => handlers.current.delete(handler);
      },
      joinSpace: (spaceId) => {
        rooms.current.add(spaceId);
        const socket = socketRef.current;
        if (!socket?.connected) return Promise.resolve(false);
        return new Promise<boolean>((resolve) => {
          const timer = window.setTimeout(() => resolve(false), JOIN_TIMEOUT_MS);
          socket.emit("join_space", { spaceId }, (answer?: { ok?: boolean }) => {
            window.clearTimeout(timer);
            resolve(answer?.ok === true);
          });
        });
      },
      leaveSpace: (spaceId) => {
        rooms.current.delete(spaceId);
        socketRef.current?.emit("leave_space", { spaceId });
      },
      setCurrentSpace: (spaceId) => {
        currentSpace.current = spaceId;
      },
    }),
    [],
  );

  return <RealtimeContext.Provider value={api}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeApi {
  const api = useContext(RealtimeContext);
  if (!api) throw new Error("useRealtime needs a RealtimeProvider above it");
  return api;
}

/** Calls the handler for every server event while the component is mounted. */
export function useRealtimeEvents(handler: EventHandler): void {
  const { subscribe } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}

/** Joins the space's room while the space is open and marks it as the current one. */
export function useSpaceRoom(spaceId: string | null): void {
  const { joinSpace, leaveSpace, setCurrentSpace } = useRealtime();
  useEffect(() => {
    if (!spaceId) return;
    void joinSpace(spaceId);
    setCurrentSpace(spaceId);
    return () => {
      setCurrentSpace(null);
      leaveSpace(spaceId);
    };
  }, [spaceId, joinSpace, leaveSpace, setCurrentSpace]);
}
