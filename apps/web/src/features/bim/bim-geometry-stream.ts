import {
  BIM_GEOMETRY_FIRST_PART,
  bimGeometryPartCount,
  scanBimGeometryParts,
} from "@planum/contracts/bim-geometry-wire";
import { type ElementBatchData, type MergePart, mergeByTransparency, partsOf } from "./bim-geometry-merge";

/** Parts of the first batch drawn while a model arrives: few, so the first frame comes early and draws fast. */
const FIRST_BATCH = 4096;
/**
 * Each later batch is this many times larger: every batch is drawn with all before it, so few large ones keep the
 * frames drawn while loading near one whole model's (100,000 parts: 4,096, 32,768, the rest).
 */
const GROWTH = 8;

/** How much of a model has been read: parts of `total` (null until the file's header arrived). */
export interface GeometryProgress {
  read: number;
  total: number | null;
}

/**
 * Reads a geometry file (bim-geometry-wire, uncompressed) that arrives in pieces into merged batches as whole parts
 * come in (records are self-delimiting), so a viewer draws the first storeys while the rest is still on the way.
 * The bytes are kept in one buffer from the first unread part on, grown by doubling, so a part larger than a piece
 * is copied a few times at most; read parts are views into it until their batch is merged.
 */
export class GeometryStreamReader {
  private bytes = new Uint8Array(0);
  private length = 0;
  /** Where the next unread part starts in `bytes` (a multiple of 4 from the file's start, so views are aligned). */
  private at = 0;
  private total: number | null = null;
  private read = 0;
  private waiting: MergePart[] = [];
  private batchSize = FIRST_BATCH;

  get progress(): GeometryProgress {
    return { read: this.read, total: this.total };
  }

  /** Takes the next piece of the file; answers the batches it completed (none while a batch is filling). */
  push(piece: Uint8Array): ElementBatchData[] {
    this.append(piece);
    const filled = this.bytes.subarray(0, this.length);
    if (this.total === null) {
      this.total = bimGeometryPartCount(filled);
      if (this.total === null) return [];
      this.at = BIM_GEOMETRY_FIRST_PART;
    }
    const { parts, end } = scanBimGeometryParts(filled, this.at, this.total - this.read);
    this.at = end;
    this.read += parts.length;
    this.waiting.push(...partsOf(filled, parts));
    if (this.waiting.length < this.batchSize && this.read < this.total) return [];
    this.batchSize *= GROWTH;
    return this.merge();
  }

  /** The file ended: answers the last batches; throws when it was cut short. */
  end(): ElementBatchData[] {
    if (this.total === null || this.read < this.total || this.at < this.length)
      throw new Error("geometry file cut short");
    return this.merge();
  }

  private merge() {
    const batches = mergeByTransparency(this.waiting);
    this.waiting = [];
    return batches;
  }

  private append(piece: Uint8Array) {
    if (this.length + piece.length > this.bytes.length) {
      // a new buffer from the first unread part on: parts read before keep the old one until they are merged
      const unread = this.bytes.subarray(this.at, this.length);
      const next = new Uint8Array(Math.max(unread.length + piece.length, 2 * unread.length, 1 << 22));
      next.set(unread);
      this.bytes = next;
      this.length = unread.length;
      this.at = 0;
    }
    this.bytes.set(piece, this.length);
    this.length += piece.length;
  }
}
