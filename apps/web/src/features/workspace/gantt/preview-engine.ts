import {
  type ActivityInput,
  type ActivityType,
  type CalendarInput,
  createScheduler,
  formatDateTime,
  type NetworkInput,
  parseDateTime,
  type RelationInput,
  type Scheduler,
} from "@planum/engine";
import { LIMIT_TYPES, NO_TIME, RELATION_TYPES, TYPE_DRAFT, WBS_TYPES } from "./gantt-data";
import type { RowModel } from "./row-model";

/** The part of the row model the engine needs, as plain typed arrays that cross to a worker by structured clone. */
export interface PreviewNetwork {
  type: Uint8Array;
  calendar: Int32Array;
  duration: Int32Array;
  remaining: Int32Array;
  parent: Int32Array;
  actualStart: Int32Array;
  actualFinish: Int32Array;
  startLimitType: Uint8Array;
  startLimitDate: Int32Array;
  finishLimitType: Uint8Array;
  finishLimitDate: Int32Array;
  relFrom: Int32Array;
  relTo: Int32Array;
  relType: Uint8Array;
  relLag: Int32Array;
  calendars: CalendarInput[];
  defaultCalendar: number;
  projectStart: number;
  dataDate: number;
}

export function previewNetworkOf(model: RowModel): PreviewNetwork {
  return {
    type: model.type,
    calendar: model.calendar,
    duration: model.duration,
    remaining: model.remaining,
    parent: model.parent,
    actualStart: model.as,
    actualFinish: model.af,
    startLimitType: model.startLimitType,
    startLimitDate: model.startLimitDate,
    finishLimitType: model.finishLimitType,
    finishLimitDate: model.finishLimitDate,
    relFrom: model.rel.from,
    relTo: model.rel.to,
    relType: model.rel.type,
    relLag: model.rel.lag,
    calendars: model.calendars,
    defaultCalendar: model.defaultCalendar,
    projectStart: model.projectStart,
    dataDate: model.dataDate,
  };
}

/** The engine's NetworkInput for the rows; activity ids are row positions as text so results map straight back. */
export function toNetworkInput(p: PreviewNetwork): NetworkInput {
  const n = p.type.length;
  const activities: ActivityInput[] = new Array(n);
  for (let i = 0; i < n; i++) {
    // Drafts are not in the engine's vocabulary; they schedule like tasks until they are promoted.
    const type = (p.type[i] === TYPE_DRAFT ? "task" : WBS_TYPES[p.type[i]]) as ActivityType;
    const a: ActivityInput = { id: String(i), type, calendar: p.calendars[p.calendar[i]].id, duration: p.duration[i] };
    if (p.parent[i] >= 0) a.parent = String(p.parent[i]);
    if (p.remaining[i] >= 0) a.remaining = p.remaining[i];
    if (p.actualStart[i] !== NO_TIME) a.actualStart = formatDateTime(p.actualStart[i]);
    if (p.actualFinish[i] !== NO_TIME) a.actualFinish = formatDateTime(p.actualFinish[i]);
    const sl = LIMIT_TYPES[p.startLimitType[i]];
    if (sl && p.startLimitDate[i] !== NO_TIME) a.startLimit = { type: sl, date: formatDateTime(p.startLimitDate[i]) };
    const fl = LIMIT_TYPES[p.finishLimitType[i]];
    if (fl && p.finishLimitDate[i] !== NO_TIME)
      a.finishLimit = { type: fl, date: formatDateTime(p.finishLimitDate[i]) };
    activities[i] = a;
  }
  const relations: RelationInput[] = new Array(p.relFrom.length);
  for (let r = 0; r < p.relFrom.length; r++) {
    relations[r] = {
      from: String(p.relFrom[r]),
      to: String(p.relTo[r]),
      type: RELATION_TYPES[p.relType[r]],
      lag: p.relLag[r],
    };
  }
  const input: NetworkInput = {
    projectStart: formatDateTime(p.projectStart),
    calendars: p.calendars,
    defaultCalendar: p.calendars[p.defaultCalendar].id,
    activities,
    relations,
  };
  if (p.dataDate !== NO_TIME) input.dataDate = formatDateTime(p.dataDate);
  return input;
}

/** A drag's proposed change of one row. */
export type PreviewEdit =
  | { row: number; kind: "startLimit"; value: number }
  | { row: number; kind: "duration"; value: number };

