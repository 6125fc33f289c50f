import DataLoader from "dataloader";

/** Enough keys for any crowd of one turn, few enough for one statement's parameters. */
const MAX_BATCH = 1_000;

/**
 * Reads rows one key at a time for the caller, but one query per turn of the event loop for the database: every key
 * asked for while the server handled the requests of one turn (a crowd arriving at once) goes to `readMany` together,
 * so 200 users' first calls cost a few queries, not 200 queued one behind the other on the database. Nothing is kept
 * here (`cache: false`): keeping is ChangeClock's job, and the read starts after the caller took its clock reading.
 */
export function batchedReader<V>(readMany: (keys: readonly string[]) => Promise<Map<string, V>>) {
  const loader = new DataLoader<string, V | null>(
    async (keys) => {
      const found = await readMany(keys);
      return keys.map((key) => found.get(key) ?? null);
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key: string) => loader.load(key);
}
