import {
  ACTIVITY_DETAILS_LIMIT,
  ACTIVITY_MAX_DAYS,
  ACTIVITY_SLOT_MINUTES,
  type ActivityDetails,
  type ActivityPeriodQuery,
  type UserActivity,
  type UsersPerDay,
  type UsersUseDuration,
} from "@planum/contracts";
import { and, asc, between, count, desc, eq, sql } from "drizzle-orm";
import { spaceMembers, userActivityDays, users } from "../../db/schema/index.js";
import type { Grant } from "../../platform/access.js";
import type { ActivityRecorder } from "../../platform/activity.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

const minutes = sql<number>`(bit_count(${userActivityDays.slots}) * ${ACTIVITY_SLOT_MINUTES})::int`;
/** The first and the last slot with a call (1-based), read from the slots as text. */
const firstSlot = sql<number>`position('1' in ${userActivityDays.slots}::text)`;
const lastSlot = sql<number>`length(rtrim(${userActivityDays.slots}::text, '0'))`;
const userName = sql<string>`trim(${users.lastName} || ' ' || ${users.firstName})`;

/** "HH:MM" of the minute `slots` five-minute slots after midnight. */
function clock(slots: number): string {
  const total = slots * ACTIVITY_SLOT_MINUTES;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Activity analytics of a space for its administrators (spec §7 Activities), read from `user_activity_days` (written
 * by the request pipeline, `platform/activity.ts`). Each read first writes this process's counted calls, so the
 * figures include the calls just made here; other processes' come with their next flush (PLANUM_ACTIVITY_FLUSH_MS).
 */
export class ActivityAnalytics {
  constructor(
    private readonly db: Db,
    private readonly recorder: ActivityRecorder,
  ) {}

  /** The period asked (both days included), by default the last 30 days; refused past ACTIVITY_MAX_DAYS. */
  private async period(query: ActivityPeriodQuery) {
    await this.recorder.flush();
    const to = query.to ?? dayOf(Date.now());
    const from = query.from ?? dayOf(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1 || days > ACTIVITY_MAX_DAYS) throw new AppError("ActivityPeriod", { max: ACTIVITY_MAX_DAYS });
    return { from, to, days };
  }

  private inPeriod(grant: Grant, from: string, to: string) {
    return and(eq(userActivityDays.spaceId, grant.space.id), between(userActivityDays.day, from, to));
  }

  async usersPerDay(grant: Grant, query: ActivityPeriodQuery): Promise<UsersPerDay> {
    const { from, to, days } = await this.period(query);
    const rows = await this.db
      .select({
        day: userActivityDays.day,
        users: count(),
        calls: sql<number>`sum(${userActivityDays.calls})::int`,
      })
      .from(userActivityDays)
      .where(this.inPeriod(grant, from, to))
      .groupBy(userActivityDays.day);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    return {
      from,
      to,
      days: Array.from({ length: days }, (_, i) => {
        const day = dayOf(Date.parse(from) + i * DAY_MS);
        const row = byDay.get(day);
        return { day, users: row?.users ?? 0, calls: row?.calls ?? 0 };
      }),
    };
  }

  async usersUseDuration(grant: Grant, query: ActivityPeriodQuery): Promise<UsersUseDuration> {
    const { from, to } = await this.period(query);
    const total = sql<number>`sum(${minutes})::int`;
    const rows = await this.db
      .select({
        id: users.id,
        name: userName,
        login: users.login,
        minutes: total,
        days: count(),
        calls: sql<number>`sum(${userActivityDays.calls})::int`,
        lastDay: sql<string>`max(${userActivityDays.day})::text`,
      })
      .from(userActivityDays)
      .innerJoin(users, eq(users.id, userActivityDays.userId))
      .where(this.inPeriod(grant, from, to))
      .groupBy(users.id)
      .orderBy(desc(total), asc(users.lastName), asc(users.firstName));
    return { from, to, users: rows };
  }

  /** One member's days; a user who never was a member of the space is not found (another space's too). */
  async userActivity(grant: Grant, userId: string, query: ActivityPeriodQuery): Promise<UserActivity> {
    const { from, to } = await this.period(query);
    const [user] = await this.db
      .select({ id: users.id, name: userName, login: users.login })
      .from(spaceMembers)
      .innerJoin(users, eq(users.id, spaceMembers.userId))
      .where(and(eq(spaceMembers.spaceId, grant.space.id), eq(spaceMembers.userId, userId)));
    if (!user) throw new AppError("NotFound");
    const rows = await this.db
      .select({ day: userActivityDays.day, calls: userActivityDays.calls, minutes, firstSlot, lastSlot })
      .from(userActivityDays)
      .where(and(this.inPeriod(grant, from, to), eq(userActivityDays.userId, userId)))
      .orderBy(desc(userActivityDays.day));
    return { from, to, user, days: rows.map(dayRow) };
  }

  async details(grant: Grant, query: ActivityPeriodQuery): Promise<ActivityDetails> {
    const { from, to } = await this.period(query);
    const rows = await this.db
      .select({
        day: userActivityDays.day,
        calls: userActivityDays.calls,
        minutes,
        firstSlot,
        lastSlot,
        user: { id: users.id, name: userName, login: users.login },
      })
      .from(userActivityDays)
      .innerJoin(users, eq(users.id, userActivityDays.userId))
      .where(this.inPeriod(grant, from, to))
      .orderBy(desc(userActivityDays.day), desc(minutes), asc(users.lastName))
      .limit(ACTIVITY_DETAILS_LIMIT + 1);
    return {
      from,
      to,
      rows: rows.slice(0, ACTIVITY_DETAILS_LIMIT).map((row) => ({ ...dayRow(row), user: row.user })),
      more: rows.length > ACTIVITY_DETAILS_LIMIT,
    };
  }
}

function dayRow(row: { day: string; calls: number; minutes: number; firstSlot: number; lastSlot: number }) {
  return {
    day: row.day,
    calls: row.calls,
    minutes: row.minutes,
    firstAt: clock(row.firstSlot - 1),
    lastAt: clock(row.lastSlot),
  };
}
