import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifyInfo, notifySuccess } from "../../ui/notify";
import {
  afterUndo,
  EMPTY_LEDGER,
  type Ledger,
  type LedgerCommand,
  recordCommand,
  shortcutOf,
  takeRedo,
} from "./undo-ledger";
import { workspaceApi } from "./workspace-api";

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable;
}

interface UndoOptions {
  versionId: string | null;
  userId: string | null;
  readOnly: boolean;
  revisionOf(id: number): number | null;
  /** The version changed on the server: reload what the page shows. */
  onApplied(): void;
}

/** Undo through the server's history (any user's latest change), redo of this tab's own undone changes; Ctrl+Z / Ctrl+Y. */
export function useUndoRedo({ versionId, userId, readOnly, revisionOf, onApplied }: UndoOptions) {
  const { t } = useTranslation("workspace");
  const ledger = useRef<Ledger>(EMPTY_LEDGER);
  const [counts, setCounts] = useState({ redo: 0 });
  const busy = useRef(false);
  const latest = useRef({ versionId, userId, readOnly, revisionOf, onApplied });
  latest.current = { versionId, userId, readOnly, revisionOf, onApplied };

  const set = useCallback((next: Ledger) => {
    ledger.current = next;
    setCounts({ redo: next.undone.length });
  }, []);

  // Another version has its own history.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the open version changes
  useEffect(() => set(EMPTY_LEDGER), [versionId]);

  const record = useCallback((command: LedgerCommand) => set(recordCommand(ledger.current, command)), [set]);

  const undo = useCallback(async () => {
    const { versionId: id, userId: me, readOnly: locked } = latest.current;
    if (!id || locked || busy.current) return;
    busy.current = true;
    try {
      const actions = await workspaceApi.undoActions(id);
      const newest = actions[0];
      if (!newest) {
        notifyInfo(t("undo.nothing"));
        return;
      }
      await workspaceApi.restore(id, newest.id);
      set(afterUndo(ledger.current, newest, me ?? ""));
      notifySuccess(t("undo.done", { action: t(`undo.actions.${newest.action}`, { defaultValue: newest.action }) }));
      latest.current.onApplied();
    } catch (error) {
      notifyError(error);
    } finally {
      busy.current = false;
    }
  }, [t, set]);

  const redo = useCallback(async () => {
    const { versionId: id, readOnly: locked } = latest.current;
    if (!id || locked || busy.current) return;
    const step = takeRedo(ledger.current);
    if (!step) {
      notifyInfo(t("undo.nothingToRedo"));
      return;
    }
    busy.current = true;
    try {
      await step.command.replay(latest.current.revisionOf);
      set(step.next);
      notifySuccess(t("undo.redone"));
    } catch (error) {
      // the rows changed too much to replay: the redo is dropped rather than retried forever
      set({ done: ledger.current.done, undone: [] });
      notifyError(error);
    } finally {
      busy.current = false;
      latest.current.onApplied();
    }
  }, [t, set]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const what = shortcutOf(event, typingIn(event.target));
      if (!what) return;
      event.preventDefault();
      void (what === "undo" ? undo() : redo());
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  return { undo, redo, record, canRedo: counts.redo > 0 };
}
