import { Alert, Box, Button, ColorSwatch, Group, Loader, Select, Stack, Text, Title, Tooltip } from "@mantine/core";
import { CYCLOGRAM_LOCATION_TYPES, type Cyclogram } from "@planum/contracts";
import { formatDateTime } from "@planum/engine";
import { IconArrowLeft, IconPrinter } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { downloadBlob } from "../../ui/download-blob";
import { notifyError } from "../../ui/notify";
import { usePrintSettings } from "../print";
import { useRealtimeEvents } from "../realtime";
import { pickVersion, useCanWriteSchedule, workspaceApi, workspaceKeys } from "../workspace";
import { cyclogramApi, cyclogramKeys } from "./cyclogram-api";
import { CyclogramChart, LABEL_WIDTH } from "./cyclogram-chart";
import { type SegmentRef, shiftSegment } from "./cyclogram-edit";
import { cyclogramPng } from "./cyclogram-print";

/**
 * /:spaceId/schedule/:id/cyclogram — the line of balance of the schedule's version (`version` query, else the
 * actual one): the locations of the chosen attribute (`attr` query) down, time across, a line per work type in its
 * colour (changed from the legend by those who may change the schedule), idle waits dashed, crossings ringed.
 */
export function CyclogramPage() {
  const { t } = useTranslation("cyclogram");
  const { id: scheduleId = "", spaceId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const versions = useQuery({
    queryKey: workspaceKeys.versions(scheduleId),
    queryFn: () => workspaceApi.versions(scheduleId),
  });
  const attributes = useQuery({
    queryKey: workspaceKeys.attributes(scheduleId),
    queryFn: () => workspaceApi.attributes(scheduleId),
  });
  const version = pickVersion(versions.data ?? [], params.get("version"));
  const locations = (attributes.data ?? []).filter(
    (a) => a.target === "work" && (CYCLOGRAM_LOCATION_TYPES as readonly string[]).includes(a.type),
  );
  const attrId = params.get("attr") ?? locations[0]?.id ?? null;
  const chart = useQuery({
    queryKey: cyclogramKeys.chart(version?.id ?? "", attrId ?? ""),
    queryFn: () => cyclogramApi.chart(version!.id, attrId!),
    enabled: version !== null && attrId !== null,
  });
  const canWrite = useCanWriteSchedule(scheduleId);
  const queryClient = useQueryClient();
  const paint = useMutation({
    mutationFn: (body: { workType: string; color: string }) => cyclogramApi.color(version!.id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cyclogramKeys.chart(version!.id, attrId ?? "") }),
    onError: notifyError,
  });
  const chartKey = cyclogramKeys.chart(version?.id ?? "", attrId ?? "");
  // a calculation of the version (after a move, or anyone's) brings the works' new dates
  useRealtimeEvents((event) => {
    if (event.type === "timetable_calculate" && event.versionId === version?.id && event.status === "completed")
      void queryClient.invalidateQueries({ queryKey: chartKey });
  });
  /**
   * A work dragged along its line moves as on the Gantt: a start limit "not earlier than" the dropped day, through
   * the work update call. The chart shows it there at once; the calculation moves the works after it.
   */
  const move = async (ref: SegmentRef, days: number) => {
    const before = queryClient.getQueryData<Cyclogram>(chartKey);
    if (!before || !version) return;
    const segment = before.lines[ref.line].segments[ref.segment];
    queryClient.setQueryData(chartKey, shiftSegment(before, ref, days));
    try {
      const answer = await workspaceApi.updateItem(version.id, segment.wbsId, {
        revision: segment.revision,
        startLimitType: "not_earlier",
        startLimitDate: formatDateTime(segment.start + days * 1440),
      });
      queryClient.setQueryData<Cyclogram>(chartKey, (now) => now && withRevision(now, ref, answer.item.revision));
    } catch (error) {
      queryClient.setQueryData(chartKey, before);
      notifyError(error);
    }
  };
  const settings = usePrintSettings(version?.id ?? "", version !== null);
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    if (!chart.data || !settings.data || !version || !attrId) return;
    setPrinting(true);
    try {
      const png = await cyclogramPng(chart.data, settings.data.format, LABEL_WIDTH);
      downloadBlob(await cyclogramApi.print(version.id, attrId, png), `${t("title")}.pdf`);
    } catch (error) {
      notifyError(error);
    } finally {
      setPrinting(false);
    }
  };
  const choose = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set("attr", id);
      return next;
    });

  return (
    <Stack gap="sm" p="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Button
            component={Link}
            to={`/${spaceId}/schedule/${scheduleId}${version ? `?version=${version.id}` : ""}`}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t("back")}
          </Button>
          <Title order={3}>{t("title")}</Title>
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t("location")}
            data={locations.map((a) => ({ value: a.id, label: a.name }))}
            value={attrId}
            onChange={choose}
            allowDeselect={false}
            w={260}
            maw="100%"
          />
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            loading={printing}
            disabled={!chart.data || !settings.data}
            onClick={print}
          >
            {t("print")}
          </Button>
        </Group>
      </Group>
      {attributes.isSuccess && locations.length === 0 && <Alert color="yellow">{t("noLocations")}</Alert>}
      {chart.isError && <Alert color="red">{(chart.error as Error).message}</Alert>}
      {chart.isLoading && <Loader />}
      {chart.data && (
        <>
          <Legend
            chart={chart.data}
            canWrite={canWrite}
            onColor={(workType, color) => paint.mutate({ workType, color })}
          />
          <Text size="sm" c="dimmed" data-testid="cyclogram-summary">
            {t("summary", {
              lines: chart.data.lines.length,
              locations: chart.data.locations.length,
              crossings: chart.data.crossings.length,
              idle: chart.data.idle.length,
              unplaced: chart.data.unplaced,
            })}
          </Text>
          <CyclogramChart
            chart={chart.data}
            label={t("chartLabel", { name: chart.data.attribute.name })}
            canWrite={canWrite}
            onMove={move}
          />
        </>
      )}
    </Stack>
  );
}

