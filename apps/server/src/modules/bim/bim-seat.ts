import { and, eq } from "drizzle-orm";
import { spaceMembers } from "../../db/schema/index.js";
import type { AccessRule, AccessRules, Grant } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { licenceInForce } from "../../platform/licence-gate.js";

/**
 * BIM is a licensed feature (spec §3 "licence: … BIM feature access with user counts"; §9 "BIM functionality absent
 * or its users exceeded"), gated as estimates are (costr/estimate-seat.ts): in a free space everyone may use it; in
 * a licensed one the licence must include BIM (409 LicenseBimAbsent) and the caller must hold one of its BIM seats
 * (403 LicenseBimNoSeat), handed out by the space's administrator (modules/licences). Not 402: that would send the
 * browser back to space selection, while the rest of the space stays open to a member without a BIM seat.
 */
export async function requireBimSeat(db: DbOrTx, grant: Grant) {
  if (grant.space.paidType === "free") return;
  const licence = licenceInForce(grant.space);
  if (!licence) throw new AppError("LicenseNotFound");
  if (licence.bimUsers === 0) throw new AppError("LicenseBimAbsent");
  const [member] = await db
    .select({ seat: spaceMembers.bimSeat })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, grant.space.id), eq(spaceMembers.userId, grant.userId)));
  if (!member?.seat) throw new AppError("LicenseBimNoSeat");
}

function withBimSeat<Scope extends Grant | { grant: Grant }>(db: DbOrTx, rule: AccessRule<Scope>): AccessRule<Scope> {
  return {
    describe: `${rule.describe}, with a BIM seat in a licensed space`,
    check: async (request, params) => {
      const scope = await rule.check(request, params);
      await requireBimSeat(db, "grant" in scope ? scope.grant : scope);
      return scope;
    },
  };
}

/** The access rules the BIM routes use, each also asking for a BIM seat: every BIM call is gated the same way. */
export function bimAccess(ctx: AppContext): Pick<AccessRules, "space" | "node" | "version" | "schedule"> {
  const { access, db } = ctx;
  return {
    space: (...args) => withBimSeat(db, access.space(...args)),
    node: (...args) => withBimSeat(db, access.node(...args)),
    version: (...args) => withBimSeat(db, access.version(...args)),
    schedule: (...args) => withBimSeat(db, access.schedule(...args)),
  };
}
