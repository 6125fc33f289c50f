/**
 * Redo for a server that only undoes. The server keeps the inverse of every change (`POST restore` steps back);
 * the browser remembers, per version, the requests this tab sent, so after an undo it can send the same request again.
 *
 * A redo is only offered for the change this tab made last and just undid: if the newest server action was someone
 * else's, undoing it must not let this tab "redo" its own older change in its place.
 */
export interface LedgerCommand {
  /** The server's undo action name the request records (create, update, move, delete, relation_create…). */
  action: string;
  /** Rows whose fresh revision the replay needs (it is read from the Gantt data at replay time). */
  itemIds: number[];
  /** Sends the request again with the current revisions; resolves when the server accepted it. */
  replay(revisionOf: (id: number) => number | null): Promise<unknown>;
}

export interface Ledger {
  done: LedgerCommand[];
  undone: LedgerCommand[];
}

export const EMPTY_LEDGER: Ledger = { done: [], undone: [] };
const DEPTH = 100;

/** A new change of this tab: it can be undone, and whatever was undone before cannot be redone any more. */
export function recordCommand(ledger: Ledger, command: LedgerCommand): Ledger {
  return { done: [...ledger.done, command].slice(-DEPTH), undone: [] };
}

/**
 * After the server undid `undone` (its newest action): when it was this user's and matches this tab's last change,
 * that change moves to the redo stack; otherwise this tab's stacks no longer describe the server and are cleared of it.
 */
export function afterUndo(ledger: Ledger, undone: { action: string; userId: string | null }, me: string): Ledger {
  const last = ledger.done[ledger.done.length - 1];
  if (last && undone.userId === me && undone.action === last.action) {
    return { done: ledger.done.slice(0, -1), undone: [...ledger.undone, last] };
  }
  return { done: ledger.done, undone: [] };
}

/** The command a redo replays, and the ledger once it has been replayed. */
export function takeRedo(ledger: Ledger): { command: LedgerCommand; next: Ledger } | null {
  const command = ledger.undone[ledger.undone.length - 1];
  if (!command) return null;
  return { command, next: { done: [...ledger.done, command].slice(-DEPTH), undone: ledger.undone.slice(0, -1) } };
}

/** Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z, ⌘ on a Mac), unless the user is typing in a field that has its own undo. */
export function shortcutOf(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
  typingInField: boolean,
): "undo" | "redo" | null {
  if (typingInField || event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === "z" || key === "я") return event.shiftKey ? "redo" : "undo";
  if (key === "y" || key === "н") return "redo";
  return null;
}
