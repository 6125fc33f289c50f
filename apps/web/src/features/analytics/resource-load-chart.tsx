import { Box, useComputedColorScheme } from "@mantine/core";
import type { AnalyticsGraph } from "@planum/contracts";
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";
import { useEChart } from "../../ui/use-echart";

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Demand within the availability, demand over it, and the availability line: readable on light and dark. */
const COLOURS = { demand: "#228be6", over: "#fa5252", availability: "#868e96" };

/**
 * One resource's load per period: its demand as bars (red where it passes the availability) and its availability as
 * a stepped line.
 */
export function ResourceLoadChart({
  graph,
  resource,
  height = 260,
}: {
  graph: AnalyticsGraph;
  resource: AnalyticsGraph["resources"][number];
  height?: number;
}) {
  const { t, i18n } = useTranslation("analytics");
  const dark = useComputedColorScheme("light") === "dark";

  const option = useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    const over = (k: number) => {
      const limit = resource.availability[k];
      return limit !== null && resource.demand[k] > limit + 1e-9;
    };
    return {
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0, type: "scroll" },
      tooltip: {
        trigger: "axis",
        valueFormatter: (v: unknown) => (typeof v === "number" ? `${number.format(v)} ${resource.unit}` : "—"),
      },
      xAxis: { type: "category", data: graph.periods.map(shownDate) },
      yAxis: {
        type: "value",
        axisLabel: {
          formatter: (v: number) => new Intl.NumberFormat(i18n.language, { notation: "compact" }).format(v),
        },
      },
      series: [
        {
          name: t("load.demand"),
          type: "bar",
          color: COLOURS.demand,
          data: resource.demand.map((value, k) => ({
            value,
            itemStyle: over(k) ? { color: COLOURS.over } : undefined,
          })),
        },
        {
          name: t("load.availability"),
          type: "line",
          step: "middle",
          showSymbol: false,
          // A lighter grey on the dark background.
          color: dark ? "#adb5bd" : COLOURS.availability,
          lineStyle: { type: "dashed", width: 2 },
          data: resource.availability,
        },
      ],
    };
  }, [graph, resource, t, i18n.language, dark]);
  const box = useEChart(option);

  return (
    <Box
      ref={box}
      h={height}
      w="100%"
      data-testid="resource-load-chart"
      data-total={resource.total}
      data-over={resource.overDays}
    />
  );
}
