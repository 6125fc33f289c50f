import { mergeBimGeometry, transferables } from "./bim-geometry-merge";

/**
 * Reads a model's geometry file off the main thread: the file's bytes come in (moved, not copied), the merged
 * batches go back the same way, so the page stays responsive while a large model is read.
 */
const post = (reply: unknown, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(reply, transfer);

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  try {
    const batches = mergeBimGeometry(new Uint8Array(event.data));
    post({ batches }, transferables(batches));
  } catch (error) {
    post({ error: error instanceof Error ? error.message : String(error) });
  }
};
