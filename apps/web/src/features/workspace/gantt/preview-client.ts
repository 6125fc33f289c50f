import { type PreviewDates, type PreviewEdit, type PreviewNetwork, PreviewSession } from "./preview-engine";

export type PreviewRequest =
  | { type: "init"; network: PreviewNetwork }
  | { type: "preview"; seq: number; edit: PreviewEdit; rows: Int32Array }
  | { type: "cancel" }
  | { type: "commit"; seq: number };

export type PreviewReply =
  | { type: "ready"; ms: number }
  | { type: "dates"; seq: number; dates: PreviewDates }
  | { type: "committed"; seq: number; dates: PreviewDates }
  | { type: "error"; message: string };

export interface PreviewListener {
  onReady?(ms: number): void;
  /** Dates of the rows asked for in the latest preview that reached the engine. */
  onPreview(dates: PreviewDates): void;
  /** Every row the dropped change moved, to write into the row model. */
  onCommit(dates: PreviewDates): void;
  onError?(message: string): void;
}

/**
 * Talks to the preview engine. Pointer moves arrive faster than an incremental pass at 100k rows finishes, so at
 * most one preview is in flight and only the newest waiting one is kept: the engine never falls behind the pointer.
 */
export class PreviewClient {
  private readonly worker: Worker | null;
  private local: PreviewSession | null = null;
  private busy = false;
  private pending: { edit: PreviewEdit; rows: Int32Array } | null = null;
  private seq = 0;
  ready = false;

  constructor(
    network: PreviewNetwork,
    private readonly listener: PreviewListener,
  ) {
    this.worker =
      typeof Worker === "undefined"
        ? null
        : new Worker(new URL("./preview-worker.ts", import.meta.url), { type: "module" });
    if (this.worker) {
      this.worker.onmessage = (event: MessageEvent<PreviewReply>) => this.receive(event.data);
      this.worker.postMessage({ type: "init", network } satisfies PreviewRequest);
    } else {
      const started = performance.now();
      this.local = new PreviewSession(network);
      this.receive({ type: "ready", ms: performance.now() - started });
    }
  }

  preview(edit: PreviewEdit, rows: Int32Array): void {
    if (!this.ready) return;
    if (this.busy) {
      this.pending = { edit, rows };
      return;
    }
    this.send({ type: "preview", seq: ++this.seq, edit, rows });
  }

  cancel(): void {
    this.pending = null;
    this.send({ type: "cancel" });
  }

  /** Applies the newest waiting step first, so the committed state is the one the pointer was dropped at. */
  commit(): void {
    if (this.pending) {
      this.send({ type: "preview", seq: ++this.seq, edit: this.pending.edit, rows: this.pending.rows });
      this.pending = null;
    }
    this.send({ type: "commit", seq: ++this.seq });
  }

  dispose(): void {
    this.worker?.terminate();
    this.local = null;
  }

  private send(req: PreviewRequest): void {
    if (req.type === "preview") this.busy = true;
    if (this.worker) {
      this.worker.postMessage(req);
      return;
    }
    const session = this.local;
    if (!session) return;
    // Without workers (tests, old browsers) the same protocol runs on this thread, one task later.
    setTimeout(() => {
      if (req.type === "preview") {
        session.apply(req.edit);
        this.receive({ type: "dates", seq: req.seq, dates: session.read(req.rows) });
      } else if (req.type === "cancel") session.cancel();
      else if (req.type === "commit") this.receive({ type: "committed", seq: req.seq, dates: session.commit() });
    }, 0);
  }

  private receive(reply: PreviewReply): void {
    switch (reply.type) {
      case "ready":
        this.ready = true;
        this.listener.onReady?.(reply.ms);
        break;
      case "dates":
        this.busy = false;
        this.listener.onPreview(reply.dates);
        if (this.pending) {
          const next = this.pending;
          this.pending = null;
          this.send({ type: "preview", seq: ++this.seq, edit: next.edit, rows: next.rows });
        }
        break;
      case "committed":
        this.busy = false;
        this.listener.onCommit(reply.dates);
        break;
      case "error":
        this.busy = false;
        this.listener.onError?.(reply.message);
        break;
    }
  }
}
