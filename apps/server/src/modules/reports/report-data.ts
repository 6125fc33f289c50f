import {
  calendarMinutesPerDay,
  displayDays,
  GANTT_TYPE_CODES,
  type GanttColumns,
  type ReportWbsDisplay,
} from "@planum/contracts";
import type { ReportData, ReportValue } from "@planum/formats";

const NONE = -1;
const DAY = 1440;

/** A wall-clock minute as the Excel date of that day (dates in reports are days; the time of day is dropped). */
export const excelDay = (minutes: number): Date | null =>
  minutes === NONE ? null : new Date(Math.floor(minutes / DAY) * DAY * 60_000);

/** The rows a report shows, with the fields of `REPORT_ROW_FIELDS`; durations and floats in the row calendar's days. */
export function reportRows(gantt: GanttColumns, pick: (i: number) => boolean = () => true) {
  const perDay = gantt.calendars.map((c) => calendarMinutesPerDay(c.week));
  const level = new Array<number>(gantt.ids.length);
  const rows: ReportData["rows"] = [];
  for (let i = 0; i < gantt.ids.length; i++) {
    level[i] = gantt.parent[i] === NONE ? 1 : level[gantt.parent[i]] + 1;
    if (!pick(i)) continue;
    const days = perDay[gantt.calendar[i]] || 480;
    const finish = gantt.earlyFinish[i];
    const baseline = gantt.baselineFinish[i];
    rows.push({
      code: gantt.code[i],
      name: gantt.name[i],
      type: GANTT_TYPE_CODES[gantt.type[i]] ?? "",
      level: level[i],
      start: excelDay(gantt.earlyStart[i]),
      finish: excelDay(finish),
      duration: displayDays(gantt.duration[i], days),
      progress: gantt.progress[i],
      totalFloat: displayDays(gantt.totalFloat[i], days),
      critical: gantt.critical[i] ? "✓" : "",
      baselineStart: excelDay(gantt.baselineStart[i]),
      baselineFinish: excelDay(baseline),
      actualStart: excelDay(gantt.actualStart[i]),
      actualFinish: excelDay(gantt.actualFinish[i]),
      // calendar days late against the baseline finish (none without a baseline)
      delay: baseline === NONE || finish === NONE ? null : Math.max(0, Math.round((finish - baseline) / DAY)),
    });
  }
  return rows;
}

const SUM = 0;
/** Whether a row takes part under the report's WBS display option. */
export function wbsFilter(gantt: GanttColumns, display: ReportWbsDisplay) {
  if (display === "works") return (i: number) => gantt.type[i] !== SUM;
  if (display === "nodes") return (i: number) => gantt.type[i] === SUM;
  return () => true;
}

/** Rows whose dates overlap the year (a work without dates is left out of a yearly report). */
export function yearFilter(gantt: GanttColumns, year: number | null) {
  if (year === null) return () => true;
  const from = Date.UTC(year, 0, 1) / 60_000;
  const to = Date.UTC(year + 1, 0, 1) / 60_000;
  return (i: number) => gantt.earlyStart[i] !== NONE && gantt.earlyStart[i] < to && gantt.earlyFinish[i] >= from;
}

export type ReportScalars = Record<string, ReportValue>;
