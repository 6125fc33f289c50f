import { RESOURCE_CURVE_PROFILES } from "@planum/engine";

/**
 * The resource curves schedule files carry (P6's named curves, MS Project's work contours), by the engine's names.
 * An even spread is no curve at all (P6 leaves curv_id empty, MS Project writes the flat contour 0).
 */
export type FileCurve = keyof typeof RESOURCE_CURVE_PROFILES;

/** P6's names of its standard curves (RSRCCURVDATA.curv_name, P6 XML ResourceCurve/Name). */
export const P6_CURVE_NAMES: Record<FileCurve, string> = {
  bell: "Bell Shaped",
  front_loaded: "Front Loaded",
  back_loaded: "Back Loaded",
  early_peak: "Early Peak",
  late_peak: "Late Peak",
  double_peak: "Double Peak",
  three_step: "Three Step",
  turtle: "Turtle",
};

const FILE_CURVES = Object.keys(P6_CURVE_NAMES) as FileCurve[];

const squash = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");

/** The 21 values (0 %, 5 %, … 100 %) of a curve as P6 stores them. */
export function p6CurveValues(curve: FileCurve): readonly number[] {
  return RESOURCE_CURVE_PROFILES[curve];
}

/**
 * A P6 curve read from a file: by its name first (the standard curves, also renamed copies such as "Bell shaped
 * curve"), else the standard curve nearest in shape to its values (a user's own curve keeps its character, not its
 * exact points); a flat or empty curve is no curve.
 */
export function curveFromP6(name: string, values: readonly number[]): FileCurve | undefined {
  const key = squash(name);
  const named = FILE_CURVES.find((c) => key.startsWith(squash(P6_CURVE_NAMES[c])));
  if (named) return named;
  const shape = normalized(values);
  if (!shape || shape.every((v) => Math.abs(v - shape[0]) < 1e-9)) return undefined;
  let best: FileCurve | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of FILE_CURVES) {
    const profile = normalized(RESOURCE_CURVE_PROFILES[c])!;
    const distance = profile.reduce((s, v, k) => s + (v - shape[k]) ** 2, 0);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = c;
    }
  }
  return best;
}

function normalized(values: readonly number[]): number[] | undefined {
  if (values.length !== 21) return undefined;
  const sum = values.reduce((s, v) => s + (Number.isFinite(v) ? v : 0), 0);
  return sum > 0 ? values.map((v) => (Number.isFinite(v) ? v / sum : 0)) : undefined;
}

/**
 * The curves a model's assignments use, numbered for a P6 file (curv_id / ObjectId 1, 2, …) in a fixed order so a
 * file written twice is the same file.
 */
export function usedCurves(assignments: readonly { curve?: FileCurve }[]): Map<FileCurve, number> {
  const used = new Set(assignments.flatMap((a) => (a.curve ? [a.curve] : [])));
  return new Map(FILE_CURVES.filter((c) => used.has(c)).map((c, k) => [c, k + 1]));
}

/** MS Project's WorkContour codes (0 = flat, 8 = contoured by hand: neither is a named curve). */
export const MSP_CONTOURS: Record<string, FileCurve> = {
  "1": "back_loaded",
  "2": "front_loaded",
  "3": "double_peak",
  "4": "early_peak",
  "5": "late_peak",
  "6": "bell",
  "7": "turtle",
};

/** The contour MS Project shows for a curve: P6's three step has none there and goes out flat. */
export function mspContour(curve: FileCurve | undefined): number {
  if (!curve) return 0;
  const code = Object.entries(MSP_CONTOURS).find(([, c]) => c === curve)?.[0];
  return code ? Number(code) : 0;
}
