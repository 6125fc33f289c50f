import { z } from "zod";
import { isValidNetwork } from "./network.js";
import { loginField } from "./users.schema.js";
import { nameField } from "./validation.js";

export const SPACE_TYPES = ["site", "corporate"] as const;
export const PAID_TYPES = ["free", "paid", "nopaid"] as const;
export const MEMBER_STATUSES = ["active", "disabled"] as const;
export const SPACE_ROLES = ["owner", "member"] as const;

export const createSpaceBody = z.object({ name: nameField, type: z.enum(SPACE_TYPES, { error: "InvalidValue" }) });
export type CreateSpaceBody = z.infer<typeof createSpaceBody>;
export const renameSpaceBody = z.object({ name: nameField });

export const spaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(SPACE_TYPES),
  paidType: z.enum(PAID_TYPES),
  demo: z.boolean(),
  role: z.enum(SPACE_ROLES),
  createdAt: z.string(),
});
export type Space = z.infer<typeof spaceSchema>;

export const spaceMemberSchema = z.object({
  userId: z.string(),
  login: z.string(),
  email: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  role: z.enum(SPACE_ROLES),
  status: z.enum(MEMBER_STATUSES),
  joinedAt: z.string(),
});
export type SpaceMember = z.infer<typeof spaceMemberSchema>;

export const inviteBody = z.object({ login: loginField.or(z.email({ error: "InvalidEmail" })) });
export const kickoutBody = z.object({ userId: z.string().uuid({ error: "InvalidValue" }) });

export const IDLE_MINUTES_DEFAULT = 60;

export const spaceSettingsSchema = z.object({
  /** Networks (CIDR) allowed to reach the space; empty allows every address. */
  ipAllowList: z.array(z.string()),
  /** Minutes of inactivity after which a session in this space ends. */
  idleMinutes: z.number().int(),
  /** Work-done plans: days before the key date (today) open to entry of plans and facts; null: no limit. */
  wdpEntryDays: z.number().int().nullable(),
});
export type SpaceSettings = z.infer<typeof spaceSettingsSchema>;

export const updateSpaceSettingsBody = z.object({
  ipAllowList: z
    .array(z.string().trim())
    .max(256)
    .superRefine((list, ctx) => {
      list.forEach((entry, index) => {
        if (!isValidNetwork(entry)) ctx.addIssue({ code: "custom", message: "InvalidCidr", path: [index] });
      });
    })
    .optional(),
  idleMinutes: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(1).max(1440).optional(),
  wdpEntryDays: z
    .number({ error: "InvalidNumber" })
    .int({ error: "InvalidNumber" })
    .min(0, { error: "InvalidNumber" })
    .max(3650, { error: "InvalidNumber" })
    .nullable()
    .optional(),
});
export type UpdateSpaceSettingsBody = z.infer<typeof updateSpaceSettingsBody>;

export const spaceAccessSchema = z.object({
  spaceId: z.string(),
  role: z.enum(SPACE_ROLES),
  abilities: z.array(z.string()),
});
export type SpaceAccess = z.infer<typeof spaceAccessSchema>;

/**
 * `GET /users/space-config` (space from X-Space-Id): what a client needs of the space it opens, in one call — the
 * space, the caller's role and abilities, the idle minutes in force there (the space's own, else the installation's),
 * the work-done plans' entry window and the licence's terms (null in a free space).
 */
export const spaceConfigSchema = z.object({
  space: spaceSchema,
  abilities: z.array(z.string()),
  idleMinutes: z.number().int(),
  wdpEntryDays: z.number().int().nullable(),
  licence: z
    .object({
      expiresAt: z.string(),
      paidUsers: z.number().int(),
      estimateUsers: z.number().int(),
      bimUsers: z.number().int(),
    })
    .nullable(),
});
export type SpaceConfig = z.infer<typeof spaceConfigSchema>;

/** A space id in the path; anything but a UUID is simply a space the caller cannot see (403). */
export const spaceIdParams = z.object({ id: z.string() });

/** A space's long-running change (deletion, demo filling) started as a job: its events carry the same id. */
export const spaceJobSchema = z.object({ jobId: z.string() });
export type SpaceJob = z.infer<typeof spaceJobSchema>;
