import { z } from "zod";
import { PAID_TYPES } from "./spaces.schema.js";
import { emailField, nameField } from "./validation.js";

/**
 * Licences (spec §3): a space's licence is a token signed by the vendor (Ed25519) carrying its expiry, the paid user
 * count, the application versions it supports and the estimate and BIM features with their user counts. The
 * installation holds only the vendor's public key; `planum licence issue` signs with the vendor's private key.
 */
export const LICENCE_FEATURES = ["estimate", "bim"] as const;
export type LicenceFeature = (typeof LICENCE_FEATURES)[number];

/** A version as `major.minor.patch` (numbers only). */
export const appVersionField = z.string().regex(/^\d+\.\d+\.\d+$/, { error: "InvalidValue" });

/** What the vendor signs. `spaceId` binds the licence to the space its checkout request came from. */
export const licenceClaimsSchema = z.object({
  v: z.literal(1),
  /** The vendor's licence number: loading the same number twice is refused. */
  number: z.string().min(1).max(64),
  holder: z.string().min(1).max(200),
  spaceId: z.uuid(),
  issuedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  paidUsers: z.number().int().min(1).max(1_000_000),
  /** Inclusive range of application versions; `max` null: every later version. */
  appVersions: z.object({ min: appVersionField, max: appVersionField.nullable() }),
  estimateUsers: z.number().int().min(0).max(1_000_000),
  bimUsers: z.number().int().min(0).max(1_000_000),
});
export type LicenceClaims = z.infer<typeof licenceClaimsSchema>;

export const licenceSchema = z.object({
  id: z.string(),
  number: z.string(),
  holder: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  paidUsers: z.number().int(),
  appVersions: z.object({ min: z.string(), max: z.string().nullable() }),
  estimateUsers: z.number().int(),
  bimUsers: z.number().int(),
  /** The licence in force for its space (the valid one expiring last). */
  active: z.boolean(),
  expired: z.boolean(),
  loadedAt: z.string(),
});
export type Licence = z.infer<typeof licenceSchema>;

export const loadLicenceBody = z.object({
  token: z.string({ error: "Required" }).trim().min(1, { error: "Required" }).max(20_000, { error: "LicenseDecrypt" }),
});
export const licenceIdParams = z.object({ id: z.string() });

/** A member's use of the licensed features (seats the space administrator hands out). */
export const licenceSeatSchema = z.object({
  userId: z.string(),
  login: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  role: z.enum(["owner", "member"]),
  /** Within the paid user count (members beyond it are refused with LicenseLimit). */
  paid: z.boolean(),
  estimate: z.boolean(),
  bim: z.boolean(),
});
export type LicenceSeat = z.infer<typeof licenceSeatSchema>;

/** `GET /space/{id}/licence`: the space's paid type, its licence in force and who uses what. */
export const spaceLicenceSchema = z.object({
  paidType: z.enum(PAID_TYPES),
  licence: licenceSchema.nullable(),
  used: z.object({ paidUsers: z.number().int(), estimate: z.number().int(), bim: z.number().int() }),
  seats: z.array(licenceSeatSchema),
  appVersion: z.string(),
});
export type SpaceLicence = z.infer<typeof spaceLicenceSchema>;

export const seatParams = z.object({ id: z.string(), userId: z.string() });
export const updateSeatBody = z.object({ estimate: z.boolean().optional(), bim: z.boolean().optional() });
export type UpdateSeatBody = z.infer<typeof updateSeatBody>;

const count = (min: number) =>
  z
    .number({ error: "InvalidNumber" })
    .int({ error: "InvalidNumber" })
    .min(min, { error: "InvalidNumber" })
    .max(100_000, { error: "InvalidNumber" });

/** The checkout form (spec §2, form flag checkout): what the space wants to buy, sent to the vendor. */
export const checkoutBody = z.object({
  organisation: nameField,
  email: emailField,
  paidUsers: count(1),
  estimateUsers: count(0),
  bimUsers: count(0),
  months: z
    .number({ error: "InvalidNumber" })
    .int({ error: "InvalidNumber" })
    .min(1, { error: "InvalidNumber" })
    .max(60, { error: "InvalidNumber" }),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** What the vendor needs to issue the licence: `code` carries it as one line (`planum licence issue --request`). */
export const licenceRequestCodeSchema = checkoutBody.extend({
  requestId: z.string(),
  spaceId: z.uuid(),
  appVersion: appVersionField,
});
export type LicenceRequestCode = z.infer<typeof licenceRequestCodeSchema>;

export const licenceRequestSchema = z.object({
  id: z.string(),
  spaceId: z.string(),
  organisation: z.string(),
  email: z.string(),
  paidUsers: z.number().int(),
  estimateUsers: z.number().int(),
  bimUsers: z.number().int(),
  months: z.number().int(),
  createdAt: z.string(),
  code: z.string(),
});
export type LicenceRequest = z.infer<typeof licenceRequestSchema>;
