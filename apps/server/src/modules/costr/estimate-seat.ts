import { and, eq } from "drizzle-orm";
import { spaceMembers } from "../../db/schema/index.js";
import type { AccessRule, Grant } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { licenceInForce } from "../../platform/licence-gate.js";

/**
 * Estimates are a licensed feature (spec §3 "licence: estimate feature access with user counts"). In a free space
 * everyone may use them; in a licensed one the licence must include estimates and the caller must hold one of its
 * estimate seats (given by an administrator, modules/licences). A space without a licence in force was already
 * refused by the membership check (402 LicenseNotFound). These refusals are 409/403, not 402: a 402 sends the browser
 * back to space selection, and the rest of the space stays open to a member without an estimate seat.
 */
export async function requireEstimateSeat(db: DbOrTx, grant: Grant) {
  if (grant.space.paidType === "free") return;
  const licence = licenceInForce(grant.space);
  if (!licence) throw new AppError("LicenseNotFound");
  if (licence.estimateUsers === 0) throw new AppError("LicenseEstimateAbsent");
  const [member] = await db
    .select({ seat: spaceMembers.estimateSeat })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, grant.space.id), eq(spaceMembers.userId, grant.userId)));
  if (!member?.seat) throw new AppError("LicenseEstimateNoSeat");
}

/** The rule, then the caller's estimate seat: every costr call is wrapped in it. */
export function withEstimateSeat<Scope extends Grant | { grant: Grant }>(
  db: DbOrTx,
  rule: AccessRule<Scope>,
): AccessRule<Scope> {
  return {
    describe: `${rule.describe}, with an estimate seat in a licensed space`,
    check: async (request, params) => {
      const scope = await rule.check(request, params);
      await requireEstimateSeat(db, "grant" in scope ? scope.grant : scope);
      return scope;
    },
  };
}
