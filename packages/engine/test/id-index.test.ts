import { describe, expect, it } from "vitest";
import { IdIndex } from "../src/id-index.js";

describe("IdIndex", () => {
  it("answers like a Map keyed by insertion order, through growth and after moving to a Map", () => {
    for (const fallback of [false, true]) {
      const index = new IdIndex(4);
      if (fallback) (index as unknown as { toMap(): void }).toMap();
      const ref = new Map<string, number>();
      for (let k = 0; k < 5000; k++) {
        const id = k % 3 === 0 ? `activity-${k % 4000}-long-code` : `A${k % 4500}`;
        expect(index.add(id)).toBe(!ref.has(id));
        if (!ref.has(id)) ref.set(id, ref.size);
      }
      expect(index.size).toBe(ref.size);
      for (let k = 0; k < 6000; k++) {
        for (const id of [`A${k}`, `activity-${k}-long-code`, `a${k}`]) expect(index.get(id)).toBe(ref.get(id));
      }
      expect(index.get("")).toBeUndefined();
      expect(index.get(null as unknown as string)).toBeUndefined();
    }
  });
});
