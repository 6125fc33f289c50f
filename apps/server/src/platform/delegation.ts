import type { Ability, DelegationDuty } from "@planum/contracts";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { delegations } from "../db/schema/index.js";
import { abilitiesAt, type Grant, memberGrant } from "./access.js";
import type { DbOrTx } from "./db.js";

/**
 * Reading delegations of duties (docs/domain.md "Delegation") where duties are done: approvals of work done and of
 * timesheets ask who the caller stands in for, notices ask who stands in for their recipients. The module
 * `delegation` writes them; these reads live here because the approval flows and notices all need them.
 */

/** Today as the text periods are kept in (UTC, YYYY-MM-DD). */
export function delegationDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

const covers = (day: string) => and(lte(delegations.startsOn, day), gte(delegations.endsOn, day));
const holds = (duty: DelegationDuty) => sql`${delegations.duties} @> ${JSON.stringify([duty])}::jsonb`;

/** The members who handed `duty` to `userId` for today. */
export async function delegatorsOf(db: DbOrTx, spaceId: string, userId: string, duty: DelegationDuty) {
  const rows = await db
    .select({ fromUserId: delegations.fromUserId })
    .from(delegations)
    .where(
      and(eq(delegations.spaceId, spaceId), eq(delegations.toUserId, userId), covers(delegationDay()), holds(duty)),
    );
  return rows.map((row) => row.fromUserId);
}

/**
 * Who stands in today for each of `userIds` in a space, with the duties handed: one query for any number of
 * recipients (a calculation's notices go to many people at once). Periods of a giver never overlap, so there is at
 * most one delegate per giver.
 */
export async function delegatesOf(db: DbOrTx, spaceId: string, userIds: readonly string[]) {
  const found = new Map<string, { toUserId: string; duties: DelegationDuty[] }>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({ fromUserId: delegations.fromUserId, toUserId: delegations.toUserId, duties: delegations.duties })
    .from(delegations)
    .where(
      and(
        eq(delegations.spaceId, spaceId),
        inArray(delegations.fromUserId, [...new Set(userIds)]),
        covers(delegationDay()),
      ),
    );
  for (const row of rows) found.set(row.fromUserId, { toUserId: row.toUserId, duties: row.duties });
  return found;
}

/**
 * Whom the caller acts for when doing what needs `ability` at a place (`resourceIds`, its lineage): null when they
 * hold it themselves; else the first member who handed them `duty` for today and holds the ability there; else
 * undefined (the caller may not do it). The giver's rights are read as of now, so a delegate never gains more than
 * the giver has.
 */
export async function actingFor(
  db: DbOrTx,
  grant: Grant,
  resourceIds: string[],
  ability: Ability,
  duty: DelegationDuty,
): Promise<string | null | undefined> {
  if ((await abilitiesAt(db, grant, resourceIds)).includes(ability)) return null;
  for (const giverId of await delegatorsOf(db, grant.space.id, grant.userId, duty)) {
    const giver = await memberGrant(db, grant.space.id, giverId);
    if (giver && (await abilitiesAt(db, giver, resourceIds)).includes(ability)) return giverId;
  }
  return undefined;
}
