import {
  buildCalendar,
  type FactProgressInput,
  measuredIntensity,
  parseDateTime,
  progressFromFacts,
  scenarioForFacts,
} from "@planum/engine";
import { describe, expect, it } from "vitest";

/**
 * Hand-computed progress from daily facts. Calendar: Monday to Friday 08:00–12:00 and 13:00–17:00 (480 working
 * minutes), the weekend off, Wednesday 2024-01-10 a holiday. Day numbers: Monday 2024-01-08 is 19730.
 * The work: 5 working days (2400 min), 100 m³ and 200 man-hours planned. Facts so far: volume Mon 10, Tue 10,
 * Thu 20 (40 m³); labour Mon 30, Tue 30, Thu 40 (100 h). Data date Friday 2024-01-12 08:00, so the time spent is
 * Mon + Tue + Thu = 1440 working minutes (the holiday counts nothing).
 */
const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const cal = buildCalendar({
  id: "site",
  week: [DAY, DAY, DAY, DAY, DAY, [], []],
  exceptions: [{ date: "2024-01-10", intervals: [] }],
});
const MON8 = 19730;
const at = (text: string) => parseDateTime(text);

function input(patch: Partial<FactProgressInput> = {}): FactProgressInput {
  return {
    calendar: cal,
    dataDate: at("2024-01-12T08:00"),
    scenario: 6,
    measure: "volume",
    planned: { volume: 100, labour: 200 },
    facts: {
      volume: { start: MON8, values: [10, 10, 0, 20] },
      labour: { start: MON8, values: [30, 30, 0, 40] },
    },
    work: { duration: 2400 },
    ...patch,
  };
}

describe("which scenario measures a work with daily facts", () => {
  const defaults = { scenario: 1, volumeScenario: 6, labourScenario: 9, costScenario: 12 };
  it("the defaults: the leading quantity (volume, else labour, else cost) by its own scenario", () => {
    expect(scenarioForFacts(defaults, { volume: 100, labour: 5 })).toEqual({ scenario: 6, measure: "volume" });
    expect(scenarioForFacts(defaults, { labour: 5, cost: 9 })).toEqual({ scenario: 9, measure: "labour" });
    expect(scenarioForFacts(defaults, { cost: 9 })).toEqual({ scenario: 12, measure: "cost" });
    expect(scenarioForFacts(defaults, {})).toEqual({ scenario: 1, measure: null });
  });
  it("a quantity scenario as the schedule's scenario wins when the daily plan has that quantity", () => {
    expect(scenarioForFacts({ ...defaults, scenario: 10 }, { volume: 1, labour: 5 })).toEqual({
      scenario: 10,
      measure: "labour",
    });
    expect(scenarioForFacts({ ...defaults, scenario: 10 }, { volume: 1 })).toEqual({ scenario: 6, measure: "volume" });
  });
  it("duration scenarios 2–4 stay; the leading quantity still tells the finish", () => {
    expect(scenarioForFacts({ ...defaults, scenario: 3 }, { volume: 1 })).toEqual({ scenario: 3, measure: "volume" });
  });
  it("a quantity setting outside its group falls back to that quantity by actual duration", () => {
    expect(scenarioForFacts({ ...defaults, volumeScenario: 2 }, { volume: 1 })).toEqual({
      scenario: 6,
      measure: "volume",
    });
  });
});

