import { Box } from "@mantine/core";
import type { CostCurve, CostCurves } from "@planum/contracts";
import { LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";
import { useEChart } from "../../ui/use-echart";

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** One colour per curve, readable on light and dark; EAC dashed (a forecast), the contract value dotted. */
const STYLE: Record<CostCurve, { colour: string; type: "solid" | "dashed" | "dotted" }> = {
  pv: { colour: "#228be6", type: "solid" },
  ev: { colour: "#40c057", type: "solid" },
  ac: { colour: "#fa5252", type: "solid" },
  eac: { colour: "#fd7e14", type: "dashed" },
  plan: { colour: "#868e96", type: "solid" },
  money_plan: { colour: "#be4bdb", type: "dotted" },
  money_fact: { colour: "#7950f2", type: "dotted" },
};

/** The cost curves as lines over the periods. */
export function CostCurvesChart({ data }: { data: CostCurves }) {
  const { t, i18n } = useTranslation("analytics");
  const option = useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
    return {
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0, type: "scroll" },
      tooltip: {
        trigger: "axis",
        valueFormatter: (v: unknown) => (typeof v === "number" ? number.format(v) : "—"),
      },
      xAxis: { type: "category", data: data.periods.map(shownDate) },
      yAxis: {
        type: "value",
        axisLabel: {
          formatter: (v: number) => new Intl.NumberFormat(i18n.language, { notation: "compact" }).format(v),
        },
      },
      series: data.curves.map((curve) => ({
        name: t(`costCurves.keys.${curve.key}`),
        type: "line",
        showSymbol: false,
        color: STYLE[curve.key].colour,
        lineStyle: { type: STYLE[curve.key].type, width: 2 },
        data: curve.values,
      })),
    };
  }, [data, t, i18n.language]);
  const box = useEChart(option);

  const last = Object.fromEntries(data.curves.map((c) => [c.key, c.values.at(-1) ?? 0]));
  return <Box ref={box} h={300} w="100%" data-testid="cost-curves-chart" data-last={JSON.stringify(last)} />;
}
