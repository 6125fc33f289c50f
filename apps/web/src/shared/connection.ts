/**
 * Is the server reachable? One answer for the whole tab, fed by the API calls (a call that could not reach the server
 * marks the tab offline), by the socket (its disconnects and reconnects) and by a health-check probe that runs with
 * a growing pause while offline. The query client pauses its queries while offline and refetches once back, and the
 * screens show one calm message instead of one error per failed call.
 */

export type ConnectionState = "online" | "offline";

const HEALTH_URL = "/api/v1/health-check";
/** The pauses between two probes while offline: 1, 2, 4 s, then every 5 s. */
const PROBE_DELAYS_MS = [1000, 2000, 4000, 5000];
/** A probe that has no answer after this long counts as failed (a stopped server may leave a request hanging). */
const PROBE_TIMEOUT_MS = 4000;

let state: ConnectionState = "online";
const listeners = new Set<(state: ConnectionState) => void>();
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeAttempt = 0;
let probing: Promise<boolean> | null = null;

export function getConnectionState(): ConnectionState {
  return state;
}

/** Calls the listener on every change; returns the unsubscribe function (fits useSyncExternalStore). */
export function subscribeConnection(listener: (state: ConnectionState) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function setState(next: ConnectionState): void {
  if (state === next) return;
  state = next;
  for (const listener of [...listeners]) listener(next);
}

/** The server could not be reached: go offline and probe until it answers again. */
export function markOffline(): void {
  const wasOnline = state === "online";
  setState("offline");
  if (wasOnline) {
    probeAttempt = 0;
    scheduleProbe();
  }
}

/** The server answered (an API call, the socket, a probe). */
export function markOnline(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeAttempt = 0;
  setState("online");
}

function scheduleProbe(): void {
  clearTimeout(probeTimer);
  const delay = PROBE_DELAYS_MS[Math.min(probeAttempt, PROBE_DELAYS_MS.length - 1)];
  probeAttempt += 1;
  probeTimer = setTimeout(() => {
    void probeNow().then((up) => {
      if (!up && state === "offline") scheduleProbe();
    });
  }, delay);
}

/**
 * Asks the server's health check now (one probe at a time; a second caller shares the first's answer). Resolves true
 * when the server answered, and then marks the tab online. Never waits longer than the probe time-out.
 */
export function probeNow(): Promise<boolean> {
  if (probing) return probing;
  probing = (async () => {
    try {
      const response = await fetch(HEALTH_URL, {
        cache: "no-store",
        credentials: "same-origin",
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      // 503 is a server that runs but is draining or cannot reach its database: not back yet
      const up = response.ok;
      if (up) markOnline();
      else markOffline();
      return up;
    } catch {
      markOffline();
      return false;
    } finally {
      probing = null;
    }
  })();
  return probing;
}

/** "Reconnect now": probes at once; while the server is still down the automatic probes go on from the start. */
export async function retryNow(): Promise<boolean> {
  const up = await probeNow();
  if (!up && state === "offline") {
    probeAttempt = 0;
    scheduleProbe();
  }
  return up;
}

/** A fetch that failed without an answer (server stopped, network down), as opposed to one the caller aborted. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
