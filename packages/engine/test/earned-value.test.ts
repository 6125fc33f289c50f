import { earnedSchedule, earnedValue, earnedValueOnDay } from "@planum/engine";
import { describe, expect, it } from "vitest";

describe("earned value", () => {
  it("gives every figure of a small project computed by hand from day series", () => {
    // Plan (cost per day) on days 100–104: 100, 200, 300, 200, 200 → BAC 1,000. Status at the end of day 102.
    // Earned 50, 150, 200 → EV 400; spent 80, 170, 250 → AC 500; planned through day 102: PV 600.
    const f = earnedValueOnDay({
      planned: { start: 100, values: [100, 200, 300, 200, 200] },
      earned: { start: 100, values: [50, 150, 200] },
      actual: { start: 100, values: [80, 170, 250] },
      statusDay: 102,
    });
    expect([f.pv, f.ev, f.ac, f.bac]).toEqual([600, 400, 500, 1000]);
    expect(f.sv).toBe(-200);
    expect(f.cv).toBe(-100);
    expect(f.spi).toBeCloseTo(2 / 3, 10);
    expect(f.cpi).toBeCloseTo(0.8, 10);
    expect(f.eac.cpi).toBeCloseTo(1250, 9); // 1,000 / 0.8
    expect(f.eac.budgetRate).toBe(1100); // 500 + (1,000 − 400)
    expect(f.eac.cpiSpi).toBeCloseTo(1625, 9); // 500 + 600 / (0.8 × 2/3)
    expect(f.eac.composite).toBeCloseTo(500 + 600 / (0.64 + 0.2 * (2 / 3)), 9); // ≈ 1,275.86
    expect(f.etc).toBeCloseTo(750, 9);
    expect(f.vac).toBeCloseTo(-250, 9);
    expect(f.tcpiBac).toBeCloseTo(1.2, 10); // 600 / 500
    expect(f.tcpiEac).toBeCloseTo(0.8, 10); // 600 / 750
    expect(f.percentComplete).toBeCloseTo(0.4, 10);
    expect(f.percentSpent).toBeCloseTo(0.5, 10);
    // Earned schedule: cumulative PV 100, 300, 600, 800, 1,000; EV 400 passes two days and a third of the third
    // (100 of its 300) → ES 2⅓ days against AT 3 days; the five planned days forecast 5 / SPI(t) ≈ 6.43 days.
    expect(f.schedule?.es).toBeCloseTo(7 / 3, 10);
    expect(f.schedule?.at).toBe(3);
    expect(f.schedule?.svt).toBeCloseTo(-2 / 3, 10);
    expect(f.schedule?.spit).toBeCloseTo(7 / 9, 10);
    expect(f.schedule?.ieact).toBeCloseTo(45 / 7, 10);
  });

  it("matches the textbook's fence example (R. Mulcahy, PMP Exam Prep, earned value exercise, p. 210)", () => {
    // A four-sided fence, one side a day at $1,000 a side; status at the end of day 3: sides 1 and 2 done for
    // $1,000 and $1,200, side 3 half done for $600, side 4 not started.
    const f = earnedValue({ pv: 3000, ev: 1000 + 1000 + 500, ac: 1000 + 1200 + 600, bac: 4000 });
    expect(f.pv).toBe(3000);
    expect(f.ev).toBe(2500);
    expect(f.ac).toBe(2800);
    expect(f.cv).toBe(-300);
    expect(f.sv).toBe(-500);
    expect(Number(f.cpi?.toFixed(3))).toBe(0.893);
    expect(Number(f.spi?.toFixed(3))).toBe(0.833);
    // The book divides by the CPI rounded to .893 (4,000 / .893 = 4,479, ETC 1,679, VAC −479); unrounded the
    // figures are 4,480, 1,680 and −480 — the same to the book's last digit but one.
    expect(Math.abs((f.eac.cpi ?? 0) - 4479)).toBeLessThanOrEqual(1);
    expect(Math.abs((f.etc ?? 0) - 1679)).toBeLessThanOrEqual(1);
    expect(Math.abs((f.vac ?? 0) + 479)).toBeLessThanOrEqual(1);
    expect(f.eac.cpi).toBeCloseTo(4480, 9);
    // Earned schedule of the same fence (Lipke's formula): $2,500 is two days and half of the third → ES 2.5 days
    // at AT 3: half a day behind, SPI(t) = 0.833 as the cost-based SPI this early in the project.
    const es = earnedSchedule([1000, 2000, 3000, 4000], 2500, 3);
    expect(es.es).toBe(2.5);
    expect(es.svt).toBe(-0.5);
    expect(Number(es.spit?.toFixed(3))).toBe(0.833);
    expect(es.ieact).toBeCloseTo(4.8, 10); // 4 planned days / (2.5 / 3)
  });

  it("tells undefined ratios as null, not Infinity: nothing planned, nothing spent", () => {
    const f = earnedValue({ pv: 0, ev: 0, ac: 0, bac: 0 });
    expect(f.spi).toBeNull();
    expect(f.cpi).toBeNull();
    expect(f.eac.cpi).toBeNull();
    expect(f.eac.cpiSpi).toBeNull();
    expect(f.etc).toBeNull();
    expect(f.tcpiBac).toBeNull();
    expect(f.percentComplete).toBeNull();
    expect(JSON.stringify(f)).not.toMatch(/Infinity|NaN/);
  });

  it("keeps SPI(t) below 1 for a late project where the cost SPI has gone back to 1", () => {
    // Planned in 4 days, finished on day 6: EV = PV = BAC, so SPI = 1, but ES stops at the planned duration.
    const f = earnedValueOnDay({
      planned: { start: 0, values: [25, 25, 25, 25] },
      earned: { start: 0, values: [10, 10, 20, 20, 20, 20] },
      actual: { start: 0, values: [10, 10, 20, 20, 20, 20] },
      statusDay: 5,
    });
    expect(f.spi).toBe(1);
    expect(f.schedule?.es).toBe(4);
    expect(f.schedule?.at).toBe(6);
    expect(f.schedule?.spit).toBeCloseTo(2 / 3, 10);
  });

  it("counts a plateau of days without planned value whole once the earned value reaches it (Lipke's C)", () => {
    expect(earnedSchedule([10, 20, 20, 30], 20, 4).es).toBe(3);
    expect(earnedSchedule([10, 20, 20, 30], 25, 4).es).toBe(3.5);
    expect(earnedSchedule([10, 20, 20, 30], 0, 1).es).toBe(0);
  });
});
