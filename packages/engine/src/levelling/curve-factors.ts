import { profileAt, RESOURCE_CURVE_PROFILES, type ResourceCurve } from "../resource-curves.js";

const cache = new Map<string, Float64Array>();

/**
 * How an assignment with a curve shares its units among the `n` working days of its activity: factor per day with a
 * mean of 1 (units per day × factor = the day's units), as the usage view spreads them (`spreadUnits`: the curve's
 * intensity at the middle of each day; `start` / `end` put everything on the first / last day). Undefined = evenly.
 * Days are taken as equal here: a short working day of the activity changes the shares by its hours only in the
 * usage view.
 */
export function curveFactors(curve: ResourceCurve | undefined, n: number): Float64Array | undefined {
  if (!curve || curve === "evenly" || n <= 1) return undefined;
  const key = `${curve}:${n}`;
  const known = cache.get(key);
  if (known) return known;
  const factors = new Float64Array(n);
  if (curve === "start") factors[0] = n;
  else if (curve === "end") factors[n - 1] = n;
  else {
    const profile = RESOURCE_CURVE_PROFILES[curve];
    let sum = 0;
    for (let i = 0; i < n; i++) {
      factors[i] = profileAt(profile, (i + 0.5) / n);
      sum += factors[i];
    }
    for (let i = 0; i < n; i++) factors[i] = sum > 0 ? (factors[i] * n) / sum : 1;
  }
  cache.set(key, factors);
  return factors;
}
