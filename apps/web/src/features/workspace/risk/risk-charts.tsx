import { Box } from "@mantine/core";
import type { RiskResult } from "@planum/contracts";
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { shownDate } from "../../../shared/date-format";
import { useEChart } from "../../../ui/use-echart";

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

// The options below are built on each render, so each render draws them anew (as the panel's state changes).

interface DistributionChartProps {
  result: RiskResult;
  /** A second run drawn as a dashed cumulative curve to compare with. */
  compare: RiskResult | null;
  labels: { count: string; cumulative: string; compared: string };
  height?: number;
}

/** The finish's histogram (bars, iterations per bin) and cumulative probability (line, right axis). */
export function RiskDistributionChart({ result, compare, labels, height = 240 }: DistributionChartProps) {
  const { histogram, cumulative } = result.finish;
  const points = (c: RiskResult["finish"]["cumulative"]) => c.map(([t, p]) => [Date.parse(`${t}:00Z`), p * 100]);
  const width = histogram.widthMinutes * 60_000;
  const from = Date.parse(`${histogram.from}:00Z`);
  const box = useEChart({
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: "axis" },
    xAxis: {
      type: "time",
      axisLabel: { formatter: (v: number) => shownDate(new Date(v).toISOString()) },
    },
    yAxis: [
      { type: "value", name: labels.count, minInterval: 1 },
      { type: "value", name: "%", min: 0, max: 100 },
    ],
    series: [
      {
        name: labels.count,
        type: "bar",
        barMaxWidth: 24,
        data: histogram.counts.map((n, k) => [from + k * width + width / 2, n]),
        color: "#74c0fc",
      },
      {
        name: labels.cumulative,
        type: "line",
        yAxisIndex: 1,
        showSymbol: false,
        data: points(cumulative),
        color: "#e8590c",
      },
      ...(compare
        ? [
            {
              name: labels.compared,
              type: "line",
              yAxisIndex: 1,
              showSymbol: false,
              lineStyle: { type: "dashed" },
              data: points(compare.finish.cumulative),
              color: "#868e96",
            },
          ]
        : []),
    ],
  });
  return <Box ref={box} h={height} w="100%" data-testid="risk-distribution" />;
}

/** The tornado: the works whose drawn durations move the finish most (correlation with it), strongest on top. */
export function RiskTornadoChart({ result, height = 240 }: { result: RiskResult; height?: number }) {
  const top = result.sensitivity.slice(0, 10).reverse();
  const box = useEChart({
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: { type: "value", min: -1, max: 1 },
    yAxis: {
      type: "category",
      data: top.map((s) => s.code || s.name),
      axisLabel: { width: 120, overflow: "truncate" },
    },
    series: [
      {
        type: "bar",
        data: top.map((s) => ({
          value: s.correlation,
          itemStyle: { color: s.correlation >= 0 ? "#fa5252" : "#40c057" },
        })),
      },
    ],
  });
  return <Box ref={box} h={height} w="100%" data-testid="risk-tornado" />;
}
