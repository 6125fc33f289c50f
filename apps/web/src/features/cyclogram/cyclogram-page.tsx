import {
  Alert,
  Box,
  Button,
  ColorSwatch,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  useComputedColorScheme,
} from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { CYCLOGRAM_LOCATION_TYPES, type Cyclogram } from "@planum/contracts";
import { IconArrowLeft } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { notifyError } from "../../ui/notify";
import { pickVersion, useCanWriteSchedule, workspaceApi, workspaceKeys } from "../workspace";
import { cyclogramApi, cyclogramKeys } from "./cyclogram-api";
import { DARK, drawCyclogram, LIGHT, layoutCyclogram } from "./cyclogram-draw";

/** Width of the locations' names on the chart (px). */
const LABEL_WIDTH = 140;

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
        <Select
          label={t("location")}
          data={locations.map((a) => ({ value: a.id, label: a.name }))}
          value={attrId}
          onChange={choose}
          allowDeselect={false}
          w={260}
          maw="100%"
        />
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
          <Chart chart={chart.data} label={t("chartLabel", { name: chart.data.attribute.name })} />
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

/** The chart on a canvas sized to its box (device pixels), redrawn when the data, size or colour scheme change. */
function Chart(props: { chart: Cyclogram; label: string }) {
  const { ref, width } = useElementSize();
  const canvas = useRef<HTMLCanvasElement>(null);
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const height = Math.min(2400, Math.max(320, props.chart.locations.length * 22 + 36));
  const layout = useMemo(
    () => (width > 0 ? layoutCyclogram(props.chart, width, height, Math.min(LABEL_WIDTH, width / 3)) : null),
    [props.chart, width, height],
  );
  useEffect(() => {
    const element = canvas.current;
    if (!element || !layout) return;
    const dpr = window.devicePixelRatio || 1;
    element.width = Math.ceil(layout.width * dpr);
    element.height = Math.ceil(layout.height * dpr);
    const context = element.getContext("2d");
    if (!context) return;
    context.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawCyclogram(context, props.chart, layout, scheme === "dark" ? DARK : LIGHT, null);
    element.dataset.drawn = String(props.chart.lines.length);
  }, [layout, props.chart, scheme]);
  return (
    <Paper withBorder ref={ref} style={{ overflow: "hidden" }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={props.label}
        data-testid="cyclogram-canvas"
        style={{ display: "block", width: layout?.width ?? "100%", height: layout?.height ?? height }}
      />
    </Paper>
  );
}
