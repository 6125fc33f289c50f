import type { UpdateWbsBody, WbsType } from "@planum/contracts";
import { useCallback, useRef } from "react";
import { ApiRequestError } from "../../shared/api-error";
import { notifyError } from "../../ui/notify";
import type { GanttChange, GanttData, GanttLink } from "./gantt";
import { changeToUpdate, placementFor, positionOf } from "./gantt-payload";
import type { LedgerCommand } from "./undo-ledger";
import { type MoveDirection, workspaceApi } from "./workspace-api";

interface CommandOptions {
  versionId: string | null;
  data: GanttData | null;
  record(command: LedgerCommand): void;
  /** Reload the Gantt payload (and the relations tab) after a change or a refused one. */
  refresh(): void;
}

/**
 * The workspace's WBS and relation changes. Each carries the row's revision; a refused stale one (409) shows the
 * server's translated message and reloads, so the user sees the row as it is now and can redo their edit on it.
 */
export function useWbsCommands({ versionId, data, record, refresh }: CommandOptions) {
  const ref = useRef({ versionId, data });
  ref.current = { versionId, data };

  const revisionOf = useCallback((id: number): number | null => {
    const current = ref.current.data;
    if (!current) return null;
    const at = positionOf(current, id);
    return at < 0 ? null : current.revision[at];
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      notifyError(error);
      if (error instanceof ApiRequestError && error.status === 409) refresh();
    },
    [refresh],
  );

  /** Runs a request, records how to send it again, reloads; errors are shown and swallowed. */
  const run = useCallback(
    async <T>(
      send: () => Promise<T>,
      command: Omit<LedgerCommand, "replay"> | null,
      replay?: LedgerCommand["replay"],
    ) => {
      try {
        const result = await send();
        if (command && replay) record({ ...command, replay });
        refresh();
        return result;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    [record, refresh, fail],
  );

  const change = useCallback(
    (c: GanttChange) => {
      const id = ref.current.versionId;
      if (!id) return;
      const body = changeToUpdate(c, ref.current.data?.attributes ?? []);
      void run(
        () => workspaceApi.updateItem(id, c.id, body),
        { action: "update", itemIds: [c.id] },
        (rev) => workspaceApi.updateItem(id, c.id, { ...body, revision: rev(c.id) ?? body.revision }),
      );
    },
    [run],
  );

  const link = useCallback(
    (l: GanttLink) => {
      const id = ref.current.versionId;
      if (!id) return;
      const body = { predecessorId: l.from, successorId: l.to, type: l.type.toLowerCase() as "fs", lag: 0 };
      void run(
        () => workspaceApi.createRelation(id, body),
        { action: "relation_create", itemIds: [] },
        () => workspaceApi.createRelation(id, body),
      );
    },
    [run],
  );

  const create = useCallback(
    async (type: WbsType, name: string, selectedId: number | null) => {
      const id = ref.current.versionId;
      const current = ref.current.data;
      if (!id || !current) return null;
      const body = { type, name, ...placementFor(current, selectedId) };
      const result = await run(
        () => workspaceApi.createItem(id, body),
        { action: "create", itemIds: [] },
        () => workspaceApi.createItem(id, body),
      );
      return result?.item.id ?? null;
    },
    [run],
  );

  const remove = useCallback(
    (ids: number[]) => {
      const id = ref.current.versionId;
      if (!id || ids.length === 0) return;
      const refs = () => ids.map((item) => ({ id: item, revision: revisionOf(item) ?? 0 }));
      void run(
        () => workspaceApi.deleteItems(id, refs()),
        { action: "delete", itemIds: ids },
        // undo brings rows back under their old ids, so the same ids can be deleted again
        () => workspaceApi.deleteItems(id, refs()),
      );
    },
    [run, revisionOf],
  );

  const move = useCallback(
    (itemId: number, direction: MoveDirection) => {
      const id = ref.current.versionId;
      const revision = revisionOf(itemId);
      if (!id || revision === null) return;
      void run(
        () => workspaceApi.moveItem(id, itemId, revision, direction),
        { action: "move", itemIds: [itemId] },
        (rev) => workspaceApi.moveItem(id, itemId, rev(itemId) ?? revision, direction),
      );
    },
    [run, revisionOf],
  );

  const setExpanded = useCallback((itemId: number, open: boolean) => {
    const id = ref.current.versionId;
    // the flag is the user's view state: a failure only means it is not remembered next time
    if (id) void workspaceApi.setExpanded(id, [itemId], open).catch(() => undefined);
  }, []);

  /** An edit of one item's fields (the activity details), at the revision the caller holds; answers the item. */
  const update = useCallback(
    (itemId: number, revision: number, patch: Omit<UpdateWbsBody, "revision">) => {
      const id = ref.current.versionId;
      if (!id) return Promise.resolve(null);
      return run(
        () => workspaceApi.updateItem(id, itemId, { ...patch, revision }),
        { action: "update", itemIds: [itemId] },
        (rev) => workspaceApi.updateItem(id, itemId, { ...patch, revision: rev(itemId) ?? revision }),
      );
    },
    [run],
  );

  /** A change of an item's type (the activity details). */
  const setType = useCallback(
    (itemId: number, revision: number, type: WbsType) => {
      const id = ref.current.versionId;
      if (!id) return Promise.resolve(null);
      return run(
        () => workspaceApi.updateType(id, itemId, revision, type),
        { action: "type", itemIds: [itemId] },
        (rev) => workspaceApi.updateType(id, itemId, rev(itemId) ?? revision, type),
      );
    },
    [run],
  );

  /** Any other change (the relations tab): `action` names it for redo, null when it cannot be replayed. */
  const send = useCallback(
    (request: () => Promise<unknown>, action: string | null) =>
      run(request, action ? { action, itemIds: [] } : null, action ? request : undefined),
    [run],
  );

  return { change, link, create, remove, move, setExpanded, send, update, setType, revisionOf, fail };
}
