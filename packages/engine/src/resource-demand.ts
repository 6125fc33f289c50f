import type { Calendar } from "./calendar-build.js";
import { type ResourceCurve, spreadUnits } from "./resource-curves.js";
import { dayOfWeek, tryParseDate } from "./time-format.js";

/**
 * Resource demand against availability (P6's resource usage profile): every assignment's units spread over its
 * work's working days by its curve, summed per resource per day, compared with the resource's availability (max
 * units per day of the period in force, on the resource's working days). Rows are single resources, resource groups
 * or specialties: a row sums its resources' demand and availability, and a day is over-allocated when the row's
 * demand exceeds its availability that day. Buckets of a week or a month sum their days and count their
 * over-allocated days (P6 marks a week whose any day is over-allocated). Used by the usage view and by levelling.
 */

export type DemandScale = "day" | "week" | "month";
export const DEMAND_SCALES: readonly DemandScale[] = ["day", "week", "month"];

export interface DemandResource {
  id: string;
  /** Max units per working day from `from` ("YYYY-MM-DD") on; the earliest also holds before it. Empty = unlimited. */
  availability: readonly { from: string; maxUnitsPerDay: number }[];
  /** Working days of the resource: days without working time have no availability. */
  calendar: Calendar;
}

export interface DemandAssignment {
  resourceId: string;
  /** Units spread over [start, finish) (minutes since epoch) on `calendar` by `curve`. */
  units: number;
  start: number;
  finish: number;
  curve: ResourceCurve;
  calendar: Calendar;
}

export interface DemandRow {
  key: string;
  resourceIds: readonly string[];
  /**
   * Resources whose availability the row sums, when not all of `resourceIds` (a group resource without periods of
   * its own is not "unlimited": its members' availability is the group's).
   */
  availabilityOf?: readonly string[];
}

export interface DemandInput {
  resources: readonly DemandResource[];
  assignments: readonly DemandAssignment[];
  rows: readonly DemandRow[];
  /** First day (day number) and the day after the last. */
  fromDay: number;
  toDay: number;
  scale: DemandScale;
}

export interface DemandRowSeries {
  key: string;
  /** Units demanded per bucket. */
  demand: Float64Array;
  /** Units available per bucket; NaN when some resource of the row has no availability set (unlimited). */
  availability: Float64Array;
  /** Over-allocated days per bucket (demand above availability by more than a millionth). */
  overDays: Int32Array;
}

export interface DemandResult {
  /** Bucket k covers days [bucketStarts[k], bucketStarts[k + 1]); the last entry is `toDay`. */
  bucketStarts: Int32Array;
  rows: DemandRowSeries[];
}

const EPSILON = 1e-6;

/** Buckets of [fromDay, toDay): single days, ISO weeks (from Monday) or calendar months, cut at the range's ends. */
export function demandBuckets(fromDay: number, toDay: number, scale: DemandScale): Int32Array {
  const starts: number[] = [];
  for (let d = fromDay; d < toDay; ) {
    starts.push(d);
    if (scale === "day") d += 1;
    else if (scale === "week") d += 7 - dayOfWeek(d);
    else {
      const date = new Date(d * 86_400_000);
      d = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 86_400_000;
    }
  }
  starts.push(Math.max(fromDay, toDay));
  return Int32Array.from(starts);
}

/** Adds an assignment's units per day into `days` (index 0 = fromDay); units outside the range are left out. */
export function addAssignmentDays(days: Float64Array, fromDay: number, a: DemandAssignment): void {
  if (!(a.units > 0) || !(a.finish > a.start)) return;
  for (const d of spreadUnits(a.units, a.calendar, a.start, a.finish, a.curve)) {
    const k = d.day - fromDay;
    if (k >= 0 && k < days.length) days[k] += d.value;
  }
}

/** A resource's availability per day of [fromDay, toDay), or null when it has no periods (unlimited). */
export function availabilityDays(
  resource: DemandResource,
  fromDay: number,
  toDay: number,
  working: (calendar: Calendar) => Uint8Array = (calendar) => workingFlags(calendar, fromDay, toDay),
): Float64Array | null {
  if (resource.availability.length === 0) return null;
  const periods = resource.availability
    .map((p) => ({ day: tryParseDate(p.from) ?? Number.NEGATIVE_INFINITY, value: p.maxUnitsPerDay }))
    .sort((x, y) => x.day - y.day);
  const out = new Float64Array(Math.max(0, toDay - fromDay));
  const works = working(resource.calendar);
  let k = 0;
  for (let d = fromDay; d < toDay; d++) {
    while (k + 1 < periods.length && periods[k + 1].day <= d) k++;
    if (works[d - fromDay] === 1) out[d - fromDay] = periods[k].value;
  }
  return out;
}

