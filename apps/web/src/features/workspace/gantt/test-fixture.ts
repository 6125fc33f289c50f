import type { CalendarInput } from "@planum/engine";
import { parseDateTime } from "@planum/engine";
import type { GanttData } from "./gantt-data";

/** Monday–Friday 08:00–12:00 and 13:00–17:00 (8 h), a holiday on 2025-01-01. */
export const OFFICE: CalendarInput = {
  id: "office",
  week: [
    [
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ],
    [
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ],
    [
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ],
    [
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ],
    [
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ],
    [],
    [],
  ],
  exceptions: [{ date: "2025-01-01", intervals: [] }],
};

export const T = (iso: string) => parseDateTime(iso);

/**
 * A small WBS for tests (positions in brackets):
 * [0] S1 sum ─ [1] A task, [2] B task, [3] S2 sum ─ [4] C task, [5] M finish milestone; [6] D draft at the root.
 * Relations: A→B FS, B→C SS, C→M FF.
 */
export function fixtureData(): GanttData {
  const none = [-1, -1, -1, -1, -1, -1, -1];
  return {
    version: 1,
    ids: [10, 11, 12, 13, 14, 15, 16],
    parent: [-1, 0, 0, 0, 3, 3, -1],
    type: [0, 1, 1, 0, 1, 4, 5],
    code: ["S1", "A", "B", "S2", "C", "M", "D"],
    name: ["Summary one", "Alpha", "Beta", "Summary two", "Gamma", "Handover", "Draft item"],
    calendar: [0, 0, 0, 0, 0, 0, 0],
    duration: [0, 960, 480, 0, 2400, 0, 480],
    earlyStart: [
      T("2025-01-06T08:00"),
      T("2025-01-06T08:00"),
      T("2025-01-08T08:00"),
      T("2025-01-08T08:00"),
      T("2025-01-08T08:00"),
      T("2025-01-14T17:00"),
      T("2025-01-06T08:00"),
    ],
    earlyFinish: [
      T("2025-01-14T17:00"),
      T("2025-01-07T17:00"),
      T("2025-01-08T17:00"),
      T("2025-01-14T17:00"),
      T("2025-01-14T17:00"),
      T("2025-01-14T17:00"),
      T("2025-01-06T17:00"),
    ],
    lateStart: none,
    lateFinish: none,
    totalFloat: [0, 0, 480, 0, 0, 0, null],
    freeFloat: [0, 0, 0, 0, 0, 0, null],
    critical: [1, 1, 0, 1, 1, 1, 0],
    progress: [0, 50, 0, 0, 10, 0, 0],
    baselineStart: none,
    baselineFinish: none,
    actualStart: none,
    actualFinish: none,
    startLimitType: [0, 0, 0, 0, 0, 0, 0],
    startLimitDate: none,
    finishLimitType: [0, 0, 0, 0, 0, 0, 0],
    finishLimitDate: none,
    revision: [1, 1, 2, 1, 1, 1, 1],
    attrs: { zone: [null, "North", "South", null, "north-east", null, null] },
    attributes: [{ id: "zone", label: "Zone", kind: "string" }],
    relations: { from: [1, 2, 4], to: [2, 4, 5], type: [0, 1, 2], lag: [0, 0, 0] },
    calendars: [OFFICE],
    defaultCalendar: 0,
    projectStart: T("2025-01-06T08:00"),
    dataDate: -1,
  };
}
