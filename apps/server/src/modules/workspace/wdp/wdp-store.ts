import type { WdpKind, WdpMeasure } from "@planum/contracts";
import { type SQL, sql } from "drizzle-orm";
import { WDP_MEASURE_KINDS } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, execRows, intArray, textArray } from "../../../platform/sql.js";
import type { SeriesRow } from "./wdp.repo.js";
import { ByteWriter, decodeSegment, encodeSegment } from "./wdp-codec.js";

/**
 * Series as the rest of the module sees them (one per work, measure and kind: SeriesRow) stored one row per work and
 * kind with every measure (wdp.table.ts `wdp_work_series`). Each read and write is one statement for any number of
 * works; the measure split happens here only.
 */

const RANK = new Map<string, number>(WDP_MEASURE_KINDS.map((m, k) => [m, k]));
const rowKey = (itemId: number, kind: string) => `${itemId}|${kind}`;

interface RowColumns {
  i: number[] | null;
  k: WdpKind[];
  m: WdpMeasure[][];
  s: number[][];
  n: number[][];
  t: number[][];
}

/**
 * Rows matching a condition in one round trip: the keys and per-measure starts, lengths and totals as JSON columns,
 * and every row's bytes concatenated in the same order into one bytea, sent as base64 (one Buffer in JavaScript; the
 * embedded database hands over one value far faster than thousands of rows). Answers the measures' series in the
 * order item, measure (by name), kind.
 */
async function selectSeries(db: DbOrTx, where: SQL, keep?: (s: SeriesRow) => boolean): Promise<SeriesRow[]> {
  const order = sql`order by item_id, kind`;
  const result = await execRows(
    db,
    sql`select json_build_object('i', json_agg(item_id ${order}), 'k', json_agg(kind ${order}),
        'm', json_agg(measures ${order}), 's', json_agg(starts ${order}), 'n', json_agg(lengths ${order}),
        't', json_agg(totals ${order})) as j,
      encode(string_agg(days, ''::bytea ${order}), 'base64') as b
      from wdp_work_series where ${where}`,
  );
  const row = result.rows[0] as { j: RowColumns | string; b: string | null };
  const c = (typeof row.j === "string" ? JSON.parse(row.j) : row.j) as RowColumns;
  if (!c.i || row.b === null) return [];
  const bytes = Buffer.from(row.b, "base64");
  const out: SeriesRow[] = [];
  let offset = 0;
  for (let j = 0; j < c.i.length; j++) {
    for (let k = 0; k < c.m[j].length; k++) {
      const { values, next } = decodeSegment(bytes, offset, c.n[j][k]);
      offset = next;
      const s: SeriesRow = {
        itemId: c.i[j],
        measure: c.m[j][k],
        kind: c.k[j],
        startDay: c.s[j][k],
        values,
        total: c.t[j][k],
      };
      if (!keep || keep(s)) out.push(s);
    }
  }
  // Rows come by work; within a work, by measure name then kind (as callers have always read them).
  return out.sort((a, b) =>
    a.itemId !== b.itemId
      ? a.itemId - b.itemId
      : a.measure !== b.measure
        ? a.measure < b.measure
          ? -1
          : 1
        : a.kind < b.kind
          ? -1
          : a.kind > b.kind
            ? 1
            : 0,
  );
}

/** Series of a version, optionally of some works, measures and kinds, touching a day range. */
export async function readSeries(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  filter: { itemIds?: number[]; measures?: WdpMeasure[]; kinds?: WdpKind[]; from?: number; to?: number } = {},
): Promise<SeriesRow[]> {
  const parts = [sql`space_id = ${spaceId} and version_id = ${versionId}`];
  if (filter.itemIds) parts.push(sql`item_id = any(${intArray(filter.itemIds)}::int[])`);
  if (filter.kinds) parts.push(sql`kind = any(${textArray(filter.kinds)}::text[])`);
  if (filter.measures) parts.push(sql`measures && ${textArray(filter.measures)}::text[]`);
  const { from, to } = filter;
  if (from !== undefined || to !== undefined)
    parts.push(sql`exists (select 1 from unnest(starts, lengths) as u(s, n)
      where ${to === undefined ? sql`true` : sql`u.s <= ${to}`} and ${from === undefined ? sql`true` : sql`u.s + u.n > ${from}`})`);
  const measures = filter.measures ? new Set<string>(filter.measures) : null;
  return selectSeries(
    db,
    sql.join(parts, sql` and `),
    (s) =>
      (!measures || measures.has(s.measure)) &&
      (to === undefined || s.startDay <= to) &&
      (from === undefined || s.startDay + s.values.length > from),
  );
}

