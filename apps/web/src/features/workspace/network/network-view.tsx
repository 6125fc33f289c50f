import { ActionIcon, Badge, Chip, Group, Text, Tooltip, useComputedColorScheme } from "@mantine/core";
import { IconArrowsMaximize, IconZoomIn, IconZoomOut, IconZoomReset } from "@tabler/icons-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DARK, drawNetwork, LIGHT, type NetworkLabels, type NetworkViewport } from "./network-draw";
import { BOX_H, BOX_W, boxAt, type NetworkModel } from "./network-model";
import { NetworkOverview } from "./network-overview";
import "./network-view.css";

export interface NetworkLink {
  from: number;
  to: number;
  type: "FS";
}

/** Hooks the benchmark attaches to: the draw time of each frame and the boxes drawn. */
export interface NetworkPerfProbe {
  frame?(ms: number, boxes: number): void;
}

export interface NetworkViewProps {
  model: NetworkModel;
  /** Selected work ids (the workspace's selection, shared with the Gantt). */
  selectedIds: readonly number[];
  onSelect(ids: number[], active: number | null): void;
  /** A relation drawn from one box to another (finish to start, no lag). */
  onLink?(link: NetworkLink): void;
  readOnly?: boolean;
  probe?: NetworkPerfProbe;
}

const MIN_SCALE = 0.04;
const MAX_SCALE = 2.5;
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
/** Boxes listed for assistive technology (and tests): the ones on screen, at most this many. */
const LISTED = 150;

type Press =
  | { kind: "pan"; x: number; y: number; tx: number; ty: number; moved: boolean }
  | { kind: "box"; box: number; x: number; y: number; moved: boolean; toggle: boolean };

/** The words inside a box in the user's language (the screen's and the print's). */
export function useNetworkLabels(): NetworkLabels {
  const { t, i18n } = useTranslation("workspace", { keyPrefix: "network" });
  return useMemo<NetworkLabels>(() => {
    const days = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    return {
      es: t("box.es"),
      ef: t("box.ef"),
      tf: t("box.tf"),
      days: (value) => t("box.days", { value: days.format(value) }),
    };
  }, [t, i18n.language]);
}

/**
 * The network diagram of a version on a canvas: activity boxes (code, name, early start and finish, total float)
 * in topological columns, orthogonal connectors, the critical path in red. Wheel or buttons zoom, dragging the
 * background pans, a click selects, dragging from one box to another links them. Only what is on screen is drawn.
 */
