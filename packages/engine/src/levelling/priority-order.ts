import type { LevelPriority } from "./levelling-types.js";

/** P6's default levelling order: early start, then total float. */
export const DEFAULT_PRIORITIES: LevelPriority[] = [{ by: "early_start" }, { by: "total_float" }];

/** What the priority keys read of an activity; `logicStart` is its early start after its predecessors' delays. */
export interface PriorityFacts {
  logicStart: Float64Array;
  lateStart: Float64Array;
  totalFloat: Float64Array;
  remaining: Float64Array;
  attribute: (name: string, k: number) => string | number | null | undefined;
}

type Compare = (a: number, b: number) => number;

/** A comparison of activity indices by the priority list; the input order breaks ties, so levelling is stable. */
export function priorityCompare(priorities: readonly LevelPriority[], facts: PriorityFacts): Compare {
  const keys: Compare[] = priorities.map((p) => {
    const sign = p.descending ? -1 : 1;
    switch (p.by) {
      case "early_start":
        return (a, b) => sign * (facts.logicStart[a] - facts.logicStart[b]);
      case "late_start":
        return (a, b) => sign * (facts.lateStart[a] - facts.lateStart[b]);
      case "total_float":
        return (a, b) => sign * (facts.totalFloat[a] - facts.totalFloat[b]);
      case "remaining_duration":
        return (a, b) => sign * (facts.remaining[a] - facts.remaining[b]);
      default: {
        const name = p.attribute ?? "";
        return (a, b) => compareValues(facts.attribute(name, a), facts.attribute(name, b), sign);
      }
    }
  });
  return (a, b) => {
    for (const key of keys) {
      const c = key(a, b);
      if (c !== 0) return c;
    }
    return a - b;
  };
}

/** Numbers before texts, both in the asked direction; an activity without the value comes last either way. */
function compareValues(x: unknown, y: unknown, sign: number): number {
  const missingX = x === null || x === undefined || x === "";
  const missingY = y === null || y === undefined || y === "";
  if (missingX || missingY) return missingX === missingY ? 0 : missingX ? 1 : -1;
  if (typeof x === "number" && typeof y === "number") return sign * (x - y);
  if (typeof x === "number") return -1;
  if (typeof y === "number") return 1;
  return sign * String(x).localeCompare(String(y));
}

/** A binary heap of activity indices by a comparison (the ready activities of the serial method). */
export class ReadyHeap {
  private readonly items: number[] = [];
  constructor(private readonly compare: Compare) {}

  get size() {
    return this.items.length;
  }

  push(k: number) {
    const a = this.items;
    a.push(k);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(a[i], a[parent]) >= 0) break;
      [a[i], a[parent]] = [a[parent], a[i]];
      i = parent;
    }
  }

  pop(): number {
    const a = this.items;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.compare(a[l], a[m]) < 0) m = l;
        if (r < a.length && this.compare(a[r], a[m]) < 0) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}
