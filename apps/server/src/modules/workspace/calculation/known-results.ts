import type { ResultColumns as EngineColumns } from "@planum/engine";
import type { StoredResults } from "./network.repo.js";

/**
 * What a version's rows hold as calculated results, known in this process from its last calculation here (issue 10):
 * the engine's answer it compared with the stored results and wrote where they differed, so afterwards every row
 * holds it. The next calculation then reads the stored results only of the rows written since by anybody else —
 * those a transaction other than that calculation's wrote after its read (`xmin`, as the Gantt's patch finds them) —
 * instead of 7 columns of every row (half the time of reading a 100k version). Rows that transaction wrote hold
 * what it wrote: only the calculation writes results in it (the hooks it runs write other tables).
 */
export interface KnownResults {
  /** The snapshot the calculation's read was taken at (`pg_current_snapshot()` as text). */
  snapshot: string;
  /** The calculation's writing transaction (its `xid`, modulo 2^32 as rows carry it). */
  xid: string;
  /** Item id → place in the columns. */
  place: Map<number, number>;
  /** The engine's columns as answered (early start … critical), not copied: nothing writes into them. */
  columns: ArrayLike<number>[];
}

/** A few versions at most (100k rows keep ~4 MB). */
const MAX_KNOWN = 4;
const known = new Map<string, KnownResults>();

export function knownResults(versionId: string): KnownResults | null {
  return known.get(versionId) ?? null;
}

export function forgetResults(versionId: string) {
  known.delete(versionId);
}

/**
 * Remembers the engine's answer as the version's stored results: `ids` are the items in the answer's order (numbers
 * of the ids the engine answered).
 */
export function rememberResults(
  versionId: string,
  mark: { snapshot: string; xid: string },
  ids: readonly number[],
  result: EngineColumns,
  /** Item id → place in `ids`, when the caller has it (a kept network's), not to be changed afterwards. */
  places?: Map<number, number>,
) {
  let place = places;
  if (!place) {
    place = new Map<number, number>();
    for (let k = 0; k < ids.length; k++) place.set(ids[k], k);
  }
  const { earlyStart, earlyFinish, lateStart, lateFinish, totalFloat, freeFloat, critical } = result;
  known.delete(versionId);
  known.set(versionId, {
    ...mark,
    place,
    columns: [earlyStart, earlyFinish, lateStart, lateFinish, totalFloat, freeFloat, critical],
  });
  for (const oldest of known.keys()) {
    if (known.size <= MAX_KNOWN) break;
    known.delete(oldest);
  }
}

/**
 * The stored results of `ids` (the items as read now): a row written since as read (`changed`: id and its seven
 * results), else as known, else none (null: such a row is written).
 */
export function storedResultsOf(
  ids: readonly number[],
  changed: readonly (readonly (number | null)[])[],
  from: KnownResults,
): StoredResults {
  const n = ids.length;
  const columns = Array.from({ length: 7 }, () => new Array<number | null>(n).fill(null)) as unknown as StoredResults;
  const read = new Map<number, readonly (number | null)[]>();
  for (const row of changed) read.set(row[0] as number, row);
  for (let k = 0; k < n; k++) {
    const row = read.get(ids[k]);
    if (row) {
      for (let c = 0; c < 7; c++) columns[c][k] = row[c + 1];
      continue;
    }
    const at = from.place.get(ids[k]);
    if (at !== undefined) for (let c = 0; c < 7; c++) columns[c][k] = from.columns[c][at];
  }
  return columns;
}