/** The work types with their colours; a swatch opens the colour picker for those who may change the schedule. */
function Legend(props: { chart: Cyclogram; canWrite: boolean; onColor(workType: string, color: string): void }) {
  const { t } = useTranslation("cyclogram");
  return (
    <Group gap="md" wrap="wrap" data-testid="cyclogram-legend">
      {props.chart.lines.map((line) => (
        <Group key={line.workType} gap={6} wrap="nowrap" style={{ maxWidth: 320 }}>
          {props.canWrite ? (
            <Tooltip label={t("color", { name: line.workType })}>
              <Box component="label" style={{ display: "inline-flex", cursor: "pointer" }}>
                <ColorSwatch color={line.color} size={18} />
                <input
                  type="color"
                  aria-label={t("color", { name: line.workType })}
                  value={line.color}
                  onChange={(event) => props.onColor(line.workType, event.currentTarget.value)}
                  style={{ position: "absolute", opacity: 0, width: 1, height: 1 }}
                />
              </Box>
            </Tooltip>
          ) : (
            <ColorSwatch color={line.color} size={18} />
          )}
          <Text size="sm" truncate>
            {line.workType}
          </Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        <Box w={22} h={0} style={{ borderTop: "2px dashed var(--mantine-color-yellow-6)" }} />
        <Text size="sm">{t("idle")}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Box w={14} h={14} style={{ border: "2px solid var(--mantine-color-red-6)", borderRadius: "50%" }} />
        <Text size="sm">{t("crossing")}</Text>
      </Group>
    </Group>
  );
}

/** The chart with one work's revision as the server answered it (a second drag of it is not refused as stale). */
function withRevision(chart: Cyclogram, ref: SegmentRef, revision: number): Cyclogram {
  return {
    ...chart,
    lines: chart.lines.map((line, k) =>
      k !== ref.line
        ? line
        : { ...line, segments: line.segments.map((s, j) => (j === ref.segment ? { ...s, revision } : s)) },
    ),
  };
}
