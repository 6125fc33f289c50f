/**
 * The converted geometry of a BIM model (issue 20): what the server's conversion writes and the viewer reads, in
 * place of the IFC file, which a browser would need seconds of WASM to triangulate. One record per placed part of
 * an element, in world coordinates (the model moved to the origin), so the viewer draws without evaluating any
 * placement and can start drawing before the last record arrived (records are self-delimiting).
 *
 * Layout, little-endian: "PLGB", u32 version (1), u32 parts; then per part: u32 expressId, u32 vertexCount,
 * u32 indexCount, f32 r, g, b, a; f32 positions[3 × vertexCount]; i8 normals[3 × vertexCount] (×127) padded to
 * 4 bytes; u32 indices[indexCount]. Stored gzip-compressed.
 */
export const BIM_GEOMETRY_MAGIC = 0x42474c50; // "PLGB"
export const BIM_GEOMETRY_VERSION = 1;

export interface BimGeometryPart {
  expressId: number;
  color: [number, number, number, number];
  positions: Float32Array;
  normals: Int8Array;
  indices: Uint32Array;
}

const HEADER_BYTES = 12;
const PART_HEADER_BYTES = 28;
const pad4 = (n: number) => (n + 3) & ~3;

export function partBytes(vertexCount: number, indexCount: number): number {
  return PART_HEADER_BYTES + vertexCount * 12 + pad4(vertexCount * 3) + indexCount * 4;
}

/** Writes parts one by one into chunks, so a large model never needs one buffer for all of it before compression. */
export class BimGeometryWriter {
  private readonly chunks: Uint8Array[] = [];
  private parts = 0;

  add(part: BimGeometryPart) {
    const vertexCount = part.positions.length / 3;
    const bytes = new Uint8Array(partBytes(vertexCount, part.indices.length));
    const view = new DataView(bytes.buffer);
    view.setUint32(0, part.expressId, true);
    view.setUint32(4, vertexCount, true);
    view.setUint32(8, part.indices.length, true);
    for (let i = 0; i < 4; i++) view.setFloat32(12 + i * 4, part.color[i] ?? 1, true);
    let at = PART_HEADER_BYTES;
    new Float32Array(bytes.buffer, at, vertexCount * 3).set(part.positions);
    at += vertexCount * 12;
    new Int8Array(bytes.buffer, at, vertexCount * 3).set(part.normals);
    at += pad4(vertexCount * 3);
    new Uint32Array(bytes.buffer, at, part.indices.length).set(part.indices);
    this.chunks.push(bytes);
    this.parts++;
  }

  get partCount() {
    return this.parts;
  }

  /** The header and the parts, in order (the caller compresses them). */
  finish(): Uint8Array[] {
    const header = new Uint8Array(HEADER_BYTES);
    const view = new DataView(header.buffer);
    view.setUint32(0, BIM_GEOMETRY_MAGIC, true);
    view.setUint32(4, BIM_GEOMETRY_VERSION, true);
    view.setUint32(8, this.parts, true);
    return [header, ...this.chunks];
  }
}

/** Where one part lies in a geometry file: its header's values and the byte offsets of its three arrays. */
export interface BimGeometryPartAt {
  expressId: number;
  vertexCount: number;
  indexCount: number;
  color: [number, number, number, number];
  positionsAt: number;
  normalsAt: number;
  indicesAt: number;
}

/**
 * Finds every part of an uncompressed geometry file without copying its arrays (offsets are relative to `data`);
 * throws on a file of another layout or cut short. Every array starts on a multiple of 4 from the file's start.
 */
export function scanBimGeometry(data: Uint8Array): BimGeometryPartAt[] {
  const count = bimGeometryPartCount(data);
  if (count === null) throw new Error("geometry file cut short");
  const { parts } = scanBimGeometryParts(data, HEADER_BYTES, count);
  if (parts.length < count) throw new Error("geometry file cut short");
  return parts;
}

/** The file's part count from its header; null while fewer bytes than the header arrived. Throws on another layout. */
export function bimGeometryPartCount(data: Uint8Array): number | null {
  if (data.byteLength < HEADER_BYTES) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== BIM_GEOMETRY_MAGIC) throw new Error("not a Planum geometry file");
  if (view.getUint32(4, true) !== BIM_GEOMETRY_VERSION) throw new Error("unknown geometry version");
  return view.getUint32(8, true);
}

/** Where the first part of a geometry file starts (after its header). */
export const BIM_GEOMETRY_FIRST_PART = HEADER_BYTES;

/**
 * The whole parts, at most `limit`, lying in `data` from byte `at` on (a part boundary), and where the first part not
 * wholly there starts: a file arriving in pieces is read part by part (records are self-delimiting).
 */
export function scanBimGeometryParts(
  data: Uint8Array,
  at: number,
  limit: number,
): { parts: BimGeometryPartAt[]; end: number } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const parts: BimGeometryPartAt[] = [];
  while (parts.length < limit && at + PART_HEADER_BYTES <= data.byteLength) {
    const vertexCount = view.getUint32(at + 4, true);
    const indexCount = view.getUint32(at + 8, true);
    const size = partBytes(vertexCount, indexCount);
    if (at + size > data.byteLength) break;
    const positionsAt = at + PART_HEADER_BYTES;
    const normalsAt = positionsAt + vertexCount * 12;
    parts.push({
      expressId: view.getUint32(at, true),
      vertexCount,
      indexCount,
      color: [
        view.getFloat32(at + 12, true),
        view.getFloat32(at + 16, true),
        view.getFloat32(at + 20, true),
        view.getFloat32(at + 24, true),
      ],
      positionsAt,
      normalsAt,
      indicesAt: normalsAt + pad4(vertexCount * 3),
    });
    at += size;
  }
  return { parts, end: at };
}

/** Reads every part of an uncompressed geometry file into arrays of its own; throws as `scanBimGeometry`. */
export function readBimGeometry(data: Uint8Array): BimGeometryPart[] {
  // Copies, because the source's offsets need not be aligned for typed-array views.
  const copy = (from: number, bytes: number) =>
    data.buffer.slice(data.byteOffset + from, data.byteOffset + from + bytes) as ArrayBuffer;
  return scanBimGeometry(data).map((part) => ({
    expressId: part.expressId,
    color: part.color,
    positions: new Float32Array(copy(part.positionsAt, part.vertexCount * 12)),
    normals: new Int8Array(copy(part.normalsAt, part.vertexCount * 3)),
    indices: new Uint32Array(copy(part.indicesAt, part.indexCount * 4)),
  }));
}
