import { transferables } from "./bim-geometry-merge";
import { GeometryStreamReader } from "./bim-geometry-stream";

/**
 * Reads a model's geometry file off the main thread as it arrives: its pieces one by one (moved, not copied), then
 * `null` at its end. Merged batches go back the same way as soon as they are complete, with the progress.
 */
const post = (reply: unknown, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(reply, transfer);

const reader = new GeometryStreamReader();
/** The progress goes back each time it passes another hundredth (a batch of its own may be far off). */
let told = -1;

function take(piece: Uint8Array | null) {
  const ended = piece === null;
  const batches = ended ? reader.end() : reader.push(piece);
  const { read, total } = reader.progress;
  const hundredths = total ? Math.floor((read / total) * 100) : 0;
  if (batches.length === 0 && !ended && hundredths === told) return;
  told = hundredths;
  post({ batches, progress: reader.progress, ended }, transferables(batches));
}

self.onmessage = (event: MessageEvent<ArrayBuffer | null>) => {
  try {
    take(event.data === null ? null : new Uint8Array(event.data));
  } catch (error) {
    post({ error: error instanceof Error ? error.message : String(error) });
  }
};
