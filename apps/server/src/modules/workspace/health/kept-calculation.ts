import type { ResultColumns as EngineColumns, NetworkInput } from "@planum/engine";
import type { HealthRows } from "./health-columns.js";

/**
 * A calculation's network, answer and health rows, kept in this process until the critical path test job of the
 * version takes them (issue 10): without them the job read the whole network again and ran the engine once more
 * before its own second pass — about 1.5 s CPU per 100k activities after every calculation, on the cores the next
 * request needs. Only as valid as its revision: the revision the calculation left on the version (read + 1), so a
 * job that finds any other revision, or another process's job, reads the tables as before.
 */
export interface KeptCalculation {
  revision: number;
  input: NetworkInput;
  result: EngineColumns;
  health: HealthRows;
  /** The works with a resource, as the calculation's read found them (the health answer's key). */
  assigned: number[];
}

/** A few versions at most (a 100k network is tens of MB), each for a minute at most (a job runs within seconds). */
const MAX_KEPT = 2;
const KEEP_MS = 60_000;

const kept = new Map<string, { entry: KeptCalculation; timer: NodeJS.Timeout }>();

function forget(versionId: string) {
  const held = kept.get(versionId);
  if (!held) return;
  clearTimeout(held.timer);
  kept.delete(versionId);
}

export function keepCalculation(versionId: string, entry: KeptCalculation) {
  forget(versionId);
  const timer = setTimeout(() => forget(versionId), KEEP_MS);
  timer.unref();
  kept.set(versionId, { entry, timer });
  for (const oldest of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    forget(oldest);
  }
}

/** The kept calculation of the version at `revision`, taken (a second call answers null); null if none matches. */
export function takeCalculation(versionId: string, revision: number): KeptCalculation | null {
  const held = kept.get(versionId);
  forget(versionId);
  return held && held.entry.revision === revision ? held.entry : null;
}
