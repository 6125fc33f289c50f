import { describe, expect, it } from "vitest";
import { decodeGantt, encodeGantt, encodeGanttShared } from "./gantt-wire.js";
import type { GanttColumns } from "./workspace-gantt.js";

const DAY = 1440;
const start = 29_000_000;

/** Three rows: a summary with a work and a milestone; one relation; a baseline, an actual start and a limit. */
function sample(): GanttColumns {
  return {
    version: 1,
    ids: [40, 41, 7],
    parent: [-1, 0, 0],
    type: [0, 2, 4],
    code: ["WBS-1", "A1000", "A1010"],
    name: ['Фундаменты «блок» "A"', "Фундаменты плита 😀", "Finish\\end"],
    calendar: [0, 1, 0],
    duration: [0, 2400, 0],
    remaining: [-1, 1200, -1],
    earlyStart: [start, start, start + 5 * DAY],
    earlyFinish: [start + 5 * DAY, start + 5 * DAY - 60, start + 5 * DAY],
    lateStart: [start, start + 2 * DAY, start + 5 * DAY],
    lateFinish: [start + 7 * DAY, start + 7 * DAY, start + 5 * DAY],
    totalFloat: [null, 960, 0],
    freeFloat: [null, -30, 0],
    critical: [0, 0, 1],
    progress: [50, 50, 0],
    baselineStart: [-1, start - DAY, -1],
    baselineFinish: [-1, start + 3 * DAY, -1],
    actualStart: [-1, start, -1],
    actualFinish: [-1, -1, -1],
    startLimitType: [0, 1, 0],
    startLimitDate: [-1, start + 60, -1],
    finishLimitType: [0, 0, 4],
    finishLimitDate: [-1, -1, start + 5 * DAY],
    revision: [3, 1, 1],
    elapsed: [0, 1, 0],
    plannedCost: [1_234_567.89, 1_234_567.89, null],
    actualCost: [0.01, 0.01, null],
    plannedLabour: [12.125, 12.125, null],
    actualLabour: [null, null, null],
    plannedVolume: [-4.5, -4.5, null],
    actualVolume: [null, null, null],
    expanded: [0, 1, 1],
    attrs: { colour: ["red", null, 2] },
    relations: { from: [1, 0], to: [2, 2], type: [0, 3], lag: [-120, 0] },
    calendars: [
      { id: "c1", name: "5x8", week: [] },
      { id: "c2", week: [] },
    ],
    defaultCalendar: 0,
    projectStart: start,
    dataDate: -1,
    calcStatus: "calculated",
    versionRevision: 12,
  };
}

const roundTrip = (columns: GanttColumns) => decodeGantt(JSON.parse(JSON.stringify(encodeGantt(columns))));

