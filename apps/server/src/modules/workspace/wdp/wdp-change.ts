import { readWdpValue, type WdpChange, type WdpKind, type WdpMeasure } from "@planum/contracts";
import type { Grant, VersionScope } from "../../../platform/access.js";
import type { Db, DbOrTx, Tx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { recordUndo } from "../undo/undo.repo.js";
import {
  deleteWorkStates,
  lockVersionForWdp,
  readWorkStates,
  readWorks,
  type SeriesRow,
  seriesKey,
  type WorkRow,
  type WorkState,
  writeWorkStates,
} from "./wdp.repo.js";
import type { ApprovalNotices } from "./wdp-approval.service.js";
import { dateOf, round, shown, today, workName } from "./wdp-days.js";
import { toDto } from "./wdp-series.js";
import { readSeriesByKeys, writeSeries } from "./wdp-store.js";

export interface WdpDeps {
  db: Db;
  events: WorkspaceEvents;
  /** Who is told of changes waiting for approval (plan changes of approved days); none: nobody is told. */
  notices?: (tx: Tx) => ApprovalNotices;
}

/** What one change writes: series (empty = removed) and works' states. */
export interface Writes {
  series: SeriesRow[];
  works: WorkState[];
  /** Works whose whole plan goes (their wdp_works rows are deleted). */
  clearWorks?: number[];
  /** The stored series of (at least) the written keys, when the change has read them already. */
  before?: SeriesRow[];
  /** Approval reports as they were before the change (null: the change created it), for undo (wdp-approval). */
  reports?: { id: string; row: Record<string, unknown> | null; itemIds: number[] }[];
  /** Works the change concerns beyond those written (a report's works), announced in `wdp_updated`. */
  touched?: number[];
  /** Plan cells not written because they wait for approval (wdp-plan-hold.ts), as the answer names them. */
  held?: { itemId: number; measure: WdpMeasure; day: number; value: number }[];
  /** Runs after the commit (notices added in the transaction are pushed). */
  after?: () => void;
}

/** The key date (today) and the first day open to entry (null: no limit), as day numbers. */
export interface EntryRules {
  today: number;
  earliest: number | null;
}

/** The allowed entry period (spec §5): the space setting `wdpEntryDays` before today. */
export function entryRules(grant: Grant): EntryRules {
  return entryRulesOf(grant.space.settings.wdpEntryDays);
}

/** The entry rules of a space whose setting `wdpEntryDays` is `days`. */
export function entryRulesOf(days: number | null | undefined): EntryRules {
  const t = today();
  return { today: t, earliest: days == null ? null : t - days };
}

/** The spec's rules for one entered value (§5): a number, not negative, facts not in the future, in the period. */
export function checkCell(rules: EntryRules, work: WorkRow, kind: WdpKind, day: number, raw: number | string): number {
  const where = { work: workName(work), date: shown(day) };
  if (kind === "approved_plan") throw new AppError("WdpApprovedPlanByApproval", where);
  const value = readWdpValue(raw);
  if (value === null) throw new AppError("WdpInvalidValue", { ...where, value: String(raw) });
  if (value < 0) throw new AppError("WdpNegativeValue", where);
  if (kind === "fact" && day > rules.today)
    throw new AppError("WdpFactInFuture", { ...where, today: shown(rules.today) });
  if (rules.earliest !== null && day < rules.earliest)
    throw new AppError("WdpBeforeEntryPeriod", { ...where, earliest: shown(rules.earliest) });
  return round(value);
}

/** Works of the version by id, every id found and able to carry a plan, or the change is refused. */
export async function worksFor(tx: DbOrTx, vs: VersionScope, ids: number[], opts: { active?: boolean } = {}) {
  const unique = [...new Set(ids)];
  const works = await readWorks(tx, vs.grant.space.id, vs.version.id, unique);
  if (works.length !== unique.length) throw new AppError("NotFound");
  for (const w of works) {
    if (w.type === "sum") throw new AppError("InvalidValue", { field: "itemId" });
    if (opts.active && w.status === "disabled") throw new AppError("WdpWorkDisabled", { work: workName(w) });
  }
  return new Map(works.map((w) => [w.id, w]));
}

/**
 * Runs one change: the version's row lock and lock check, the change's writes, the before-image as `undo_wdp`,
 * all in one transaction; then `wdp_updated` to the space.
 */
export async function runWdpChange(
  deps: WdpDeps,
  vs: VersionScope,
  action: string,
  run: (tx: Tx) => Promise<Writes>,
): Promise<WdpChange> {
  const { grant, version } = vs;
  const done = await deps.db.transaction(async (tx) => {
    const state = await lockVersionForWdp(tx, version.id);
    if (!state) throw new AppError("NotFound");
    if (state.locked) throw new AppError("VersionLocked", { label: state.label });
    const writes = await run(tx);
    const writtenKeys = new Set(writes.series.map(seriesKey));
    const before = writes.before
      ? writes.before.filter((s) => writtenKeys.has(seriesKey(s)))
      : await readSeriesByKeys(tx, version.id, writes.series);
    const beforeKeys = new Set(before.map(seriesKey));
    const workIds = [...new Set([...writes.works.map((w) => w.itemId), ...(writes.clearWorks ?? [])])];
    const beforeWorks = await readWorkStates(tx, version.id, workIds);
    await writeSeries(tx, grant.space.id, version.id, writes.series);
    await writeWorkStates(tx, grant.space.id, version.id, writes.works);
    if (writes.clearWorks?.length) await deleteWorkStates(tx, version.id, writes.clearWorks);
    const itemIds = [...new Set([...writes.series.map((s) => s.itemId), ...workIds, ...(writes.touched ?? [])])];
    await recordUndo(tx, {
      spaceId: grant.space.id,
      versionId: version.id,
      kind: "undo_wdp",
      action,
      userId: grant.userId,
      itemCount: itemIds.length,
      inverse: {
        wdp: {
          restore: before,
          remove: writes.series
            .filter((s) => !beforeKeys.has(seriesKey(s)))
            .map((s) => ({ itemId: s.itemId, measure: s.measure, kind: s.kind })),
          works: workIds.map((itemId) => {
            const row = beforeWorks.get(itemId);
            return { itemId, row: row ? { ...row } : null };
          }),
          ...(writes.reports ? { reports: writes.reports } : {}),
        },
      },
    });
    const states = workIds.length ? await readWorks(tx, grant.space.id, version.id, workIds) : [];
    return { writes, itemIds, states };
  });
  deps.events.wdpUpdated(grant.space.id, grant.userId, version.id, action, done.itemIds);
  done.writes.after?.();
  const held = done.writes.held ?? [];
  return {
    versionId: version.id,
    series: done.writes.series.filter((s) => s.values.length > 0).map(toDto),
    removed: done.writes.series
      .filter((s) => s.values.length === 0)
      .map((s) => ({ itemId: s.itemId, measure: s.measure, kind: s.kind })),
    works: done.states.map((w) => ({ itemId: w.id, status: w.status ?? "active", mode: w.mode ?? "evenly" })),
    ...(held.length
      ? { held: held.map((c) => ({ itemId: c.itemId, measure: c.measure, date: dateOf(c.day), value: c.value })) }
      : {}),
  };
}
