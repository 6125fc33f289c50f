import { Box } from "@mantine/core";
import type { UsersPerDay } from "@planum/contracts";
import { BarChart } from "echarts/charts";
import { GridComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";
import { useEChart } from "../../ui/use-echart";

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/**
 * Members who used the space per day, as bars; a click on a day's bar tells `onDay` (the page shows that day's
 * details).
 */
export function ActivityChart({ perDay, onDay }: { perDay: UsersPerDay; onDay: (day: string) => void }) {
  const { t } = useTranslation("analytics");
  const days = useRef(perDay.days);
  days.current = perDay.days;
  const onDayRef = useRef(onDay);
  onDayRef.current = onDay;

  const option = useMemo(
    () => ({
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
    }),
    [perDay, t],
  );
  const box = useEChart(option, (made) =>
    made.on("click", (event) => {
      const day = days.current[event.dataIndex]?.day;
      if (day) onDayRef.current(day);
    }),
  );

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
