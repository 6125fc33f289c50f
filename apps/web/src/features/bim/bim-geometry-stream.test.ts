import { describe, expect, it } from "vitest";
import { geometryFileOf } from "./bim-geometry.test-kit";
import { type ElementBatchData, mergeBimGeometry } from "./bim-geometry-merge";
import { GeometryStreamReader } from "./bim-geometry-stream";

/** A part of `vertices` vertices along x at height `id`, its indices a fan (transparent when `alpha` < 1). */
function part(expressId: number, vertices: number, alpha = 1) {
  const positions = new Float32Array(vertices * 3).map((_, i) => (i % 3 === 0 ? i / 3 : i % 3 === 1 ? expressId : 0));
  const indices = new Uint32Array(Math.max(0, vertices - 2) * 3).map((_, i) =>
    i % 3 === 0 ? 0 : Math.floor(i / 3) + (i % 3),
  );
  return {
    expressId,
    color: [0.5, 0.5, 0.5, alpha] as [number, number, number, number],
    positions,
    normals: new Int8Array(vertices * 3).fill(127),
    indices,
  };
}

/** The file cut into pieces of `size` bytes, each in a buffer of its own at an odd offset, as a network hands them. */
function pieces(file: Uint8Array, size: number) {
  const list: Uint8Array[] = [];
  for (let at = 0; at < file.length; at += size) {
    const piece = file.subarray(at, at + size);
    const buffer = new Uint8Array(piece.length + 3);
    buffer.set(piece, 3);
    list.push(buffer.subarray(3));
  }
  return list;
}

const keysOf = (batches: ReturnType<typeof mergeBimGeometry>) => batches.flatMap((b) => [...b.keys]);

describe("reading a geometry file as it arrives", () => {
  // 10,000 parts: the first batch fills at 4,096, the second at the file's end
  const parts = Array.from({ length: 10_000 }, (_, i) => part(i + 1, 3 + (i % 5), i % 7 === 0 ? 0.5 : 1));
  const file = geometryFileOf(parts);

  it.each([5, 4096, 1 << 20])("gives the same parts and geometry as the whole file, in pieces of %i bytes", (size) => {
    const reader = new GeometryStreamReader();
    const batches: ElementBatchData[] = [];
    const arrivals: number[] = [];
    for (const piece of pieces(file, size)) {
      const arrived = reader.push(piece);
      if (arrived.length) arrivals.push(reader.progress.read);
      batches.push(...arrived);
    }
    batches.push(...reader.end());
    expect(reader.progress).toEqual({ read: 10_000, total: 10_000 });
    const whole = mergeBimGeometry(file);
    expect(keysOf(batches).sort((a, b) => a - b)).toEqual(keysOf(whole).sort((a, b) => a - b));
    // the first batch comes once 4,096 parts are read, long before the end (when pieces are smaller than the file)
    if (size < file.length) expect(arrivals[0]).toBeGreaterThanOrEqual(4096);
    if (size < file.length) expect(arrivals[0]).toBeLessThan(10_000);
    // a part's positions and indices come through unchanged (counted from its batch's first vertex)
    const where = (key: number) => {
      for (const b of batches) {
        const p = b.keys.indexOf(key);
        if (p >= 0) return { b, p };
      }
      throw new Error(`part ${key} missing`);
    };
    for (const key of [1, 4097, 9999]) {
      const { b, p } = where(key);
      const source = parts[key - 1]!;
      const first = b.vertexStarts[p]!;
      expect([...b.positions.subarray(first * 3, b.vertexStarts[p + 1]! * 3)]).toEqual([...source.positions]);
      expect([...b.indices.subarray(b.indexStarts[p]!, b.indexStarts[p + 1]!)].map((i) => i - first)).toEqual([
        ...source.indices,
      ]);
      expect(b.transparent).toBe(source.color[3] < 0.99);
    }
  });

  it("refuses a file cut short, and one of another layout", () => {
    const cut = new GeometryStreamReader();
    cut.push(file.subarray(0, file.length - 10));
    expect(() => cut.end()).toThrow("cut short");
    expect(() => new GeometryStreamReader().push(new TextEncoder().encode("ISO-10303-21; not ours"))).toThrow(
      "not a Planum geometry file",
    );
  });
});
