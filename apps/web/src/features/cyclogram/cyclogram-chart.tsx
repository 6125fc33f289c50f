import { Paper, useComputedColorScheme } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import type { Cyclogram } from "@planum/contracts";
import { useEffect, useMemo, useRef, useState } from "react";
import { DARK, drawCyclogram, LIGHT, layoutCyclogram } from "./cyclogram-draw";
import { dragDays, type SegmentRef, segmentAt, shiftSegment } from "./cyclogram-edit";

/** Width of the locations' names on the chart (px). */
export const LABEL_WIDTH = 140;

/**
 * The chart on a canvas sized to its box (device pixels), redrawn when the data, size or colour scheme change. Those
 * who may change the schedule drag a work's stroke along the time axis to move it by whole days.
 */
export function CyclogramChart(props: {
  chart: Cyclogram;
  label: string;
  canWrite: boolean;
  onMove(ref: SegmentRef, days: number): void;
  /** Told once the chart is on the canvas (the benchmark's first paint). */
  onDrawn?(): void;
}) {
  const { ref, width } = useElementSize();
  const canvas = useRef<HTMLCanvasElement>(null);
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const height = Math.min(2400, Math.max(320, props.chart.locations.length * 22 + 36));
  const layout = useMemo(
    () => (width > 0 ? layoutCyclogram(props.chart, width, height, Math.min(LABEL_WIDTH, width / 3)) : null),
    [props.chart, width, height],
  );
  const [drag, setDrag] = useState<{ ref: SegmentRef; fromX: number; days: number } | null>(null);
  const [hover, setHover] = useState(false);
  const shown = useMemo(
    () => (drag && drag.days !== 0 ? shiftSegment(props.chart, drag.ref, drag.days) : props.chart),
    [props.chart, drag],
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
    drawCyclogram(context, shown, layout, scheme === "dark" ? DARK : LIGHT, drag ? drag.ref.line : null);
    element.dataset.drawn = String(shown.lines.length);
    props.onDrawn?.();
  }, [layout, shown, scheme, drag, props.onDrawn]);
  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  return (
    <Paper withBorder ref={ref} style={{ overflow: "hidden" }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={props.label}
        data-testid="cyclogram-canvas"
        style={{
          display: "block",
          width: layout?.width ?? "100%",
          height: layout?.height ?? height,
          cursor: drag ? "grabbing" : hover ? "grab" : "default",
          touchAction: props.canWrite ? "none" : "auto",
        }}
        onPointerDown={(event) => {
          if (!props.canWrite || !layout) return;
          const { x, y } = point(event);
          const hit = segmentAt(props.chart, layout, x, y);
          if (!hit) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          setDrag({ ref: hit, fromX: x, days: 0 });
        }}
        onPointerMove={(event) => {
          if (!layout) return;
          const { x, y } = point(event);
          if (drag) {
            const days = dragDays(layout, x - drag.fromX);
            if (days !== drag.days) setDrag({ ...drag, days });
          } else if (props.canWrite) setHover(segmentAt(props.chart, layout, x, y) !== null);
        }}
        onPointerUp={() => {
          if (drag && drag.days !== 0) props.onMove(drag.ref, drag.days);
          setDrag(null);
        }}
        onPointerCancel={() => setDrag(null)}
      />
    </Paper>
  );
}
