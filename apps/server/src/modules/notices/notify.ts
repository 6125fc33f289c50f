import { type DelegationDuty, EVENTS_PROTOCOL_VERSION, NEED_ACTION_KINDS, type NoticeKind } from "@planum/contracts";
import { notices } from "../../db/schema/index.js";
import type { AppContext } from "../../platform/context.js";
import type { Db, Tx } from "../../platform/db.js";
import { delegatesOf } from "../../platform/delegation.js";
import { unreadCounts } from "./notices.repo.js";

/**
 * How other modules send notices (WDP approval, assignments, timesheets): insert them in their own transaction with
 * `addNotices`, and after it commits hand the rows to `announceNotices`.
 *
 *   const rows = await db.transaction(async (tx) => { …change…; return addNotices(tx, [{ spaceId, userId, kind… }]); });
 *   announceNotices(ctx, rows);
 */
export interface NewNotice {
  spaceId: string;
  /** The recipient. */
  userId: string;
  kind: NoticeKind;
  /** Who caused it (null: the system). */
  byUserId?: string | null;
  scheduleId?: string | null;
  versionId?: string | null;
  /** The work (a WBS item id; text is accepted as the brief of the interface spelt it). */
  wbsId?: number | string | null;
  projectId?: string | null;
  /** What the localized text needs (work name, date, quantity, comment…): see NOTICE_TEXTS in the contracts. */
  params?: Record<string, string | number>;
  /** Set by generators that may run twice (the daily job): a second notice with the same key is not added. */
  dedupeKey?: string | null;
  /** The member whose notice this copies for their delegate (set by `addNotices` itself). */
  forUserId?: string | null;
  /**
   * The duty the notice belongs to when its kind does not say it: sent hours and reported quantities both wait as
   * `task_need_accept_daily_data` (the spec has fifteen kinds, none for timesheets), so the timesheet module marks
   * its notices `timesheets` and the WDP approval `approvals`; each is then handed only with its own duty.
   */
  duty?: Exclude<DelegationDuty, "notices">;
}

/**
 * Which notices each handed duty brings to the delegate (docs/domain.md "Delegation"); `notices` brings them all.
 * Approvals: reports waiting for a decision; timesheets: hours to fill in, and sent hours waiting (marked with the
 * duty `timesheets` by their sender, see `NewNotice.duty`); assignments: what happens to one's works.
 */
export const DUTY_KINDS: Record<Exclude<DelegationDuty, "notices">, readonly NoticeKind[]> = {
  approvals: ["task_need_accept_daily_data", "task_need_accept_expert_data"],
  timesheets: ["task_need_actual_by_timesheet"],
  assignments: [
    "executor_assigned_to_task",
    "curator_assigned_to_task",
    "task_will_start",
    "task_will_finish",
    "assignment_created",
    "assignment_accepted",
    "assignment_comment",
    "assignment_changed",
    "assignment_date_approaching",
    "assignment_date_add_fact",
    "assignment_date_change_plan",
    "assignment_date_delay",
  ],
};

/** Whether a delegation of these duties hands this notice: its marked duty, else the duty of its kind. */
function isHanded(duties: readonly DelegationDuty[], notice: NewNotice): boolean {
  if (duties.includes("notices")) return true;
  if (notice.duty) return duties.includes(notice.duty);
  return duties.some((duty) => duty !== "notices" && DUTY_KINDS[duty].includes(notice.kind));
}

/**
 * The notices plus a copy of each for whoever stands in today for its recipient under a delegation of the duty it
 * belongs to, marked with whom it is for. One query per space named, however many notices. A delegate who is told
 * the same thing in their own right (same kind, work and version in this call) gets no copy.
 */
async function withDelegates(tx: Tx | Db, list: NewNotice[]): Promise<NewNotice[]> {
  const bySpace = new Map<string, Set<string>>();
  for (const n of list) bySpace.set(n.spaceId, (bySpace.get(n.spaceId) ?? new Set()).add(n.userId));
  const copies: NewNotice[] = [];
  const told = new Set(list.map((n) => `${n.spaceId} ${n.userId} ${n.kind} ${n.versionId ?? ""} ${n.wbsId ?? ""}`));
  for (const [spaceId, userIds] of bySpace) {
    const delegates = await delegatesOf(tx, spaceId, [...userIds]);
    if (delegates.size === 0) continue;
    for (const n of list) {
      const delegate = n.spaceId === spaceId && !n.forUserId ? delegates.get(n.userId) : undefined;
      if (!delegate || delegate.toUserId === n.byUserId) continue;
      if (!isHanded(delegate.duties, n)) continue;
      const key = `${spaceId} ${delegate.toUserId} ${n.kind} ${n.versionId ?? ""} ${n.wbsId ?? ""}`;
      if (told.has(key)) continue;
      told.add(key);
      copies.push({ ...n, userId: delegate.toUserId, forUserId: n.userId });
    }
  }
  return [...list, ...copies];
}

