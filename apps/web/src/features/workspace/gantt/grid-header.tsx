import { Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import type { PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ColumnKey, GridColumn } from "./grid-columns";

export interface SortState {
  key: ColumnKey;
  direction: 1 | -1;
}

export interface GridHeaderProps {
  columns: GridColumn[];
  scrollLeft: number;
  sort: SortState | null;
  onSort(key: ColumnKey): void;
  onWidth(index: number, width: number): void;
  filters: Partial<Record<ColumnKey, string>>;
  invalidFilters: ReadonlySet<ColumnKey>;
  onFilter(key: ColumnKey, text: string): void;
  label(column: GridColumn): string;
}

const MIN_WIDTH = 40;

/** Column titles (click to sort, drag the right edge to resize) above a filter row of the spec's operators. */
export function GridHeader(p: GridHeaderProps) {
  const { t } = useTranslation("workspace", { keyPrefix: "gantt" });

  const startResize = (index: number, e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startWidth = p.columns[index].width;
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) =>
      p.onWidth(index, Math.max(MIN_WIDTH, startWidth + ev.clientX - startX));
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
  };

  return (
    <div className="pg-header">
      <div style={{ transform: `translateX(${-p.scrollLeft}px)` }}>
        {/* biome-ignore lint/a11y/useSemanticElements: header of the virtualised ARIA grid below */}
        <div className="pg-header-row" role="row" tabIndex={-1}>
          {p.columns.map((column, index) => {
            const label = p.label(column);
            const sorted = p.sort?.key === column.key ? p.sort.direction : 0;
            return (
              // biome-ignore lint/a11y/useSemanticElements: header cell of the virtualised ARIA grid
              <div
                key={column.key}
                role="columnheader"
                tabIndex={-1}
                className="pg-th"
                style={{ width: column.width }}
                title={label}
              >
                <button type="button" className="pg-th-button" onClick={() => p.onSort(column.key)}>
                  <span className="pg-text">{label}</span>
                  {sorted === 1 && <IconArrowUp size={12} aria-label={t("grid.sort")} />}
                  {sorted === -1 && <IconArrowDown size={12} aria-label={t("grid.sort")} />}
                </button>
                {/* biome-ignore lint/a11y/useSemanticElements: a drag handle, not a thematic break */}
                <div
                  className="pg-resize"
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={t("grid.resize")}
                  onPointerDown={(e) => startResize(index, e)}
                />
              </div>
            );
          })}
        </div>
        <div className="pg-header-row pg-filter-row">
          {p.columns.map((column) => (
            <div key={column.key} className="pg-th" style={{ width: column.width }}>
              <Tooltip label={t("grid.filterHelp")} multiline w={320} openDelay={600}>
                <input
                  className="pg-filter"
                  aria-label={`${t("grid.filter")}: ${p.label(column)}`}
                  aria-invalid={p.invalidFilters.has(column.key)}
                  value={p.filters[column.key] ?? ""}
                  onChange={(e) => p.onFilter(column.key, e.target.value)}
                />
              </Tooltip>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
