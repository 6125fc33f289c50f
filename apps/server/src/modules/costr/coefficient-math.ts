import type { CoefficientKind, CostPart, CostTotals } from "@planum/contracts";

export interface AppliedCoefficient {
  kind: CoefficientKind;
  value: number;
  parts: readonly CostPart[];
}

export const ZERO_TOTALS: CostTotals = {
  wages: 0,
  machines: 0,
  materials: 0,
  overhead: 0,
  profit: 0,
  total: 0,
  labourHours: 0,
};

const roundTo = (decimals: number) => {
  const scale = 10 ** decimals;
  return (x: number) => Math.round((x + Number.EPSILON * Math.sign(x)) * scale) / scale;
};

/**
 * A position's money after its coefficients, applied one by one in the order given (the estimate's, then its
 * section's, then its own): a multiplier (regional, winter, indexation) multiplies the parts it names; overhead adds
 * `value` percent of the direct cost (wages + machines + materials) to the overheads; profit adds `value` percent
 * of the direct cost and overheads to the profit. Money is rounded after every step, as an estimator's sheet does,
 * so the order matters even between two multipliers. Labour hours are not money and are not changed.
 */
export function priceParts(base: CostTotals, chain: readonly AppliedCoefficient[], decimals = 2): CostTotals {
  const round = roundTo(decimals);
  const p = { ...base };
  for (const c of chain) {
    if (c.kind === "overhead") p.overhead = round(p.overhead + ((p.wages + p.machines + p.materials) * c.value) / 100);
    else if (c.kind === "profit")
      p.profit = round(p.profit + ((p.wages + p.machines + p.materials + p.overhead) * c.value) / 100);
    else for (const part of c.parts) p[part] = round(p[part] * c.value);
  }
  p.total = round(p.wages + p.machines + p.materials + p.overhead + p.profit);
  return p;
}

/** Sums money and labour hours (rounded to the decimals, so a sum of 20,000 positions shows no float dust). */
export function addTotals(items: Iterable<CostTotals>, decimals = 2): CostTotals {
  const round = roundTo(decimals);
  const sum = { ...ZERO_TOTALS };
  for (const t of items) {
    sum.wages += t.wages;
    sum.machines += t.machines;
    sum.materials += t.materials;
    sum.overhead += t.overhead;
    sum.profit += t.profit;
    sum.total += t.total;
    sum.labourHours += t.labourHours;
  }
  for (const key of Object.keys(sum) as (keyof CostTotals)[]) sum[key] = round(sum[key]);
  return sum;
}
