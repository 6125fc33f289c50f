import { useComputedColorScheme } from "@mantine/core";
import * as echarts from "echarts/core";
import { type RefObject, useEffect, useRef } from "react";

/** What every chart draws on: a transparent background (the panel's) and no animation (tests and print read it). */
const BASE = { backgroundColor: "transparent", animation: false };

/**
 * An ECharts canvas in the returned box, following the box's width and drawing `option` (not merged with the one
 * before). The chart is made again when the colour scheme changes, since an ECharts theme is fixed at creation;
 * `setUp` runs on each chart made (event handlers: read changing values through refs, the chart outlives a render).
 * The option is drawn again when it changes identity: callers memoise it on what it shows, language included.
 */
export function useEChart(
  option: echarts.EChartsCoreOption,
  setUp?: (chart: echarts.ECharts) => void,
): RefObject<HTMLDivElement | null> {
  const dark = useComputedColorScheme("light") === "dark";
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const setUpRef = useRef(setUp);
  setUpRef.current = setUp;
  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    if (!box.current) return;
    const made = echarts.init(box.current, dark ? "dark" : undefined, { renderer: "canvas" });
    chart.current = made;
    setUpRef.current?.(made);
    made.setOption({ ...BASE, ...optionRef.current }, { notMerge: true });
    const resize = new ResizeObserver(() => made.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      made.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption({ ...BASE, ...option }, { notMerge: true });
  }, [option]);

  return box;
}
