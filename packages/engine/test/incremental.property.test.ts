import { createScheduler, type NetworkInput, type RelationInput, schedule } from "@planum/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const H24: [string, string][] = [["00:00", "24:00"]];
const TYPES = ["FS", "SS", "FF", "SF"] as const;

interface Spec {
  durations: number[];
  calendars: number[];
  rels: { a: number; b: number; t: number; lag: number }[];
  edits: { k: number; d: number }[];
}

const specArb = (maxN: number) =>
  fc.integer({ min: 2, max: maxN }).chain((n) =>
    fc.record({
      durations: fc.array(
        fc.integer({ min: 0, max: 40 }).map((h) => h * 60),
        { minLength: n, maxLength: n },
      ),
      calendars: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: n, maxLength: n }),
      rels: fc.array(
        fc.record({
          a: fc.integer({ min: 0, max: n - 1 }),
          b: fc.integer({ min: 0, max: n - 1 }),
          t: fc.integer({ min: 0, max: 3 }),
          lag: fc.integer({ min: -16, max: 24 }).map((h) => h * 60),
        }),
        { maxLength: n * 3 },
      ),
      edits: fc.array(fc.record({ k: fc.integer({ min: 0, max: n - 1 }), d: fc.integer({ min: 0, max: 40 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  );

/** Acyclic by construction: relations always go from the lower to the higher index. */
function toNetwork(s: Spec, only24h: boolean): NetworkInput {
  const relations: RelationInput[] = [];
  for (const r of s.rels) {
    if (r.a === r.b) continue;
    const [from, to] = r.a < r.b ? [r.a, r.b] : [r.b, r.a];
    relations.push({ from: `A${from}`, to: `A${to}`, type: TYPES[r.t], lag: r.lag });
  }
  return {
    projectStart: "2024-03-04T08:00",
    calendars: [
      { id: "c0", week: [DAY, DAY, DAY, DAY, DAY, [], []], exceptions: [{ date: "2024-03-08", intervals: [] }] },
      { id: "c1", week: [DAY, DAY, DAY, DAY, DAY, [["09:00", "13:00"]], []] },
      { id: "h24", week: [H24, H24, H24, H24, H24, H24, H24] },
    ],
    defaultCalendar: only24h ? "h24" : "c0",
    activities: s.durations.map((d, k) => ({
      id: `A${k}`,
      duration: d,
      calendar: only24h || s.calendars[k] === 2 ? "h24" : `c${s.calendars[k]}`,
    })),
    relations,
  };
}

/** Deliberately simple CPM on a 24-hour calendar: plain minutes, relaxation until nothing changes. */
function referenceCpm(net: NetworkInput) {
  const t0 = Date.UTC(2024, 2, 4, 8, 0) / 60000;
  const n = net.activities.length;
  const dur = net.activities.map((a) => a.duration);
  const idx = (id: string) => Number(id.slice(1));
  const rels = net.relations.map((r) => ({ a: idx(r.from), b: idx(r.to), t: r.type, lag: r.lag ?? 0 }));
  const es = new Array(n).fill(t0);
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of rels) {
      const src = r.t === "FS" || r.t === "FF" ? es[r.a] + dur[r.a] : es[r.a];
      const need = r.t === "FS" || r.t === "SS" ? src + r.lag : src + r.lag - dur[r.b];
      if (need > es[r.b]) {
        es[r.b] = need;
        changed = true;
      }
    }
  }
  const finish = Math.max(...es.map((e, k) => e + dur[k]));
  const lf = new Array(n).fill(finish);
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of rels) {
      const ref = r.t === "FS" || r.t === "SS" ? lf[r.b] - dur[r.b] : lf[r.b];
      const lim = r.t === "FS" || r.t === "FF" ? ref - r.lag : ref - r.lag + dur[r.a];
      if (lim < lf[r.a]) {
        lf[r.a] = lim;
        changed = true;
      }
    }
  }
  return es.map((e, k) => {
    // P6: free float is the gap to the successors' early dates (open ends: to the project finish), never capped
    // by total float.
    let ff = rels.some((r) => r.a === k) ? Number.POSITIVE_INFINITY : finish - (e + dur[k]);
    for (const r of rels) {
      if (r.a !== k) continue;
      const src = r.t === "FS" || r.t === "FF" ? e + dur[k] : e;
      const tgt = r.t === "FS" || r.t === "SS" ? es[r.b] : es[r.b] + dur[r.b];
      ff = Math.min(ff, tgt - (src + r.lag));
    }
    const tf = lf[k] - (e + dur[k]);
    return { es: e, ef: e + dur[k], ls: lf[k] - dur[k], lf: lf[k], tf, ff: Math.max(0, ff) };
  });
}

const toMin = (s: string) =>
  Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10), +s.slice(11, 13), +s.slice(14, 16)) / 60000;

describe("property: incremental recalculation equals a full pass", () => {
  it("after random duration edits on random multi-calendar networks", () => {
    fc.assert(
      fc.property(specArb(40), (s) => {
        const net = toNetwork(s, false);
        const inc = createScheduler(net, { fullPassRatio: 1 });
        inc.calculate();
        for (const e of s.edits) {
          inc.setDuration(`A${e.k}`, e.d * 60);
          net.activities[e.k] = { ...net.activities[e.k], duration: e.d * 60 };
          inc.calculate();
          expect(inc.result()).toEqual(schedule(net));
        }
      }),
      { numRuns: 1500, seed: 20240304 },
    );
  }, 60_000);

  it("after constraint, progress and relation edits", () => {
    fc.assert(
      fc.property(specArb(25), fc.integer({ min: 0, max: 1000 }), (s, salt) => {
        const net = { ...toNetwork(s, false), dataDate: "2024-03-06T10:00" };
        const inc = createScheduler(net, { fullPassRatio: 1 });
        inc.calculate();
        const k = salt % s.durations.length;
        const patch =
          salt % 3 === 0
            ? { startLimit: { type: "not_earlier" as const, date: "2024-03-12T13:00" } }
            : salt % 3 === 1
              ? { actualStart: "2024-03-04T08:00", remaining: 120 }
              : { finishLimit: { type: "not_later" as const, date: "2024-03-07T17:00" } };
        inc.updateActivity(`A${k}`, patch);
        net.activities[k] = { ...net.activities[k], ...patch };
        expect(inc.result()).toEqual(schedule(net));
        if (net.relations.length > 0) {
          const r = net.relations[0];
          inc.removeRelation(r.from, r.to, r.type);
          net.relations = net.relations.filter((x) => !(x.from === r.from && x.to === r.to && x.type === r.type));
          expect(inc.result()).toEqual(schedule(net));
        }
      }),
      { numRuns: 400, seed: 7 },
    );
  }, 60_000);
});

describe("property: 24-hour calendars match a simple reference CPM", () => {
  it("early/late dates, total and free float", () => {
    fc.assert(
      fc.property(specArb(30), (s) => {
        const net = toNetwork(s, true);
        const got = schedule(net);
        const want = referenceCpm(net);
        got.activities.forEach((a, k) => {
          expect(toMin(a.earlyStart)).toBe(want[k].es);
          expect(toMin(a.earlyFinish)).toBe(want[k].ef);
          expect(toMin(a.lateStart)).toBe(want[k].ls);
          expect(toMin(a.lateFinish)).toBe(want[k].lf);
          expect(a.totalFloat).toBe(want[k].tf);
          expect(a.freeFloat).toBe(want[k].ff);
        });
      }),
      { numRuns: 1500, seed: 42 },
    );
  }, 60_000);
});