describe("the Gantt's wire layout", () => {
  it("gives back every column as it was, relations sorted by successor", () => {
    const columns = sample();
    const back = roundTrip(columns);
    expect({ ...back, relations: undefined }).toEqual({ ...columns, relations: undefined });
    expect(back.relations).toEqual({ from: [0, 1], to: [2, 2], type: [3, 0], lag: [0, -120] });
  });

  it("sends a column with fractions as plain values", () => {
    const columns = sample();
    columns.progress = [33.3, 12.5, 0];
    const wire = encodeGantt(columns);
    expect(wire.progress).toEqual([33.3, 12.5, 0]);
    expect(wire.duration).toEqual(expect.any(String));
    expect(roundTrip(columns).progress).toEqual([33.3, 12.5, 0]);
  });

  it("keeps runs and long schedules small and exact", () => {
    const n = 20_000;
    const columns = sample();
    const rows = <T>(f: (k: number) => T) => Array.from({ length: n }, (_, k) => f(k));
    Object.assign(columns, {
      ids: rows((k) => 1000 + k),
      parent: rows((k) => (k === 0 ? -1 : 0)),
      type: rows((k) => (k === 0 ? 0 : 2)),
      code: rows((k) => `A${k * 10}`),
      name: rows((k) => `Монтаж конструкций ${k}`),
      calendar: rows(() => 0),
      duration: rows((k) => 60 * (k % 40)),
      remaining: rows(() => -1),
      earlyStart: rows((k) => start + k * 60),
      earlyFinish: rows((k) => start + k * 60 + 480),
      lateStart: rows((k) => start + k * 120),
      lateFinish: rows((k) => start + k * 120 + 480),
      totalFloat: rows((k) => k * 60),
      freeFloat: rows(() => 0),
      critical: rows((k) => (k % 7 === 0 ? 1 : 0)),
      progress: rows(() => 0),
      baselineStart: rows(() => -1),
      baselineFinish: rows(() => -1),
      actualStart: rows(() => -1),
      actualFinish: rows(() => -1),
      startLimitType: rows(() => 0),
      startLimitDate: rows(() => -1),
      finishLimitType: rows(() => 0),
      finishLimitDate: rows(() => -1),
      revision: rows(() => 1),
      elapsed: rows(() => 0),
      plannedCost: rows((k) => (k % 3 === 0 ? k * 1000.25 : null)),
      actualCost: rows(() => null),
      plannedLabour: rows(() => null),
      actualLabour: rows(() => null),
      plannedVolume: rows((k) => k / 1000),
      actualVolume: rows(() => null),
      expanded: rows(() => 1),
      attrs: {},
      relations: { from: rows((k) => Math.max(0, k - 1)), to: rows((k) => k), type: rows(() => 0), lag: rows(() => 0) },
    });
    const text = JSON.stringify(encodeGantt(columns));
    expect(text.length).toBeLessThan(JSON.stringify(columns).length / 4);
    const back = roundTrip(columns);
    expect(back).toEqual(columns);
    // 20,000 rows compared whole: seconds on a loaded machine, past the default 5 s.
  }, 60_000);

  it("re-packs after a change only what the change reaches, and answers what a whole packing answers", () => {
    const { expanded: _expanded, ...before } = sample();
    const previous = encodeGanttShared(before);
    // The milestone moves a day: its early start and finish change; its late finish is packed against the early
    // finish, so it must be packed again although its own value stayed.
    const after: typeof before = JSON.parse(JSON.stringify(before));
    after.earlyStart[2] += DAY;
    after.earlyFinish[2] += DAY;
    after.name[1] = "Фундаменты плита";
    const changed = new Set(["earlyStart", "earlyFinish", "name"] as const);
    const patched = encodeGanttShared(after, { wire: previous, changed });
    expect(patched).toEqual(encodeGanttShared(after));
    // What nothing reached is the previous packing itself, not packed again.
    expect(patched.code).toBe(previous.code);
    expect(patched.relations).toBe(previous.relations);
    expect(patched.lateFinish).not.toBe(previous.lateFinish);
    // Another project start (every date is packed against it) packs everything again.
    const moved = { ...after, projectStart: start - DAY };
    expect(encodeGanttShared(moved, { wire: previous, changed })).toEqual(encodeGanttShared(moved));
  });

  it("sends money to the cent and labour and volume to the thousandth", () => {
    const columns = sample();
    columns.plannedCost = [10.004, 10.006, null];
    columns.plannedVolume = [1.0004, null, 2.0006];
    const back = roundTrip(columns);
    expect(back.plannedCost).toEqual([10, 10.01, null]);
    expect(back.plannedVolume).toEqual([1, null, 2.001]);
    expect(encodeGantt(columns).actualLabour).toBe("BA");
  });

  it("refuses text that is not its packing", () => {
    const wire = encodeGantt(sample());
    expect(() => decodeGantt({ ...wire, type: "AA{" })).toThrow();
    expect(() => decodeGantt({ ...wire, type: "A" })).toThrow(/3/);
    expect(() => decodeGantt({ ...wire, version: 1 as never })).toThrow(/layout/);
  });
});
