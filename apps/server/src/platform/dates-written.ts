import type { DbOrTx } from "./db.js";

/**
 * What follows a calculation writing new dates, inside its transaction: modules whose data hangs on works' dates
 * (work-done plans are spread over a work's days) register here, so the calculation needs to know none of them.
 * `movedIds` are the works whose calculated results changed.
 */
export type DatesWrittenHook = (tx: DbOrTx, versionId: string, movedIds: number[]) => Promise<unknown>;

const hooks = new Set<DatesWrittenHook>();

export function onDatesWritten(hook: DatesWrittenHook) {
  hooks.add(hook);
}

export async function datesWritten(tx: DbOrTx, versionId: string, movedIds: number[]) {
  if (movedIds.length === 0) return;
  for (const hook of hooks) await hook(tx, versionId, movedIds);
}
