/**
 * The bytes of a stored work-done plan row (wdp.table.ts): one segment per measure, each a format byte and the
 * measure's values, one per day. Most plans are whole units of 10^-3 spread nearly evenly, so a segment holds the
 * differences between neighbouring days' units as zigzag varints — one byte a day for an even spread, three for a
 * weekend's step — instead of eight bytes a day: a redistribution of every work sends a fifth of the bytes, and
 * PostgreSQL rewrites a fifth (see the wdp bench). A series with a value that is not whole units is kept as raw
 * doubles (format 0), as rows written before this format were.
 */

/** Raw IEEE doubles, big-endian, 8 bytes a day (float8send's layout). */
const RAW = 0x00;
/** Varint deltas of whole units of 10^-d: the format byte is VARINT + d. */
const VARINT = 0x10;
const DECIMALS = 3;
const SCALE = 10 ** DECIMALS;
/** Units beyond this lose integer exactness in doubles: such values are kept raw. */
const MAX_UNITS = 2 ** 51;

/** A growable byte buffer the segments of many rows are written into. */
export class ByteWriter {
  buf: Buffer;
  at = 0;
  constructor(size = 1 << 16) {
    this.buf = Buffer.allocUnsafe(size);
  }
  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }
  byte(b: number) {
    this.room(1);
    this.buf[this.at++] = b;
  }
  /** A non-negative integer (up to 2^53) as a varint: 7 bits a byte, low first. */
  varint(z: number) {
    this.room(8);
    while (z >= 128) {
      this.buf[this.at++] = (z % 128) | 128;
      z = Math.floor(z / 128);
    }
    this.buf[this.at++] = z;
  }
  double(v: number) {
    this.room(8);
    this.at = this.buf.writeDoubleBE(v, this.at);
  }
  /** Appends a copy of the bytes written from `from` up to `to` (a segment written before, again). */
  copy(from: number, to: number) {
    this.room(to - from);
    this.buf.copy(this.buf, this.at, from, to);
    this.at += to - from;
  }
  bytes(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}

/** Appends one measure's segment: varint deltas when every value is whole units, raw doubles otherwise. */
export function encodeSegment(values: readonly number[], out: ByteWriter): void {
  const begin = out.at;
  out.byte(VARINT + DECIMALS);
  let prev = 0;
  for (let k = 0; k < values.length; k++) {
    const u = Math.round(values[k] * SCALE);
    if (Math.abs(u) >= MAX_UNITS || u / SCALE !== values[k]) {
      // Not whole units: this segment is raw doubles after all.
      out.at = begin;
      out.byte(RAW);
      for (const v of values) out.double(v);
      return;
    }
    const d = u - prev;
    prev = u;
    out.varint(d >= 0 ? 2 * d : -2 * d - 1);
  }
}

/** Reads one segment of `count` days at `offset`: its values and the offset after it. */
export function decodeSegment(buf: Uint8Array, offset: number, count: number): { values: number[]; next: number } {
  const values = new Array<number>(count);
  const format = buf[offset++];
  if (format === RAW) {
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    for (let k = 0; k < count; k++) values[k] = view.getFloat64(offset + k * 8, false);
    return { values, next: offset + count * 8 };
  }
  if (format < VARINT || format > VARINT + 15) throw new Error(`unknown work-done plan segment format ${format}`);
  const scale = 10 ** (format - VARINT);
  let units = 0;
  for (let k = 0; k < count; k++) {
    let z = 0;
    let mul = 1;
    let b: number;
    do {
      b = buf[offset++];
      z += (b & 127) * mul;
      mul *= 128;
    } while (b >= 128);
    units += z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    values[k] = units / scale;
  }
  return { values, next: offset };
}
