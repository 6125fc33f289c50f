import { buildCalendar, type Calendar } from "@planum/engine";
import type { GanttData } from "../gantt";

const NONE = -1;

/**
 * Whether a relation drives its successor, as P6 marks it: the date the relation gives (the predecessor's early date
 * shifted by the lag on the predecessor's calendar, P6's default lag calendar) is the successor's early date. Works
 * already started are driven by their actual dates, not by relations.
 */
export function isDriving(
  data: GanttData,
  predecessor: number,
  successor: number,
  type: "fs" | "ss" | "ff" | "sf",
  lag: number,
  calendarAt: (position: number) => Calendar,
): boolean {
  if (predecessor < 0 || successor < 0) return false;
  if (data.actualStart[successor] !== NONE) return false;
  const from = type === "fs" || type === "ff" ? data.earlyFinish[predecessor] : data.earlyStart[predecessor];
  const to = type === "fs" || type === "ss" ? data.earlyStart[successor] : data.earlyFinish[successor];
  if (from === NONE || to === NONE) return false;
  const lagCalendar = calendarAt(predecessor);
  const shifted = lag >= 0 ? lagCalendar.addWorking(from, lag) : lagCalendar.subtractWorking(from, -lag);
  const own = calendarAt(successor);
  const bound = type === "fs" || type === "ss" ? own.nextWorkingStart(shifted) : own.prevWorkingEnd(shifted);
  return bound === to;
}

/** Engine calendars of a payload's rows, built once per calendar. */
export function calendarsOf(data: GanttData): (position: number) => Calendar {
  const built = new Map<number, Calendar>();
  return (position) => {
    const index = data.calendar[position] ?? data.defaultCalendar;
    let calendar = built.get(index);
    if (!calendar) {
      calendar = buildCalendar(data.calendars[index] ?? data.calendars[data.defaultCalendar]);
      built.set(index, calendar);
    }
    return calendar;
  };
}