/** The series stored under these keys (the before-image of a change). */
export async function readSeriesByKeys(
  db: DbOrTx,
  versionId: string,
  keys: { itemId: number; measure: string; kind: string }[],
): Promise<SeriesRow[]> {
  if (keys.length === 0) return [];
  const wanted = new Set(keys.map((k) => `${k.itemId}|${k.measure}|${k.kind}`));
  const rows = uniqueRows(keys);
  return selectSeries(
    db,
    sql`version_id = ${versionId} and (item_id, kind) in (
      select * from unnest(${intArray(rows.map((r) => r.itemId))}::int[], ${textArray(rows.map((r) => r.kind))}::text[]))`,
    (s) => wanted.has(`${s.itemId}|${s.measure}|${s.kind}`),
  );
}

function uniqueRows(keys: { itemId: number; kind: string }[]) {
  const out = new Map<string, { itemId: number; kind: string }>();
  for (const k of keys) out.set(rowKey(k.itemId, k.kind), { itemId: k.itemId, kind: k.kind });
  return [...out.values()];
}

/** The measures stored in each row of these works and kinds (no days: what a write needs to know first). */
async function storedMeasures(tx: DbOrTx, versionId: string, rows: { itemId: number; kind: string }[]) {
  const c = await execColumns<{ i: number[] | null; k: string[]; m: string[][] }>(
    tx,
    sql`select json_build_object('i', json_agg(item_id), 'k', json_agg(kind), 'm', json_agg(measures)) as j
      from wdp_work_series where version_id = ${versionId} and (item_id, kind) in (
        select * from unnest(${intArray(rows.map((r) => r.itemId))}::int[], ${textArray(rows.map((r) => r.kind))}::text[]))`,
  );
  const out = new Map<string, string[]>();
  if (c.i) for (let j = 0; j < c.i.length; j++) out.set(rowKey(c.i[j], c.k[j]), c.m[j]);
  return out;
}

/** The measures stored in each written row, from the series the caller read (`writeSeries`'s `stored`). */
function storedOf(stored: readonly SeriesRow[], groups: Map<string, unknown>) {
  const out = new Map<string, string[]>();
  for (const s of stored) {
    const key = rowKey(s.itemId, s.kind);
    if (!groups.has(key)) continue;
    const measures = out.get(key);
    if (measures) measures.push(s.measure);
    else out.set(key, [s.measure]);
  }
  return out;
}

/** A row as written: its measures' series (non-empty, in WDP_MEASURE_KINDS order). */
interface RowWrite {
  itemId: number;
  kind: string;
  series: SeriesRow[];
}

/**
 * Writes series (an empty one removes its measure). A row keeps the measures not written (read first only for the
 * rows that have such measures: a redistribution rewrites whole plans and reads none); a row left without measures
 * is deleted. Existing rows are updated in one statement, new ones inserted in another; a row whose content is
 * already what is written is left as it is (no new row version). `stored`: every series stored in the rows written,
 * when the caller has read them in this transaction (update-costs has): then nothing is read here.
 */
