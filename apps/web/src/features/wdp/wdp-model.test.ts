import { describe, expect, it } from "vitest";
import { columnOfDay, columnsOf, distributed, filterWorks, firstTwo, paceOf, WdpStore } from "./wdp-model";
import { dayOfIso, isoOfDay } from "./wdp-numbers";

const day = dayOfIso;
const store = WdpStore.from({
  series: [
    { itemId: 1, measure: "volume", kind: "plan", start: "2025-01-13", values: [2, 2, 2, 2, 2], total: 10 },
    { itemId: 1, measure: "volume", kind: "fact", start: "2025-01-13", values: [1, 1.5], total: 2.5 },
    { itemId: 2, measure: "volume", kind: "plan", start: "2025-01-13", values: [1], total: 1 },
    { itemId: 2, measure: "volume", kind: "fact", start: "2025-01-13", values: [3], total: 3 },
  ],
  works: [{ itemId: 2, status: "disabled", mode: "evenly" }],
});

describe("the grid's model", () => {
  it("reads days, sums periods and keeps totals from the typed series", () => {
    expect(store.value(1, "volume", "plan", day("2025-01-14"))).toBe(2);
    expect(store.value(1, "volume", "plan", day("2025-01-20"))).toBe(0);
    expect(store.sum(1, "volume", "plan", day("2025-01-10"), day("2025-01-15"))).toBe(6);
    expect(store.total(1, "volume", "fact")).toBe(2.5);
    expect(store.get(1, "volume", "plan")?.values).toBeInstanceOf(Float64Array);
  });

  it("compares fact with plan up to the key date", () => {
    // plan 2 + 2 by the 14th, fact 1 + 1.5: behind; work 2 did 3 of 1: ahead
    expect(paceOf(store, 1, "volume", day("2025-01-14"))).toBe("behind");
    expect(paceOf(store, 2, "volume", day("2025-01-14"))).toBe("ahead");
    expect(paceOf(store, 3, "volume", day("2025-01-14"))).toBe("none");
  });

  it("applies a change: new series replace, removed ones go, states follow", () => {
    const next = store.apply({
      series: [{ itemId: 1, measure: "volume", kind: "fact", start: "2025-01-13", values: [2, 2], total: 4 }],
      removed: [{ itemId: 2, measure: "volume", kind: "fact" }],
      works: [{ itemId: 2, status: "active", mode: "evenly" }],
    });
    expect(paceOf(next, 1, "volume", day("2025-01-14"))).toBe("even");
    expect(next.total(2, "volume", "fact")).toBe(0);
    expect(next.status(2)).toBe("active");
    // the store before is unchanged
    expect(store.total(1, "volume", "fact")).toBe(2.5);
  });

  it("cuts days into Monday weeks and calendar months", () => {
    const weeks = columnsOf(day("2025-01-15"), day("2025-01-31"), "week");
    expect(weeks.map((w) => isoOfDay(w.from))).toEqual(["2025-01-13", "2025-01-20", "2025-01-27"]);
    const months = columnsOf(day("2025-01-15"), day("2025-03-01"), "month");
    expect(months.map((m) => [isoOfDay(m.from), isoOfDay(m.to)])).toEqual([
      ["2025-01-01", "2025-01-31"],
      ["2025-02-01", "2025-02-28"],
      ["2025-03-01", "2025-03-31"],
    ]);
    expect(columnOfDay(months, day("2025-02-10"))).toBe(1);
  });

  it("filters works by node, planning status and period", () => {
    const works = [
      { id: 1, code: "A", name: "a", ancestors: [10], start: day("2025-01-13"), finish: day("2025-01-17") },
      { id: 2, code: "B", name: "b", ancestors: [11], start: day("2025-02-03"), finish: day("2025-02-07") },
    ];
    const all = { nodeId: null, status: "all" as const, from: null, to: null };
    expect(filterWorks(works, store, { ...all, nodeId: 10 }).map((w) => w.id)).toEqual([1]);
    expect(filterWorks(works, store, { ...all, status: "disabled" }).map((w) => w.id)).toEqual([2]);
    expect(filterWorks(works, store, { ...all, from: day("2025-02-01") }).map((w) => w.id)).toEqual([2]);
  });

  it("names the first two works, then how many more (spec §8)", () => {
    const t = (_key: string, o: Record<string, unknown>) => `${o.codes} and ${o.count} more`;
    expect(firstTwo(["A1", "A2"], t)).toBe("A1, A2");
    expect(firstTwo(["A1", "A2", "A3", "A4"], t)).toBe("A1, A2 and 2 more");
  });

  it("counts as distributed only the works that got a plan; the others are the missing-volume ones", () => {
    const series = [
      { itemId: 1, measure: "volume" as const, kind: "plan" as const, total: 10 },
      { itemId: 2, measure: "volume" as const, kind: "plan" as const, total: 0 },
      { itemId: 3, measure: "labour" as const, kind: "plan" as const, total: 5 },
    ];
    expect(distributed([1, 2, 3, 4], series, "volume")).toEqual({ planned: [1], missing: [2, 3, 4] });
  });
});
