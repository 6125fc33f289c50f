import type { WdpDistributionMode, WdpKind, WdpMeasure, WdpStatus } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, execRows, intArray, textArray } from "../../../platform/sql.js";
import { minutesSql } from "../../../platform/time.js";

/** One series (stored by wdp-store.ts): the work's values of one measure and data kind from `startDay`. */
export interface SeriesRow {
  itemId: number;
  measure: WdpMeasure;
  kind: WdpKind;
  startDay: number;
  values: number[];
  total: number;
}

export interface WdpOptions {
  from?: number;
  to?: number;
  lagDays?: number;
  period?: "week" | "month";
  /** The work's remaining duration follows its measured intensity (wdp-progress.service.ts). */
  remaining?: "intensity";
  /** The work's progress was last set from its facts (wdp-progress.repo.ts markProgressFromFacts). */
  progressFromFacts?: boolean;
}

/** A work as the work-done plan sees it: dates (minutes), calendar, planned quantities and its WDP state. */
export interface WorkRow {
  id: number;
  parentId: number | null;
  type: string;
  code: string;
  name: string;
  unit: string | null;
  calendarId: string | null;
  start: number | null;
  finish: number | null;
  plannedVolume: number | null;
  plannedLabour: number | null;
  plannedCost: number | null;
  /** Null: the work has no wdp_works row (active, evenly). */
  status: WdpStatus | null;
  mode: WdpDistributionMode | null;
  options: WdpOptions | null;
}

export const seriesKey = (s: { itemId: number; measure: string; kind: string }) => `${s.itemId}|${s.measure}|${s.kind}`;

interface WorkColumns {
  id: number[] | null;
  p: (number | null)[];
  t: string[];
  c: string[];
  n: string[];
  u: (string | null)[];
  cal: (string | null)[];
  s: (number | null)[];
  f: (number | null)[];
  pv: (number | null)[];
  pl: (number | null)[];
  pc: (number | null)[];
  st: (WdpStatus | null)[];
  m: (WdpDistributionMode | null)[];
  o: (WdpOptions | null)[];
}

/**
 * The version's works (all of them, or the ids given) in tree order, with their span — actual start or early start
 * to actual finish or early finish — and WDP state. One query answering columns (see execColumns).
 */
export async function readWorks(db: DbOrTx, spaceId: string, versionId: string, ids?: number[]): Promise<WorkRow[]> {
  const only = ids ? sql`and w.id = any(${intArray(ids)}::int[])` : sql``;
  const c = await execColumns<WorkColumns>(
    db,
    sql`select json_build_object('id', json_agg(w.id order by w.sort_order, w.id), 'p', json_agg(w.parent_id order by w.sort_order, w.id),
      't', json_agg(w.type order by w.sort_order, w.id), 'c', json_agg(w.code order by w.sort_order, w.id),
      'n', json_agg(w.name order by w.sort_order, w.id), 'u', json_agg(w.measure order by w.sort_order, w.id),
      'cal', json_agg(w.calendar_id order by w.sort_order, w.id),
      's', json_agg(${minutesSql("coalesce(w.actual_start, w.early_start)")} order by w.sort_order, w.id),
      'f', json_agg(${minutesSql("coalesce(w.actual_finish, w.early_finish)")} order by w.sort_order, w.id),
      'pv', json_agg(w.planned_volume order by w.sort_order, w.id), 'pl', json_agg(w.planned_labour order by w.sort_order, w.id),
      'pc', json_agg(w.planned_cost order by w.sort_order, w.id), 'st', json_agg(ww.status order by w.sort_order, w.id),
      'm', json_agg(ww.mode order by w.sort_order, w.id), 'o', json_agg(ww.options order by w.sort_order, w.id)) as j
    from wbs_items w left join wdp_works ww on ww.item_id = w.id
    where w.space_id = ${spaceId} and w.version_id = ${versionId} ${only}`,
  );
  if (!c.id) return [];
  return c.id.map((id, k) => ({
    id,
    parentId: c.p[k],
    type: c.t[k],
    code: c.c[k],
    name: c.n[k],
    unit: c.u[k],
    calendarId: c.cal[k],
    start: c.s[k],
    finish: c.f[k],
    plannedVolume: c.pv[k],
    plannedLabour: c.pl[k],
    plannedCost: c.pc[k],
    status: c.st[k],
    mode: c.m[k],
    options: c.o[k],
  }));
}