describe("progress from daily facts", () => {
  it("actual start is the start of work on the first day with a fact; the status is in progress", () => {
    const p = progressFromFacts(input());
    expect(p.status).toBe("in_progress");
    expect(p.actualStart).toBe(at("2024-01-08T08:00"));
    expect(p.actualFinish).toBeNull();
    expect(p.actualDuration).toBe(1440);
    expect(p.actual).toEqual({ volume: 40, labour: 100, cost: 0 });
  });

  it("5 volume by planned duration: 40 % of the volume, remaining 60 % of 2400 = 1440 min", () => {
    const p = progressFromFacts(input({ scenario: 5 }));
    expect(p.percentComplete).toBe(40);
    expect(p.remaining).toBe(1440);
  });

  it("6 volume by actual duration: 40 m³ took 1440 min, so 60 m³ take 2160 min", () => {
    const p = progressFromFacts(input({ scenario: 6 }));
    expect(p.percentComplete).toBe(40);
    expect(p.remaining).toBe(2160);
  });

  it("7 volume by intensity: the last two working days (Thu 20, Tue 10; the holiday between adds no day) give 15 m³/day, 60 m³ take 4 days", () => {
    const p = progressFromFacts(input({ scenario: 7, intensityDays: 2 }));
    expect(p.intensity).toBe(15);
    expect(p.remaining).toBe(1920);
    expect(p.remainingByIntensity).toBe(1920);
    // Over the default ten working days the window is the whole work so far: 40 m³ / 3 days.
    expect(progressFromFacts(input({ scenario: 7 })).remaining).toBe(2160);
  });

  it("9 labour by actual duration: 100 of 200 h in 1440 min, so 1440 min remain", () => {
    const p = progressFromFacts(input({ scenario: 9, measure: "labour" }));
    expect(p.percentComplete).toBe(50);
    expect(p.remaining).toBe(1440);
  });

  it("12 cost by actual duration: 300 of 1200 spent in 1440 min, 4320 min remain", () => {
    const p = progressFromFacts(
      input({
        scenario: 12,
        measure: "cost",
        planned: { cost: 1200 },
        facts: { cost: { start: MON8, values: [100, 100, 0, 100] } },
      }),
    );
    expect(p.percentComplete).toBe(25);
    expect(p.remaining).toBe(4320);
  });

  it("3 initial duration: % is time spent over the duration (1440 / 2400), the facts give the actual start", () => {
    const p = progressFromFacts(input({ scenario: 3 }));
    expect(p.percentComplete).toBe(60);
    expect(p.remaining).toBe(960);
  });

  it("the remaining follows the intensity when the planner applied it, whatever the scenario", () => {
    const p = progressFromFacts(input({ scenario: 6, byIntensity: true, intensityDays: 2 }));
    expect(p.remaining).toBe(1920);
  });

  it("facts of days after the data date do not count", () => {
    const p = progressFromFacts(input({ dataDate: at("2024-01-11T08:00") }));
    expect(p.actual.volume).toBe(20);
    // Mon + Tue spent, 20 m³ done: 80 m³ at 20 m³ per 960 min.
    expect(p.actualDuration).toBe(960);
    expect(p.remaining).toBe(3840);
  });

  it("actual finish: the end of work on the day the facts reach the plan; 100 %, nothing remains", () => {
    const p = progressFromFacts(
      input({
        dataDate: at("2024-01-15T08:00"),
        facts: { volume: { start: MON8, values: [10, 10, 0, 20, 60] } },
      }),
    );
    expect(p.status).toBe("completed");
    expect(p.actualFinish).toBe(at("2024-01-12T17:00"));
    expect(p.percentComplete).toBe(100);
    expect(p.remaining).toBe(0);
    expect(p.actualDuration).toBe(1920);
  });

  it("a fact on the holiday starts the work that day (at midnight: the day has no working time)", () => {
    const p = progressFromFacts(input({ facts: { volume: { start: MON8 + 2, values: [5] } } }));
    expect(p.actualStart).toBe(at("2024-01-10T00:00"));
    // From the holiday to the data date: Thursday only.
    expect(p.actualDuration).toBe(480);
  });

  it("no counted fact: not started, nothing changes", () => {
    const p = progressFromFacts(input({ facts: { volume: { start: MON8 + 5, values: [5] } } }));
    expect(p).toMatchObject({ status: "not_started", actualStart: null, percentComplete: 0, remaining: 2400 });
  });

  it("measured intensity: none without facts in the window", () => {
    expect(measuredIntensity(cal, { start: MON8, values: [0, 0] }, MON8, at("2024-01-10T08:00"))).toBeNull();
    expect(measuredIntensity(cal, { start: MON8, values: [8, 4] }, MON8, at("2024-01-10T08:00"))).toEqual({
      perDay: 6,
      minutesPerDay: 480,
    });
  });
});
