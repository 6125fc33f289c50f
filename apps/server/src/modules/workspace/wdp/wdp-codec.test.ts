import { describe, expect, it } from "vitest";
import { ByteWriter, decodeSegment, encodeSegment } from "./wdp-codec.js";

const roundTrip = (segments: number[][]) => {
  const out = new ByteWriter(4);
  for (const s of segments) encodeSegment(s, out);
  const bytes = out.bytes();
  let offset = 0;
  const back = segments.map((s) => {
    const { values, next } = decodeSegment(bytes, offset, s.length);
    offset = next;
    return values;
  });
  return { back, size: bytes.length, end: offset };
};

describe("work-done plan bytes", () => {
  it("gives back every value exactly, segment after segment, in a fraction of eight bytes a day", () => {
    const even = Array.from({ length: 45 }, (_, k) => (k % 7 >= 5 ? 0 : k % 3 === 0 ? 22.223 : 22.222));
    const cost = [1_234_567.891, 0, 98_765_432.1, 0.001, 3];
    const { back, size, end } = roundTrip([even, cost, []]);
    expect(back).toEqual([even, cost, []]);
    expect(end).toBe(size);
    expect(size).toBeLessThan(((even.length + cost.length) * 8) / 3);
  });

  it("keeps a value that is not whole thousandths as a raw double", () => {
    const odd = [1 / 3, 2, 0.0001];
    const { back, size } = roundTrip([odd, [5, 6]]);
    expect(back).toEqual([odd, [5, 6]]);
    // A format byte and three doubles; a format byte and two 2-byte varints (5,000 and +1,000 thousandths).
    expect(size).toBe(1 + odd.length * 8 + 1 + 2 + 2);
  });
});
