import type { EpsRow } from "@planum/contracts";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { childrenQuery, ROOT, structureApi, structureKeys } from "./structure-api";
import { flattenTree } from "./tree-model";
import { useExpandedState } from "./use-expanded-state";

const SEARCH_DELAY_MS = 300;

/**
 * The rows the tree shows: branches are fetched one by one as they open (children on expand), and a search asks
 * the server for the matches and their ancestors, then shows only those, with the ancestors open.
 */
export function useStructureTree(spaceId: string) {
  const queryClient = useQueryClient();
  const state = useExpandedState(spaceId);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(searchText.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const found = useQuery({
    queryKey: structureKeys.search(spaceId, search),
    queryFn: () => structureApi.search(search),
    enabled: search.length > 0,
  });
  const searching = search.length > 0;
  const searchView = useMemo(() => {
    if (!searching || !found.data) return null;
    const matchIds = new Set(found.data.nodes.map((n) => n.id));
    return { matchIds, visible: new Set([...matchIds, ...found.data.ancestorIds]), open: found.data.ancestorIds };
  }, [searching, found.data]);

  const expanded = useMemo(
    () => (searchView ? new Set(searchView.open) : state.expanded),
    [searchView, state.expanded],
  );

  // flattening reads the cache directly; the queries below subscribe to every branch it walks, so this re-runs
  const childrenOf = (id: string) => queryClient.getQueryData<EpsRow[]>(structureKeys.children(spaceId, id));
  const flat = flattenTree(childrenOf, expanded, searchView?.visible);
  const branches = useQueries({
    queries: [ROOT, ...flat.openParents].map((parent) => childrenQuery(spaceId, parent)),
  });
  // results are tracked per property: reading every branch's data makes a changed branch re-render the tree
  for (const branch of branches) void branch.data;
  const root = branches[0];

  return {
    rows: flat.rows,
    rootLoading: root.isPending,
    rootError: root.isError,
    searchText,
    setSearchText,
    searching,
    searchPending: searching && (found.isPending || search !== searchText.trim()),
    matchIds: searchView?.matchIds,
    isExpanded: (id: string) => expanded.has(id),
    expand: state.expand,
    collapse: state.collapse,
    toggle: state.toggle,
  };
}
