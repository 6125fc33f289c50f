import { Box, useComputedColorScheme } from "@mantine/core";
import type { UsersPerDay } from "@planum/contracts";
import { BarChart } from "echarts/charts";
import { GridComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/**
 * Members who used the space per day, as bars; a click on a day's bar tells `onDay` (the page shows that day's
 * details). Made again when the days or the colour scheme change (an ECharts theme is fixed at creation).
 */
export function ActivityChart({ perDay, onDay }: { perDay: UsersPerDay; onDay: (day: string) => void }) {
  const { t } = useTranslation("analytics");
  const dark = useComputedColorScheme("light") === "dark";
  const box = useRef<HTMLDivElement>(null);
  const onDayRef = useRef(onDay);
  onDayRef.current = onDay;

  useEffect(() => {
    if (!box.current) return;
    const made = echarts.init(box.current, dark ? "dark" : undefined, { renderer: "canvas" });
    made.on("click", (event) => {
      const day = perDay.days[event.dataIndex]?.day;
      if (day) onDayRef.current(day);
    });
    made.setOption(
      {
        backgroundColor: "transparent",
        animation: false,
        grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
        tooltip: { trigger: "axis" },
        xAxis: { type: "category", data: perDay.days.map((d) => shownDate(d.day)) },
        yAxis: { type: "value", minInterval: 1 },
        series: [
          {
            name: t("activity.users"),
            type: "bar",
            color: "#228be6",
            cursor: "pointer",
            data: perDay.days.map((d) => d.users),
          },
        ],
      },
      { notMerge: true },
    );
    const resize = new ResizeObserver(() => made.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      made.dispose();
    };
  }, [dark, perDay, t]);

  return (
    <Box
      ref={box}
      h={220}
      w="100%"
      data-testid="activity-chart"
      data-users={perDay.days.map((d) => d.users).join(",")}
    />
  );
}