export async function writeSeries(
  tx: DbOrTx,
  spaceId: string,
  versionId: string,
  rows: SeriesRow[],
  stored?: readonly SeriesRow[],
) {
  if (rows.length === 0) return;
  const groups = new Map<string, { itemId: number; kind: string; byMeasure: Map<string, SeriesRow> }>();
  for (const r of rows) {
    const key = rowKey(r.itemId, r.kind);
    let g = groups.get(key);
    if (!g) {
      g = { itemId: r.itemId, kind: r.kind, byMeasure: new Map() };
      groups.set(key, g);
    }
    g.byMeasure.set(r.measure, r);
  }
  const rowsStored = stored ? storedOf(stored, groups) : await storedMeasures(tx, versionId, [...groups.values()]);
  const missing: { itemId: number; measure: string; kind: string }[] = [];
  for (const [key, g] of groups)
    for (const m of rowsStored.get(key) ?? [])
      if (!g.byMeasure.has(m)) missing.push({ itemId: g.itemId, measure: m, kind: g.kind });
  const kept = stored
    ? stored.filter((s) => !groups.get(rowKey(s.itemId, s.kind))?.byMeasure.has(s.measure))
    : await readSeriesByKeys(tx, versionId, missing);
  for (const s of kept) groups.get(rowKey(s.itemId, s.kind))?.byMeasure.set(s.measure, s);
  const updates: RowWrite[] = [];
  const inserts: RowWrite[] = [];
  const deletes: { itemId: number; kind: string }[] = [];
  for (const [key, g] of groups) {
    const series = [...g.byMeasure.values()]
      .filter((s) => s.values.length > 0)
      .sort((a, b) => (RANK.get(a.measure) ?? 0) - (RANK.get(b.measure) ?? 0));
    const exists = rowsStored.has(key);
    if (series.length === 0) {
      if (exists) deletes.push(g);
    } else (exists ? updates : inserts).push({ itemId: g.itemId, kind: g.kind, series });
  }
  if (deletes.length)
    await tx.execute(sql`delete from wdp_work_series where version_id = ${versionId} and (item_id, kind) in (
      select * from unnest(${intArray(deletes.map((d) => d.itemId))}::int[], ${textArray(deletes.map((d) => d.kind))}::text[]))`);
  const CHUNK = 20_000;
  for (let i = 0; i < updates.length; i += CHUNK) {
    const x = payload(updates.slice(i, i + CHUNK));
    await tx.execute(sql`
      with x as (${x.rows}), b as (select decode(${x.blob}, 'base64') as blob)
      update wdp_work_series w set measures = x.m, starts = x.s, lengths = x.n, totals = x.t,
        days = substring(b.blob from x.o for x.z)
      from x, b where w.version_id = ${versionId} and w.item_id = x.i and w.kind = x.k
        and (w.measures, w.starts, w.lengths, w.totals, w.days)
          is distinct from (x.m, x.s, x.n, x.t, substring(b.blob from x.o for x.z))`);
  }
  for (let i = 0; i < inserts.length; i += CHUNK) {
    const x = payload(inserts.slice(i, i + CHUNK));
    await tx.execute(sql`
      with x as (${x.rows}), b as (select decode(${x.blob}, 'base64') as blob)
      insert into wdp_work_series (item_id, kind, space_id, version_id, measures, starts, lengths, totals, days)
      select x.i, x.k, ${spaceId}, ${versionId}, x.m, x.s, x.n, x.t, substring(b.blob from x.o for x.z) from x, b`);
  }
}

/**
 * Rows as one select over parameters: keys, per-row arrays as array literals in text (one text[] element each), and
 * the byte offset and size of each row's days in one base64 blob (`blob`). A bytea[] literal of the same bytes was
 * 4× (base64 elements) to 17× (hex) slower to send to the embedded database than one text. Built in one pass: the
 * literals hold digits, signs, dots, commas and measure names only, so they are quoted without looking for quotes;
 * a series whose values are the very array of an earlier one in the row (update-costs spreads cost and the
 * distributed price once) has its bytes copied, not encoded again.
 */
