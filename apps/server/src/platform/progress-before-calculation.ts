import type { CalculateSettings } from "@planum/contracts";
import type { DbOrTx } from "./db.js";

/** What a progress hook needs of the version being calculated. */
export interface ProgressVersion {
  id: string;
  spaceId: string;
  /** "YYYY-MM-DDTHH:mm" or the driver's wall-clock text; null when the version has none. */
  dataDate: string | null;
}

/**
 * What sets works' progress before a calculation reads them: modules whose data drives progress (work-done plans:
 * facts give actual dates, % complete and remaining duration) register here, so the calculation needs to know none
 * of them. A hook writes the works' progress fields in the transaction it is given; the calculation then reads them.
 */
export type ProgressHook = (tx: DbOrTx, version: ProgressVersion, settings: CalculateSettings) => Promise<void>;

const hooks = new Set<ProgressHook>();

export function onProgressBeforeCalculation(hook: ProgressHook) {
  hooks.add(hook);
}

export async function progressBeforeCalculation(tx: DbOrTx, version: ProgressVersion, settings: CalculateSettings) {
  for (const hook of hooks) await hook(tx, version, settings);
}

export const hasProgressHooks = () => hooks.size > 0;