export function NetworkView({ model, selectedIds, onSelect, onLink, readOnly = false, probe }: NetworkViewProps) {
  const { t } = useTranslation("workspace", { keyPrefix: "network" });
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const colors = scheme === "dark" ? DARK : LIGHT;
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const view = useRef<NetworkViewport>({ scale: 1, tx: 0, ty: 0, width: 0, height: 0, dpr: 1 });
  const press = useRef<Press | null>(null);
  const linking = useRef<{ from: number; x: number; y: number; target: number } | null>(null);
  const frame = useRef(0);
  const overview = useRef(new NetworkOverview());
  const [showCritical, setShowCritical] = useState(true);
  // the zoom label is written straight into its element: a wheel turn must not re-render the toolbar
  const zoomLabel = useRef<HTMLParagraphElement>(null);
  const showZoom = useCallback((s: number) => {
    if (zoomLabel.current) zoomLabel.current.textContent = `${Math.round(s * 100)} %`;
  }, []);
  const [listed, setListed] = useState<{ i: number; x: number; y: number }[]>([]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);

  const labels = useNetworkLabels();

  const state = useRef({ model, colors, labels, selected, showCritical, probe });
  state.current = { model, colors, labels, selected, showCritical, probe };

  const listTimer = useRef<number | undefined>(undefined);
  const draw = useCallback(() => {
    frame.current = 0;
    const el = canvas.current;
    const ctx = el?.getContext("2d");
    const v = view.current;
    if (!el || !ctx || v.width === 0) return;
    const st = state.current;
    const started = performance.now();
    v.dpr = window.devicePixelRatio || 1;
    const boxes = drawNetwork(ctx, st.model, v, st.colors, st.labels, {
      selected: st.selected,
      showCritical: st.showCritical,
      linking: linking.current,
      overview: overview.current,
    });
    st.probe?.frame?.(performance.now() - started, boxes);
    // the accessible list of boxes on screen follows once the view settles
    window.clearTimeout(listTimer.current);
    listTimer.current = window.setTimeout(() => {
      const m = state.current.model;
      const cur = view.current;
      const out: { i: number; x: number; y: number }[] = [];
      for (let i = 0; i < m.n && out.length < LISTED; i++) {
        const x = m.x[i] * cur.scale + cur.tx;
        const y = m.y[i] * cur.scale + cur.ty;
        if (x + BOX_W * cur.scale > 0 && x < cur.width && y + BOX_H * cur.scale > 0 && y < cur.height) {
          out.push({ i, x, y });
        }
      }
      setListed(out);
    }, 120);
  }, []);

  const schedule = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(draw);
  }, [draw]);

  useEffect(() => () => window.clearTimeout(listTimer.current), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: any of these changes what is drawn
  useLayoutEffect(() => {
    schedule();
  }, [model, colors, labels, selected, showCritical, schedule]);

  const setScale = useCallback(
    (next: number, cx: number, cy: number) => {
      const v = view.current;
      const s = clampScale(next);
      v.tx = cx - ((cx - v.tx) * s) / v.scale;
      v.ty = cy - ((cy - v.ty) * s) / v.scale;
      v.scale = s;
      showZoom(s);
      schedule();
    },
    [schedule, showZoom],
  );

  const fit = useCallback(() => {
    const v = view.current;
    const m = state.current.model;
    if (v.width === 0) return;
    const s = clampScale(Math.min(1, v.width / m.width, v.height / m.height));
    v.scale = s;
    v.tx = Math.max(0, (v.width - m.width * s) / 2);
    v.ty = 0;
    showZoom(s);
    schedule();
  }, [schedule, showZoom]);

  /** Brings a box into the middle of the screen, keeping the zoom. */
  const reveal = useCallback(
    (i: number) => {
      const v = view.current;
      const m = state.current.model;
      if (v.width === 0) return;
      v.tx = v.width / 2 - (m.x[i] + BOX_W / 2) * v.scale;
      v.ty = v.height / 2 - (m.y[i] + BOX_H / 2) * v.scale;
      schedule();
    },
    [schedule],
  );

  // Canvas size follows the element; the first size opens at 100 % on the selected box or the diagram's start.
  const opened = useRef(false);
  useLayoutEffect(() => {
    const el = wrap.current;
    const c = canvas.current;
    if (!el || !c) return;
    const resize = () => {
      const dpr = window.devicePixelRatio || 1;
      const w = el.clientWidth;
      const h = el.clientHeight;
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
      c.style.width = `${w}px`;
      c.style.height = `${h}px`;
      view.current.width = w;
      view.current.height = h;
      if (!opened.current && w > 0) {
        opened.current = true;
        const chosen = state.current.selected;
        const first = chosen.size > 0 ? state.current.model.position.get([...chosen][0]) : undefined;
        if (first !== undefined) reveal(first);
        else {
          view.current.tx = 0;
          view.current.ty = 0;
        }
      }
      draw();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(el);
    resize();
    return () => observer.disconnect();
  }, [draw, reveal]);

  // Wheel zooms at the pointer; it must not scroll the page, so the listener is not passive.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = c.getBoundingClientRect();
      const factor = Math.exp(-Math.max(-300, Math.min(300, e.deltaY)) * 0.0015);
      setScale(view.current.scale * factor, e.clientX - r.left, e.clientY - r.top);
    };
    c.addEventListener("wheel", wheel, { passive: false });
    return () => c.removeEventListener("wheel", wheel);
  }, [setScale]);

  const toDiagram = (e: { clientX: number; clientY: number }) => {
    const r = canvas.current?.getBoundingClientRect();
    const v = view.current;
    const sx = e.clientX - (r?.left ?? 0);
    const sy = e.clientY - (r?.top ?? 0);
    return { x: (sx - v.tx) / v.scale, y: (sy - v.ty) / v.scale };
  };

  const select = (i: number, toggle: boolean) => {
    const id = model.ids[i];
    if (!toggle) {
      onSelect([id], id);
      return;
    }
    const next = selected.has(id) ? selectedIds.filter((x) => x !== id) : [...selectedIds, id];
    onSelect(next, next.length > 0 ? next[next.length - 1] : null);
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // a pointer that is no longer active (or a synthetic one) cannot be captured; the drag still works inside
    }
    e.currentTarget.focus();
    const p = toDiagram(e);
    const box = boxAt(model, p.x, p.y);
    press.current =
      box >= 0
        ? { kind: "box", box, x: e.clientX, y: e.clientY, moved: false, toggle: e.ctrlKey || e.metaKey }
        : { kind: "pan", x: e.clientX, y: e.clientY, tx: view.current.tx, ty: view.current.ty, moved: false };
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const pr = press.current;
    const c = e.currentTarget;
    if (!pr) {
      const p = toDiagram(e);
      c.style.cursor = boxAt(model, p.x, p.y) >= 0 ? (readOnly ? "pointer" : "crosshair") : "grab";
      return;
    }
    const dx = e.clientX - pr.x;
    const dy = e.clientY - pr.y;
    if (!pr.moved && Math.abs(dx) + Math.abs(dy) < 5) return;
    pr.moved = true;
    if (pr.kind === "pan") {
      c.style.cursor = "grabbing";
      view.current.tx = pr.tx + dx;
      view.current.ty = pr.ty + dy;
      schedule();
      return;
    }
    if (readOnly) return;
    const p = toDiagram(e);
    const target = boxAt(model, p.x, p.y);
    linking.current = { from: pr.box, x: p.x, y: p.y, target: target === pr.box ? -1 : target };
    schedule();
  };

  const onPointerUp = () => {
    const pr = press.current;
    press.current = null;
    const link = linking.current;
    linking.current = null;
    if (!pr) return;
    if (pr.kind === "pan") {
      if (!pr.moved && selectedIds.length > 0) onSelect([], null);
      schedule();
      return;
    }
    if (!pr.moved) select(pr.box, pr.toggle);
    else if (link && link.target >= 0) {
      onLink?.({ from: model.ids[link.from], to: model.ids[link.target], type: "FS" });
    }
    schedule();
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const v = view.current;
    if (e.key === "+" || e.key === "=") setScale(v.scale * 1.25, v.width / 2, v.height / 2);
    else if (e.key === "-") setScale(v.scale / 1.25, v.width / 2, v.height / 2);
    else if (e.key === "Escape" && linking.current) {
      linking.current = null;
      press.current = null;
      schedule();
    } else return;
    e.preventDefault();
  };

  const zoomBy = (factor: number) =>
    setScale(view.current.scale * factor, view.current.width / 2, view.current.height / 2);

  return (
    <div className="pn-root">
      <Group gap="xs" wrap="wrap" px="xs" py={6} className="pn-toolbar">
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t("zoomOut")}>
            <ActionIcon variant="default" aria-label={t("zoomOut")} onClick={() => zoomBy(1 / 1.25)}>
              <IconZoomOut size={16} />
            </ActionIcon>
          </Tooltip>
          <Text ref={zoomLabel} size="xs" w={48} ta="center" data-testid="network-zoom">
            100 %
          </Text>
          <Tooltip label={t("zoomIn")}>
            <ActionIcon variant="default" aria-label={t("zoomIn")} onClick={() => zoomBy(1.25)}>
              <IconZoomIn size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("actualSize")}>
            <ActionIcon
              variant="default"
              aria-label={t("actualSize")}
              onClick={() => setScale(1, view.current.width / 2, view.current.height / 2)}
            >
              <IconZoomReset size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("fit")}>
            <ActionIcon variant="default" aria-label={t("fit")} onClick={fit}>
              <IconArrowsMaximize size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Chip size="xs" checked={showCritical} onChange={setShowCritical}>
          {t("critical")}
        </Chip>
        {!model.calculated && (
          <Badge color="yellow" variant="light" style={{ textTransform: "none" }}>
            {t("notCalculated")}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {t("counts", { works: model.n, relations: model.rel.count })}
        </Text>
        {!readOnly && model.n > 1 && (
          <Text size="xs" c="dimmed" visibleFrom="md">
            {t("linkHint")}
          </Text>
        )}
      </Group>
      <div ref={wrap} className="pn-canvas-wrap">
        <canvas
          ref={canvas}
          className="pn-canvas"
          tabIndex={0}
          role="img"
          aria-label={t("label", { works: model.n })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        />
        {model.n === 0 && (
          <Text className="pn-empty" c="dimmed" size="sm">
            {t("empty")}
          </Text>
        )}
        <ul className="pn-boxes" aria-label={t("boxes")}>
          {listed.map(({ i, x, y }) => (
            <li key={model.ids[i]}>
              <button
                type="button"
                data-code={model.code[i]}
                data-x={Math.round(x + (BOX_W * view.current.scale) / 2)}
                data-y={Math.round(y + (BOX_H * view.current.scale) / 2)}
                aria-pressed={selected.has(model.ids[i])}
                data-critical={model.critical[i] === 1 || undefined}
                onClick={() => select(i, false)}
              >
                {`${model.code[i]} ${model.name[i]}`}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
