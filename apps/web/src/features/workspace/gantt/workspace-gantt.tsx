import { useComputedColorScheme } from "@mantine/core";
import type { PrintScreenInput } from "@planum/contracts";
import type { Calendar } from "@planum/engine";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ROW_HEIGHT } from "./bar-layout";
import { ColumnChooser } from "./column-chooser";
import { parseFilterText } from "./filter-ops";
import type { GanttChange, GanttData, GanttLink } from "./gantt-data";
import { todayJump } from "./gantt-follow";
import { DARK_COLORS, LIGHT_COLORS } from "./gantt-theme";
import { GanttToolbar } from "./gantt-toolbar";
import { activeFilterCount, columnsOfView, type GanttView, zoomOfView } from "./gantt-view";
import {
  allColumns,
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
import { screenForPrint } from "./print-screen";
import { filterRows } from "./row-filter";
import { buildGroups, groupSpan } from "./row-groups";
import { decodeGanttData, type RowModel } from "./row-model";
import { type GanttScale, SCALE_PX_PER_DAY, scaleForZoom, scrollXFor, unitStart } from "./scale-math";
import { type GanttPerfProbe, TimelineCanvas } from "./timeline-canvas";
import { TreeGrid } from "./tree-grid";
import { TreeIndex, withAncestors } from "./tree-index";
import { dataDateDragHandlers } from "./use-data-date-drag";
import { useScaleLabeler } from "./use-scale-labeler";
import { useSelectionSync } from "./use-selection-sync";
import { useTimelineFollow } from "./use-timeline-follow";
import { useTimelineZoom } from "./use-timeline-zoom";
import { useViewSync } from "./use-view-sync";
import { carryColumns, carryExpanded, carryScrollTop, carryScrollX, carrySelection } from "./view-carry";
import "./workspace-gantt.css";

export interface WorkspaceGanttProps {
  /**
   * The columnar payload of one schedule version (see gantt-data.ts). A new object re-decodes the rows; the view
   * (scroll, zoom, expanded rows, selection, columns, filters, grouping, sorting) is carried over by row id.
   */
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
  /**
   * A view to show (a layout or template applied): columns, widths, filters, grouping, sorting, scale. Applied when
   * the object changes; the user may change everything afterwards.
   */
  view?: GanttView;
  /** The user changed the view (not called for `view` itself being applied); the page may save it. */
  onViewChange?(view: GanttView): void;
  /** Selected rows by id in screen order, and the row of the active cell (null on a group header). */
  onSelectionChange?(ids: number[], activeId: number | null): void;
  /**
   * Rows another view of the page selected (the network view), by id: the Gantt selects them when this array
   * object changes, so both views show one selection.
   */
  selectIds?: readonly number[];
  /** Show a marker in the toolbar while filter-row conditions hide rows (spec's `filter_indicator`). */
  showFilterIndicator?: boolean;
  /** Name of the applied filter or layout, shown in the marker. */
  filterLabel?: string;
  /** The data date line was dragged on the time scale and dropped here (minutes); absent = the line stays put. */
  onDataDateDrop?(minutes: number): void;
  /** "Today" in wall-clock minutes (default: the browser's clock). */
  today?: number;
  readOnly?: boolean;
  /** Filled with a function that answers the screen as shown now, for the print (`screenForPrint`). */
  printScreen?: { current: (() => PrintScreenInput) | null };
  probe?: GanttPerfProbe & { expand?(ms: number): void; firstPaint?(ms: number): void };
}

const HEADER_HEIGHT = 56;
const DAY = 1440;

function wallClockNow(): number {
  const now = new Date();
  return Math.floor(now.getTime() / 60_000) - now.getTimezoneOffset();
}

/**
 * The schedule workspace: a virtualised tree grid beside a canvas Gantt timeline, sharing one row model. Memoised:
 * the page re-renders on every selection (the details follow it), and the Gantt need not render again for that.
 */
export const WorkspaceGantt = memo(function WorkspaceGantt(props: WorkspaceGanttProps) {
  const { t, i18n } = useTranslation("workspace", { keyPrefix: "gantt" });
  const { data, readOnly = false, probe } = props;
  const model = useMemo(() => decodeGanttData(data, props.calendarsById), [data, props.calendarsById]);
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((x) => x + 1), []);
  const [columns, setColumns] = useState<GridColumn[]>(() =>
    props.view ? columnsOfView(props.view, model) : (props.columns ?? defaultColumns(model)),
  );
  // The grid takes at most 42 % of the window at first, so a 1024 px screen still shows the timeline.
  const [gridWidth, setGridWidth] = useState(() => Math.min(700, Math.round(window.innerWidth * 0.46)));
  const [gridScroll, setGridScroll] = useState(0);
  const [showCritical, setShowCritical] = useState(true);
  const [showBaseline, setShowBaseline] = useState(true);
  const [groupBy, setGroupBy] = useState<ColumnKey | null>(() => props.view?.groupBy ?? null);
  const [sort, setSort] = useState<SortState | null>(() => props.view?.sort ?? null);
  const [filters, setFilters] = useState<Partial<Record<ColumnKey, string>>>(() => props.view?.filters ?? {});
  const [busy, setBusy] = useState<"engine" | "preview" | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const hscroll = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLCanvasElement>(null);
  // A scrollTop the component set itself (the view carried over a new payload): the timeline does not follow it.
  const carriedTop = useRef<number | null>(null);
  const messageTimer = useRef(0);
  const toggleStarted = useRef(0);
  const dataDateFrom = useRef<number | null>(null);
  const mounted = useRef(performance.now());
  const scrollElement = useCallback(() => scroller.current, []);
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const colors = scheme === "dark" ? DARK_COLORS : LIGHT_COLORS;
  const today = props.today ?? wallClockNow();
  const locale = i18n.language;

  const origin = useMemo(() => unitStart(model.minTime - 14 * DAY, "month"), [model]);
  const { pxPerDay, zoomAt, zoomTo } = useTimelineZoom(
    () => (props.view ? zoomOfView(props.view) : SCALE_PX_PER_DAY[props.scale ?? "week"]),
    origin,
    hscroll,
  );
  const contentWidth = Math.ceil(((model.maxTime + 90 * DAY - origin) * pxPerDay) / DAY);

  const labeler = useScaleLabeler();

  const format = useMemo(
    () =>
      createCellFormatter(
        locale,
        (type) => t(`types.${type}`),
        (column, value) => {
          const group = column === "secondaryConstraint" ? "constraint" : column;
          return t(`values.${group}.${value}` as "values.status.completed", { defaultValue: value });
        },
        t("dayUnit"),
      ),
    [locale, t],
  );
  const groupsOf = (m: RowModel, key: ColumnKey) => {
    const kind = columnMeta(m, key).kind;
    return buildGroups(m, key, (i) => format(m, i, key, kind), t("grid.emptyGroup"));
  };

  // The model and tree on screen (set after each commit): a new payload carries the view over from them by row id.
  const shown = useRef<{ model: RowModel; tree: TreeIndex; origin: number } | null>(null);
  // Which tree the sort, grouping and filter were last applied to, so the effects below do not apply them twice.
  const applied = useRef<{
    tree: TreeIndex | null;
    sort: SortState | null;
    groupBy: ColumnKey | null;
    filters: Partial<Record<ColumnKey, string>>;
  }>({ tree: null, sort: null, groupBy: null, filters: {} });
  // A new payload gets a tree at once in the user's state (expanded rows by id, grouping, sorting, filter), so the
  // first frame already shows the same rows at the same places; no flash of an unfiltered, re-expanded list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: built per payload; the view's state is read as it is now
  const tree = useMemo(() => {
    const prev = shown.current;
    const expanded =
      prev && prev.model !== model
        ? carryExpanded(prev.model.ids, prev.tree.expanded, data.ids, data.expanded)
        : data.expanded;
    const next = new TreeIndex(model.tree, expanded);
    if (groupBy) next.setGroups(groupsOf(model, groupBy));
    if (sort) next.setOrder(rowComparator(model, sort.key, sort.direction));
    const pass = filterRows(model, filters);
    if (pass) next.setFilter(withAncestors(pass, model.parent));
    applied.current = { tree: next, sort, groupBy, filters };
    return next;
  }, [model, data.expanded]);

  // The selection belongs to one tree; on a new tree it is carried over by row id while rendering (no frame shows
  // the old positions applied to the new rows).
  const [selectionState, setSelectionState] = useState(() => ({ sel: EMPTY_SELECTION, model, tree }));
  let selection = selectionState.sel;
  if (selectionState.tree !== tree) {
    selection = carrySelection(selectionState.sel, selectionState, { model, tree });
    setSelectionState({ sel: selection, model, tree });
  }
  const setSelection = useCallback(
    (next: GridSelection | ((s: GridSelection) => GridSelection)) =>
      setSelectionState((s) => ({ ...s, sel: typeof next === "function" ? next(s.sel) : next })),
    [],
  );
  const columnLabel = useCallback((c: GridColumn) => c.label ?? t(`columns.${c.key}` as "columns.name"), [t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version invalidates texts after dates are patched
  const cellText = useCallback(
    (entry: number, column: GridColumn): string => {
      if (entry < 0) {
        const g = tree.group(entry);
        if (column.key === "name") return `${g.label} (${tree.groupSize(entry)})`;
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

  // The print asks for the screen when it prints: the rows, columns and scale shown at that moment.
  const { printScreen } = props;
  useEffect(() => {
    if (!printScreen) return;
    printScreen.current = () =>
      screenForPrint({
        model,
        tree,
        columns,
        label: columnLabel,
        text: cellText,
        scale: scaleForZoom(pxPerDay),
        pxPerDay,
        baseline: showBaseline,
      });
    return () => {
      printScreen.current = null;
    };
  });

  // Sorting and grouping rebuild the visible list; filters too, a moment after typing stops.
  useEffect(() => {
    if (applied.current.tree === tree && applied.current.sort === sort) return;
    applied.current.sort = sort;
    tree.setOrder(sort ? rowComparator(model, sort.key, sort.direction) : null);
    bump();
  }, [tree, model, sort, bump]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: groups are rebuilt when the grouping column changes
  useEffect(() => {
    if (applied.current.tree === tree && applied.current.groupBy === groupBy) return;
    applied.current.groupBy = groupBy;
    tree.setGroups(groupBy ? groupsOf(model, groupBy) : null);
    // grouping drops the sibling order; put it back
    if (sort) tree.setOrder(rowComparator(model, sort.key, sort.direction));
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
    if (applied.current.tree === tree && applied.current.filters === filters) return;
    const timer = setTimeout(() => {
      applied.current.filters = filters;
      const pass = filterRows(model, filters);
      tree.setFilter(pass ? withAncestors(pass, model.parent) : null);
      bump();
    }, 200);
    return () => clearTimeout(timer);
  }, [filters, model, tree, bump]);

  // The first payload opens at the project start, a little in from the left edge. Later payloads (every edit and
  // calculation brings one) keep the view: the row at the top stays at the top, the date at the left edge stays,
  // columns keep their order and widths.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a new payload arrives
  useLayoutEffect(() => {
    const prev = shown.current;
    shown.current = { model, tree, origin };
    if (!prev) {
      if (hscroll.current) hscroll.current.scrollLeft = scrollXFor(model.projectStart, 40, origin, pxPerDay);
      probe?.firstPaint?.(performance.now() - mounted.current);
      return;
    }
    if (prev.tree === tree) return;
    const el = scroller.current;
    if (el) {
      const top = carryScrollTop(el.scrollTop, ROW_HEIGHT, prev, { model, tree });
      if (top !== el.scrollTop) carriedTop.current = top;
      el.scrollTop = top;
    }
    if (hscroll.current && prev.origin !== origin) {
      hscroll.current.scrollLeft = carryScrollX(hscroll.current.scrollLeft, prev.origin, origin, pxPerDay);
    }
    if (prev.model !== model) setColumns((cs) => carryColumns(cs, prev.model, model));
  }, [tree]);

  // Columns handed in replace the user's.
  const columnsProp = useRef(props.columns);
  useEffect(() => {
    if (!props.columns || props.columns === columnsProp.current) return;
    columnsProp.current = props.columns;
    setColumns(props.columns);
  }, [props.columns]);

  useViewSync({
    model,
    shown: { columns, filters, groupBy, sort, pxPerDay },
    view: props.view,
    onViewChange: props.onViewChange,
    apply(next) {
      setColumns(next.columns);
      setFilters(next.filters);
      setGroupBy(next.groupBy);
      setSort(next.sort);
      if (next.pxPerDay !== pxPerDay) zoomTo(next.pxPerDay, pxPerDay);
    },
  });
  useSelectionSync({
    model,
    tree,
    selection,
    setSelection,
    selectIds: props.selectIds,
    onSelectionChange: props.onSelectionChange,
  });

  useLayoutEffect(() => {
    if (toggleStarted.current > 0) {
      probe?.expand?.(performance.now() - toggleStarted.current);
      toggleStarted.current = 0;
    }
  });

  const timeWidth = () => hscroll.current?.clientWidth ?? 800;

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

  const flash = useCallback((text: string, error: boolean, ms = error ? 5000 : 2000) => {
    setMessage({ text, error });
    clearTimeout(messageTimer.current);
    messageTimer.current = window.setTimeout(() => setMessage(null), ms);
  }, []);
  useEffect(() => () => clearTimeout(messageTimer.current), []);

  useTimelineFollow({ model, tree, origin, pxPerDay, selection, scroller, hscroll, carriedTop });

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

  const dataDateDrag = dataDateDragHandlers({
    model,
    origin,
    pxPerDay,
    hscroll,
    from: dataDateFrom,
    redraw: bump,
    onDrop: props.onDataDateDrop,
  });

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
          const h = hscroll.current;
          if (!h) return;
          const v = { origin, pxPerDay, scrollX: h.scrollLeft };
          const jump = todayJump(today, model.minTime, model.maxTime, v, h.clientWidth);
          h.scrollLeft = jump.scrollX;
          if (jump.where !== "inside") {
            const span = { today: formatDay(today), from: formatDay(model.minTime), to: formatDay(model.maxTime) };
            flash(t(jump.where === "after" ? "toolbar.todayAfter" : "toolbar.todayBefore", span), false, 4000);
          }
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
        filterCount={activeFilterCount(filters)}
        showFilterIndicator={props.showFilterIndicator ?? false}
        filterLabel={props.filterLabel}
        onClearFilters={() => setFilters({})}
      />
      <div className="pg-top">
        <div className="pg-grid-pane" style={{ width: gridWidth, position: "relative" }}>
          <div className="pg-chooser-slot">
            <ColumnChooser
              all={allColumns(model)}
              shown={columns}
              label={columnLabel}
              onChange={setColumns}
              onReset={() => setColumns(defaultColumns(model))}
            />
          </div>
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
          <canvas ref={header} style={{ display: "block" }} {...dataDateDrag} />
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
});
