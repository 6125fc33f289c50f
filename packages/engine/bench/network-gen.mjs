// Deterministic network generator for the benchmarks (seeded PRNG, no I/O).

/** mulberry32: small, fast, deterministic. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = ["FS", "FS", "FS", "SS", "FF", "SF"];

/**
 * `activities` activities, `relationsPerActivity` × activities relations of all four types with positive and
 * negative lags, `calendars` calendars with two shifts a day (different hours and weekends) and holidays.
 * `calendarMix`: "blocks" (default) or "random" (see below).
 * Predecessors are drawn from a window of earlier activities so the network is acyclic and a few years long.
 */
export function generateNetwork({
  activities,
  relationsPerActivity = 3,
  calendars = 8,
  seed = 42,
  window = 4000,
  calendarMix = "blocks",
}) {
  const rnd = prng(seed);
  const cals = [];
  for (let c = 0; c < calendars; c++) {
    const morning = [`0${7 + (c % 2)}:00`, "12:00"];
    const afternoon = ["13:00", `1${6 + (c % 3)}:00`];
    const day = [morning, afternoon];
    const saturday = c % 4 === 3 ? [morning] : [];
    const exceptions = [];
    for (let y = 2025; y <= 2034; y++) {
      for (const md of ["01-01", "01-02", "05-01", "05-09", "06-12", "11-04", "12-25"]) {
        exceptions.push({ date: `${y}-${md}`, intervals: [] });
      }
    }
    cals.push({ id: `cal${c}`, week: [day, day, day, day, day, saturday, []], exceptions });
  }
  const acts = new Array(activities);
  for (let k = 0; k < activities; k++) {
    const milestone = rnd() < 0.03;
    acts[k] = {
      id: `A${k}`,
      type: milestone ? (rnd() < 0.5 ? "milestone_start" : "milestone_finish") : "task",
      // "blocks": like real schedules, neighbouring activities (one WBS area, one crew) share a calendar and 10% use
      // another one; "random": every activity on a random calendar, the worst case for cross-calendar relations.
      calendar:
        calendarMix === "random" || rnd() < 0.1
          ? `cal${Math.floor(rnd() * calendars)}`
          : `cal${Math.floor(k / 5000) % calendars}`,
      duration: milestone ? 0 : 60 * Math.floor(1 + rnd() * 40),
    };
  }
  const rels = [];
  const target = activities * relationsPerActivity;
  for (let r = 0; r < target; r++) {
    const to = 1 + Math.floor(rnd() * (activities - 1));
    const from = Math.max(0, to - 1 - Math.floor(rnd() * Math.min(window, to)));
    const lag = rnd() < 0.6 ? 0 : 60 * Math.floor(rnd() * 24 - 8);
    rels.push({ from: `A${from}`, to: `A${to}`, type: TYPES[Math.floor(rnd() * TYPES.length)], lag });
  }
  return {
    projectStart: "2025-01-13T08:00",
    calendars: cals,
    defaultCalendar: "cal0",
    activities: acts,
    relations: rels,
  };
}
