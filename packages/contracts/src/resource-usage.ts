import { z } from "zod";
import { parseUserDate } from "./dates.js";
import {
  packSigned,
  packTexts,
  unpackSigned,
  unpackSignedInto,
  unpackTexts,
  type WireInts,
  type WireTexts,
} from "./gantt-wire.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Resource usage (spec §2 `resources/{id?}`, §7 Resource wbs-by-assignment, Versions resource gantt): demand of the
 * space's assignments against availability per resource, group or specialty and per day, week or month, plus the
 * resource Gantt's bars. `GET /resource/usage` answers `UsageWire`; `decodeUsage` turns it into `UsageColumns`.
 * Day numbers count days since 1970-01-01; bar dates are minutes since 1970-01-01T00:00 wall clock.
 */

export const USAGE_SCALES = ["day", "week", "month"] as const;
export type UsageScale = (typeof USAGE_SCALES)[number];
/** Rows are resources (groups sum their descendants) or specialties (sum of their resources). */
export const USAGE_GROUPINGS = ["resource", "specialty"] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];
/** Longest range by scale, in days: about three years by day, ten by week or month (a screen never shows more). */
export const USAGE_MAX_DAYS: Record<UsageScale, number> = { day: 1100, week: 3660, month: 3660 };

const dayText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "InvalidDate" })
  .refine((text) => parseUserDate(text) !== null, { error: "InvalidDate" });
/** Comma-separated version ids (the page's `target`): the version set whose assignments count. */
const versionList = z
  .string()
  .max(4000)
  .transform((text) => text.split(",").filter((s) => s.length > 0))
  .pipe(z.array(workspaceUuid).max(100, { error: "InvalidValue" }));

const usageWindow = {
  from: dayText.optional(),
  to: dayText.optional(),
  versions: versionList.optional(),
  by: z.enum(USAGE_GROUPINGS, { error: "InvalidValue" }).default("resource"),
};
const fromBeforeTo = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: "custom", message: "FinishBeforeStart", path: ["to"] });
};

const usageQueryFields = {
  ...usageWindow,
  scale: z.enum(USAGE_SCALES, { error: "InvalidValue" }).default("week"),
  /** Only this resource (and its descendants), the page's `{id?}`. */
  resourceId: workspaceUuid.optional(),
  /** Rows whose code or name holds this text (and their ancestors), the page's `filter`. */
  filter: z.string().trim().max(120, { error: "MaxLength" }).optional(),
};
export const resourceUsageQuery = z.object(usageQueryFields).superRefine(fromBeforeTo);
export type ResourceUsageQuery = z.input<typeof resourceUsageQuery>;

/**
 * `GET /versions/{id}/resource-gantt` (spec §7 Versions "resource gantt"): the usage of one version's assignments,
 * rows limited to the resources (or specialties) the version uses; the version is the path's, so no `versions`.
 */
const { versions: _versions, ...versionUsageFields } = usageQueryFields;
export const versionResourceGanttQuery = z.object(versionUsageFields).superRefine(fromBeforeTo);
export type VersionResourceGanttQuery = z.input<typeof versionResourceGanttQuery>;

/** `GET /resource/{id}/wbs-by-assignment`: the works that make a bar of a resource (or specialty) over [from, to]. */
export const wbsByAssignmentQuery = z.object({ ...usageWindow, from: dayText, to: dayText }).superRefine(fromBeforeTo);
export const usageWorkSchema = z.object({
  assignmentId: z.string(),
  versionId: z.string(),
  scheduleId: z.string(),
  scheduleName: z.string(),
  itemId: z.number().int(),
  workCode: z.string(),
  workName: z.string(),
  resourceCode: z.string(),
  resourceName: z.string(),
  unit: z.string(),
  /** Units over the asked days. */
  units: z.number(),
});
export type UsageWork = z.infer<typeof usageWorkSchema>;
export const usageWorkListSchema = z.array(usageWorkSchema);

export const USAGE_ROW_KINDS = ["resource", "group", "specialty"] as const;

