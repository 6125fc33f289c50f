import { type BimGeometryPartAt, scanBimGeometry } from "@planum/contracts/bim-geometry-wire";

/**
 * Parts of elements merged into one vertex and one index buffer, drawn as one mesh (one draw call): part p owns the
 * vertices vertexStarts[p] … vertexStarts[p + 1] and the indices indexStarts[p] … indexStarts[p + 1] (already
 * counted from the buffer's first vertex). An element's colour is written into its vertices' colours, its
 * visibility decides which index ranges are drawn (`ElementBatch`).
 */
export interface ElementBatchData {
  transparent: boolean;
  /** The element each part belongs to: an express id, or a primitive's (negative) key. */
  keys: Int32Array;
  vertexStarts: Uint32Array;
  indexStarts: Uint32Array;
  /** Each part's own colour, r g b (0–255). */
  colours: Uint8Array;
  /** Each part's bounding box: min x y z, max x y z. */
  boxes: Float32Array;
  positions: Float32Array;
  /**
   * Normals ×127, and each vertex's own colour (its part's) r g b 255: four bytes a vertex, not three, since
   * three-byte vertex formats are not native to WebGL's backends (ANGLE converts them on the CPU, again after
   * every colour change).
   */
  normals: Int8Array;
  vertexColours: Uint8Array;
  indices: Uint32Array;
}

/** A part to merge: its arrays and colour (r g b a, 0–1). */
export interface MergePart {
  key: number;
  color: readonly number[];
  positions: Float32Array;
  normals: Int8Array;
  indices: Uint32Array;
}

/** The buffers of a batch, handed to `postMessage` so they move to the other thread instead of being copied. */
export function transferables(batches: ElementBatchData[]): ArrayBuffer[] {
  return batches.flatMap((b) =>
    [b.keys, b.vertexStarts, b.indexStarts, b.colours, b.boxes, b.positions, b.normals, b.vertexColours, b.indices].map(
      (a) => a.buffer as ArrayBuffer,
    ),
  );
}

/** Merges parts into one batch (the parts' arrays are only read). */
export function mergeParts(parts: MergePart[], transparent: boolean): ElementBatchData {
  const count = parts.length;
  const vertexStarts = new Uint32Array(count + 1);
  const indexStarts = new Uint32Array(count + 1);
  for (let p = 0; p < count; p++) {
    vertexStarts[p + 1] = vertexStarts[p]! + parts[p]!.positions.length / 3;
    indexStarts[p + 1] = indexStarts[p]! + parts[p]!.indices.length;
  }
  const vertices = vertexStarts[count]!;
  const batch: ElementBatchData = {
    transparent,
    keys: new Int32Array(count),
    vertexStarts,
    indexStarts,
    colours: new Uint8Array(count * 3),
    boxes: new Float32Array(count * 6),
    positions: new Float32Array(vertices * 3),
    normals: new Int8Array(vertices * 4),
    vertexColours: new Uint8Array(vertices * 4),
    indices: new Uint32Array(indexStarts[count]!),
  };
  for (let p = 0; p < count; p++) {
    const part = parts[p]!;
    const first = vertexStarts[p]!;
    batch.keys[p] = part.key;
    batch.positions.set(part.positions, first * 3);
    const { normals } = part;
    for (let v = 0, to = first * 4; v < normals.length; v += 3, to += 4) {
      batch.normals[to] = normals[v]!;
      batch.normals[to + 1] = normals[v + 1]!;
      batch.normals[to + 2] = normals[v + 2]!;
    }
    const r = Math.round(part.color[0]! * 255);
    const g = Math.round(part.color[1]! * 255);
    const b = Math.round(part.color[2]! * 255);
    batch.colours.set([r, g, b], p * 3);
    const colours = batch.vertexColours;
    for (let v = first * 4, end = vertexStarts[p + 1]! * 4; v < end; v += 4) {
      colours[v] = r;
      colours[v + 1] = g;
      colours[v + 2] = b;
      colours[v + 3] = 255;
    }
    const from = indexStarts[p]!;
    const { indices } = part;
    for (let i = 0; i < indices.length; i++) batch.indices[from + i] = indices[i]! + first;
    boundingBox(part.positions, batch.boxes, p * 6);
  }
  return batch;
}

function boundingBox(positions: Float32Array, into: Float32Array, at: number) {
  let [x0, y0, z0, x1, y1, z1] = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (let v = 0; v < positions.length; v += 3) {
    const x = positions[v]!;
    const y = positions[v + 1]!;
    const z = positions[v + 2]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  into.set([x0, y0, z0, x1, y1, z1], at);
}

/** A file's parts as views into its bytes (which start on a multiple of 4 from the file's start), not copies. */
export function partsOf(data: Uint8Array, found: BimGeometryPartAt[]): MergePart[] {
  const { buffer, byteOffset } = data;
  return found.map((at) => ({
    key: at.expressId,
    color: at.color,
    positions: new Float32Array(buffer, byteOffset + at.positionsAt, at.vertexCount * 3),
    normals: new Int8Array(buffer, byteOffset + at.normalsAt, at.vertexCount * 3),
    indices: new Uint32Array(buffer, byteOffset + at.indicesAt, at.indexCount),
  }));
}

/**
 * Parts merged into two batches, opaque and transparent apart (the transparent ones are drawn after, without
 * writing depth); a batch without parts is left out.
 */
export function mergeByTransparency(parts: MergePart[]): ElementBatchData[] {
  return [false, true]
    .map((transparent) =>
      mergeParts(
        parts.filter((p) => p.color[3]! < 0.99 === transparent),
        transparent,
      ),
    )
    .filter((batch) => batch.keys.length > 0);
}

/**
 * Reads a whole geometry file (bim-geometry-wire, uncompressed) into its two batches. Throws on a file of another
 * layout or cut short.
 */
export function mergeBimGeometry(data: Uint8Array): ElementBatchData[] {
  // Every array of the file starts on a multiple of 4 from its start, so views need no copy when the file does.
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  return mergeByTransparency(partsOf(aligned, scanBimGeometry(aligned)));
}
