import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { USAGE_GROUPINGS, USAGE_SCALES, type UsageColumns } from "@planum/contracts";
import { formatDate } from "@planum/engine";
import { IconAlertTriangle, IconFilter, IconRestore, IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorsOf } from "../../../shared/api-error";
import { describeError } from "../../../ui/notify";
import { formatAmount } from "../assignments-tab";
import { useBarWorks, useUsage, useUsageLive } from "./usage-api";
import { UsageChart } from "./usage-chart";
import { USAGE_HEADER, USAGE_HISTOGRAM, USAGE_ROW } from "./usage-draw";
import { useUsageLayout } from "./usage-layout";
import { VersionPicker } from "./version-picker";

export interface UsageViewProps {
  spaceId: string;
  params: URLSearchParams;
  setParam: (name: string, value: string | null) => void;
  /** The page's `{id}`: only this resource and what is under it. */
  resourceId?: string;
  onAllResources: () => void;
}

/** A bucket's days as text: one day, or first – last. */
function bucketText(c: UsageColumns, b: number, locale: string) {
  const fmt = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  const first = new Date(c.bucketStarts[b] * 86_400_000);
  const last = new Date((c.bucketStarts[b + 1] - 1) * 86_400_000);
  return c.bucketStarts[b + 1] - c.bucketStarts[b] === 1
    ? fmt.format(first)
    : `${fmt.format(first)} – ${fmt.format(last)}`;
}

/**
 * Resource usage (spec §2 `resources/{id?}` with `filter`, `filter_indicator`, `target`): demand against availability
 * per resource, group or specialty by day, week or month — a histogram of the chosen row over a resource Gantt — and
 * the works that make a bar. `{id}` keeps one resource's subtree; `target` names the versions that count.
 */
