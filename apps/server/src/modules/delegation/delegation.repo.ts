import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { delegations, spaceMembers, users } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

export type DelegationRow = typeof delegations.$inferSelect;

const giver = alias(users, "giver");
const delegate = alias(users, "delegate");
const nameOf = (u: { lastName: string; firstName: string; login: string }) =>
  `${u.lastName} ${u.firstName}`.trim() || u.login;

/** Delegations of a space with both people's names, newest period first; every read is filtered by space. */
export async function readDelegations(db: DbOrTx, spaceId: string, where: SQL) {
  const rows = await db
    .select({
      row: delegations,
      from: { lastName: giver.lastName, firstName: giver.firstName, login: giver.login },
      to: { lastName: delegate.lastName, firstName: delegate.firstName, login: delegate.login },
    })
    .from(delegations)
    .innerJoin(giver, eq(giver.id, delegations.fromUserId))
    .innerJoin(delegate, eq(delegate.id, delegations.toUserId))
    .where(and(eq(delegations.spaceId, spaceId), where))
    .orderBy(desc(delegations.startsOn), desc(delegations.createdAt));
  return rows.map(({ row, from, to }) => ({ row, fromName: nameOf(from), toName: nameOf(to) }));
}

export type DelegationRead = Awaited<ReturnType<typeof readDelegations>>[number];

export const givenBy = (userId: string) => eq(delegations.fromUserId, userId);
export const receivedBy = (userId: string) => eq(delegations.toUserId, userId);
export const withId = (id: string) => eq(delegations.id, id);

/**
 * Locks the giver's membership row, so two delegations of one person are checked for overlap one after the other
 * (a check and an insert under the same lock), then answers the first of their delegations overlapping the period.
 */
export async function lockAndFindOverlap(
  tx: DbOrTx,
  spaceId: string,
  fromUserId: string,
  startsOn: string,
  endsOn: string,
) {
  await tx
    .select({ userId: spaceMembers.userId })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, fromUserId)))
    .for("update");
  const [found] = await readDelegations(
    tx,
    spaceId,
    and(givenBy(fromUserId), lte(delegations.startsOn, endsOn), gte(delegations.endsOn, startsOn)) as SQL,
  );
  return found ?? null;
}

export async function insertDelegation(tx: DbOrTx, values: typeof delegations.$inferInsert) {
  const [row] = await tx.insert(delegations).values(values).returning({ id: delegations.id });
  return row.id;
}

export async function deleteDelegation(tx: DbOrTx, spaceId: string, id: string) {
  await tx.delete(delegations).where(and(eq(delegations.spaceId, spaceId), eq(delegations.id, id)));
}
