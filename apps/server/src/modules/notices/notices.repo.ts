import { and, count, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { noticeSettings, notices, users } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

/** One user's notices in one space: every query of the personal area is filtered by both. */
const mine = (spaceId: string, userId: string) => and(eq(notices.spaceId, spaceId), eq(notices.userId, userId));
/** Whose notice a delegate's copy is (docs/domain.md "Delegation"). */
const forUser = alias(users, "for_user");
const listed = {
  notice: notices,
  byFirstName: users.firstName,
  byLastName: users.lastName,
  forFirstName: forUser.firstName,
  forLastName: forUser.lastName,
};

export async function listNotices(
  db: DbOrTx,
  spaceId: string,
  userId: string,
  options: { unreadOnly: boolean; limit: number; offset: number },
) {
  const where = options.unreadOnly ? and(mine(spaceId, userId), eq(notices.status, "new")) : mine(spaceId, userId);
  const rows = await db
    .select(listed)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.byUserId))
    .leftJoin(forUser, eq(forUser.id, notices.forUserId))
    .where(where)
    .orderBy(desc(sql`coalesce(${notices.remindedAt}, ${notices.createdAt})`), desc(notices.createdAt))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(notices).where(where);
  return { rows, total: total.value };
}

export async function findNotice(db: DbOrTx, spaceId: string, userId: string, id: string) {
  const [row] = await db
    .select(listed)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.byUserId))
    .leftJoin(forUser, eq(forUser.id, notices.forUserId))
    .where(and(mine(spaceId, userId), eq(notices.id, id)));
  return row ?? null;
}

export async function noticesStatus(db: DbOrTx, spaceId: string, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notices.status} = 'new')`.mapWith(Number),
    })
    .from(notices)
    .where(mine(spaceId, userId));
  return { total: row.total, unread: row.unread };
}

/** Unread counts keyed "userId spaceId", for the bells of several users at once. */
export async function unreadCounts(db: DbOrTx, pairs: { userId: string; spaceId: string }[]) {
  const result = new Map<string, number>();
  if (pairs.length === 0) return result;
  const rows = await db
    .select({ userId: notices.userId, spaceId: notices.spaceId, unread: count() })
    .from(notices)
    .where(
      and(
        eq(notices.status, "new"),
        or(...pairs.map((pair) => and(eq(notices.userId, pair.userId), eq(notices.spaceId, pair.spaceId)))),
      ),
    )
    .groupBy(notices.userId, notices.spaceId);
  for (const row of rows) result.set(`${row.userId} ${row.spaceId}`, row.unread);
  return result;
}

export async function markChecked(db: DbOrTx, spaceId: string, userId: string, id: string) {
  const [row] = await db
    .update(notices)
    .set({ status: "checked", checkedAt: sql`coalesce(${notices.checkedAt}, now())` })
    .where(and(mine(spaceId, userId), eq(notices.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteNotices(db: DbOrTx, spaceId: string, userId: string, id?: string) {
  return db
    .delete(notices)
    .where(id ? and(mine(spaceId, userId), eq(notices.id, id)) : mine(spaceId, userId))
    .returning({ id: notices.id, spaceId: notices.spaceId, userId: notices.userId, byUserId: notices.byUserId });
}

// ---- settings ----

const mySettings = (spaceId: string, userId: string) =>
  and(eq(noticeSettings.spaceId, spaceId), eq(noticeSettings.userId, userId));

export type NoticeSettingRow = typeof noticeSettings.$inferSelect;

export function listSettings(db: DbOrTx, spaceId: string, userId: string) {
  return db.select().from(noticeSettings).where(mySettings(spaceId, userId)).orderBy(noticeSettings.createdAt);
}

export async function insertSetting(db: DbOrTx, values: typeof noticeSettings.$inferInsert) {
  const [row] = await db.insert(noticeSettings).values(values).returning();
  return row;
}

export async function updateSetting(
  db: DbOrTx,
  spaceId: string,
  userId: string,
  id: string,
  values: Partial<typeof noticeSettings.$inferInsert>,
) {
  const [row] = await db
    .update(noticeSettings)
    .set(values)
    .where(and(mySettings(spaceId, userId), eq(noticeSettings.id, id)))
    .returning();
  return row ?? null;
}

export function deleteSettings(db: DbOrTx, spaceId: string, userId: string, id?: string) {
  return db
    .delete(noticeSettings)
    .where(id ? and(mySettings(spaceId, userId), eq(noticeSettings.id, id)) : mySettings(spaceId, userId))
    .returning({ id: noticeSettings.id });
}

/** The settings whose digest is due, locked so that one process takes each (the others skip them). */
export function lockDueSettings(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(noticeSettings)
    .where(lte(noticeSettings.nextRunAt, now))
    .orderBy(noticeSettings.nextRunAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

export function settingsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as NoticeSettingRow[]);
  return db.select().from(noticeSettings).where(inArray(noticeSettings.id, ids));
}
