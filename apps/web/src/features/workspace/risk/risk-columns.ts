import { DEFAULT_MINUTES_PER_DAY, type RiskDurationsBody, type RiskInputs } from "@planum/contracts";
import type { GanttChange, GanttData } from "../gantt";
import { positionOf } from "../gantt-payload";

/** The three points of a work's duration estimate, as the grid's optional columns (issue 21: inputs in the grid). */
export const RISK_POINTS = ["min", "likely", "max"] as const;
export type RiskPoint = (typeof RISK_POINTS)[number];

/** Attribute ids of the three columns: apart from the schedule's attribute ids (uuids) and linked ones (`link:`). */
const PREFIX = "risk:";
export const riskColumnId = (point: RiskPoint) => `${PREFIX}${point}`;
const pointOf = (attributeId: string): RiskPoint | null => {
  const point = attributeId.startsWith(PREFIX) ? attributeId.slice(PREFIX.length) : "";
  return (RISK_POINTS as readonly string[]).includes(point) ? (point as RiskPoint) : null;
};

// Days as the Risk tab shows them: working days of the default length, to two decimals.
const toDays = (minutes: number) => Math.round((minutes / DEFAULT_MINUTES_PER_DAY) * 100) / 100;
const toMinutes = (days: number) => Math.round(days * DEFAULT_MINUTES_PER_DAY);

/**
 * The payload with the three-point durations as optional number columns (in days; empty where a work has no estimate
 * of its own): the column chooser offers them, typing into one sets the estimate (`riskEditOf`).
 */
export function withRiskColumns(
  data: GanttData,
  inputs: RiskInputs | undefined,
  labels: Record<RiskPoint, string>,
): GanttData {
  if (!inputs) return data;
  const attrs = { ...data.attrs };
  const columns = RISK_POINTS.map(() => new Array<number | null>(data.ids.length).fill(null));
  const position = new Map<number, number>();
  for (let i = 0; i < data.ids.length; i++) position.set(data.ids[i], i);
  for (const d of inputs.durations) {
    const at = position.get(d.itemId);
    if (at === undefined) continue;
    RISK_POINTS.forEach((point, k) => {
      columns[k][at] = toDays(d[point]);
    });
  }
  RISK_POINTS.forEach((point, k) => {
    attrs[riskColumnId(point)] = columns[k];
  });
  const attributes = [
    ...(data.attributes ?? []),
    ...RISK_POINTS.map((point) => ({
      id: riskColumnId(point),
      label: labels[point],
      kind: "number" as const,
      optional: true,
      worksOnly: true,
    })),
  ];
  return { ...data, attrs, attributes };
}

/**
 * What a typed three-point cell asks of `PUT …/risk/durations`, or null when the change is not one. A work without an
 * estimate starts from its planned duration for the other two points (as the Risk tab does) and PERT; an emptied cell
 * clears the work's estimate. The server checks min ≤ likely ≤ max and answers in the user's language.
 */
export function riskEditOf(
  change: GanttChange,
  data: GanttData,
  inputs: RiskInputs | undefined,
): RiskDurationsBody | null {
  if (change.kind !== "attribute") return null;
  const point = pointOf(change.attributeId);
  if (point === null) return null;
  if (change.value === null || change.value === "") return { set: [], clear: [change.id] };
  const days = typeof change.value === "number" ? change.value : Number(change.value);
  const own = inputs?.durations.find((d) => d.itemId === change.id);
  const at = positionOf(data, change.id);
  const planned = at < 0 ? 0 : data.duration[at];
  const estimate = own
    ? { min: own.min, likely: own.likely, max: own.max, distribution: own.distribution }
    : { min: planned, likely: planned, max: planned, distribution: "pert" as const };
  return { set: [{ itemId: change.id, ...estimate, [point]: toMinutes(days) }], clear: [] };
}