/** Recomputed dates of some rows (the visible ones while dragging, every changed one on commit). */
export interface PreviewDates {
  rows: Int32Array;
  es: Int32Array;
  ef: Int32Array;
  ls: Int32Array;
  lf: Int32Array;
  totalFloat: Float64Array;
  freeFloat: Float64Array;
  critical: Uint8Array;
  /** Engine time of this recalculation, ms. */
  ms: number;
  mode: string;
}

/**
 * One network in the engine's incremental scheduler. A drag applies a series of edits to one row; each replaces the
 * previous one (the patch is absolute), so cancelling only needs the row's original fields.
 */
export class PreviewSession {
  private readonly scheduler: Scheduler;
  private original: { row: number; activity: ActivityInput } | null = null;
  private lastMode = "none";
  private lastMs = 0;
  /** Rows recomputed by any step of the current drag; a full pass means all of them. */
  private touched = new Set<number>();
  private touchedAll = false;

  constructor(network: PreviewNetwork) {
    this.scheduler = createScheduler(toNetworkInput(network));
    this.scheduler.calculate();
  }

  apply(edit: PreviewEdit): void {
    const id = String(edit.row);
    if (!this.original || this.original.row !== edit.row) {
      const current = this.scheduler.input().activities[edit.row];
      this.original = { row: edit.row, activity: { ...current } };
    }
    const started = performance.now();
    if (edit.kind === "duration") this.scheduler.setDuration(id, edit.value);
    else this.scheduler.updateActivity(id, { startLimit: { type: "not_earlier", date: formatDateTime(edit.value) } });
    this.lastMode = this.scheduler.calculate().mode;
    this.lastMs = performance.now() - started;
    if (this.lastMode === "full") this.touchedAll = true;
    else if (!this.touchedAll) for (const id of this.scheduler.changedIds()) this.touched.add(Number(id));
  }

  /** Puts the dragged row back as it was. */
  cancel(): void {
    if (!this.original) return;
    const { row, activity } = this.original;
    this.scheduler.updateActivity(String(row), {
      duration: activity.duration,
      remaining: activity.remaining,
      startLimit: activity.startLimit,
    });
    this.scheduler.calculate();
    this.original = null;
    this.touched.clear();
    this.touchedAll = false;
  }

  /** Keeps the edit (the server will confirm it) and returns the rows it moved, as they are now. */
  commit(): PreviewDates {
    const n = this.scheduler.input().activities.length;
    const rows = this.touchedAll ? Int32Array.from({ length: n }, (_, i) => i) : Int32Array.from(this.touched);
    const dates = this.read(rows);
    this.original = null;
    this.touched.clear();
    this.touchedAll = false;
    return dates;
  }

  read(rows: ArrayLike<number>): PreviewDates {
    const k = rows.length;
    const out: PreviewDates = {
      rows: Int32Array.from(rows),
      es: new Int32Array(k),
      ef: new Int32Array(k),
      ls: new Int32Array(k),
      lf: new Int32Array(k),
      totalFloat: new Float64Array(k),
      freeFloat: new Float64Array(k),
      critical: new Uint8Array(k),
      ms: this.lastMs,
      mode: this.lastMode,
    };
    for (let q = 0; q < k; q++) {
      const a = this.scheduler.activity(String(rows[q]));
      if (!a) continue;
      out.es[q] = parseDateTime(a.earlyStart);
      out.ef[q] = parseDateTime(a.earlyFinish);
      out.ls[q] = parseDateTime(a.lateStart);
      out.lf[q] = parseDateTime(a.lateFinish);
      out.totalFloat[q] = a.totalFloat;
      out.freeFloat[q] = a.freeFloat;
      out.critical[q] = a.critical ? 1 : 0;
    }
    return out;
  }
}

/** Writes recomputed dates into the row model (after a drop), so every row shows them, not only the visible ones. */
export function applyDates(model: RowModel, d: PreviewDates): void {
  for (let q = 0; q < d.rows.length; q++) {
    const i = d.rows[q];
    model.es[i] = d.es[q];
    model.ef[i] = d.ef[q];
    model.ls[i] = d.ls[q];
    model.lf[i] = d.lf[q];
    model.totalFloat[i] = d.totalFloat[q];
    model.freeFloat[i] = d.freeFloat[q];
    model.critical[i] = d.critical[q];
  }
  model.version++;
}
