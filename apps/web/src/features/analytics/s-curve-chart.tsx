import { Box, useComputedColorScheme } from "@mantine/core";
import type { AnalyticsSeries, CurveKind } from "@planum/contracts";
import { LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";
import { useEChart } from "../../ui/use-echart";

// Only what the S-curve draws: a line chart on canvas with axes, legend, tooltip and the status-date line.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, MarkLineComponent, CanvasRenderer]);

/** Colours per curve, readable on the light and the dark background alike. */
const COLOURS: Record<CurveKind, string> = {
  plan: "#228be6",
  fact: "#40c057",
  forecast: "#fd7e14",
  target: "#868e96",
};

/**
 * The S-curve widget: plan, fact, forecast and target of one quantity over the periods, with the status date marked.
 * ECharts draws on a canvas that follows the panel's width (`useEChart`); a click on the plot picks a period.
 */
export function SCurveChart({
  series,
  height = 320,
  onPick,
}: {
  series: AnalyticsSeries;
  height?: number;
  /** A click on the chart names the period under it (its index in `series.periods`). */
  onPick?: (period: number) => void;
}) {
  const { t, i18n } = useTranslation("analytics");
  const dark = useComputedColorScheme("light") === "dark";
  const pick = useRef(onPick);
  pick.current = onPick;
  const periods = useRef(series.periods.length);
  periods.current = series.periods.length;

  const option = useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    const status = series.periods.findLastIndex((p) => p <= series.statusDate);
    return {
      grid: { left: 8, right: 16, top: 56, bottom: 8, containLabel: true },
      legend: { top: 0, type: "scroll" },
      tooltip: { trigger: "axis", valueFormatter: (v: unknown) => (typeof v === "number" ? number.format(v) : "") },
      xAxis: { type: "category", data: series.periods.map(shownDate), boundaryGap: false },
      yAxis: {
        type: "value",
        axisLabel: {
          formatter: (v: number) => new Intl.NumberFormat(i18n.language, { notation: "compact" }).format(v),
        },
      },
      series: series.curves.map((curve, index) => ({
        name: t(`kinds.${curve.kind}`),
        type: "line",
        showSymbol: curve.values.length < 40,
        data: curve.values,
        lineStyle: { width: curve.kind === "fact" ? 3 : 2, type: curve.kind === "target" ? "dashed" : "solid" },
        color: COLOURS[curve.kind],
        // The fact is drawn over the forecast, which repeats it up to the status date.
        z: curve.kind === "fact" ? 3 : 2,
        markLine:
          index === 0 && status >= 0
            ? {
                symbol: "none",
                silent: true,
                label: { formatter: shownDate(series.statusDate), position: "end" },
                lineStyle: { color: dark ? "#adb5bd" : "#495057", type: "dotted" },
                data: [{ xAxis: status }],
              }
            : undefined,
      })),
    };
  }, [series, t, i18n.language, dark]);

  const box = useEChart(option, (made) => {
    // Anywhere on the plot, not only on a point: the category under the pointer is the period.
    made.getZr().on("click", (event) => {
      if (!made.containPixel("grid", [event.offsetX, event.offsetY])) return;
      const [index] = made.convertFromPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY]) as number[];
      const period = Math.round(index);
      if (period >= 0 && period < periods.current) pick.current?.(period);
    });
  });

  return (
    <Box
      ref={box}
      h={height}
      w="100%"
      data-testid="s-curve"
      data-points={JSON.stringify(lastValues(series))}
      style={onPick ? { cursor: "pointer" } : undefined}
    />
  );
}

/** The last value of each curve (what a browser test reads to see the curve move without reading the canvas). */
function lastValues(series: AnalyticsSeries): Record<string, number | null> {
  return Object.fromEntries(series.curves.map((c) => [c.kind, c.values.at(-1) ?? null]));
}
