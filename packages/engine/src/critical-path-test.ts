import type { ResultColumns } from "./result-format.js";
import { scheduleColumns } from "./schedule.js";
import type { NetworkInput } from "./types.js";

export interface CriticalPathTestResult {
  /** The delayed activity: the unfinished critical work or task that finishes last. */
  id: string;
  /** Working minutes added to its (remaining) duration. */
  delay: number;
  finishBefore: number;
  finishAfter: number;
  /** How far (wall clock) the delayed activity's own finish moved: the project finish must move as far. */
  workShift: number;
}

/**
 * The DCMA critical path test (point 12) as a second engine pass: the critical unfinished work or task that finishes
 * last gets `delay` more working minutes and the network is calculated again. On a sound critical path the project
 * finish moves with it; a finish held by a constraint or a broken chain does not move. Undefined when nothing
 * unfinished is critical.
 */
export function criticalPathTest(
  input: NetworkInput,
  before: ResultColumns = scheduleColumns(input),
  delay = 480,
): CriticalPathTestResult | undefined {
  const activities = input.activities;
  let pick = -1;
  for (let j = 0; j < activities.length; j++) {
    const a = activities[j];
    const type = a.type ?? "work";
    if ((type !== "work" && type !== "task") || a.actualFinish !== undefined) continue;
    if (before.ids[j] !== a.id || before.critical[j] !== 1) continue;
    if (pick < 0 || before.earlyFinish[j] > before.earlyFinish[pick]) pick = j;
  }
  if (pick < 0) return undefined;
  const a = activities[pick];
  const delayed =
    a.actualStart !== undefined
      ? { ...a, remaining: (a.remaining ?? before.remaining[pick]) + delay }
      : { ...a, duration: a.duration + delay };
  const changed = activities.slice();
  changed[pick] = delayed;
  const after = scheduleColumns({ ...input, activities: changed });
  return {
    id: a.id,
    delay,
    finishBefore: before.finish,
    finishAfter: after.finish,
    workShift: after.earlyFinish[pick] - before.earlyFinish[pick],
  };
}
