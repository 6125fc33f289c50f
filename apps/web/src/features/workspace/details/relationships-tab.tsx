import { Box, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { calendarMinutesPerDay, type LinkType, type RelationRow, type WbsItem } from "@planum/contracts";
import { IconCheck, IconLink } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GanttData } from "../gantt";
import { positionOf } from "../gantt-payload";
import { daysToMinutes, LINK_TYPE_CODES, linkTypeLabel } from "../relation-format";
import {
  RelationDeleteButton,
  RelationLagCell,
  RelationTypeCell,
  type SendChange,
  useRelationEdits,
} from "../relation-row";
import { workspaceApi, workspaceKeys } from "../workspace-api";
import { calendarsOf, isDriving } from "./driving";
import { choiceLabel, relationChoices } from "./relation-choices";

type Direction = "predecessor" | "successor";

interface RelationshipsTabProps {
  versionId: string;
  data: GanttData;
  item: WbsItem;
  readOnly: boolean;
  send: SendChange;
}

/**
 * P6's relationships of the selected work: its predecessors and successors side by side, type and lag editable in
 * place, the driving ones marked, add and remove. The list is the relations tab's query, so both show the same.
 */
export function RelationshipsTab({ versionId, data, item, readOnly, send }: RelationshipsTabProps) {
  const relations = useQuery({
    queryKey: workspaceKeys.relations(versionId, item.id),
    queryFn: () => workspaceApi.relations(versionId, item.id),
  });
  const calendarAt = useMemo(() => calendarsOf(data), [data]);
  const rows = relations.data ?? [];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" p="xs">
      {(["predecessor", "successor"] as const).map((direction) => (
        <RelationList
          key={direction}
          direction={direction}
          rows={rows.filter((r) => r.direction === direction)}
          loading={relations.isPending}
          versionId={versionId}
          data={data}
          item={item}
          readOnly={readOnly}
          send={send}
          driving={(row) =>
            isDriving(
              data,
              positionOf(data, row.predecessorId),
              positionOf(data, row.successorId),
              row.type,
              row.lag,
              calendarAt,
            )
          }
        />
      ))}
    </SimpleGrid>
  );
}

function RelationList(props: {
  direction: Direction;
  rows: RelationRow[];
  loading: boolean;
  versionId: string;
  data: GanttData;
  item: WbsItem;
  readOnly: boolean;
  send: RelationshipsTabProps["send"];
  driving(row: RelationRow): boolean;
}) {
  const { t } = useTranslation("workspace");
  const { direction, rows, data, item, versionId, readOnly, send } = props;
  const [other, setOther] = useState<string | null>(null);
  const [type, setType] = useState<LinkType>("fs");
  const [lagText, setLagText] = useState("0");
  // a new relation's lag in days of the predecessor's calendar (P6's default lag calendar)
  const predecessorAt = positionOf(data, direction === "predecessor" ? Number(other ?? -1) : item.id);
  const lagPerDay = calendarMinutesPerDay(
    data.calendars[predecessorAt < 0 ? data.defaultCalendar : data.calendar[predecessorAt]]?.week,
  );
  const lag = daysToMinutes(lagText, lagPerDay);
  const linked = useMemo(() => new Set(rows.map((r) => r.itemId)), [rows]);
  // The picker lists a few works and narrows as the user types (relation-choices.ts); its own filtering is off. The
  // chosen work's text in the search box lists everything again, as a plain searchable select does.
  const [search, setSearch] = useState("");
  const chosenAt = other === null ? -1 : positionOf(data, Number(other));
  const narrowBy = chosenAt >= 0 && search === choiceLabel(data, chosenAt) ? "" : search;
  const choices = useMemo(() => {
    const found = relationChoices(data, item.id, linked, narrowBy, other);
    if (found.more === 0) return found.options;
    const hint = { value: "", label: t("details.relationships.moreChoices", { count: found.more }), disabled: true };
    return [...found.options, hint];
  }, [data, item.id, linked, narrowBy, other, t]);
  const title = t(`details.relationships.${direction}s`);
  const edits = useRelationEdits(send);
  const add = async () => {
    if (!other || lag === null) return;
    const body =
      direction === "predecessor"
        ? { predecessorId: Number(other), successorId: item.id, type, lag }
        : { predecessorId: item.id, successorId: Number(other), type, lag };
    const done = await send(() => workspaceApi.createRelation(versionId, body), "relation_create");
    if (done !== null) setOther(null);
  };
  return (
    <Stack gap={4} data-testid={`details-${direction}s`}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Box style={{ overflowX: "auto" }}>
        <Table verticalSpacing={2} fz="xs" striped aria-label={title} miw={460}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("relations.columns.code")}</Table.Th>
              <Table.Th>{t("relations.columns.name")}</Table.Th>
              <Table.Th w={82}>{t("relations.columns.type")}</Table.Th>
              <Table.Th w={80}>{t("relations.columns.lag")}</Table.Th>
              <Table.Th w={60}>{t("details.relationships.driving")}</Table.Th>
              <Table.Th w={32} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="xs" c="dimmed">
                    {props.loading ? t("relations.loading") : t("relations.none")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{row.code}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.name}</Table.Td>
                <Table.Td>
                  <RelationTypeCell row={row} disabled={readOnly} edits={edits} />
                </Table.Td>
                <Table.Td>
                  <RelationLagCell row={row} disabled={readOnly} edits={edits} />
                </Table.Td>
                <Table.Td ta="center">
                  {props.driving(row) ? <IconCheck size={14} aria-label={t("details.relationships.driving")} /> : null}
                </Table.Td>
                <Table.Td>
                  <RelationDeleteButton row={row} disabled={readOnly} edits={edits} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {!readOnly && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            size="xs"
            style={{ flex: 1, minWidth: 180 }}
            label={t(`details.relationships.add_${direction}`)}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            value={other}
            data={choices}
            onChange={setOther}
            nothingFoundMessage={t("relations.none")}
            data-testid={`details-add-${direction}`}
          />
          <Select
            size="xs"
            w={72}
            label={t("relations.columns.type")}
            allowDeselect={false}
            value={type}
            data={LINK_TYPE_CODES.map((code) => ({ value: code, label: linkTypeLabel(code) }))}
            onChange={(v) => v && setType(v as LinkType)}
          />
          <TextInput
            size="xs"
            w={80}
            label={t("relations.lagDays")}
            value={lagText}
            error={lag === null ? t("relations.lagInvalid") : null}
            onChange={(e) => setLagText(e.currentTarget.value)}
          />
          <Button
            size="xs"
            leftSection={<IconLink size={14} />}
            disabled={!other || lag === null}
            onClick={() => void add()}
          >
            {t("details.relationships.add")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
