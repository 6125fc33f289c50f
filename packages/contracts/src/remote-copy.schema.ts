import { z } from "zod";

/**
 * Copy between installations (issue 18; spec §7 `POST /space/copy-remote`, `GET /remote-spaces`, event
 * `remote_space_copy`). The installation that has the space issues an export token for it; the installation that
 * wants the copy registers that installation's address with the token, lists what it exports and copies it as a new
 * space of its own, as a job.
 */

const uuid = z.uuid({ error: "InvalidValue" });
const name = z.string().trim().min(1, { error: "Required" }).max(255, { error: "MaxLength" });

/** The header that carries an export token on the calls between installations (never a session token). */
export const REMOTE_TOKEN_HEADER = "x-planum-remote-token";

/** `POST /space/{id}/remote-tokens`: a token for another installation to copy this space. */
export const createRemoteTokenBody = z.object({ label: name });
/** An export token as listed: the token itself is answered once, when issued. */
export const remoteTokenSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  createdByLogin: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type RemoteToken = z.infer<typeof remoteTokenSchema>;
export const issuedRemoteTokenSchema = remoteTokenSchema.extend({ token: z.string() });
export type IssuedRemoteToken = z.infer<typeof issuedRemoteTokenSchema>;
export const remoteTokenParams = z.object({ id: z.string(), tokenId: uuid });

/** `POST /space/{id}/remotes`: another installation, checked by asking it what the token exports before it is kept. */
export const createRemoteBody = z.object({
  name,
  address: z
    .string()
    .trim()
    .max(2048, { error: "MaxLength" })
    .refine((value) => /^https?:\/\/[^/?#\s]+\/?$/.test(value), { error: "InvalidValue" }),
  token: z.string().trim().min(1, { error: "Required" }).max(512, { error: "MaxLength" }),
});
export type CreateRemoteBody = z.infer<typeof createRemoteBody>;
/** A registered installation (its token is never answered). */
export const remoteSchema = z.object({ id: z.string(), name: z.string(), address: z.string(), createdAt: z.string() });
export type Remote = z.infer<typeof remoteSchema>;
export const remoteParams = z.object({ id: z.string(), remoteId: uuid });

/** What an export token gives: one space, with its projects and how much it holds. */
export const exportedSpaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  projects: z.number().int(),
  schedules: z.number().int(),
  /** The space's projects, each of which may be copied alone (`POST /space/copy-remote` with `projectId`). */
  projectList: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ExportedSpace = z.infer<typeof exportedSpaceSchema>;

/** `GET /remote-spaces` (space from X-Space-Id): every registered installation with what it exports, or its error. */
export const remoteSpacesSchema = z.array(
  z.object({
    remote: remoteSchema,
    spaces: z.array(exportedSpaceSchema),
    /** The localized reason when the installation could not be read (unreachable, token refused). */
    error: z.string().nullable(),
  }),
);
export type RemoteSpaces = z.infer<typeof remoteSpacesSchema>;

/**
 * `POST /space/copy-remote` (space from X-Space-Id, whose remote it is): the copy becomes a new space of the caller,
 * or, with `projectId` (a project of the remote space), a new project at the top of the caller's space.
 */
export const copyRemoteBody = z.object({
  remoteId: uuid,
  remoteSpaceId: uuid,
  projectId: uuid.optional(),
  name: name.optional(),
});
/** `GET /remote-export/backup?projectId=`: one project of the exported space instead of the whole space. */
export const remoteExportBackupQuery = z.object({ projectId: uuid.optional() });
export type CopyRemoteBody = z.infer<typeof copyRemoteBody>;
export const copyRemoteAnswer = z.object({ jobId: z.string() });
