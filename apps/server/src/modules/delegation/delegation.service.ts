import type { Delegation, delegationBody } from "@planum/contracts";
import type { z } from "zod";
import { findMembership, type Grant } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { delegationDay } from "../../platform/delegation.js";
import { AppError } from "../../platform/errors.js";
import {
  type DelegationRead,
  deleteDelegation,
  givenBy,
  insertDelegation,
  lockAndFindOverlap,
  readDelegations,
  receivedBy,
  withId,
} from "./delegation.repo.js";

/** "2026-11-26" → "26.11.2026", the display format of dates in messages (spec §9). */
const shown = (day: string) => day.split("-").reverse().join(".");

function toDto({ row, fromName, toName }: DelegationRead, today: string): Delegation {
  return {
    id: row.id,
    from: { id: row.fromUserId, name: fromName },
    to: { id: row.toUserId, name: toName },
    duties: row.duties,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    comment: row.comment,
    active: row.startsOn <= today && today <= row.endsOn,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Delegation of duties (docs/domain.md "Delegation"): a member hands duties to another member of the same space for
 * a period; the given and received lists are the caller's own. Where the duties are done (approvals, timesheets,
 * notices) the delegations are read through platform/delegation.ts.
 */
export class DelegationService {
  constructor(private readonly deps: { db: Db }) {}

  async given(grant: Grant): Promise<Delegation[]> {
    const today = delegationDay();
    return (await readDelegations(this.deps.db, grant.space.id, givenBy(grant.userId))).map((d) => toDto(d, today));
  }

  async received(grant: Grant): Promise<Delegation[]> {
    const today = delegationDay();
    return (await readDelegations(this.deps.db, grant.space.id, receivedBy(grant.userId))).map((d) => toDto(d, today));
  }

  /** Hands the caller's duties to a member of the space; refused to oneself, outside the space, or overlapping. */
  async create(grant: Grant, body: z.output<typeof delegationBody>): Promise<Delegation> {
    const { db } = this.deps;
    const spaceId = grant.space.id;
    if (body.toUserId === grant.userId) throw new AppError("DelegationToSelf", { field: "toUserId" });
    if (!(await findMembership(db, spaceId, body.toUserId)))
      throw new AppError("DelegationOutsideSpace", { field: "toUserId" });
    const id = await db.transaction(async (tx) => {
      const overlap = await lockAndFindOverlap(tx, spaceId, grant.userId, body.startsOn, body.endsOn);
      if (overlap)
        throw new AppError("DelegationOverlap", {
          field: "startsOn",
          name: overlap.toName,
          startsOn: shown(overlap.row.startsOn),
          endsOn: shown(overlap.row.endsOn),
        });
      return insertDelegation(tx, {
        spaceId,
        fromUserId: grant.userId,
        toUserId: body.toUserId,
        duties: body.duties,
        startsOn: body.startsOn,
        endsOn: body.endsOn,
        comment: body.comment ? body.comment : null,
      });
    });
    const [created] = await readDelegations(db, spaceId, withId(id));
    return toDto(created, delegationDay());
  }

  /** Withdraws a delegation: only its giver may (its delegate sees it, but cannot remove it). */
  async remove(grant: Grant, id: string) {
    const { db } = this.deps;
    const [found] = await readDelegations(db, grant.space.id, withId(id));
    if (!found || (found.row.fromUserId !== grant.userId && found.row.toUserId !== grant.userId))
      throw new AppError("NotFound");
    if (found.row.fromUserId !== grant.userId) throw new AppError("DelegationNotGiver");
    await deleteDelegation(db, grant.space.id, id);
    return { deleted: 1 };
  }
}
