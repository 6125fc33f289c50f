import type { PreviewReply, PreviewRequest } from "./preview-client";
import { PreviewSession } from "./preview-engine";

/**
 * The drag preview's engine in a worker: building a 100k-row scheduler and an incremental pass that reaches every
 * row (a moved limit can shift the project finish, so all late dates) take tens of milliseconds, which must not
 * stall the frames the dragged bar is drawn in.
 */
let session: PreviewSession | null = null;

const post = (reply: PreviewReply) => (self as unknown as Worker).postMessage(reply);

self.onmessage = (event: MessageEvent<PreviewRequest>) => {
  const req = event.data;
  try {
    if (req.type === "init") {
      const started = performance.now();
      session = new PreviewSession(req.network);
      post({ type: "ready", ms: performance.now() - started });
      return;
    }
    if (!session) return;
    if (req.type === "preview") {
      session.apply(req.edit);
      post({ type: "dates", seq: req.seq, dates: session.read(req.rows) });
    } else if (req.type === "cancel") session.cancel();
    else if (req.type === "commit") post({ type: "committed", seq: req.seq, dates: session.commit() });
  } catch (error) {
    post({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
