import { Select } from "@mantine/core";
import type { EpsRow } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { childrenQuery, ROOT, structureApi, structureKeys, useNode } from "../structure";

interface Props {
  spaceId: string;
  nodeId: string | null;
  onChange: (nodeId: string) => void;
}

/**
 * The node through which attributes are managed: the top-level nodes, or what a server search finds (a space may
 * hold 20,000 nodes, so the list never loads them all).
 */
export function PlacePicker({ spaceId, nodeId, onChange }: Props) {
  const { t } = useTranslation("attributes");
  const roots = useQuery(childrenQuery(spaceId, ROOT));
  const current = useNode(spaceId, nodeId);
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: structureKeys.search(spaceId, search),
    queryFn: () => structureApi.search(search),
    enabled: search.length > 0 && search !== current.data?.name,
  });

  const data = useMemo(() => {
    const rows = new Map<string, EpsRow>();
    if (current.data) rows.set(current.data.id, current.data);
    for (const row of found.data?.nodes ?? roots.data ?? []) rows.set(row.id, row);
    return [...rows.values()].map((row) => ({
      value: row.id,
      label: row.key ? `${row.name} (${row.key})` : row.name,
    }));
  }, [current.data, found.data, roots.data]);

  return (
    <Select
      label={t("place.label")}
      description={t("place.hint")}
      searchable
      data={data}
      value={nodeId}
      onChange={(value) => value && onChange(value)}
      onSearchChange={setText}
      nothingFoundMessage={t("place.nothing")}
      filter={({ options }) => options}
      maw={480}
      allowDeselect={false}
    />
  );
}
