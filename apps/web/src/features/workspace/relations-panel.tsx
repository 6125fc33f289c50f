import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import {
  calendarMinutesPerDay,
  DEFAULT_CALCULATE_SETTINGS,
  type LagCalendar,
  type LinkType,
  lagMinutesPerDay,
} from "@planum/contracts";
import { IconLink } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GanttData } from "./gantt";
import { positionOf } from "./gantt-payload";
import { daysToMinutes, LINK_TYPE_CODES, linkTypeLabel, minutesToDays, showDateTime } from "./relation-format";
import {
  RelationDeleteButton,
  RelationLagCell,
  RelationTypeCell,
  type SendChange,
  useRelationEdits,
} from "./relation-row";
import { workspaceApi, workspaceKeys } from "./workspace-api";

interface RelationsPanelProps {
  versionId: string;
  data: GanttData;
  itemId: number | null;
  readOnly: boolean;
  /** The schedule's lag calendar setting: a typed lag is in days of that calendar. */
  lagCalendar?: LagCalendar;
  /** Sends a change (with the ledger and error handling of the page). */
  run: SendChange;
}

/** The relations tab: predecessors and successors of the selected work with the spec's columns, add and delete. */
export function RelationsPanel({ versionId, data, itemId, readOnly, run, lagCalendar }: RelationsPanelProps) {
  const { t, i18n } = useTranslation("workspace");
  const [direction, setDirection] = useState<"predecessor" | "successor">("predecessor");
  const [other, setOther] = useState<string | null>(null);
  const [type, setType] = useState<LinkType>("fs");
  const [lagText, setLagText] = useState("0");
  const relations = useQuery({
    queryKey: workspaceKeys.relations(versionId, itemId),
    queryFn: () => workspaceApi.relations(versionId, itemId!),
    enabled: itemId !== null,
  });
  const edits = useRelationEdits(run);
  const at = itemId === null ? -1 : positionOf(data, itemId);
  const choices = useMemo(
    () =>
      data.ids
        .map((id, i) => ({ value: String(id), label: `${data.code[i]} — ${data.name[i]}`, sum: data.type[i] === 0 }))
        .filter((c) => !c.sum && Number(c.value) !== itemId)
        .map(({ value, label }) => ({ value, label })),
    [data, itemId],
  );

  if (itemId === null || at < 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t("relations.pickWork")}
      </Text>
    );
  }

  const perDayOf = (id: number | null) => {
    const k = id === null ? -1 : positionOf(data, id);
    const calendar = data.calendars[k < 0 ? data.defaultCalendar : data.calendar[k]];
    return calendarMinutesPerDay(calendar?.week);
  };
  const predecessorId = direction === "predecessor" ? (other === null ? null : Number(other)) : itemId;
  const successorId = direction === "predecessor" ? itemId : other === null ? null : Number(other);
  const lag = daysToMinutes(
    lagText,
    lagMinutesPerDay(lagCalendar ?? DEFAULT_CALCULATE_SETTINGS.lagCalendar, {
      predecessor: perDayOf(predecessorId),
      successor: perDayOf(successorId),
      project: perDayOf(null),
    }),
  );
  const add = async () => {
    if (!other || lag === null) return;
    const body =
      direction === "predecessor"
        ? { predecessorId: Number(other), successorId: itemId, type, lag }
        : { predecessorId: itemId, successorId: Number(other), type, lag };
    const done = await run(() => workspaceApi.createRelation(versionId, body), "relation_create");
    if (done !== null) setOther(null);
  };
  const rows = relations.data ?? [];
  const locale = i18n.language;

  return (
    <Stack gap="xs" p="xs">
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {t("relations.of", { code: data.code[at], name: data.name[at] })}
      </Text>
      <Table.ScrollContainer minWidth={1100} mah={240}>
        <Table striped highlightOnHover verticalSpacing={2} fz="xs" stickyHeader aria-label={t("relations.title")}>
          <Table.Thead>
            <Table.Tr>
              {[
                "direction",
                "status",
                "code",
                "name",
                "type",
                "lag",
                "start",
                "finish",
                "project",
                "schedule",
                "freeFloat",
                "totalFloat",
                "progress",
              ].map((key) => (
                <Table.Th key={key} style={{ whiteSpace: "nowrap" }}>
                  {t(`relations.columns.${key}`)}
                </Table.Th>
              ))}
              <Table.Th w={36} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={14}>
                  <Text size="xs" c="dimmed">
                    {relations.isPending ? t("relations.loading") : t("relations.none")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={`${row.direction}-${row.id}`}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {t(`relations.directions.${row.direction ?? "predecessor"}`)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {row.status ? t(`relations.statuses.${row.status}`, { defaultValue: row.status }) : ""}
                </Table.Td>
                <Table.Td>{row.code}</Table.Td>
                <Table.Td style={{ minWidth: 160, overflowWrap: "anywhere" }}>{row.name}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Group gap={4} wrap="nowrap">
                    <RelationTypeCell row={row} disabled={readOnly} edits={edits} />
                    {row.external && (
                      <Badge size="sm" variant="outline">
                        {t("relations.external")}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <RelationLagCell row={row} disabled={readOnly} edits={edits} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{showDateTime(row.start)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{showDateTime(row.finish)}</Table.Td>
                <Table.Td>{row.project ?? ""}</Table.Td>
                <Table.Td>{row.schedule ?? ""}</Table.Td>
                <Table.Td ta="right">{minutesToDays(row.freeFloat, locale, row.minutesPerDay)}</Table.Td>
                <Table.Td ta="right">{minutesToDays(row.totalFloat, locale, row.minutesPerDay)}</Table.Td>
                <Table.Td ta="right">{row.progress ?? 0}%</Table.Td>
                <Table.Td>
                  <RelationDeleteButton row={row} disabled={readOnly} edits={edits} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t("relations.direction")}
            size="xs"
            w={170}
            allowDeselect={false}
            value={direction}
            data={(["predecessor", "successor"] as const).map((d) => ({
              value: d,
              label: t(`relations.directions.${d}`),
            }))}
            onChange={(v) => v && setDirection(v as "predecessor" | "successor")}
          />
          <Select
            label={t("relations.work")}
            size="xs"
            w={{ base: "100%", xs: 300 }}
            searchable
            value={other}
            data={choices}
            onChange={setOther}
            nothingFoundMessage={t("relations.none")}
          />
          <Select
            label={t("relations.columns.type")}
            size="xs"
            w={90}
            allowDeselect={false}
            value={type}
            data={LINK_TYPE_CODES.map((code) => ({ value: code, label: linkTypeLabel(code) }))}
            onChange={(v) => v && setType(v as LinkType)}
          />
          <TextInput
            label={t("relations.lagDays")}
            size="xs"
            w={110}
            value={lagText}
            error={lag === null ? t("relations.lagInvalid") : null}
            onChange={(e) => setLagText(e.currentTarget.value)}
          />
          <Button size="xs" leftSection={<IconLink size={14} />} disabled={!other || lag === null} onClick={add}>
            {t("relations.add")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
