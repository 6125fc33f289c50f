import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { WbsFound } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";

/** A WBS row of a schedule's current version, as the indicators widget names it. */
export type ChosenRow = Pick<WbsFound, "id" | "code" | "name">;
const labelOf = (row: ChosenRow) => (row.code ? `${row.code} ${row.name}` : row.name);

/**
 * Picks a WBS node or a work of the schedule shown, found by code or name as the user types (the version's rows are
 * never all loaded: a schedule may have 100,000); cleared, the widget shows the schedule's values again.
 */
export function WbsRowPicker({
  spaceId,
  scheduleId,
  value,
  onChange,
}: {
  spaceId: string;
  scheduleId: string;
  value: ChosenRow | null;
  onChange: (row: ChosenRow | null) => void;
}) {
  const { t } = useTranslation("analytics");
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search, 250);
  const actual = useQuery({
    queryKey: ["space", spaceId, "analytics", "actual-version", scheduleId],
    queryFn: () => api.get<{ versionId: string }>(`/schedules/${scheduleId}/actual/info`),
  });
  const versionId = actual.data?.versionId;
  // The chosen row's label in the box is not a search: it would list that row alone.
  const text = value && query === labelOf(value) ? "" : query.trim();
  const found = useQuery({
    queryKey: ["space", spaceId, "analytics", "wbs-find", versionId, text],
    queryFn: () => api.get<WbsFound[]>(`/versions/${versionId}/wbs/find?q=${encodeURIComponent(text)}&limit=30`),
    enabled: !!versionId && text.length > 0,
    placeholderData: (previous) => previous,
  });
  const rows = new Map<string, ChosenRow>();
  if (value) rows.set(String(value.id), value);
  for (const row of found.data ?? []) if (row.type !== "draft") rows.set(String(row.id), row);
  return (
    <Select
      size="xs"
      label={t("indicators.row")}
      placeholder={t("indicators.rowPlaceholder")}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={[...rows].map(([id, row]) => ({ value: id, label: labelOf(row) }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? (rows.get(id) ?? null) : null)}
      nothingFoundMessage={text ? t("indicators.rowNone") : undefined}
      w={{ base: "100%", sm: 340 }}
      mb="xs"
      data-testid="indicator-row"
    />
  );
}
