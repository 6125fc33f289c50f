import { type ActivityInput, createScheduler, type NetworkInput, parseDateTime, schedule } from "@planum/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const TYPES = ["task", "task", "work", "milestone_start", "milestone_finish", "level_of_effort", "sum"] as const;
const LIMITS = ["not_earlier", "not_later", "in_date"] as const;
const REL = ["FS", "SS", "FF", "SF"] as const;
const PROGRESS = ["retained_logic", "progress_override", "actual_dates"] as const;

const activityArb = fc.record({
  type: fc.constantFrom(...TYPES),
  hours: fc.integer({ min: 0, max: 24 }),
  cal: fc.boolean(),
  limit: fc.option(fc.tuple(fc.constantFrom(...LIMITS), fc.boolean(), fc.integer({ min: 0, max: 200 })), {
    nil: undefined,
  }),
  progress: fc.integer({ min: 0, max: 5 }),
  parent: fc.boolean(),
});

const networkArb = fc
  .record({
    acts: fc.array(activityArb, { minLength: 2, maxLength: 14 }),
    rels: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...REL), fc.integer({ min: -6, max: 8 })), {
      maxLength: 30,
    }),
    option: fc.nat(),
    edit: fc.tuple(fc.nat(), fc.integer({ min: 0, max: 24 })),
  })
  .map(({ acts, rels, option, edit }) => {
    const sumId = acts.findIndex((a) => a.type === "sum");
    const activities: ActivityInput[] = acts.map((a, k) => {
      const x: ActivityInput = { id: `A${k}`, type: a.type, duration: a.hours * 60, calendar: a.cal ? "c" : "d" };
      if (a.limit) {
        const date = new Date(Date.UTC(2024, 0, 8, 8) + a.limit[2] * 3_600_000).toISOString().slice(0, 16);
        x[a.limit[1] ? "startLimit" : "finishLimit"] = { type: a.limit[0], date };
      }
      if (a.progress === 1 || a.progress === 2) x.actualStart = "2024-01-08T09:00";
      if (a.progress === 2) x.actualFinish = "2024-01-10T11:00";
      if (a.progress === 3) {
        x.actualStart = "2024-01-09T13:00";
        x.remaining = 180;
      }
      if (a.parent && sumId >= 0 && a.type !== "sum") x.parent = `A${sumId}`;
      return x;
    });
    const n = activities.length;
    const input: NetworkInput = {
      projectStart: "2024-01-08T08:00",
      dataDate: "2024-01-10T10:00",
      options: {
        progress: PROGRESS[option % 3],
        floatType: (["start", "finish", "smallest"] as const)[option % 3],
        critical: option % 2 === 0 ? "float" : "longest_path",
        ssLagFrom: option % 4 < 2 ? "early_start" : "actual_start",
        lagCalendar: (["predecessor", "successor", "24h", "project"] as const)[option % 4],
        ...(option % 5 === 0 ? { mustFinishBy: "2024-01-12T12:00" } : {}),
      },
      calendars: [
        { id: "c", week: [DAY, DAY, DAY, DAY, DAY, [], []], exceptions: [{ date: "2024-01-15", intervals: [] }] },
        { id: "d", week: [DAY, DAY, DAY, DAY, DAY, [["09:00", "13:00"]], []] },
      ],
      defaultCalendar: "c",
      activities,
      // Loops are allowed on purpose: they are reported and must not break anything.
      relations: rels.map(([a, b, type, lag]) => ({ from: `A${a % n}`, to: `A${b % n}`, type, lag: lag * 60 })),
      externals: [{ id: "X", earlyFinish: "2024-01-09T12:00", lateStart: "2024-01-22T08:00" }],
    };
    input.relations.push({ from: "X", to: "A0", type: "FS" }, { from: `A${n - 1}`, to: "X", type: "SS" });
    return { input, edit: { id: `A${edit[0] % n}`, minutes: edit[1] * 60 } };
  });

describe("property: every feature at once", () => {
  it("gives ordered dates, integer floats, and the incremental result equals a full pass", () => {
    fc.assert(
      fc.property(networkArb, ({ input, edit }) => {
        const full = schedule(input);
        for (const a of full.activities) {
          expect(parseDateTime(a.earlyStart)).toBeLessThanOrEqual(parseDateTime(a.earlyFinish));
          expect(parseDateTime(a.lateStart)).toBeLessThanOrEqual(parseDateTime(a.lateFinish));
          expect(Number.isInteger(a.totalFloat) && Number.isInteger(a.freeFloat)).toBe(true);
          expect(a.freeFloat).toBeGreaterThanOrEqual(0);
        }
        const s = createScheduler(input, { fullPassRatio: 1 });
        s.calculate();
        s.setDuration(edit.id, edit.minutes);
        const edited = JSON.parse(JSON.stringify(input)) as NetworkInput;
        const a = edited.activities.find((x) => x.id === edit.id) as ActivityInput;
        a.duration = edit.minutes;
        if (a.actualStart === undefined && a.actualFinish === undefined) delete a.remaining;
        expect(s.result()).toEqual(schedule(edited));
      }),
      { numRuns: 800, seed: 99 },
    );
  }, 60_000);
});
