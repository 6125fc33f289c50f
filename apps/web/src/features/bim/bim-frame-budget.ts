/**
 * What the viewer draws while the camera moves (issue 20: orbit ≥ 50 fps even where WebGL runs in software), as
 * large-model viewers keep a "guaranteed frame rate": the model's parts are grouped into spatial clusters, and each
 * moving frame draws every cluster either whole or as one box in its elements' colour (a proxy of 12 triangles), the
 * clusters largest on screen whole first, as many as the frame's budget of triangles allows. The budget follows the
 * measured frames: cut when a frame came late, grown while they come in time, so a GPU that draws the whole model
 * within the budget draws it whole, and software WebGL draws a complete, coarser building. Pure: the scene measures
 * and draws.
 */

/** Parts per cluster: a cluster's proxy box stands for up to this many parts while the camera moves. */
export const CLUSTER_PARTS = 64;
/** Triangles of a cluster's proxy box. */
export const PROXY_TRIANGLES = 12;

/**
 * Orders parts along a Morton (Z-order) curve of their boxes' centres within `bounds` (min x y z, max x y z), so
 * consecutive runs of `CLUSTER_PARTS` are compact in space. `boxes`: each part's min x y z, max x y z.
 */
export function spatialOrder(boxes: Float32Array, bounds: ArrayLike<number>): Uint32Array {
  const count = boxes.length / 6;
  const codes = new Float64Array(count);
  const span = [0, 1, 2].map((a) => Math.max(bounds[a + 3]! - bounds[a]!, 1e-9));
  for (let p = 0; p < count; p++) {
    let code = 0;
    const cell = [0, 1, 2].map((a) => {
      const centre = (boxes[p * 6 + a]! + boxes[p * 6 + 3 + a]!) / 2;
      return Math.min(511, Math.max(0, Math.floor(((centre - bounds[a]!) / span[a]!) * 512)));
    });
    for (let bit = 8; bit >= 0; bit--) for (let a = 0; a < 3; a++) code = code * 2 + ((cell[a]! >> bit) & 1);
    // the part's number below the code keeps the order stable and the keys distinct
    codes[p] = code * 2 ** 23 + p;
  }
  codes.sort();
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = codes[i]! % 2 ** 23;
  return order;
}

/**
 * Which clusters a moving frame draws whole (1) rather than as their proxy box (0). `sizes`: each cluster's size on
 * screen (its bounding sphere's radius over its distance from the eye; 0 for a cluster with nothing visible, which is
 * not drawn at all), `triangles`: its visible triangles. Every visible cluster is drawn one way or the other, so the
 * frame always shows the whole model; the largest on screen are drawn whole first while the frame's triangles stay
 * within `budget`. Returns the choice and the triangles it draws.
 */
export function chooseDetail(
  sizes: Float32Array,
  triangles: Uint32Array,
  budget: number,
): { whole: Uint8Array; triangles: number } {
  const count = sizes.length;
  const whole = new Uint8Array(count);
  const shown: number[] = [];
  let drawn = 0;
  for (let c = 0; c < count; c++) {
    if (sizes[c]! <= 0 || triangles[c] === 0) continue;
    shown.push(c);
    drawn += Math.min(PROXY_TRIANGLES, triangles[c]!);
  }
  shown.sort((a, b) => sizes[b]! - sizes[a]!);
  for (const c of shown) {
    const more = triangles[c]! - Math.min(PROXY_TRIANGLES, triangles[c]!);
    if (drawn + more > budget) continue;
    whole[c] = 1;
    drawn += more;
  }
  return { whole, triangles: drawn };
}

/** The shares of the canvas's resolution a frame may draw at (the browser stretches it to the canvas). */
export const SCALES = [1, 0.75, 0.5, 0.35, 0.25] as const;

/**
 * What a frame may draw, adapted to the frames measured: its triangles and the share of the canvas's resolution it
 * draws at (where WebGL runs in software, filling pixels costs as much as the vertices: a full-screen pass at
 * 1440×900 took 50–100 ms in SwiftShader at a load of 12, a quarter of the pixels kept 60 fps). A frame that came
 * later than the target cuts the triangles to what would have fitted (remembered as a ceiling, relaxed slowly) and,
 * unless it changed just before, the resolution by a step; frames in time let the triangles grow by a tenth, and
 * the resolution a step after 20 of them. `total`: the model's triangles, the most a frame can need.
 */
export class FrameBudget {
  triangles: number;
  private ceiling = Number.POSITIVE_INFINITY;
  private step = 0;
  private calm = 0;
  private sinceStep = 0;

  constructor(
    readonly targetMs = 18,
    initial = 40_000,
    readonly least = 2_000,
  ) {
    this.triangles = initial;
  }

  /** The share of the resolution to draw at. */
  get scale(): number {
    return SCALES[this.step]!;
  }

  /**
   * A frame that drew `drawn` triangles (0: a screen pass, no triangles to adapt) took `frameMs` (from its request
   * to the next frame).
   */
  measured(frameMs: number, drawn: number, total: number) {
    this.sinceStep++;
    if (frameMs > this.targetMs) {
      this.calm = 0;
      if (drawn > 0) {
        const fitted = Math.min(this.triangles, drawn) * Math.max(0.25, (this.targetMs / frameMs) * 0.9);
        this.ceiling = Math.max(this.least, Math.min(this.triangles, drawn) * 0.9);
        this.triangles = Math.max(this.least, Math.round(fitted));
      }
      if (this.sinceStep > 2 && this.step < SCALES.length - 1) {
        this.step++;
        this.sinceStep = 0;
      }
    } else {
      this.calm++;
      if (drawn > 0) {
        this.ceiling *= 1.02;
        const grown = Math.max(this.triangles * 1.1, this.triangles + 500);
        this.triangles = Math.max(this.least, Math.round(Math.min(this.ceiling, total, grown)));
      }
      if (this.calm >= 20 && this.step > 0) {
        this.step--;
        this.calm = 0;
        this.sinceStep = 0;
      }
    }
  }
}
