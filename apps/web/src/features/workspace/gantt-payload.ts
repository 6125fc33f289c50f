import type { AttributeDto, GanttColumns, UpdateWbsBody } from "@planum/contracts";
import { formatDate, formatDateTime, tryParseDate, tryParseDateTime } from "@planum/engine";
import type { GanttAttribute, GanttAttributeKind, GanttChange, GanttData } from "./gantt";

export const KIND_OF: Partial<Record<AttributeDto["type"], GanttAttributeKind>> = {
  number: "number",
  string: "string",
  date: "date",
  money: "money",
  percentage: "percentage",
  boolean: "boolean",
  list: "string",
};
const DAY = 1440;

/** The attributes the grid can show as columns: work attributes with a stored value kind, in server order. */
export function attributeColumns(attributes: readonly AttributeDto[]): GanttAttribute[] {
  return attributes
    .filter((a) => a.target === "work" && !a.computed && KIND_OF[a.type] !== undefined)
    .map((a) => ({ id: a.id, label: a.name, kind: KIND_OF[a.type]! }));
}

/** ISO day or day-time text of a date attribute → minutes for the grid (it sorts and filters dates as numbers). */
function dateValue(value: string | number | null): number | null {
  if (typeof value !== "string") return typeof value === "number" ? value : null;
  const t = value.length === 10 ? tryParseDate(value) : tryParseDateTime(value.slice(0, 16));
  return t === undefined ? null : value.length === 10 ? t * DAY : t;
}

/**
 * The server's columnar answer as the Gantt component's payload: the same arrays, plus the attribute columns the
 * schedule defines (each filled to one value per row; dates turned into minutes).
 */
export function toGanttData(columns: GanttColumns, attributes: readonly AttributeDto[]): GanttData {
  const { calcStatus: _status, versionRevision: _revision, ...rest } = columns;
  const defs = attributeColumns(attributes);
  const n = columns.ids.length;
  const attrs: Record<string, (string | number | null)[]> = {};
  for (const def of defs) {
    const source = columns.attrs[def.id];
    const values = new Array<string | number | null>(n);
    for (let i = 0; i < n; i++) {
      const raw = source?.[i] ?? null;
      values[i] = def.kind === "date" ? dateValue(raw) : typeof raw === "boolean" ? String(raw) : raw;
    }
    attrs[def.id] = values;
  }
  return { ...rest, attrs, attributes: defs };
}

/** Position of an id in the payload, -1 when it is not there (deleted by someone meanwhile). */
export function positionOf(data: Pick<GanttData, "ids">, id: number): number {
  return data.ids.indexOf(id);
}

/**
 * A change from the grid or a bar drag as the body of `PATCH /versions/{id}/wbs/{itemId}/update`, carrying the row's
 * revision so a stale edit is refused by the server instead of overwriting someone else's.
 */
export function changeToUpdate(change: GanttChange, attributes: readonly GanttAttribute[] = []): UpdateWbsBody {
  const base = { revision: change.revision };
  switch (change.kind) {
    case "name":
      return { ...base, name: change.value };
    case "duration":
      return { ...base, duration: Math.max(0, Math.round(change.value)) };
    case "startLimit":
      return {
        ...base,
        startLimitType: change.value.type,
        startLimitDate: formatDateTime(change.value.date),
      };
    case "progress":
      return { ...base, percentComplete: change.value };
    case "attribute": {
      const kind = attributes.find((a) => a.id === change.attributeId)?.kind;
      let value: string | number | boolean | null = change.value;
      if (kind === "date" && typeof value === "number") value = formatDate(Math.floor(value / DAY));
      if (kind === "boolean" && typeof value === "string") value = value === "true";
      return { ...base, attrs: { [change.attributeId]: value } };
    }
  }
}

/** Where a new row goes: under the selected sum, or after the selected row among its siblings; else at the root end. */
export function placementFor(
  data: Pick<GanttData, "ids" | "parent" | "type">,
  selectedId: number | null,
): { parentId: number | null; afterId?: number } {
  if (selectedId === null) return { parentId: null };
  const at = positionOf(data, selectedId);
  if (at < 0) return { parentId: null };
  if (data.type[at] === 0) return { parentId: selectedId };
  const parent = data.parent[at];
  return { parentId: parent < 0 ? null : data.ids[parent], afterId: selectedId };
}