/** The usage as the web reads it. Series are row-major: row r's bucket b is at `r * buckets + b`. */
export interface UsageColumns {
  scale: UsageScale;
  by: UsageGrouping;
  fromDay: number;
  toDay: number;
  /** Bucket b covers days [bucketStarts[b], bucketStarts[b + 1]); the last entry is `toDay`. */
  bucketStarts: number[];
  rows: {
    id: string[];
    kind: (typeof USAGE_ROW_KINDS)[number][];
    depth: number[];
    code: string[];
    name: string[];
    unit: string[];
  };
  demand: Float64Array;
  /** NaN = unlimited (some resource of the row has no availability set). */
  availability: Float64Array;
  overDays: Int32Array;
  /** The resource Gantt: one bar per assignment, on the row of its resource (or specialty). */
  bars: {
    row: number[];
    start: number[];
    finish: number[];
    units: number[];
    itemId: number[];
    version: number[];
    code: string[];
    name: string[];
  };
  versions: { id: string; label: string; scheduleId: string; scheduleName: string }[];
  /** Every version of the space, for the version picker (newest first within a schedule). */
  choices: UsageVersionChoice[];
}

export interface UsageVersionChoice {
  id: string;
  label: string;
  kind: "version" | "target" | "actual";
  scheduleId: string;
  scheduleName: string;
}

export const USAGE_WIRE_LAYOUT = 1;

/** Packed columns (gantt-wire.ts' integer and text packing); units travel in thousandths. */
export interface UsageWire {
  layout: typeof USAGE_WIRE_LAYOUT;
  scale: UsageScale;
  by: UsageGrouping;
  fromDay: number;
  toDay: number;
  /** Bucket starts less `fromDay`, as deltas; `bucketCount` of them (the last is `toDay`). */
  buckets: WireInts;
  bucketCount: number;
  n: number;
  rowId: string[];
  rowKind: WireInts;
  rowDepth: WireInts;
  rowCode: WireTexts;
  rowName: WireTexts;
  rowUnit: string[];
  demand: WireInts;
  availability: WireInts;
  overDays: WireInts;
  barCount: number;
  barRow: WireInts;
  barStart: WireInts;
  barLength: WireInts;
  barUnits: WireInts;
  barItem: WireInts;
  barVersion: WireInts;
  barCode: WireTexts;
  barName: WireTexts;
  versions: UsageColumns["versions"];
  choices: UsageColumns["choices"];
}

const THOUSAND = 1000;
/** Each value less the previous one: columns that count up pack into a few characters each. */
const deltas = (values: readonly number[]) => values.map((v, k) => v - (k > 0 ? values[k - 1] : 0));
const sums = (values: readonly number[]) => {
  const out = new Array<number>(values.length);
  let acc = 0;
  for (let k = 0; k < values.length; k++) out[k] = acc += values[k];
  return out;
};
/** Values in thousandths (NaN: -1). A plain loop: `Array.from(typedArray, fn)` costs V8 several times more. */
const thousandths = (values: ArrayLike<number>) => {
  const out = new Array<number>(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    out[k] = Number.isNaN(v) ? -1 : Math.round(v * THOUSAND);
  }
  return out;
};

export function encodeUsage(c: UsageColumns): UsageWire {
  return {
    layout: USAGE_WIRE_LAYOUT,
    scale: c.scale,
    by: c.by,
    fromDay: c.fromDay,
    toDay: c.toDay,
    buckets: packSigned(deltas(c.bucketStarts.map((d) => d - c.fromDay))),
    bucketCount: c.bucketStarts.length,
    n: c.rows.id.length,
    rowId: c.rows.id,
    rowKind: packSigned(c.rows.kind.map((k) => USAGE_ROW_KINDS.indexOf(k))),
    rowDepth: packSigned(c.rows.depth),
    rowCode: packTexts(c.rows.code),
    rowName: packTexts(c.rows.name),
    rowUnit: c.rows.unit,
    demand: packSigned(thousandths(c.demand)),
    availability: packSigned(thousandths(c.availability)),
    overDays: packSigned(Array.from(c.overDays)),
    barCount: c.bars.row.length,
    barRow: packSigned(deltas(c.bars.row)),
    barStart: packSigned(deltas(c.bars.start)),
    barLength: packSigned(c.bars.finish.map((f, k) => f - c.bars.start[k])),
    barUnits: packSigned(thousandths(c.bars.units)),
    barItem: packSigned(c.bars.itemId),
    barVersion: packSigned(c.bars.version),
    barCode: packTexts(c.bars.code),
    barName: packTexts(c.bars.name),
    versions: c.versions,
    choices: c.choices,
  };
}

