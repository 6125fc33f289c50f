import { Box, useComputedColorScheme } from "@mantine/core";
import type { UsageColumns } from "@planum/contracts";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DARK_COLORS, LIGHT_COLORS } from "../../workspace/gantt/gantt-theme";
import { useScaleLabeler } from "../../workspace/gantt/use-scale-labeler";
import { bucketAt, drawUsage, rowAt, USAGE_HEADER, USAGE_HISTOGRAM, usageLayout } from "./usage-draw";

export interface UsageChartProps {
  columns: UsageColumns;
  selectedRow: number;
  pickedBucket: number;
  onSelectRow: (row: number) => void;
  onPickBar: (row: number, bucket: number) => void;
  /** Called after each frame with its duration (the benchmark's probe). */
  onFrame?: (ms: number) => void;
}

/**
 * The histogram of the chosen row over the resource Gantt, on one canvas (see usage-draw.ts). Scrolling only
 * redraws, in the next animation frame, from refs: React does not render per scroll.
 */
export function UsageChart({ columns, selectedRow, pickedBucket, onSelectRow, onPickBar, onFrame }: UsageChartProps) {
  const { t } = useTranslation("resources", { keyPrefix: "usage" });
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const colors = scheme === "dark" ? DARK_COLORS : LIGHT_COLORS;
  const labeler = useScaleLabeler();
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const labelWidth = size.width > 0 && size.width < 700 ? 150 : 260;
  const layout = useMemo(() => usageLayout(columns, labelWidth), [columns, labelWidth]);
  const frame = useRef(0);
  const words = useMemo(
    () => ({ demand: t("demand"), available: t("available"), over: t("over"), unlimited: t("unlimited") }),
    [t],
  );

  const paint = useCallback(() => {
    frame.current = 0;
    const el = canvas.current;
    const box = scroller.current;
    const ctx = el?.getContext("2d");
    if (!el || !box || !ctx || size.width === 0) return;
    const started = performance.now();
    const dpr = window.devicePixelRatio || 1;
    if (el.width !== Math.round(size.width * dpr) || el.height !== Math.round(size.height * dpr)) {
      el.width = Math.round(size.width * dpr);
      el.height = Math.round(size.height * dpr);
    }
    drawUsage({
      ctx,
      layout,
      width: size.width,
      height: size.height,
      dpr,
      scrollX: box.scrollLeft,
      scrollY: box.scrollTop,
      selectedRow,
      pickedBucket,
      colors,
      labeler,
      words,
    });
    onFrame?.(performance.now() - started);
  }, [layout, size, selectedRow, pickedBucket, colors, labeler, words, onFrame]);
  const schedule = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(paint);
  }, [paint]);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setSize({ width: box.clientWidth, height: box.clientHeight }));
    observer.observe(box);
    setSize({ width: box.clientWidth, height: box.clientHeight });
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(paint, [paint]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const click = (event: React.MouseEvent) => {
    const box = scroller.current;
    if (!box) return;
    const rect = box.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    const bucket = bucketAt(layout, box.scrollLeft, x);
    if (y >= USAGE_HEADER && y < USAGE_HEADER + USAGE_HISTOGRAM) {
      if (bucket >= 0 && selectedRow >= 0) onPickBar(selectedRow, bucket);
      return;
    }
    const row = rowAt(layout, box.scrollTop, y);
    if (row < 0) return;
    if (bucket >= 0) onPickBar(row, bucket);
    else onSelectRow(row);
  };

  return (
    <Box
      ref={scroller}
      onScroll={schedule}
      onClick={click}
      data-testid="usage-chart"
      style={{ position: "relative", overflow: "auto", height: "100%", minHeight: 0, cursor: "pointer" }}
    >
      <div style={{ width: layout.contentWidth, height: Math.max(layout.contentHeight, size.height) }}>
        <canvas
          ref={canvas}
          aria-label={t("chart")}
          role="img"
          style={{ position: "sticky", top: 0, left: 0, display: "block", width: size.width, height: size.height }}
        />
      </div>
    </Box>
  );
}
