import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { endUnder, linkType, moveStartLimit, resizeDuration } from "./bar-drag";
import { DateOverlay, type Hit, hitTest, ROW_HEIGHT } from "./bar-layout";
import type { GanttChange, GanttLink } from "./gantt-data";
import { NO_TIME } from "./gantt-data";
import type { GanttColors } from "./gantt-theme";
import { PreviewClient } from "./preview-client";
import { applyDates, type PreviewEdit, previewNetworkOf } from "./preview-engine";
import type { RowModel } from "./row-model";
import type { TickLabeler } from "./scale-labels";
import { civilParts, type TimeViewport, timeToX, xToTime } from "./scale-math";
import { ShadeCache } from "./shade-cache";
import { type DragGhost, drawBody, drawHeader } from "./timeline-draw";
import type { TreeIndex } from "./tree-index";

/** Hooks a benchmark or a dev overlay can attach to; the workspace itself passes nothing. */
export interface GanttPerfProbe {
  /** One canvas frame: draw time in ms, and whether a bar drag was under way. */
  frame?(ms: number, dragging: boolean): void;
  /** A drag preview came back: engine ms in the worker and the round trip from the pointer move. */
  preview?(engineMs: number, roundTripMs: number, mode: string): void;
  /** The preview engine finished building the network (ms). */
  engineReady?(ms: number): void;
}

export interface TimelineCanvasProps {
  model: RowModel;
  tree: TreeIndex;
  version: number;
  scroller: RefObject<HTMLDivElement | null>;
  hscroll: RefObject<HTMLDivElement | null>;
  header: RefObject<HTMLCanvasElement | null>;
  headerHeight: number;
  origin: number;
  pxPerDay: number;
  colors: GanttColors;
  labeler: TickLabeler;
  showCritical: boolean;
  showBaseline: boolean;
  today: number;
  isSelected(pos: number): boolean;
  onSelectRow(pos: number, mods: { shift: boolean; toggle: boolean }): void;
  onZoomAt(factor: number, x: number): void;
  onChange(change: GanttChange): void;
  onLink(link: GanttLink): void;
  onDatesPatched(): void;
  onBusy(state: "engine" | "preview" | null): void;
  onError(message: string): void;
  readOnly: boolean;
  probe?: GanttPerfProbe;
}

type Drag =
  | { kind: "move" | "resize"; hit: Hit; startX: number; start: number; value: number; original: number; sent: number }
  | { kind: "link"; hit: Hit; fromEnd: "start" | "finish"; x: number; y: number };

const FONT = "11px Inter, system-ui, sans-serif";