export function decodeUsage(w: UsageWire): UsageColumns {
  const n = w.n;
  const buckets = sums(unpackSigned(w.buckets, w.bucketCount)).map((d) => d + w.fromDay);
  const cells = n * (buckets.length - 1);
  const fromThousandths = (wire: WireInts) => {
    const out = new Float64Array(cells);
    unpackSignedInto(wire, out);
    for (let k = 0; k < cells; k++) out[k] = out[k] < 0 ? Number.NaN : out[k] / THOUSAND;
    return out;
  };
  const overDays = new Int32Array(cells);
  unpackSignedInto(w.overDays, overDays);
  const m = w.barCount;
  const start = sums(unpackSigned(w.barStart, m));
  const length = unpackSigned(w.barLength, m);
  return {
    scale: w.scale,
    by: w.by,
    fromDay: w.fromDay,
    toDay: w.toDay,
    bucketStarts: buckets,
    rows: {
      id: w.rowId,
      kind: unpackSigned(w.rowKind, n).map((k) => USAGE_ROW_KINDS[k]),
      depth: unpackSigned(w.rowDepth, n),
      code: unpackTexts(w.rowCode, n),
      name: unpackTexts(w.rowName, n),
      unit: w.rowUnit,
    },
    demand: fromThousandths(w.demand),
    availability: fromThousandths(w.availability),
    overDays,
    bars: {
      row: sums(unpackSigned(w.barRow, m)),
      start,
      finish: start.map((s, k) => s + length[k]),
      units: unpackSigned(w.barUnits, m).map((v) => v / THOUSAND),
      itemId: unpackSigned(w.barItem, m),
      version: unpackSigned(w.barVersion, m),
      code: unpackTexts(w.barCode, m),
      name: unpackTexts(w.barName, m),
    },
    versions: w.versions,
    choices: w.choices,
  };
}

const packed = z.union([z.string(), z.array(z.number().nullable())]);
const texts = z.object({ shared: packed, rest: packed, text: z.string() });
/** The answer of `GET /resource/usage` for the API documentation and the response check (`UsageWire`). */
export const usageWireSchema = z.object({
  layout: z.literal(USAGE_WIRE_LAYOUT),
  scale: z.enum(USAGE_SCALES),
  by: z.enum(USAGE_GROUPINGS),
  fromDay: z.number().int(),
  toDay: z.number().int(),
  buckets: packed,
  bucketCount: z.number().int(),
  n: z.number().int(),
  rowId: z.array(z.string()),
  rowKind: packed,
  rowDepth: packed,
  rowCode: texts,
  rowName: texts,
  rowUnit: z.array(z.string()),
  demand: packed,
  availability: packed,
  overDays: packed,
  barCount: z.number().int(),
  barRow: packed,
  barStart: packed,
  barLength: packed,
  barUnits: packed,
  barItem: packed,
  barVersion: packed,
  barCode: texts,
  barName: texts,
  versions: z.array(z.object({ id: z.string(), label: z.string(), scheduleId: z.string(), scheduleName: z.string() })),
  choices: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      kind: z.enum(["version", "target", "actual"]),
      scheduleId: z.string(),
      scheduleName: z.string(),
    }),
  ),
});

/**
 * The resource layout settings of a user in a space (spec §3 resource layout settings, §7 Resource settings): how
 * the usage view opens — scale, rows by resource or specialty, the versions counted (none = each schedule's actual)
 * and whether a filter shows its indicator. Kept per user and space; `GET /resource/settings` answers the defaults
 * when none are saved.
 */
export const resourceLayoutSettingsBody = z.object({
  scale: z.enum(USAGE_SCALES, { error: "InvalidValue" }),
  by: z.enum(USAGE_GROUPINGS, { error: "InvalidValue" }),
  versions: z.array(workspaceUuid).max(100, { error: "InvalidValue" }),
  filterIndicator: z.boolean(),
});
export type ResourceLayoutSettingsBody = z.infer<typeof resourceLayoutSettingsBody>;
export const resourceLayoutSettingsSchema = resourceLayoutSettingsBody.extend({
  /** False when nothing is saved yet (the answer holds the defaults). */
  saved: z.boolean(),
});
export type ResourceLayoutSettings = z.infer<typeof resourceLayoutSettingsSchema>;
export const DEFAULT_RESOURCE_LAYOUT: ResourceLayoutSettingsBody = {
  scale: "week",
  by: "resource",
  versions: [],
  filterIndicator: true,
};
