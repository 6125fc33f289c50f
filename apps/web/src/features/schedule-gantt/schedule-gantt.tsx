import { useComputedColorScheme } from "@mantine/core";
import type { Calendar } from "@planum/engine";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ROW_HEIGHT } from "./bar-layout";
import { parseFilterText } from "./filter-ops";
import type { GanttChange, GanttData, GanttLink } from "./gantt-data";
import { DARK_COLORS, LIGHT_COLORS } from "./gantt-theme";
import { GanttToolbar } from "./gantt-toolbar";
import {
  type ColumnKey,
  columnMeta,
  createCellFormatter,
  defaultColumns,
  formatDay,
  type GridColumn,
  rowComparator,
} from "./grid-columns";
import { GridHeader, type SortState } from "./grid-header";
import { clickCell, EMPTY_SELECTION, type GridSelection } from "./grid-selection";
import { filterRows } from "./row-filter";
import { buildGroups, groupSpan } from "./row-groups";
import { decodeGanttData } from "./row-model";
import { createLabeler } from "./scale-labels";
import {
  clampZoom,
  type GanttScale,
  SCALE_PX_PER_DAY,
  scaleForZoom,
  scrollXFor,
  unitStart,
  xToTime,
} from "./scale-math";
import { type GanttPerfProbe, TimelineCanvas } from "./timeline-canvas";
import { TreeGrid } from "./tree-grid";
import { TreeIndex, withAncestors } from "./tree-index";
import "./schedule-gantt.css";

export interface ScheduleGanttProps {
  /** The columnar payload of one schedule version (see gantt-data.ts). A new object re-decodes everything. */
  data: GanttData;
  /** Engine calendars already built by the page, by CalendarInput.id, reused instead of rebuilding. */
  calendarsById?: ReadonlyMap<string, Calendar>;
  /** Grid columns and widths; default: every built-in column then every attribute column. */
  columns?: GridColumn[];
  /** An edit from the grid, a paste or a bar drag, to send to the server. */
  onChange?(change: GanttChange): void;
  /** A relation drawn between two bars. */
  onLink?(link: GanttLink): void;
  /** A WBS row was expanded or collapsed (the flag is stored on the server, spec §4). */
  onExpandedChange?(id: number, expanded: boolean): void;
  /** Opening scale (default week). */
  scale?: GanttScale;
  /** "Today" in wall-clock minutes (default: the browser's clock). */
  today?: number;
  readOnly?: boolean;
  probe?: GanttPerfProbe & { expand?(ms: number): void; firstPaint?(ms: number): void };
}

const HEADER_HEIGHT = 56;
const DAY = 1440;

function wallClockNow(): number {
  const now = new Date();
  return Math.floor(now.getTime() / 60_000) - now.getTimezoneOffset();
}

