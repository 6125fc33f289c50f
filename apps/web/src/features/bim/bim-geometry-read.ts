import { type ElementBatchData, mergeBimGeometry } from "./bim-geometry-merge";

/**
 * Reads a geometry file (bim-geometry-wire, uncompressed) into the scene's batches in a Web Worker, the file's
 * buffer moved to it (the caller's `bytes` are unusable afterwards); where there are no workers (tests), here.
 */
export function readGeometryOffThread(bytes: Uint8Array): Promise<ElementBatchData[]> {
  if (typeof Worker === "undefined") return Promise.resolve(mergeBimGeometry(bytes));
  const whole =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : (bytes.slice().buffer as ArrayBuffer);
  const worker = new Worker(new URL("./bim-geometry-worker.ts", import.meta.url), { type: "module" });
  return new Promise<ElementBatchData[]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ batches?: ElementBatchData[]; error?: string }>) => {
      worker.terminate();
      if (event.data.batches) resolve(event.data.batches);
      else reject(new Error(event.data.error ?? "geometry not read"));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "geometry not read"));
    };
    worker.postMessage(whole, [whole]);
  });
}
