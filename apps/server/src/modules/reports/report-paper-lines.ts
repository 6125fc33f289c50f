import type { PaperLine } from "./report-paper.js";

/** A number as a PDF operand: two decimals are a hundredth of a point. */
export const n = (value: number) => String(Math.round(value * 100) / 100);

const colours = new Map<string, string>();
/** RRGGBB as a PDF colour's three operands. */
export function rgb(hex: string): string {
  let operands = colours.get(hex);
  if (operands === undefined) {
    operands = [0, 2, 4]
      .map((i) => String(Math.round((Number.parseInt(hex.slice(i, i + 2), 16) / 255) * 1000) / 1000))
      .join(" ");
    colours.set(hex, operands);
  }
  return operands;
}

/** Hundredths of a point: the precision of the operands, and whole numbers to compare ends by. */
const at = (value: number) => Math.round(value * 100);

interface Strokes {
  /** By y (or x), the [from, to] spans of the horizontal (vertical) sides on it. */
  across: Map<number, [number, number][]>;
  down: Map<number, [number, number][]>;
}

/**
 * The borders of one page as the fewest strokes: each line look (width, colour, dash) one run of PDF operators, and
 * the sides that lie on one line and touch or overlap joined into one segment — a side two cells share is drawn once,
 * a row's bottom edge is one line across the table. Per-cell segments were ~280,000 strings for 10,000 rows.
 */
export class PageBorders {
  private readonly looks = new Map<string, Strokes>();
  private readonly lookOf = new WeakMap<PaperLine, Strokes>();

  private strokes(line: PaperLine): Strokes {
    let strokes = this.lookOf.get(line);
    if (strokes) return strokes;
    const look = `${n(line.width)} w ${rgb(line.color)} RG ${line.dash ? `[${n(line.width * 3)} ${n(line.width * 2)}] 0 d` : "[] 0 d"}`;
    strokes = this.looks.get(look);
    if (!strokes) {
      strokes = { across: new Map(), down: new Map() };
      this.looks.set(look, strokes);
    }
    this.lookOf.set(line, strokes);
    return strokes;
  }

  /** The four sides of a cell's frame that it has. */
  frame(
    sides: Partial<Record<"top" | "right" | "bottom" | "left", PaperLine>>,
    x: number,
    y: number,
    width: number,
    height: number,
  ) {
    const add = (map: Map<number, [number, number][]>, on: number, from: number, to: number) => {
      const key = at(on);
      const spans = map.get(key);
      if (spans) spans.push([at(from), at(to)]);
      else map.set(key, [[at(from), at(to)]]);
    };
    if (sides.top) add(this.strokes(sides.top).across, y, x, x + width);
    if (sides.bottom) add(this.strokes(sides.bottom).across, y + height, x, x + width);
    if (sides.left) add(this.strokes(sides.left).down, x, y, y + height);
    if (sides.right) add(this.strokes(sides.right).down, x + width, y, y + height);
  }

  /** The page's strokes as PDF content: one saved state per line look. */
  operators(): string[] {
    const out: string[] = [];
    for (const [look, { across, down }] of this.looks) {
      const path: string[] = [];
      const join = (map: Map<number, [number, number][]>, line: (on: string, from: string, to: string) => string) => {
        for (const [on, spans] of map) {
          spans.sort((a, b) => a[0] - b[0]);
          const where = String(on / 100);
          let [from, to] = spans[0];
          for (let i = 1; i <= spans.length; i++) {
            const next = spans[i];
            // a hundredth of a point apart is touching: the cells' edges are sums of the same widths
            if (next && next[0] <= to + 1) to = Math.max(to, next[1]);
            else {
              path.push(line(where, String(from / 100), String(to / 100)));
              if (next) [from, to] = next;
            }
          }
        }
      };
      join(across, (y, x1, x2) => `${x1} ${y} m ${x2} ${y} l`);
      join(down, (x, y1, y2) => `${x} ${y1} m ${x} ${y2} l`);
      if (path.length) out.push(`q ${look} ${path.join(" ")} S Q`);
    }
    return out;
  }
}