export type NoticeRow = typeof notices.$inferSelect;

/** Inserts the notices in the caller's transaction; returns what to announce after commit. */
export async function addNotices(tx: Tx | Db, given: NewNotice[]): Promise<NoticeRow[]> {
  const rows: NoticeRow[] = [];
  const list = given.length ? await withDelegates(tx, given) : given;
  // A statement takes at most 65,535 parameters: eleven a notice, so a generated day of many works goes in chunks.
  for (let start = 0; start < list.length; start += INSERT_CHUNK) {
    rows.push(...(await insertChunk(tx, list.slice(start, start + INSERT_CHUNK))));
  }
  return rows;
}

const INSERT_CHUNK = 2_000;

function insertChunk(tx: Tx | Db, list: NewNotice[]) {
  return tx
    .insert(notices)
    .values(
      list.map((notice) => ({
        spaceId: notice.spaceId,
        userId: notice.userId,
        kind: notice.kind,
        byUserId: notice.byUserId ?? null,
        forUserId: notice.forUserId ?? null,
        scheduleId: notice.scheduleId ?? null,
        versionId: notice.versionId ?? null,
        wbsId: notice.wbsId == null ? null : Number(notice.wbsId),
        projectId: notice.projectId ?? null,
        params: notice.params ?? {},
        dedupeKey: notice.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * After commit: tells each recipient's sockets (`notices_changed` through `Realtime.toUser`) with their new unread
 * count, so the header bell updates live. E-mail needs nothing here: it goes out as the digest of each user's
 * settings (channel email, at its periodicity), which reads the notices that arrived since its last run — the
 * notices table is the mail queue, so a notice committed is a notice mailed, and one rolled back never is.
 */
export function announceNotices(ctx: Pick<AppContext, "db" | "realtime">, rows: NoticeRow[]): void {
  if (rows.length === 0) return;
  void announce(ctx, rows, "created").catch(() => {
    // A lost announcement only delays the bell until the next read of the page; the notice itself is committed.
  });
  askForAction(ctx, rows);
}

/** `task_need_action` to each person (in each space) given notices that ask them to act (spec §3 event). */
function askForAction(ctx: Pick<AppContext, "realtime">, rows: NoticeRow[]) {
  const groups = new Map<string, NoticeRow[]>();
  for (const row of rows) {
    if (!NEED_ACTION_KINDS.includes(row.kind)) continue;
    const key = `${row.userId} ${row.spaceId}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    const [first] = group;
    ctx.realtime.toUser(first.userId, {
      v: EVENTS_PROTOCOL_VERSION,
      type: "task_need_action",
      spaceId: first.spaceId,
      byUserId: first.byUserId,
      userId: first.userId,
      kinds: [...new Set(group.map((row) => row.kind))],
      noticeIds: group.map((row) => row.id),
      count: group.length,
    });
  }
}

/** The notices one person received in a space at once: they hear of them in one event. */
export interface NoticeGroup {
  spaceId: string;
  userId: string;
  byUserId: string | null;
  ids: string[];
}

/** Sends `notices_changed` to every (user, space) of `rows` with the unread count read after the change. */
export async function announce(
  ctx: Pick<AppContext, "db" | "realtime">,
  rows: Pick<NoticeRow, "id" | "spaceId" | "userId" | "byUserId">[],
  action: NoticeAction,
) {
  const groups = new Map<string, NoticeGroup>();
  for (const row of rows) {
    const key = `${row.userId} ${row.spaceId}`;
    const group = groups.get(key) ?? { spaceId: row.spaceId, userId: row.userId, byUserId: row.byUserId, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  await announceGroups(ctx, [...groups.values()], action);
}

type NoticeAction = "created" | "checked" | "deleted" | "reminder";

/** One `notices_changed` per group (a person in a space), with their unread count read after the change. */
export async function announceGroups(
  ctx: Pick<AppContext, "db" | "realtime">,
  groups: readonly NoticeGroup[],
  action: NoticeAction,
) {
  const counts = await unreadCounts(
    ctx.db,
    groups.map(({ userId, spaceId }) => ({ userId, spaceId })),
  );
  for (const group of groups) {
    ctx.realtime.toUser(group.userId, {
      v: EVENTS_PROTOCOL_VERSION,
      type: "notices_changed",
      spaceId: group.spaceId,
      byUserId: group.byUserId,
      userId: group.userId,
      action,
      noticeIds: group.ids,
      unread: counts.get(`${group.userId} ${group.spaceId}`) ?? 0,
    });
  }
}