export function UsageView({ spaceId, params, setParam, resourceId, onAllResources }: UsageViewProps) {
  const { t, i18n } = useTranslation("resources", { keyPrefix: "usage" });
  useUsageLive(spaceId);
  const look = useUsageLayout(spaceId, params, setParam);
  const { scale, by, versions, filterIndicator: showIndicator } = look.layout;
  const filter = params.get("filter") ?? "";
  const usage = useUsage(spaceId, { scale, by, filter: filter || undefined, versions, resourceId }, look.ready);
  const columns = usage.data;
  const [draft, setDraft] = useState(filter);
  const [selected, setSelected] = useState<{ rowId: string; bucket: number } | null>(null);

  const rowIndex = columns ? Math.max(0, selected ? columns.rows.id.indexOf(selected.rowId) : firstOver(columns)) : -1;
  const bucket = selected && columns && selected.bucket < columns.bucketStarts.length - 1 ? selected.bucket : -1;
  const bar =
    columns && rowIndex >= 0 && bucket >= 0 && columns.rows.id[rowIndex]
      ? {
          rowId: columns.rows.id[rowIndex],
          by: columns.by,
          from: formatDate(columns.bucketStarts[bucket]),
          to: formatDate(columns.bucketStarts[bucket + 1] - 1),
        }
      : null;
  const works = useBarWorks(spaceId, bar, versions);
  const overList = useMemo(() => {
    if (!columns || rowIndex < 0) return [];
    const n = columns.bucketStarts.length - 1;
    const out: number[] = [];
    for (let b = 0; b < n; b++) if (columns.overDays[rowIndex * n + b] > 0) out.push(b);
    return out;
  }, [columns, rowIndex]);

  const n = columns ? columns.bucketStarts.length - 1 : 0;
  const num = (v: number) => formatAmount(v, i18n.language);
  const unit = columns && rowIndex >= 0 ? columns.rows.unit[rowIndex] : "";
  return (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t("scale")}
          value={scale}
          onChange={(value) => look.change({ scale: value as typeof scale })}
          data={USAGE_SCALES.map((s) => ({ value: s, label: t(`scales.${s}`) }))}
        />
        <SegmentedControl
          aria-label={t("by")}
          value={by}
          onChange={(value) => {
            setSelected(null);
            look.change({ by: value as typeof by });
          }}
          data={USAGE_GROUPINGS.map((g) => ({ value: g, label: t(`groupings.${g}`) }))}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setParam("filter", draft.trim() || null);
          }}
          style={{ flex: "1 1 200px", minWidth: 160, maxWidth: 360 }}
        >
          <TextInput
            leftSection={<IconSearch size={14} />}
            aria-label={t("filter")}
            placeholder={t("filter")}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onBlur={() => setParam("filter", draft.trim() || null)}
          />
        </form>
        {filter && showIndicator && (
          <Badge color="orange" variant="light" leftSection={<IconFilter size={12} />} data-testid="filter-indicator">
            {t("filtered")}
          </Badge>
        )}
        <VersionPicker
          choices={columns?.choices ?? []}
          value={versions}
          onChange={(list) => {
            setSelected(null);
            look.change({ versions: list });
          }}
        />
        {resourceId && (
          <Button variant="subtle" size="xs" onClick={onAllResources}>
            {t("allResources")}
          </Button>
        )}
        {look.saved && (
          <Button variant="subtle" size="xs" leftSection={<IconRestore size={14} />} onClick={look.reset}>
            {t("resetLayout")}
          </Button>
        )}
      </Group>
      {columns && columns.versions.length > 0 && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {t("versions", { list: columns.versions.map((v) => `${v.scheduleName} · ${v.label}`).join(", ") })}
        </Text>
      )}
      {usage.isError ? (
        <Alert color="red">
          {errorsOf(usage.error)
            .map((e) => describeError(e).title)
            .join("; ")}
        </Alert>
      ) : !columns ? (
        <Center h={200}>
          <Loader size="sm" />
        </Center>
      ) : columns.rows.id.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("empty")}
        </Text>
      ) : (
        <>
          <Paper
            withBorder
            radius="md"
            style={{
              // As tall as the rows need (and a scrollbar), at most most of the screen.
              height: `min(70vh, ${USAGE_HEADER + USAGE_HISTOGRAM + columns.rows.id.length * USAGE_ROW + 18}px)`,
              minHeight: 280,
              overflow: "hidden",
            }}
          >
            <UsageChart
              columns={columns}
              selectedRow={rowIndex}
              pickedBucket={bucket}
              onSelectRow={(row) => setSelected({ rowId: columns.rows.id[row], bucket: -1 })}
              onPickBar={(row, b) => setSelected({ rowId: columns.rows.id[row], bucket: b })}
            />
          </Paper>
          <Group gap={6} wrap="wrap" aria-label={t("overList")} role="list">
            {overList.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("noOver", { name: columns.rows.name[rowIndex] ?? "" })}
              </Text>
            ) : (
              <>
                <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" />
                <Text size="sm">{t("overTitle", { name: columns.rows.name[rowIndex] ?? "" })}</Text>
                {overList.slice(0, 24).map((b) => (
                  <Button
                    key={b}
                    role="listitem"
                    size="compact-xs"
                    color="red"
                    variant={b === bucket ? "filled" : "light"}
                    onClick={() => setSelected({ rowId: columns.rows.id[rowIndex], bucket: b })}
                  >
                    {`${bucketText(columns, b, i18n.language)}: ${num(columns.demand[rowIndex * n + b])} / ${num(columns.availability[rowIndex * n + b])} ${unit}`.trim()}
                  </Button>
                ))}
                {overList.length > 24 && <Text size="xs">{t("more", { n: overList.length - 24 })}</Text>}
              </>
            )}
          </Group>
          {bar && (
            <Paper withBorder radius="md" p="sm" data-testid="bar-works">
              <Title order={2} fz="md" mb="xs">
                {t("worksTitle", {
                  name: columns.rows.name[rowIndex],
                  period: bucketText(columns, bucket, i18n.language),
                })}
              </Title>
              <Text size="sm" mb="xs" c={columns.overDays[rowIndex * n + bucket] > 0 ? "red" : undefined}>
                {Number.isNaN(columns.availability[rowIndex * n + bucket])
                  ? t("demandOnly", { demand: num(columns.demand[rowIndex * n + bucket]), unit })
                  : t("demandOf", {
                      demand: num(columns.demand[rowIndex * n + bucket]),
                      available: num(columns.availability[rowIndex * n + bucket]),
                      unit,
                    })}
              </Text>
              {works.isPending ? (
                <Loader size="xs" />
              ) : (works.data ?? []).length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("noWorks")}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={420}>
                  <Table striped highlightOnHover fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("work")}</Table.Th>
                        <Table.Th>{t("schedule")}</Table.Th>
                        <Table.Th>{t("resource")}</Table.Th>
                        <Table.Th ta="right">{t("units")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {(works.data ?? []).map((w) => (
                        <Table.Tr key={w.assignmentId}>
                          <Table.Td>
                            <Text size="sm" fw={600} span>
                              {w.workCode}
                            </Text>{" "}
                            {w.workName}
                          </Table.Td>
                          <Table.Td>
                            <Link to={`/${spaceId}/schedule/${w.scheduleId}`}>{w.scheduleName}</Link>
                          </Table.Td>
                          <Table.Td>{w.resourceCode}</Table.Td>
                          <Table.Td ta="right">{`${num(w.units)} ${w.unit}`.trim()}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}

/** The row shown first: the first over-allocated one, else the first. */
function firstOver(c: UsageColumns): number {
  const n = c.bucketStarts.length - 1;
  for (let r = 0; r < c.rows.id.length; r++) for (let b = 0; b < n; b++) if (c.overDays[r * n + b] > 0) return r;
  return 0;
}
