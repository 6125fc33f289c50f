import type { ElementBatchData } from "./bim-geometry-merge";
import { type GeometryProgress, GeometryStreamReader } from "./bim-geometry-stream";

/** Batches completed (none when only the progress moved on) and how far the reading is. */
export type OnBatches = (batches: ElementBatchData[], progress: GeometryProgress) => void;

/** A geometry file being read: `done` settles once it is all read (or failed); `cancel` stops reading it. */
export interface GeometryReading {
  done: Promise<void>;
  cancel: () => void;
}

/**
 * Reads a geometry file (bim-geometry-wire, uncompressed) as it arrives into the scene's batches, in a Web Worker:
 * each piece of the stream is moved to it (a stream moved whole would still be inflated and read on this thread,
 * and its pieces copied), and each batch it completes comes back to `onBatches` at once, so the viewer draws the
 * model while the rest is still arriving. Where there are no workers (tests), here.
 */
export function readGeometryStream(stream: ReadableStream<Uint8Array>, onBatches: OnBatches): GeometryReading {
  let cancelled = false;
  if (typeof Worker === "undefined") {
    const pieces = stream.getReader();
    const reader = new GeometryStreamReader();
    const done = (async () => {
      for (let piece = await pieces.read(); !piece.done && !cancelled; piece = await pieces.read()) {
        const batches = reader.push(piece.value);
        if (batches.length) onBatches(batches, reader.progress);
      }
      if (!cancelled) onBatches(reader.end(), reader.progress);
    })();
    return {
      done,
      cancel: () => {
        cancelled = true;
      },
    };
  }
  const worker = new Worker(new URL("./bim-geometry-worker.ts", import.meta.url), { type: "module" });
  const done = new Promise<void>((resolve, reject) => {
    type Reply = { batches?: ElementBatchData[]; progress?: GeometryProgress; ended?: boolean; error?: string };
    worker.onmessage = ({ data }: MessageEvent<Reply>) => {
      if (cancelled) return;
      if (data.error !== undefined || !data.batches) {
        worker.terminate();
        cancelled = true;
        reject(new Error(data.error ?? "geometry not read"));
        return;
      }
      onBatches(data.batches, data.progress!);
      if (data.ended) {
        worker.terminate();
        resolve();
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "geometry not read"));
    };
    void pump(stream.getReader(), worker, () => cancelled).catch((error) => {
      worker.terminate();
      reject(error);
    });
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      worker.terminate();
    },
  };
}

/** Moves the stream's pieces to the worker one by one, then `null` at its end. */
async function pump(pieces: ReadableStreamDefaultReader<Uint8Array>, worker: Worker, cancelled: () => boolean) {
  for (let piece = await pieces.read(); !piece.done; piece = await pieces.read()) {
    if (cancelled()) {
      await pieces.cancel();
      return;
    }
    // a piece that is not its buffer's whole is copied, so that moving it moves nothing else
    const { value } = piece;
    const whole =
      value.byteOffset === 0 && value.byteLength === value.buffer.byteLength
        ? (value.buffer as ArrayBuffer)
        : (value.slice().buffer as ArrayBuffer);
    worker.postMessage(whole, [whole]);
  }
  if (!cancelled()) worker.postMessage(null);
}
