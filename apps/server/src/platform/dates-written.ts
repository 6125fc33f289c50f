import type { DbOrTx } from "./db.js";

/**
 * What follows a calculation writing new dates, inside its transaction: modules whose data hangs on works' dates
 * (work-done plans are spread over a work's days) register here, so the calculation needs to know none of them.
 * `movedIds` are the works whose calculated results changed. A hook may answer what to do once the transaction has
 * committed (announce its changes): `run` collects those for the caller to run after the commit.
 */
export type DatesWrittenHook = (
  tx: DbOrTx,
  versionId: string,
  movedIds: number[],
) => Promise<(() => void) | undefined | unknown>;

/**
 * The hooks of one server (AppContext.datesWritten): a hook closes over its server's context (its realtime, its
 * notices), so two servers in one process — the API tests run many in one worker — must not run each other's.
 */
export class DatesWritten {
  private readonly hooks = new Set<DatesWrittenHook>();

  on(hook: DatesWrittenHook) {
    this.hooks.add(hook);
  }

  /** Runs the hooks; answers what each wants done after the commit. */
  async run(tx: DbOrTx, versionId: string, movedIds: number[]): Promise<(() => void)[]> {
    const after: (() => void)[] = [];
    if (movedIds.length === 0) return after;
    for (const hook of this.hooks) {
      const next = await hook(tx, versionId, movedIds);
      if (typeof next === "function") after.push(next as () => void);
    }
    return after;
  }
}
