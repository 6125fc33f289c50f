import {
  createScheduler,
  formatDateTime,
  type NetworkInput,
  parseDateTime,
  schedule,
  scheduleColumns,
} from "@planum/engine";
import { describe, expect, it } from "vitest";

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];

/** A chain with a limit, progress, a data date and an external predecessor: every kind of date in the input. */
const network = (): NetworkInput => ({
  projectStart: "2024-01-08T08:00",
  dataDate: "2024-01-09T08:00",
  options: { mustFinishBy: "2024-01-31T17:00" },
  calendars: [{ id: "std", week: [DAY, DAY, DAY, DAY, DAY, [], []] }],
  defaultCalendar: "std",
  activities: [
    { id: "A", duration: 960, actualStart: "2024-01-08T08:00", remaining: 480 },
    { id: "B", duration: 960, startLimit: { type: "not_earlier", date: "2024-01-15T08:00" } },
    { id: "C", duration: 480, actualStart: "2024-01-08T08:00", actualFinish: "2024-01-08T17:00" },
    { id: "D", duration: 480 },
  ],
  relations: [
    { from: "A", to: "B", type: "FS" },
    { from: "B", to: "D", type: "FS" },
    { from: "X", to: "D", type: "FS" },
  ],
  externals: [{ id: "X", earlyFinish: "2024-01-22T12:00", lateFinish: "2024-01-22T12:00" }],
});

/** The same network with every date as minutes since 1970-01-01T00:00. */
function inMinutes(input: NetworkInput): NetworkInput {
  const m = (v: string | number | undefined) => (typeof v === "string" ? parseDateTime(v) : v);
  return {
    ...input,
    projectStart: m(input.projectStart)!,
    dataDate: m(input.dataDate),
    options: { ...input.options, mustFinishBy: m(input.options?.mustFinishBy) },
    activities: input.activities.map((a) => ({
      ...a,
      ...(a.actualStart !== undefined ? { actualStart: m(a.actualStart) } : {}),
      ...(a.actualFinish !== undefined ? { actualFinish: m(a.actualFinish) } : {}),
      ...(a.startLimit ? { startLimit: { ...a.startLimit, date: m(a.startLimit.date)! } } : {}),
    })),
    externals: input.externals?.map((x) => ({ ...x, earlyFinish: m(x.earlyFinish), lateFinish: m(x.lateFinish) })),
  };
}

describe("results as columns, dates as minutes", () => {
  it("answers what schedule() answers, in numbers", () => {
    const text = schedule(network());
    const columns = scheduleColumns(network());
    expect(columns.ids).toEqual(text.activities.map((a) => a.id));
    expect(formatDateTime(columns.finish)).toBe(text.finish);
    expect(formatDateTime(columns.dataDate!)).toBe(text.dataDate);
    text.activities.forEach((a, j) => {
      expect(formatDateTime(columns.earlyStart[j])).toBe(a.earlyStart);
      expect(formatDateTime(columns.earlyFinish[j])).toBe(a.earlyFinish);
      expect(formatDateTime(columns.lateStart[j])).toBe(a.lateStart);
      expect(formatDateTime(columns.lateFinish[j])).toBe(a.lateFinish);
      expect(columns.totalFloat[j]).toBe(a.totalFloat);
      expect(columns.freeFloat[j]).toBe(a.freeFloat);
      expect(columns.critical[j] === 1).toBe(a.critical);
      expect(columns.remaining[j]).toBe(a.remaining);
    });
    expect(createScheduler(network()).resultColumns()).toEqual(columns);
  });

  it("takes dates as minutes as well as text, with the same result", () => {
    expect(schedule(inMinutes(network()))).toEqual(schedule(network()));
  });

  it("refuses minutes that are not whole", () => {
    expect(() => schedule({ ...network(), projectStart: 1.5 })).toThrow(/projectStart/);
  });
});
