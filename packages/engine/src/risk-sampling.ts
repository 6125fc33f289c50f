/**
 * Random numbers for risk analysis: a seeded generator per iteration and the four duration distributions as
 * inverse cumulative distribution functions, so that a correlated uniform (a Gaussian copula) maps onto any of them.
 */

export const RISK_DISTRIBUTIONS = ["triangular", "pert", "uniform", "normal"] as const;
export type RiskDistribution = (typeof RISK_DISTRIBUTIONS)[number];

/** Three-point estimate (same unit throughout) with its distribution. */
export interface ThreePoint {
  min: number;
  likely: number;
  max: number;
  distribution: RiskDistribution;
}

/**
 * sfc32 seeded through splitmix32 from (seed, iteration): every iteration has its own stream, so a run gives the same
 * numbers whichever worker computes which iterations, and any single iteration can be replayed.
 */
export function iterationRandom(seed: number, iteration: number): () => number {
  let s = (seed ^ Math.imul(iteration + 1, 0x9e3779b9)) >>> 0;
  const mix = (): number => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    // (0, 1): never exactly 0 or 1, so inverse CDFs stay finite.
    return ((t >>> 0) + 0.5) / 4294967296;
  };
  for (let k = 0; k < 12; k++) next();
  return next;
}

/** Standard normal CDF (Abramowitz–Stegun 26.2.17, absolute error < 7.5e-8). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = 0.3989422804014327 * Math.exp(-0.5 * x * x) * poly;
  return x >= 0 ? 1 - tail : tail;
}

const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
];
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];

/** Inverse of the standard normal CDF (P. J. Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
      ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1)
    );
  }
  if (p > 1 - 0.02425) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return (
      -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
      ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) /
    (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1)
  );
}

/** A standard normal draw (inverse transform: one uniform per draw keeps the streams aligned). */
export function normalDraw(random: () => number): number {
  return normalQuantile(random());
}

const PERT_POINTS = 512;
const pertTables = new Map<number, Float64Array>();

/**
 * The CDF of Beta(α, 6 − α) — PERT's shape with λ = 4 — on PERT_POINTS + 1 evenly spaced points, by the trapezoid
 * rule on the density (the endpoints' infinities cannot occur: α and β are at least 1). Shapes are rounded to 0.01,
 * so a schedule of any size builds at most 401 tables.
 */
function pertTable(alpha100: number): Float64Array {
  let table = pertTables.get(alpha100);
  if (table) return table;
  const alpha = alpha100 / 100;
  const beta = 6 - alpha;
  table = new Float64Array(PERT_POINTS + 1);
  let previous = 0;
  let sum = 0;
  for (let k = 0; k <= PERT_POINTS; k++) {
    const x = k / PERT_POINTS;
    const density = x ** (alpha - 1) * (1 - x) ** (beta - 1);
    if (k > 0) sum += (previous + density) / 2;
    table[k] = sum;
    previous = density;
  }
  for (let k = 0; k <= PERT_POINTS; k++) table[k] /= sum;
  pertTables.set(alpha100, table);
  return table;
}

function pertQuantile(table: Float64Array, p: number): number {
  let lo = 0;
  let hi = PERT_POINTS;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (table[mid] < p) lo = mid;
    else hi = mid;
  }
  const span = table[hi] - table[lo];
  const within = span > 0 ? (p - table[lo]) / span : 0;
  return (lo + within) / PERT_POINTS;
}

/** The value of a three-point estimate at cumulative probability p ∈ (0, 1). */
export function threePointQuantile(t: ThreePoint, p: number): number {
  const { min: a, likely: m, max: b } = t;
  const width = b - a;
  if (!(width > 0)) return m;
  switch (t.distribution) {
    case "uniform":
      return a + p * width;
    case "triangular": {
      const split = (m - a) / width;
      return p < split ? a + Math.sqrt(p * width * (m - a)) : b - Math.sqrt((1 - p) * width * (b - m));
    }
    case "pert": {
      const alpha100 = Math.round((1 + (4 * (m - a)) / width) * 100);
      return a + width * pertQuantile(pertTable(alpha100), p);
    }
    case "normal": {
      // Mean at the most likely value, the range as ±3 standard deviations, truncated to the range.
      const sd = width / 6;
      const lo = normalCdf((a - m) / sd);
      const hi = normalCdf((b - m) / sd);
      return Math.min(b, Math.max(a, m + sd * normalQuantile(lo + p * (hi - lo))));
    }
  }
}

/** Mean of a three-point estimate (for the tests and the input screen's hint). */
export function threePointMean(t: ThreePoint): number {
  const { min: a, likely: m, max: b } = t;
  switch (t.distribution) {
    case "uniform":
      return (a + b) / 2;
    case "triangular":
      return (a + m + b) / 3;
    case "pert":
      return (a + 4 * m + b) / 6;
    case "normal":
      return m;
  }
}