function isoDay(t: number): string {
  const p = civilParts(t);
  return `${p.year}-${String(p.month + 1).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}
const HEADER_FONT = "12px Inter, system-ui, sans-serif";

/**
 * The canvas timeline. Everything the frame needs is read from a ref at draw time, so scroll and pointer moves
 * schedule one requestAnimationFrame draw and never re-render React.
 */
export function TimelineCanvas(props: TimelineCanvasProps) {
  const { t } = useTranslation("workspace", { keyPrefix: "gantt" });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const live = useRef(props);
  live.current = props;
  const size = useRef({ width: 0, height: 0, dpr: 1 });
  const raf = useRef(0);
  const drag = useRef<Drag | null>(null);
  const hover = useRef(-1);
  const shades = useMemo(() => new ShadeCache(), []);
  const overlay = useMemo(() => new DateOverlay(props.model), [props.model]);
  const client = useRef<PreviewClient | null>(null);
  const previewSentAt = useRef(0);

  const viewport = (): TimeViewport => ({
    origin: live.current.origin,
    pxPerDay: live.current.pxPerDay,
    scrollX: live.current.hscroll.current?.scrollLeft ?? 0,
  });

  const ghost = (): DragGhost | null => {
    const d = drag.current;
    if (!d) return null;
    const v = viewport();
    if (d.kind === "link") {
      const x0 = d.fromEnd === "start" ? d.hit.box.x0 : d.hit.box.x1;
      return { kind: "link", x0, y0: d.hit.box.cy, x1: d.x, y1: d.y };
    }
    const milestone = d.hit.box.shape === "milestone";
    if (d.kind === "move") {
      const x0 = timeToX(d.value, v);
      return { kind: "bar", pos: d.hit.pos, x0, x1: x0 + (d.hit.box.x1 - d.hit.box.x0), milestone };
    }
    const end = live.current.model.cal[live.current.model.calendar[d.hit.row]].addWorking(d.start, d.value);
    return { kind: "bar", pos: d.hit.pos, x0: d.hit.box.x0, x1: timeToX(end, v), milestone };
  };

  const draw = () => {
    raf.current = 0;
    const p = live.current;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const started = performance.now();
    const { width, height, dpr } = size.current;
    const v = viewport();
    drawBody({
      ctx,
      width,
      height,
      dpr,
      model: p.model,
      tree: p.tree,
      scrollTop: p.scroller.current?.scrollTop ?? 0,
      v,
      colors: p.colors,
      dates: overlay,
      showCritical: p.showCritical,
      showBaseline: p.showBaseline,
      today: p.today,
      selected: p.isSelected,
      hoverPos: hover.current,
      ghost: ghost(),
      shades,
      font: FONT,
    });
    const header = p.header.current;
    const hctx = header?.getContext("2d");
    if (header && hctx) {
      const markers = [{ t: p.today, color: p.colors.today }];
      if (p.model.dataDate !== NO_TIME) markers.push({ t: p.model.dataDate, color: p.colors.dataDate });
      drawHeader(hctx, width, p.headerHeight, dpr, v, p.colors, p.labeler, HEADER_FONT, markers);
    }
    p.probe?.frame?.(performance.now() - started, drag.current !== null);
    // The dates at the pane's edges, for tests and assistive tools (the canvas itself cannot be read).
    const span = `${isoDay(xToTime(0, v))}/${isoDay(xToTime(width, v))}`;
    if (canvas.dataset.span !== span) canvas.dataset.span = span;
  };

  const requestDraw = () => {
    if (!raf.current) raf.current = requestAnimationFrame(draw);
  };

  // Redraw on every prop change (React renders are rare: toggles, zoom, tree changes).
  useLayoutEffect(requestDraw);

  // biome-ignore lint/correctness/useExhaustiveDependencies: listeners read live props through refs
  useEffect(() => {
    const scroller = props.scroller.current;
    const hscroll = props.hscroll.current;
    const canvas = canvasRef.current;
    if (!scroller || !hscroll || !canvas) return;
    const resize = () => {
      const dpr = window.devicePixelRatio || 1;
      const width = canvas.parentElement?.clientWidth ?? 0;
      const height = scroller.clientHeight;
      size.current = { width, height, dpr };
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      const header = live.current.header.current;
      if (header) {
        header.width = Math.round(width * dpr);
        header.height = Math.round(live.current.headerHeight * dpr);
        header.style.width = `${width}px`;
        header.style.height = `${live.current.headerHeight}px`;
      }
      draw();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(scroller);
    if (canvas.parentElement) observer.observe(canvas.parentElement);
    resize();
    scroller.addEventListener("scroll", requestDraw, { passive: true });
    hscroll.addEventListener("scroll", requestDraw, { passive: true });
    // Ctrl+wheel zooms around the pointer; Shift+wheel pans in time. Both must cancel the page's own handling.
    const wheel = (e: WheelEvent) => {
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const x = e.clientX - canvas.getBoundingClientRect().left;
        live.current.onZoomAt(e.deltaY < 0 ? 1.2 : 1 / 1.2, x);
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        hscroll.scrollLeft += e.shiftKey ? e.deltaY : e.deltaX;
      }
    };
    canvas.addEventListener("wheel", wheel, { passive: false });
    return () => {
      observer.disconnect();
      scroller.removeEventListener("scroll", requestDraw);
      hscroll.removeEventListener("scroll", requestDraw);
      canvas.removeEventListener("wheel", wheel);
      cancelAnimationFrame(raf.current);
      raf.current = 0;
    };
  }, [props.scroller, props.hscroll]);

  // The preview engine is built once per payload, after the first paint, so it never delays the workspace.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one engine per payload; callbacks are read live
  useEffect(() => {
    if (props.readOnly) return;
    const model = props.model;
    const timer = setTimeout(() => {
      live.current.onBusy("engine");
      client.current = new PreviewClient(previewNetworkOf(model), {
        onReady: (ms) => {
          live.current.onBusy(null);
          live.current.probe?.engineReady?.(ms);
        },
        onPreview: (dates) => {
          overlay.clear();
          for (let q = 0; q < dates.rows.length; q++) {
            overlay.set(dates.rows[q], dates.es[q], dates.ef[q], dates.critical[q] === 1);
          }
          live.current.probe?.preview?.(dates.ms, performance.now() - previewSentAt.current, dates.mode);
          requestDraw();
        },
        onCommit: (dates) => {
          applyDates(model, dates);
          overlay.clear();
          live.current.onBusy(null);
          live.current.onDatesPatched();
        },
        onError: (message) => {
          overlay.clear();
          live.current.onBusy(null);
          live.current.onError(message);
          requestDraw();
        },
      });
    }, 250);
    return () => {
      clearTimeout(timer);
      client.current?.dispose();
      client.current = null;
    };
  }, [props.model, props.readOnly, overlay]);

  const local = (e: { clientX: number; clientY: number }) => {
    const rect = (canvasRef.current as HTMLCanvasElement).getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const hitAt = (x: number, y: number) => {
    const p = live.current;
    return hitTest(
      p.model,
      (pos) => p.tree.at(pos),
      p.tree.count,
      overlay,
      x,
      y,
      p.scroller.current?.scrollTop ?? 0,
      viewport(),
    );
  };

  const visibleRows = (): Int32Array => {
    const p = live.current;
    const top = p.scroller.current?.scrollTop ?? 0;
    const first = Math.floor(top / ROW_HEIGHT);
    const last = Math.min(p.tree.count - 1, Math.ceil((top + size.current.height) / ROW_HEIGHT));
    const rows: number[] = [];
    for (let pos = first; pos <= last; pos++) if (p.tree.at(pos) >= 0) rows.push(p.tree.at(pos));
    return Int32Array.from(rows);
  };

  const sendPreview = (edit: PreviewEdit) => {
    if (!client.current?.ready) return;
    previewSentAt.current = performance.now();
    client.current.preview(edit, visibleRows());
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const { x, y } = local(e);
    const hit = hitAt(x, y);
    const p = live.current;
    const pos = Math.floor((y + (p.scroller.current?.scrollTop ?? 0)) / ROW_HEIGHT);
    if (pos < p.tree.count) p.onSelectRow(pos, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey });
    if (!hit || p.readOnly || e.button !== 0 || hit.box.shape === "summary") return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const row = hit.row;
    if (hit.part === "link-start" || hit.part === "link-finish") {
      drag.current = { kind: "link", hit, fromEnd: hit.part === "link-start" ? "start" : "finish", x, y };
    } else if (hit.part === "resize") {
      const start = p.model.as[row] !== NO_TIME ? p.model.as[row] : overlay.start(row);
      const d = p.model.duration[row];
      drag.current = { kind: "resize", hit, startX: x, start, value: d, original: d, sent: d };
    } else {
      const start = overlay.start(row);
      drag.current = { kind: "move", hit, startX: x, start, value: start, original: start, sent: start };
    }
    requestDraw();
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const { x, y } = local(e);
    const d = drag.current;
    const canvas = e.currentTarget;
    if (!d) {
      const hit = hitAt(x, y);
      const pos = Math.floor((y + (live.current.scroller.current?.scrollTop ?? 0)) / ROW_HEIGHT);
      const part = live.current.readOnly || hit?.box.shape === "summary" ? null : hit?.part;
      canvas.style.cursor =
        part === "resize" ? "ew-resize" : part === "body" ? "grab" : part?.startsWith("link") ? "crosshair" : "default";
      if (pos !== hover.current) {
        hover.current = pos;
        requestDraw();
      }
      return;
    }
    const p = live.current;
    const v = viewport();
    if (d.kind === "link") {
      d.x = x;
      d.y = y;
    } else if (d.kind === "move") {
      d.value = moveStartLimit(p.model, d.hit.row, d.original, x - d.startX, v);
      if (d.value !== d.sent) {
        d.sent = d.value;
        sendPreview({ row: d.hit.row, kind: "startLimit", value: d.value });
      }
    } else {
      d.value = resizeDuration(p.model, d.hit.row, d.start, x, v);
      if (d.value !== d.sent) {
        d.sent = d.value;
        sendPreview({ row: d.hit.row, kind: "duration", value: d.value });
      }
    }
    requestDraw();
  };

  const finish = (e: React.PointerEvent<HTMLCanvasElement>, cancelled: boolean) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    const p = live.current;
    const row = d.hit.row;
    if (d.kind === "link") {
      const { x, y } = local(e);
      const target = hitAt(x, y);
      if (!cancelled && target && target.row !== row && target.box.shape !== "summary") {
        const toEnd =
          target.part === "link-start"
            ? "start"
            : target.part === "link-finish"
              ? "finish"
              : endUnder(x, target.box.x0, target.box.x1);
        p.onLink({ from: p.model.ids[row], to: p.model.ids[target.row], type: linkType(d.fromEnd, toEnd) });
      }
    } else if (cancelled || d.value === d.original) {
      if (d.sent !== d.original) client.current?.cancel();
      overlay.clear();
    } else {
      const base = { id: p.model.ids[row], revision: p.model.revision[row] };
      if (d.kind === "move") {
        p.model.startLimitType[row] = 1;
        p.model.startLimitDate[row] = d.value;
        p.onChange({ ...base, kind: "startLimit", value: { type: "not_earlier", date: d.value } });
      } else {
        p.model.duration[row] = d.value;
        p.onChange({ ...base, kind: "duration", value: d.value });
      }
      if (client.current?.ready) {
        p.onBusy("preview");
        client.current.commit();
      }
    }
    requestDraw();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: requestDraw only touches refs
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape" && drag.current) {
        const d = drag.current;
        drag.current = null;
        if (d.kind !== "link" && d.sent !== d.original) client.current?.cancel();
        overlay.clear();
        requestDraw();
      }
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [overlay]);

  return (
    <canvas
      ref={canvasRef}
      className="pg-canvas"
      role="img"
      aria-label={t("grid.timeline")}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => finish(e, false)}
      onPointerCancel={(e) => finish(e, true)}
      onPointerLeave={() => {
        if (!drag.current && hover.current !== -1) {
          hover.current = -1;
          requestDraw();
        }
      }}
    />
  );
}
