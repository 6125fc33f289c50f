import type { WdpKind, WdpMeasure } from "@planum/contracts";
import type { PackedSeriesJson } from "../../../db/schema/index.js";
import type { SeriesRow } from "./wdp.repo.js";
import { ByteWriter, decodeSegment, encodeSegment } from "./wdp-codec.js";

/**
 * Series packed for an undo record (wbs-changes `applyChange`): columns instead of one object per series, and the
 * days as the stored segments (wdp-codec.ts: about a byte a day) in one base64 text instead of JSON numbers. The
 * before-image of update-costs over 10,000 works is 40,000 series: as objects it made a jsonb of megabytes that the
 * database parsed in seconds. Columns: work, measure, kind, first day, length and total of each series; `d` the
 * series' segments one after the other.
 */
export type PackedSeries = PackedSeriesJson;

export function packSeries(series: readonly SeriesRow[]): PackedSeries {
  const out: PackedSeries = { i: [], m: [], k: [], s: [], n: [], t: [], d: "" };
  const writer = new ByteWriter();
  for (const x of series) {
    out.i.push(x.itemId);
    out.m.push(x.measure);
    out.k.push(x.kind);
    out.s.push(x.startDay);
    out.n.push(x.values.length);
    out.t.push(x.total);
    encodeSegment(x.values, writer);
  }
  out.d = writer.bytes().toString("base64");
  return out;
}

export function unpackSeries(packed: PackedSeries): SeriesRow[] {
  const bytes = Buffer.from(packed.d, "base64");
  const out: SeriesRow[] = [];
  let offset = 0;
  for (let j = 0; j < packed.i.length; j++) {
    const { values, next } = decodeSegment(bytes, offset, packed.n[j]);
    offset = next;
    out.push({
      itemId: packed.i[j],
      measure: packed.m[j] as WdpMeasure,
      kind: packed.k[j] as WdpKind,
      startDay: packed.s[j],
      values,
      total: packed.t[j],
    });
  }
  return out;
}