function payload(rows: RowWrite[]): { rows: SQL; blob: string } {
  const writer = new ByteWriter();
  const n = rows.length;
  const items = new Array<number>(n);
  const kinds = new Array<string>(n);
  const measures = new Array<string>(n);
  const starts = new Array<string>(n);
  const lengths = new Array<string>(n);
  const totals = new Array<string>(n);
  const offsets = new Array<number>(n);
  const sizes = new Array<number>(n);
  // Where each series of the row being written begins in `writer` (and where the last ends).
  const segmentAt: number[] = [];
  for (let j = 0; j < n; j++) {
    const row = rows[j];
    items[j] = row.itemId;
    kinds[j] = `"${row.kind}"`;
    offsets[j] = writer.at + 1;
    let m = "";
    let st = "";
    let len = "";
    let tot = "";
    const series = row.series;
    for (let k = 0; k < series.length; k++) {
      const x = series[k];
      const sep = k > 0 ? "," : "";
      m += sep + x.measure;
      st += sep + x.startDay;
      len += sep + x.values.length;
      tot += sep + x.total;
      const at = writer.at;
      let same = -1;
      for (let e = 0; e < k && same < 0; e++) if (series[e].values === x.values) same = e;
      if (same < 0) encodeSegment(x.values, writer);
      else writer.copy(segmentAt[same], segmentAt[same + 1]);
      segmentAt[k] = at;
      segmentAt[k + 1] = writer.at;
    }
    measures[j] = `"{${m}}"`;
    starts[j] = `"{${st}}"`;
    lengths[j] = `"{${len}}"`;
    totals[j] = `"{${tot}}"`;
    sizes[j] = writer.at + 1 - offsets[j];
  }
  const literal = (xs: readonly string[]) => `{${xs.join(",")}}`;
  const query = sql`select x.i, x.k, x.m::text[] as m, x.s::int[] as s, x.n::int[] as n, x.t::float8[] as t, x.o, x.z
    from unnest(${intArray(items)}::int[], ${literal(kinds)}::text[], ${literal(measures)}::text[],
      ${literal(starts)}::text[], ${literal(lengths)}::text[], ${literal(totals)}::text[],
      ${intArray(offsets)}::int[], ${intArray(sizes)}::int[]) as x(i, k, m, s, n, t, o, z)`;
  return { rows: query, blob: writer.bytes().toString("base64") };
}

/** Removes series by key (the other measures of their rows stay). */
export function deleteSeries(tx: DbOrTx, versionId: string, keys: { itemId: number; measure: string; kind: string }[]) {
  // Removal only empties rows that exist: nothing is inserted, so no space is needed.
  return writeSeries(
    tx,
    "",
    versionId,
    keys.map((k) => ({
      ...k,
      measure: k.measure as WdpMeasure,
      kind: k.kind as WdpKind,
      startDay: 0,
      values: [],
      total: 0,
    })),
  );
}

/** Every series of these works (for clearing a whole plan). */
export function seriesOfItems(db: DbOrTx, spaceId: string, versionId: string, itemIds: number[]) {
  return readSeries(db, spaceId, versionId, { itemIds });
}

/**
 * Totals and first days of works' series of a kind, plan by default (what a redistribution needs of them: no days).
 */
export async function planTotals(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  itemIds: number[],
  kind: WdpKind = "plan",
) {
  const c = await execColumns<{ i: number[] | null; m: WdpMeasure[][]; t: number[][]; s: number[][] }>(
    db,
    sql`select json_build_object('i', json_agg(item_id), 'm', json_agg(measures), 't', json_agg(totals),
        's', json_agg(starts)) as j
      from wdp_work_series where space_id = ${spaceId} and version_id = ${versionId} and kind = ${kind}
        and item_id = any(${intArray(itemIds)}::int[])`,
  );
  const out: { itemId: number; measure: WdpMeasure; total: number; startDay: number }[] = [];
  if (c.i)
    for (let j = 0; j < c.i.length; j++)
      for (let k = 0; k < c.m[j].length; k++)
        out.push({ itemId: c.i[j], measure: c.m[j][k], total: c.t[j][k], startDay: c.s[j][k] });
  return out;
}

/** Totals of a version per measure and kind, and the first and last day with a value. */
export async function versionTotals(db: DbOrTx, spaceId: string, versionId: string) {
  const result = await execRows(
    db,
    sql`select u.m as measure, w.kind, sum(u.t) as total, count(*) filter (where u.t <> 0) as works,
        min(u.s) as first, max(u.s + u.n - 1) as last
      from wdp_work_series w, unnest(w.measures, w.totals, w.starts, w.lengths) as u(m, t, s, n)
      where w.space_id = ${spaceId} and w.version_id = ${versionId} group by u.m, w.kind`,
  );
  return (
    result.rows as { measure: WdpMeasure; kind: WdpKind; total: number; works: number; first: number; last: number }[]
  ).map((r) => ({
    ...r,
    total: Number(r.total),
    works: Number(r.works),
    first: Number(r.first),
    last: Number(r.last),
  }));
}

export function factWorkCount(db: DbOrTx, spaceId: string, versionId: string) {
  return execRows(
    db,
    sql`select count(*)::int as n from wdp_work_series
      where space_id = ${spaceId} and version_id = ${versionId} and kind = 'fact'`,
  ).then((r) => (r.rows[0] as { n: number }).n);
}