/** The schedule workspace: a virtualised tree grid beside a canvas Gantt timeline, sharing one row model. */
export function ScheduleGantt(props: ScheduleGanttProps) {
  const { t, i18n } = useTranslation("gantt");
  const { data, readOnly = false, probe } = props;
  const model = useMemo(() => decodeGanttData(data, props.calendarsById), [data, props.calendarsById]);
  const tree = useMemo(() => new TreeIndex(model.tree, data.expanded), [model, data.expanded]);
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((x) => x + 1), []);
  const [columns, setColumns] = useState<GridColumn[]>(() => props.columns ?? defaultColumns(model));
  // The grid takes at most 42 % of the window at first, so a 1024 px screen still shows the timeline.
  const [gridWidth, setGridWidth] = useState(() => Math.min(700, Math.round(window.innerWidth * 0.46)));
  const [gridScroll, setGridScroll] = useState(0);
  const [pxPerDay, setPxPerDay] = useState(SCALE_PX_PER_DAY[props.scale ?? "week"]);
  const [showCritical, setShowCritical] = useState(true);
  const [showBaseline, setShowBaseline] = useState(true);
  const [groupBy, setGroupBy] = useState<ColumnKey | null>(null);
  const [sort, setSort] = useState<SortState | null>(null);
  const [filters, setFilters] = useState<Partial<Record<ColumnKey, string>>>({});
  const [selection, setSelection] = useState<GridSelection>(EMPTY_SELECTION);
  const [busy, setBusy] = useState<"engine" | "preview" | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const hscroll = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLCanvasElement>(null);
  const pendingScrollX = useRef<number | null>(null);
  const toggleStarted = useRef(0);
  const mounted = useRef(performance.now());
  const scrollElement = useCallback(() => scroller.current, []);
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const colors = scheme === "dark" ? DARK_COLORS : LIGHT_COLORS;
  const today = props.today ?? wallClockNow();
  const locale = i18n.language;

  useEffect(() => setColumns(props.columns ?? defaultColumns(model)), [model, props.columns]);

  const origin = useMemo(() => unitStart(model.minTime - 14 * DAY, "month"), [model]);
  const contentWidth = Math.ceil(((model.maxTime + 90 * DAY - origin) * pxPerDay) / DAY);

  const labeler = useMemo(() => {
    const ctx = document.createElement("canvas").getContext("2d");
    if (ctx) ctx.font = "12px Inter, system-ui, sans-serif";
    return createLabeler(
      locale,
      { quarter: (n) => t("header.quarter", { n }), week: (n) => t("header.week", { n }) },
      (text) => ctx?.measureText(text).width ?? text.length * 7,
    );
  }, [locale, t]);

  const format = useMemo(() => createCellFormatter(locale, (type) => t(`types.${type}`)), [locale, t]);
  const columnLabel = useCallback((c: GridColumn) => c.label ?? t(`columns.${c.key}` as "columns.name"), [t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version invalidates texts after dates are patched
  const cellText = useCallback(
    (entry: number, column: GridColumn): string => {
      if (entry < 0) {
        const g = tree.group(entry);
        if (column.key === "name") return `${g.label} (${g.members.length})`;
        if (column.key === "start" || column.key === "finish") {
          const [s, f] = groupSpan(model, g);
          return Number.isFinite(s) ? formatDay(column.key === "start" ? s : f) : "";
        }
        return "";
      }
      return format(model, entry, column.key, columnMeta(model, column.key).kind);
    },
    [model, tree, format, version],
  );

  // Sorting and grouping rebuild the visible list; filters too, a moment after typing stops.
  useEffect(() => {
    tree.setOrder(sort ? rowComparator(model, sort.key, sort.direction) : null);
    bump();
  }, [tree, model, sort, bump]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: groups are rebuilt when the grouping column changes
  useEffect(() => {
    if (!groupBy) tree.setGroups(null);
    else {
      const column = columns.find((c) => c.key === groupBy) ?? { key: groupBy, width: 0 };
      const kind = columnMeta(model, groupBy).kind;
      tree.setGroups(buildGroups(model, groupBy, (i) => format(model, i, column.key, kind), t("grid.emptyGroup")));
    }
    bump();
  }, [tree, model, groupBy]);

  const invalidFilters = useMemo(() => {
    const bad = new Set<ColumnKey>();
    for (const [key, text] of Object.entries(filters) as [ColumnKey, string][]) {
      if (parseFilterText(text, columnMeta(model, key).kind) === undefined) bad.add(key);
    }
    return bad;
  }, [filters, model]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const pass = filterRows(model, filters);
      tree.setFilter(pass ? withAncestors(pass, model.parent) : null);
      bump();
    }, 200);
    return () => clearTimeout(timer);
  }, [filters, model, tree, bump]);

  // Open at the project start, a little in from the left edge.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a new payload arrives
  useLayoutEffect(() => {
    if (hscroll.current) hscroll.current.scrollLeft = scrollXFor(model.projectStart, 40, origin, pxPerDay);
    probe?.firstPaint?.(performance.now() - mounted.current);
  }, [model]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the new zoom must be laid out before its scroll is set
  useLayoutEffect(() => {
    if (pendingScrollX.current !== null && hscroll.current) {
      hscroll.current.scrollLeft = pendingScrollX.current;
      pendingScrollX.current = null;
    }
  }, [pxPerDay]);

  useLayoutEffect(() => {
    if (toggleStarted.current > 0) {
      probe?.expand?.(performance.now() - toggleStarted.current);
      toggleStarted.current = 0;
    }
  });

  const timeWidth = () => hscroll.current?.clientWidth ?? 800;
  const zoomAt = useCallback(
    (factor: number, x: number) => {
      setPxPerDay((px) => {
        const next = clampZoom(px * factor);
        const at = xToTime(x, { origin, pxPerDay: px, scrollX: hscroll.current?.scrollLeft ?? 0 });
        pendingScrollX.current = Math.max(0, scrollXFor(at, x, origin, next));
        return next;
      });
    },
    [origin],
  );

  const onToggle = useCallback(
    (pos: number) => {
      toggleStarted.current = performance.now();
      const entry = tree.at(pos);
      if (tree.toggleAt(pos)) {
        if (entry >= 0) props.onExpandedChange?.(model.ids[entry], tree.expanded[entry] === 1);
        bump();
      }
    },
    [tree, model, bump, props.onExpandedChange],
  );

  const onChanges = useCallback(
    (changes: GanttChange[]) => {
      for (const c of changes) {
        // Texts are shown at once; dates wait for the server (or a bar drag's preview) to recompute them.
        if (c.kind === "name") {
          const i = tree.list().find((e) => e >= 0 && model.ids[e] === c.id);
          if (i !== undefined) model.name[i] = c.value;
        }
        props.onChange?.(c);
      }
      bump();
    },
    [model, tree, bump, props.onChange],
  );

  const flash = useCallback((text: string, error: boolean) => {
    setMessage({ text, error });
    setTimeout(() => setMessage(null), error ? 5000 : 2000);
  }, []);

  const startSplit = (e: React.PointerEvent<HTMLDivElement>) => {
    const startX = e.clientX;
    const start = gridWidth;
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) =>
      setGridWidth(Math.max(120, Math.min(window.innerWidth - 200, start + ev.clientX - startX)));
    const up = () => {
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", up);
    };
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
  };

  const selectedRows = selection.rows;
  const isSelected = useCallback((pos: number) => selectedRows.has(tree.at(pos)), [selectedRows, tree]);
  const gridContentWidth = columns.reduce((s, c) => s + c.width, 0);
  const groupOptions = columns
    .filter((c) => c.key !== "name" && c.key !== "code")
    .map((c) => ({ value: c.key, label: columnLabel(c) }));

  return (
    <div className="pg-root">
      <GanttToolbar
        scale={scaleForZoom(pxPerDay)}
        onScale={(s) => zoomAt(SCALE_PX_PER_DAY[s] / pxPerDay, timeWidth() / 2)}
        onZoom={(f) => zoomAt(f, timeWidth() / 2)}
        onToday={() => {
          if (hscroll.current) hscroll.current.scrollLeft = scrollXFor(today, timeWidth() / 3, origin, pxPerDay);
        }}
        onExpandAll={(open) => {
          tree.expandAll(open);
          bump();
        }}
        showCritical={showCritical}
        onCritical={setShowCritical}
        showBaseline={showBaseline}
        onBaseline={setShowBaseline}
        groupBy={groupBy}
        groupOptions={groupOptions}
        onGroupBy={(key) => setGroupBy(key as ColumnKey | null)}
        rowCount={tree.count}
        busy={busy}
      />
      <div className="pg-top">
        <div className="pg-grid-pane" style={{ width: gridWidth }}>
          <GridHeader
            columns={columns}
            scrollLeft={gridScroll}
            sort={sort}
            onSort={(key) =>
              setSort((s) =>
                s?.key !== key ? { key, direction: 1 } : s.direction === 1 ? { key, direction: -1 } : null,
              )
            }
            onWidth={(index, width) => setColumns((cs) => cs.map((c, k) => (k === index ? { ...c, width } : c)))}
            filters={filters}
            invalidFilters={invalidFilters}
            onFilter={(key, text) => setFilters((f) => ({ ...f, [key]: text }))}
            label={columnLabel}
          />
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a draggable splitter, not a thematic break */}
        <div className="pg-splitter" role="separator" aria-label={t("grid.splitter")} onPointerDown={startSplit} />
        <div className="pg-time-pane">
          <canvas ref={header} style={{ display: "block" }} />
        </div>
      </div>
      <div ref={scroller} className="pg-scroller">
        <div className="pg-content" style={{ height: Math.max(tree.count * ROW_HEIGHT, 1) }}>
          <div className="pg-grid-pane" style={{ width: gridWidth }}>
            <TreeGrid
              model={model}
              tree={tree}
              version={version}
              columns={columns}
              scrollElement={scrollElement}
              scrollLeft={gridScroll}
              selection={selection}
              onSelection={setSelection}
              onToggle={onToggle}
              onChanges={onChanges}
              onMessage={flash}
              cellText={cellText}
              readOnly={readOnly}
            />
          </div>
          <div className="pg-splitter" onPointerDown={startSplit} />
          <div className="pg-time-pane">
            <TimelineCanvas
              model={model}
              tree={tree}
              version={version}
              scroller={scroller}
              hscroll={hscroll}
              header={header}
              headerHeight={HEADER_HEIGHT}
              origin={origin}
              pxPerDay={pxPerDay}
              colors={colors}
              labeler={labeler}
              showCritical={showCritical}
              showBaseline={showBaseline}
              today={today}
              isSelected={isSelected}
              onSelectRow={(pos, mods) => setSelection((s) => clickCell(s, (p) => tree.at(p), pos, s.activeCol, mods))}
              onZoomAt={zoomAt}
              onChange={(c) => props.onChange?.(c)}
              onLink={(l) => props.onLink?.(l)}
              onDatesPatched={bump}
              onBusy={setBusy}
              onError={(m) => flash(t("errors.engine", { message: m }), true)}
              readOnly={readOnly}
              probe={probe}
            />
          </div>
        </div>
      </div>
      <div className="pg-bottom">
        <div
          className="pg-hscroll"
          style={{ width: gridWidth }}
          onScroll={(e) => setGridScroll(e.currentTarget.scrollLeft)}
        >
          <div style={{ width: gridContentWidth }} />
        </div>
        <div style={{ width: 5, flex: "none" }} />
        <div ref={hscroll} className="pg-hscroll" style={{ flex: 1 }}>
          <div style={{ width: contentWidth }} />
        </div>
      </div>
      {message && (
        <div className="pg-message" data-error={message.error || undefined} role="status">
          {message.text}
        </div>
      )}
    </div>
  );
}
