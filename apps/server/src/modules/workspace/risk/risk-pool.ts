import { availableParallelism } from "node:os";
import type { RiskPartial } from "@planum/engine";
import { mergeRiskPartials, type NetworkInput, type RiskInput, type RiskRunFacts } from "@planum/engine";
import { Piscina } from "piscina";
import type { RiskTask, RiskTaskResult, RiskWorkerData } from "./risk-worker.js";

// Built, the worker is the compiled file beside this one; under Vitest (TypeScript sources) it loads through tsx.
const fromSources = import.meta.url.endsWith(".ts");
const WORKER = new URL(fromSources ? "./risk-worker.ts" : "./risk-worker.js", import.meta.url).href;

/** Chunks per thread: enough for progress to move and for threads that finish early to take more. */
const CHUNKS_PER_THREAD = 5;

/**
 * The iterations of one run spread over worker threads, one per core (at a lowered priority, so the API's event
 * loop gets a core when it needs one). Each iteration draws from its own seeded stream, so the result does not
 * depend on how many threads there are or which one ran what. The pool lives for one run: risk analyses are rare,
 * and a pool kept open would hold threads and a built network for nothing. Each thread gets the network once, as
 * its `workerData` (a 10,000-activity network sent with every chunk cost ~0.1 s CPU a chunk to copy and read).
 */
export async function runIterations(
  network: NetworkInput,
  risk: RiskInput,
  iterations: number,
  options: { signal: AbortSignal; progress: (done: number) => void; threads?: number },
): Promise<{ merged: RiskPartial; facts: RiskRunFacts }> {
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), 8));
  const pool = new Piscina<RiskTask, RiskTaskResult>({
    filename: WORKER,
    minThreads: threads,
    maxThreads: threads,
    niceIncrement: 10,
    execArgv: fromSources ? ["--import", "tsx"] : [],
    workerData: { network, risk } satisfies RiskWorkerData,
  });
  try {
    const size = Math.max(10, Math.ceil(iterations / (threads * CHUNKS_PER_THREAD)));
    let done = 0;
    const chunks: Promise<RiskTaskResult>[] = [];
    for (let from = 0; from < iterations; from += size) {
      const to = Math.min(iterations, from + size);
      chunks.push(
        pool.run({ from, to }, { signal: options.signal }).then((out) => {
          done += to - from;
          options.progress(done);
          return out;
        }),
      );
    }
    const results = await Promise.all(chunks);
    const facts = results.find((r) => r.facts)?.facts;
    if (!facts) throw new Error("risk analysis: no chunk started at iteration 0");
    return { merged: mergeRiskPartials(results.map((r) => r.partial)), facts };
  } finally {
    await pool.destroy();
  }
}