export interface WorkState {
  itemId: number;
  status: WdpStatus;
  mode: WdpDistributionMode;
  options: WdpOptions | null;
}

/** The wdp_works rows of works as they are (raw, for undo), null where a work has none. */
export async function readWorkStates(db: DbOrTx, versionId: string, itemIds: number[]) {
  if (itemIds.length === 0) return new Map<number, WorkState>();
  const result = await execRows(
    db,
    sql`select item_id as "itemId", status, mode, options from wdp_works
      where version_id = ${versionId} and item_id = any(${intArray(itemIds)}::int[])`,
  );
  return new Map((result.rows as WorkState[]).map((r) => [r.itemId, r]));
}

export async function writeWorkStates(tx: DbOrTx, spaceId: string, versionId: string, rows: WorkState[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into wdp_works (item_id, space_id, version_id, status, mode, options, updated_at)
    select x.i, ${spaceId}, ${versionId}, x.s, x.m, x.o::jsonb, now()
    from unnest(${intArray(rows.map((r) => r.itemId))}::int[], ${textArray(rows.map((r) => r.status))}::text[],
      ${textArray(rows.map((r) => r.mode))}::text[], ${textArray(rows.map((r) => (r.options ? JSON.stringify(r.options) : null)))}::text[])
      as x(i, s, m, o)
    on conflict (item_id) do update set status = excluded.status, mode = excluded.mode, options = excluded.options,
      updated_at = now()`);
}

/**
 * Removes works' planning rows, except that a work whose progress came from its facts keeps the mark (and nothing
 * else): the next calculation must still know to set it back to not started once its facts are gone.
 */
export async function deleteWorkStates(tx: DbOrTx, versionId: string, itemIds: number[]) {
  if (itemIds.length === 0) return;
  const ids = intArray(itemIds);
  await tx.execute(sql`delete from wdp_works where version_id = ${versionId} and item_id = any(${ids}::int[])
    and (options ->> 'progressFromFacts') is distinct from 'true'`);
  await tx.execute(sql`update wdp_works set status = 'active', mode = 'evenly',
      options = '{"progressFromFacts": true}'::jsonb, updated_at = now()
    where version_id = ${versionId} and item_id = any(${ids}::int[])`);
}

/**
 * Takes the version's row lock for a WDP change and checks it is not locked (a plan is not a date: the version's
 * calculation status and revision stay). Refuses like any edit of a locked version.
 */
export async function lockVersionForWdp(tx: DbOrTx, versionId: string): Promise<{ locked: boolean; label: string }> {
  const result = await execRows(tx, sql`select locked, label from versions where id = ${versionId} for update`);
  return result.rows[0] as { locked: boolean; label: string };
}

/** The version a schedule's WDP calls default to: its actual version, else the newest. */
export async function defaultVersionId(db: DbOrTx, spaceId: string, scheduleId: string) {
  const result = await execRows(
    db,
    sql`select id from versions where space_id = ${spaceId} and schedule_id = ${scheduleId}
      order by (kind = 'actual') desc, created_at desc, id limit 1`,
  );
  return (result.rows[0] as { id: string } | undefined)?.id;
}

/** A version's space and the space's allowed entry period (days before today; null: no limit). */
export async function versionSpace(db: DbOrTx, versionId: string) {
  const result = await execRows(
    db,
    sql`select v.space_id as "spaceId", (s.settings ->> 'wdpEntryDays')::int as "entryDays"
      from versions v join spaces s on s.id = v.space_id where v.id = ${versionId}`,
  );
  return result.rows[0] as { spaceId: string; entryDays: number | null } | undefined;
}
