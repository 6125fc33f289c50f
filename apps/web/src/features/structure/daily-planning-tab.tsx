import { Select, SimpleGrid, Skeleton, Table, Text, TextInput } from "@mantine/core";
import {
  type EpsRow,
  parseUserDate,
  toLanguage,
  WDP_MEASURES,
  type WdpMeasure,
  type WdpReport,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { shownDate } from "../../shared/date-format";
import { useRealtimeEvents } from "../realtime";
import { useNodeSchedules } from "./node-schedules";

const MEASURES: WdpMeasure[] = ["volume", "labour", "cost"];

interface ActualInfo {
  versionId: string;
  firstFactDate: string | null;
  lastFactDate: string | null;
  worksWithFacts: number;
  plan: Record<string, number>;
  fact: Record<string, number>;
}

const wdpKeys = {
  all: (spaceId: string) => ["space", spaceId, "wdp"] as const,
  info: (spaceId: string, scheduleId: string) => ["space", spaceId, "wdp", "info", scheduleId] as const,
  report: (spaceId: string, versionId: string, from: string, to: string, measure: string) =>
    ["space", spaceId, "wdp", "report", versionId, from, to, measure] as const,
};

/** What the user typed (DD.MM.YYYY) back to "YYYY-MM-DD". */
const isoOf = (text: string) => parseUserDate(text)?.slice(0, 10) ?? null;
/** Monday and Sunday of the week holding a day. */
function weekOf(iso: string): [string, string] {
  const t = Date.parse(`${iso}T00:00:00Z`);
  const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000;
  return [new Date(monday).toISOString().slice(0, 10), new Date(monday + 6 * 86_400_000).toISOString().slice(0, 10)];
}

/**
 * The node panel's daily planning (spec §2, `daily_planning`): for a schedule of the node, the work-done plan
 * against the facts for a period — per work and summary, with the schedule's totals. Opens on the week of the last
 * fact entered; follows `wdp_updated` live.
 */
export function DailyPlanningTab({ spaceId, node }: { spaceId: string; node: EpsRow }) {
  const { t, i18n } = useTranslation("structure");
  const { schedules, loading } = useNodeSchedules(spaceId, node);
  const [chosen, setChosen] = useState<string | null>(null);
  const scheduleId = chosen ?? schedules[0]?.id ?? null;
  const [measure, setMeasure] = useState<WdpMeasure>("volume");
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const client = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.spaceId === spaceId && (event.type === "wdp_updated" || event.type === "timetable_calculate"))
      void client.invalidateQueries({ queryKey: wdpKeys.all(spaceId) });
  });

  const info = useQuery({
    queryKey: wdpKeys.info(spaceId, scheduleId ?? ""),
    queryFn: () => api.get<ActualInfo>(`/schedules/${scheduleId}/actual/info`),
    enabled: scheduleId !== null,
  });
  const today = new Date().toISOString().slice(0, 10);
  const [defaultFrom, defaultTo] = weekOf(info.data?.lastFactDate ?? today);
  const from = period?.from ?? defaultFrom;
  const to = period?.to ?? defaultTo;
  const [fromText, setFromText] = useState<string | null>(null);
  const [toText, setToText] = useState<string | null>(null);
  const versionId = info.data?.versionId;
  const report = useQuery({
    queryKey: wdpKeys.report(spaceId, versionId ?? "", from, to, measure),
    queryFn: () => api.get<WdpReport>(`/versions/${versionId}/wdp/report?from=${from}&to=${to}&measure=${measure}`),
    enabled: Boolean(versionId) && from <= to,
  });
  const number = new Intl.NumberFormat(toLanguage(i18n.language) ?? undefined, { maximumFractionDigits: 3 });

  if (loading) return <Skeleton h={120} />;
  if (schedules.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("schedules.none")}
      </Text>
    );

  const setDate = (which: "from" | "to", text: string) => {
    (which === "from" ? setFromText : setToText)(text);
    const iso = isoOf(text);
    if (iso) setPeriod({ from, to, [which]: iso });
  };
  const dateError = (text: string | null) => (text !== null && !isoOf(text) ? t("wdp.badDate") : undefined);
  const rows = (report.data?.rows ?? []).filter((r) => r.planTotal !== 0 || r.factTotal !== 0);
  const colour = (deviation: number) => (deviation < 0 ? "red" : deviation > 0 ? "teal" : undefined);

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mb="sm">
        <Select
          label={t("schedules.name")}
          data={schedules.map((s) => ({ value: s.id, label: s.name }))}
          value={scheduleId}
          onChange={(value) => {
            setChosen(value);
            setPeriod(null);
          }}
          allowDeselect={false}
        />
        <Select
          label={t("wdp.measure")}
          data={MEASURES.filter((m) => WDP_MEASURES.includes(m)).map((m) => ({
            value: m,
            label: t(`wdp.measures.${m}`),
          }))}
          value={measure}
          onChange={(value) => value && setMeasure(value as WdpMeasure)}
          allowDeselect={false}
        />
        <TextInput
          label={t("wdp.from")}
          placeholder={t("fields.datePlaceholder")}
          value={fromText ?? shownDate(from)}
          onChange={(e) => setDate("from", e.currentTarget.value)}
          error={dateError(fromText)}
        />
        <TextInput
          label={t("wdp.to")}
          placeholder={t("fields.datePlaceholder")}
          value={toText ?? shownDate(to)}
          onChange={(e) => setDate("to", e.currentTarget.value)}
          error={dateError(toText) ?? (from > to ? t("wdp.toBeforeFrom") : undefined)}
        />
      </SimpleGrid>
      {info.data ? (
        <Text size="sm" c="dimmed" mb="sm">
          {info.data.lastFactDate
            ? t("wdp.factsSummary", {
                from: shownDate(info.data.firstFactDate ?? info.data.lastFactDate),
                to: shownDate(info.data.lastFactDate),
                count: info.data.worksWithFacts,
              })
            : t("wdp.noFacts")}
        </Text>
      ) : null}
      {report.isPending && versionId ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("wdp.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={t("tabs.daily_planning")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("wdp.code")}</Table.Th>
                <Table.Th>{t("wdp.name")}</Table.Th>
                <Table.Th>{t("wdp.unit")}</Table.Th>
                <Table.Th ta="right">{t("wdp.plan")}</Table.Th>
                <Table.Th ta="right">{t("wdp.fact")}</Table.Th>
                <Table.Th ta="right">{t("wdp.deviation")}</Table.Th>
                <Table.Th ta="right">%</Table.Th>
                <Table.Th ta="right">{t("wdp.planTotal")}</Table.Th>
                <Table.Th ta="right">{t("wdp.factTotal")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.itemId} fw={r.type === "sum" ? 600 : undefined}>
                  <Table.Td>{r.code}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.unit ?? ""}</Table.Td>
                  <Table.Td ta="right">{number.format(r.plan)}</Table.Td>
                  <Table.Td ta="right">{number.format(r.fact)}</Table.Td>
                  <Table.Td ta="right" c={colour(r.deviation)}>
                    {number.format(r.deviation)}
                  </Table.Td>
                  <Table.Td ta="right">{r.percent === null ? "" : number.format(r.percent)}</Table.Td>
                  <Table.Td ta="right">{number.format(r.planTotal)}</Table.Td>
                  <Table.Td ta="right">{number.format(r.factTotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {report.data ? (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={3}>{t("wdp.total")}</Table.Td>
                  <Table.Td ta="right">{number.format(report.data.total.plan)}</Table.Td>
                  <Table.Td ta="right">{number.format(report.data.total.fact)}</Table.Td>
                  <Table.Td ta="right" c={colour(report.data.total.fact - report.data.total.plan)}>
                    {number.format(Math.round((report.data.total.fact - report.data.total.plan) * 1000) / 1000)}
                  </Table.Td>
                  <Table.Td />
                  <Table.Td ta="right">{number.format(report.data.total.planTotal)}</Table.Td>
                  <Table.Td ta="right">{number.format(report.data.total.factTotal)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
