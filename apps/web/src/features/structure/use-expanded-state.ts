import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { structureApi, structureKeys } from "./structure-api";

const SAVE_DELAY_MS = 800;
const localKey = (spaceId: string) => `planum.structure.expanded.${spaceId}`;

function readLocal(spaceId: string): Set<string> {
  try {
    const raw = window.localStorage.getItem(localKey(spaceId));
    return new Set(raw ? (JSON.parse(raw) as string[]) : []);
  } catch {
    return new Set();
  }
}

function writeLocal(spaceId: string, ids: Set<string>): void {
  try {
    window.localStorage.setItem(localKey(spaceId), JSON.stringify([...ids]));
  } catch {
    // a full or disabled storage only loses the local copy; the server keeps the state
  }
}

/**
 * The open branches of the tree, remembered per user on the server (`/eps/tree-state`). The local copy paints the
 * first screen before the server answers and stands in when saving fails.
 */
export function useExpandedState(spaceId: string) {
  const [expanded, setExpanded] = useState<Set<string>>(() => readLocal(spaceId));
  const touched = useRef(false);
  const server = useQuery({
    queryKey: structureKeys.treeState(spaceId),
    queryFn: structureApi.treeState,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });

  useEffect(() => {
    // the server's copy wins unless the user already opened or closed something in this visit
    if (server.data && !touched.current) setExpanded(new Set(server.data.expanded));
  }, [server.data]);

  useEffect(() => {
    if (!touched.current) return;
    writeLocal(spaceId, expanded);
    const timer = window.setTimeout(() => {
      structureApi.saveTreeState([...expanded].slice(0, 20_000)).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [spaceId, expanded]);

  const update = useCallback((change: (next: Set<string>) => void) => {
    touched.current = true;
    setExpanded((current) => {
      const next = new Set(current);
      change(next);
      return next;
    });
  }, []);

  return {
    expanded,
    expand: useCallback(
      (ids: string | string[]) =>
        update((s) => {
          for (const id of [ids].flat()) s.add(id);
        }),
      [update],
    ),
    collapse: useCallback((id: string) => update((s) => s.delete(id)), [update]),
    toggle: useCallback((id: string) => update((s) => (s.has(id) ? s.delete(id) : s.add(id))), [update]),
  };
}
