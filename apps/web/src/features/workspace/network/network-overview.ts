import type { NetworkColors, NetworkDrawState } from "./network-draw";
import type { NetworkModel } from "./network-model";

/** Largest side of the overview bitmap in pixels (4096 × 1024 × 4 bytes = 16 MB at most for a wide diagram). */
const MAX_SIDE = 4096;
/** The overview stands in for vector drawing up to this much enlargement of its pixels. */
const MAX_ENLARGE = 1.25;

type Draw = (
  ctx: CanvasRenderingContext2D,
  scale: number,
  width: number,
  height: number,
  state: NetworkDrawState,
) => void;

/**
 * The whole diagram drawn once into a bitmap at a small scale. Far out, thousands of boxes and connectors are on
 * screen; panning and zooming then copy one image per frame instead of rasterising every path again. Built on first
 * need, rebuilt when the model, the colours or the critical-path highlight change; selection and a link being drawn
 * are painted over it.
 */
export class NetworkOverview {
  private bitmap: HTMLCanvasElement | null = null;
  private model: NetworkModel | null = null;
  private colors: NetworkColors | null = null;
  private critical = true;
  scale = 0;

  /** The scale the bitmap would have for this model. */
  static scaleFor(m: NetworkModel): number {
    return Math.min(0.22, MAX_SIDE / Math.max(1, m.width), MAX_SIDE / Math.max(1, m.height));
  }

  /** Whether the bitmap can stand in at this zoom. */
  covers(m: NetworkModel, scale: number): boolean {
    return scale <= NetworkOverview.scaleFor(m) * MAX_ENLARGE;
  }

  image(m: NetworkModel, colors: NetworkColors, showCritical: boolean, draw: Draw): HTMLCanvasElement | null {
    if (this.bitmap && this.model === m && this.colors === colors && this.critical === showCritical) {
      return this.bitmap;
    }
    const scale = NetworkOverview.scaleFor(m);
    const width = Math.max(1, Math.ceil(m.width * scale));
    const height = Math.max(1, Math.ceil(m.height * scale));
    const canvas = this.bitmap ?? document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return null;
    draw(ctx, scale, width, height, { selected: new Set(), showCritical, linking: null });
    this.bitmap = canvas;
    this.model = m;
    this.colors = colors;
    this.critical = showCritical;
    this.scale = scale;
    return canvas;
  }
}
