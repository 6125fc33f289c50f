import type { SpaceLicenceJson } from "../db/schema/index.js";
import type { SpaceRow } from "./access.js";

/** The application's version, which a licence must support (`appVersions`). */
export const APP_VERSION = "0.1.0";

/** -1, 0 or 1 as `a` is before, equal to or after `b` (versions `major.minor.patch`). */
export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export function supportsVersion(range: { min: string; max: string | null }, version = APP_VERSION): boolean {
  return compareVersions(version, range.min) >= 0 && (range.max === null || compareVersions(version, range.max) <= 0);
}

/** The space's licence if it is in force now: not expired, for this version of the application. */
export function licenceInForce(space: Pick<SpaceRow, "licence">, now = Date.now()): SpaceLicenceJson | null {
  const licence = space.licence;
  if (!licence) return null;
  if (Date.parse(licence.expiresAt) <= now) return null;
  if (!supportsVersion({ min: licence.minVersion, max: licence.maxVersion })) return null;
  return licence;
}

/** free: never licensed; paid: a licence in force; nopaid: licensed once, none in force now (expired or deleted). */
export function effectivePaidType(space: Pick<SpaceRow, "paidType" | "licence">, now = Date.now()) {
  if (space.paidType === "free") return "free" as const;
  return licenceInForce(space, now) ? ("paid" as const) : ("nopaid" as const);
}

/**
 * Why a member may not enter a licensed space (spec §6), or null. `seatsAhead` counts the active members before
 * this one (owners first, then by joining): the members past the paid user count are the ones refused, so a licence
 * with fewer users than members still lets the space's owners and longest members in.
 */
export function licenceRefusal(
  space: Pick<SpaceRow, "paidType" | "licence">,
  seatsAhead: number,
  now = Date.now(),
): "LicenseNotFound" | "LicenseLimit" | null {
  if (space.paidType === "free") return null;
  const licence = licenceInForce(space, now);
  if (!licence) return "LicenseNotFound";
  return seatsAhead >= licence.paidUsers ? "LicenseLimit" : null;
}
