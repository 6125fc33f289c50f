import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { ConvertResult, ConvertTask } from "./bim-convert-worker.js";

// Built, the worker is the compiled file beside this one; under Vitest (TypeScript sources) it loads through tsx.
const fromSources = import.meta.url.endsWith(".ts");
const WORKER = new URL(fromSources ? "./bim-convert-worker.ts" : "./bim-convert-worker.js", import.meta.url).href;

let pool: Piscina<ConvertTask, ConvertResult> | null = null;

/**
 * Converts one IFC file in a worker thread. One thread for all conversions of the process: web-ifc holds the whole
 * model in WASM memory (up to its 4 GB), so two large conversions at once would compete for memory, and the
 * thread keeps its initialised WASM between uploads. It runs at a lowered priority so the API stays responsive.
 */
export async function convertInWorker(
  bytes: Uint8Array,
  options: { signal?: AbortSignal; progress: (share: number) => void },
): Promise<ConvertResult> {
  pool ??= new Piscina<ConvertTask, ConvertResult>({
    filename: WORKER,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
    execArgv: fromSources ? ["--import", "tsx"] : [],
  });
  const channel = new MessageChannel();
  channel.port1.on("message", (percent: number) => options.progress(percent / 100));
  try {
    return await pool.run(
      { bytes, progress: channel.port2 },
      { transferList: [channel.port2], ...(options.signal ? { signal: options.signal } : {}) },
    );
  } finally {
    channel.port1.close();
  }
}

/** Ends the worker thread (the server's shutdown). */
export async function closeConvertPool() {
  const current = pool;
  pool = null;
  await current?.destroy();
}
