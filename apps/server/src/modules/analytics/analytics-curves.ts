import type { StoredCurve, StoredCurves } from "../../db/schema/index.js";

type Kind = "plan" | "fact" | "target" | "earned";

/** Version-wide sums of day series, grown as series come (the span is known at the end, so parts wait until then). */
export class CurveSum {
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;
  private readonly parts: { start: number; values: ArrayLike<number>; factor: number }[] = [];

  add(start: number, values: ArrayLike<number>, factor = 1) {
    if (values.length === 0 || factor === 0) return;
    this.first = Math.min(this.first, start);
    this.last = Math.max(this.last, start + values.length - 1);
    this.parts.push({ start, values, factor });
  }

  /**
   * The sum, rounded to three decimals as the work-done plans keep their values (the JSON stays short and sums do
   * not show float noise), without zero days at either end: a sum moved by differences (a block recounted, see
   * analytics-blocks.ts) then has the same span as one counted afresh.
   */
  result(): StoredCurve | undefined {
    if (this.parts.length === 0) return undefined;
    const out = new Float64Array(this.last - this.first + 1);
    for (const p of this.parts) {
      const at = p.start - this.first;
      for (let k = 0; k < p.values.length; k++) out[at + k] += p.values[k] * p.factor;
    }
    let lo = 0;
    let hi = out.length - 1;
    const round = (v: number) => Math.round(v * 1000) / 1000;
    while (lo <= hi && round(out[lo]) === 0) lo++;
    while (hi >= lo && round(out[hi]) === 0) hi--;
    if (lo > hi) return undefined;
    return { start: this.first + lo, values: Array.from(out.subarray(lo, hi + 1), (v) => round(v) || 0) };
  }
}

/** Sums of curves by measure and kind, each taken with a factor (−1 takes a block's old sums out). */
export class CurvesSum {
  private readonly sums = new Map<string, CurveSum>();

  of(measure: string, kind: Kind): CurveSum {
    const key = `${measure}/${kind}`;
    let s = this.sums.get(key);
    if (!s) {
      s = new CurveSum();
      this.sums.set(key, s);
    }
    return s;
  }

  /** Adds every curve of `curves` (but the kinds in `skip`) times `factor`. */
  addAll(curves: StoredCurves, factor = 1, skip: Kind[] = []) {
    for (const [measure, kinds] of Object.entries(curves))
      for (const [kind, curve] of Object.entries(kinds) as [Kind, StoredCurve | undefined][])
        if (curve && !skip.includes(kind)) this.of(measure, kind).add(curve.start, curve.values, factor);
  }

  result(): StoredCurves {
    const curves: StoredCurves = {};
    for (const [key, sum] of this.sums) {
      const curve = sum.result();
      if (!curve) continue;
      const [measure, kind] = key.split("/") as [string, Kind];
      curves[measure] ??= {};
      curves[measure][kind] = curve;
    }
    return curves;
  }
}