/** 1 for each day of [fromDay, toDay) with working time on the calendar. */
function workingFlags(calendar: Calendar, fromDay: number, toDay: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, toDay - fromDay));
  for (let d = fromDay; d < toDay; d++) out[d - fromDay] = calendar.dayWorkMinutes(d) > 0 ? 1 : 0;
  return out;
}

/** Demand and availability per row and bucket. Rows naming unknown resources count them as absent. */
export function resourceDemand(input: DemandInput): DemandResult {
  const { fromDay, toDay } = input;
  const length = Math.max(0, toDay - fromDay);
  const bucketStarts = demandBuckets(fromDay, toDay, input.scale);
  const buckets = bucketStarts.length - 1;
  const demandOf = new Map<string, Float64Array>();
  for (const a of input.assignments) {
    let days = demandOf.get(a.resourceId);
    if (!days) {
      days = new Float64Array(length);
      demandOf.set(a.resourceId, days);
    }
    addAssignmentDays(days, fromDay, a);
  }
  const byId = new Map(input.resources.map((r) => [r.id, r]));
  // resources mostly share a few calendars: each calendar's working days are read once for the range
  const flagsOf = new Map<Calendar, Uint8Array>();
  const working = (calendar: Calendar) => {
    let flags = flagsOf.get(calendar);
    if (!flags) {
      flags = workingFlags(calendar, fromDay, toDay);
      flagsOf.set(calendar, flags);
    }
    return flags;
  };
  const availabilityOf = new Map<string, Float64Array | null>();
  const availability = (id: string) => {
    if (!availabilityOf.has(id)) {
      const r = byId.get(id);
      availabilityOf.set(id, r ? availabilityDays(r, fromDay, toDay, working) : null);
    }
    return availabilityOf.get(id) ?? null;
  };

  const rowDemand = new Float64Array(length);
  const rowAvail = new Float64Array(length);
  const rows = input.rows.map((row): DemandRowSeries => {
    rowDemand.fill(0);
    rowAvail.fill(0);
    const supply = row.availabilityOf ?? row.resourceIds;
    let unlimited = supply.length === 0;
    for (const id of row.resourceIds) {
      const demand = demandOf.get(id);
      if (demand) for (let k = 0; k < length; k++) rowDemand[k] += demand[k];
    }
    for (const id of supply) {
      const avail = byId.has(id) ? availability(id) : new Float64Array(0);
      if (avail === null) unlimited = true;
      else for (let k = 0; k < avail.length; k++) rowAvail[k] += avail[k];
    }
    const series: DemandRowSeries = {
      key: row.key,
      demand: new Float64Array(buckets),
      availability: new Float64Array(buckets),
      overDays: new Int32Array(buckets),
    };
    for (let b = 0; b < buckets; b++) {
      let demand = 0;
      let avail = 0;
      let over = 0;
      for (let d = bucketStarts[b]; d < bucketStarts[b + 1]; d++) {
        const k = d - fromDay;
        demand += rowDemand[k];
        avail += rowAvail[k];
        if (!unlimited && rowDemand[k] > rowAvail[k] + EPSILON) over++;
      }
      series.demand[b] = Math.round(demand * 1e6) / 1e6;
      series.availability[b] = unlimited ? Number.NaN : Math.round(avail * 1e6) / 1e6;
      series.overDays[b] = over;
    }
    return series;
  });
  return { bucketStarts, rows };
}

/**
 * What makes a bar: each assignment's units within [fromDay, toDay), in input order, leaving out those with none.
 * `index` points into the assignments given.
 */
export function demandContributions(
  assignments: readonly DemandAssignment[],
  fromDay: number,
  toDay: number,
): { index: number; units: number }[] {
  const out: { index: number; units: number }[] = [];
  const days = new Float64Array(Math.max(0, toDay - fromDay));
  assignments.forEach((a, index) => {
    days.fill(0);
    addAssignmentDays(days, fromDay, a);
    let units = 0;
    for (const v of days) units += v;
    if (units > EPSILON) out.push({ index, units: Math.round(units * 1e6) / 1e6 });
  });
  return out;
}
