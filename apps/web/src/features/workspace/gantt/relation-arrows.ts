import { REL_FF, REL_FS, REL_SF, REL_SS } from "./gantt-data";

/** Horizontal stub before a line turns, px. */
export const ARROW_STUB = 8;

/**
 * Orthogonal route of a relation arrow as a flat list of points [x0, y0, x1, y1, …], ending at the successor's bar
 * end. The line leaves the predecessor's finish to the right (FS, FF) or its start to the left (SS, SF) and enters the
 * successor's start from the left (FS, SS) or its finish from the right (FF, SF). When the ends overlap the wrong way
 * the line steps back along the row boundary instead of crossing the bars.
 */
export function routeArrow(
  type: number,
  fromX: number,
  fromY: number,
  toX: number,
  toY: number,
  rowHeight: number,
): number[] {
  const leavesRight = type === REL_FS || type === REL_FF;
  const entersFromLeft = type === REL_FS || type === REL_SS;
  const a = fromX + (leavesRight ? ARROW_STUB : -ARROW_STUB);
  const b = toX + (entersFromLeft ? -ARROW_STUB : ARROW_STUB);
  let xv: number | null = null;
  if (entersFromLeft) {
    if (!leavesRight) xv = Math.min(a, b);
    else if (a <= b) xv = a;
  } else if (leavesRight) xv = Math.max(a, b);
  else if (a >= b) xv = a;
  if (xv !== null) return [fromX, fromY, xv, fromY, xv, toY, toX, toY];
  // Detour: down (or up) to the boundary between the rows, across, then into the successor.
  const ymid = toY > fromY ? toY - rowHeight / 2 : toY + rowHeight / 2;
  return [fromX, fromY, a, fromY, a, ymid, b, ymid, b, toY, toX, toY];
}

/** Which bar end each relation type joins: [predecessor uses its finish, successor uses its finish]. */
export function relationEnds(type: number): [boolean, boolean] {
  switch (type) {
    case REL_FS:
      return [true, false];
    case REL_SS:
      return [false, false];
    case REL_FF:
      return [true, true];
    case REL_SF:
      return [false, true];
    default:
      return [true, false];
  }
}
