import DataLoader from "dataloader";

/** Enough keys for any crowd, few enough for one statement's parameters. */
const MAX_BATCH = 1_000;

/**
 * Reads rows one key at a time for the caller, but in few queries for the database: every key asked for while the
 * server handled the requests of one turn of the event loop goes to `readMany` together, and while one read is under
 * way the keys asked for meanwhile wait for it to end and then go together in the next. A crowd's requests reach the
 * server over many turns (its connections are read a few at a time); batching per turn alone made 200 users' first
 * calls ~120 queries of one or two keys each, queued one behind the other on the embedded database's one thread.
 * A key waits at most for the read under way, which it would have queued behind anyway on that database.
 * The same serves a crowd's writes of one kind (sessions' last-seen times): `readMany` writes them and answers.
 * Nothing is kept here (`cache: false`): keeping is ChangeClock's job, and a read starts after every caller in it
 * took its clock reading.
 */
export function batchedReader<V>(readMany: (keys: readonly string[]) => Promise<Map<string, V>>) {
  let reading: Promise<unknown> | null = null;
  const loader = new DataLoader<string, V | null>(
    (keys) => {
      const read = readMany(keys).then((found) => keys.map((key) => found.get(key) ?? null));
      const done = read.then(
        () => undefined,
        () => undefined,
      );
      reading = done;
      void done.then(() => {
        if (reading === done) reading = null;
      });
      return read;
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      // The batch closes after the read under way (if any) ended, and then after the turn's other requests asked.
      batchScheduleFn: (run) => {
        if (reading) void reading.then(() => setImmediate(run));
        else setImmediate(run);
      },
    },
  );
  return (key: string) => loader.load(key);
}
