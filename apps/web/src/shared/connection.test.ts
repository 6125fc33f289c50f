import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Connection = typeof import("./connection");

/** A fresh copy of the module (its state is the tab's) with a fetch that answers as the test says. */
async function load(answers: (() => Promise<Response>)[]) {
  vi.resetModules();
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => {
      calls.push(url);
      const next = answers.shift();
      return next ? next() : Promise.reject(new TypeError("Failed to fetch"));
    }),
  );
  const connection: Connection = await import("./connection");
  return { connection, calls };
}
const down = () => Promise.reject(new TypeError("Failed to fetch"));
const up = () => Promise.resolve(new Response("{}", { status: 200 }));
const draining = () => Promise.resolve(new Response("{}", { status: 503 }));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the tab's connection", () => {
  it("goes offline once, probes the health check with a growing pause, and is online when it answers", async () => {
    const { connection, calls } = await load([down, down, draining, up]);
    const seen: string[] = [];
    connection.subscribeConnection((state) => seen.push(state));
    connection.markOffline();
    connection.markOffline();
    expect(connection.getConnectionState()).toBe("offline");
    expect(seen).toEqual(["offline"]);

    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1); // 1 s: down
    expect(calls).toEqual(["/api/v1/health-check"]);
    await vi.advanceTimersByTimeAsync(2000); // +2 s: down
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1); // +4 s: 503, a draining server is not back
    expect(calls).toHaveLength(3);
    expect(connection.getConnectionState()).toBe("offline");
    await vi.advanceTimersByTimeAsync(5000); // +5 s: up
    expect(calls).toHaveLength(4);
    expect(connection.getConnectionState()).toBe("online");
    expect(seen).toEqual(["offline", "online"]);
    // no probe once online
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
  });

  it("'reconnect now' asks at once, answers false while down and keeps probing, true once the server is back", async () => {
    const { connection, calls } = await load([down, up]);
    connection.markOffline();
    await expect(connection.retryNow()).resolves.toBe(false);
    expect(calls).toHaveLength(1);
    expect(connection.getConnectionState()).toBe("offline");
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(connection.getConnectionState()).toBe("online");
    await expect(connection.retryNow()).resolves.toBe(false); // the next answer is "down" again
    expect(connection.getConnectionState()).toBe("offline");
  });

  it("tells a call that reached no server from one the server refused", async () => {
    const { connection } = await load([]);
    expect(connection.isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(connection.isNetworkFailure(new DOMException("aborted", "AbortError"))).toBe(false);
  });
});
