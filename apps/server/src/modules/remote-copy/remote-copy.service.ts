import { createHash } from "node:crypto";
import {
  type CopyRemoteBody,
  type CreateRemoteBody,
  type ErrorCode,
  EVENTS_PROTOCOL_VERSION,
  errorMessage,
  type IssuedRemoteToken,
  type Language,
  type Remote,
  type RemoteSpaces,
  type RemoteToken,
} from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import { AppError } from "../../platform/errors.js";
import type { JobContext, Jobs } from "../../platform/jobs.js";
import type { Realtime } from "../../platform/realtime.js";
import type { SecretBox } from "../../platform/secret-box.js";
import type { Storage } from "../../platform/storage.js";
import { hashToken, newToken } from "../../platform/tokens.js";
import { captureScope, copyScope, packBackup, putCopiedFiles, unpackBackup } from "../backups/backup-file.js";
import { type Catalog, readCatalog, scopeOf } from "../backups/backup-graph.js";
import { originOf, RemoteClient, type RemoteSpace } from "./remote-client.js";
import type { RemoteCopyRepo, RemoteRow, RemoteTokenRow } from "./remote-copy.repo.js";

export const REMOTE_COPY_JOB = "remote_space_copy";

interface Deps {
  repo: RemoteCopyRepo;
  storage: Storage;
  jobs: Jobs;
  realtime: Realtime;
  /** Seals the other installations' tokens at rest. */
  secrets: SecretBox;
}

/**
 * Copy between installations (issue 18). The installation holding a space issues export tokens for it and answers,
 * to a caller with one, what it exports and a backup of the whole space (`backup-file.ts`, the same file as the
 * backups). The installation that wants the copy registers the other one's address with a token, lists it
 * (`GET /remote-spaces`) and copies (`POST /space/copy-remote`): a job downloads the backup, checks that both run
 * the same schema, and puts it in as a new space of the caller with new keys everywhere (`copyScope`).
 */
export class RemoteCopyService {
  constructor(private readonly deps: Deps) {
    deps.jobs.register(REMOTE_COPY_JOB, (context) => this.runCopy(context));
  }

  private get db() {
    return this.deps.repo.db;
  }

  // The installation that holds the space: its export tokens and what a token gives.

  async listTokens(grant: Grant): Promise<RemoteToken[]> {
    return (await this.deps.repo.listTokens(grant.space.id)).map(({ token, login }) => toTokenDto(token, login));
  }

  async issueToken(grant: Grant, label: string): Promise<IssuedRemoteToken> {
    const token = newToken();
    const row = await this.deps.repo.insertToken({
      spaceId: grant.space.id,
      tokenHash: hashToken(token),
      label,
      createdBy: grant.userId,
    });
    return { ...toTokenDto(row, null), token };
  }

  async deleteToken(grant: Grant, tokenId: string) {
    if ((await this.deps.repo.deleteToken(grant.space.id, tokenId)).length === 0) throw new AppError("NotFound");
  }

  /** The space a caller's export token opens; a missing, withdrawn or forged one is refused (403, nothing said). */
  async exportingSpace(token: string | undefined) {
    const space = token ? await this.deps.repo.spaceOfToken(hashToken(token)) : null;
    if (!space) throw new AppError("Forbidden");
    return space;
  }

  async describe(space: { id: string; name: string }): Promise<RemoteSpace> {
    const size = await this.deps.repo.sizeOf(space.id);
    const projectList = await this.deps.repo.projectsOf(space.id);
    return {
      id: space.id,
      name: space.name,
      ...size,
      projectList,
      schema: schemaSignature(await readCatalog(this.db)),
    };
  }

  /**
   * A backup of the whole space, or of one of its projects, read in one snapshot as a backup job reads it, and its
   * checksum. A project of another space is as missing as one that does not exist.
   */
  async exportBackup(space: { id: string }, projectId?: string) {
    if (projectId && !(await this.deps.repo.projectsOf(space.id)).some((project) => project.id === projectId)) {
      throw new AppError("NotFound");
    }
    const rootId = projectId ?? space.id;
    const scope = scopeOf(await readCatalog(this.db), projectId ? "project" : "space", rootId, space.id);
    const contents = await this.db.transaction(
      (tx) => captureScope(tx, this.deps.storage, scope, { rootId, spaceId: space.id }, async () => {}),
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const bytes = await packBackup(contents);
    return { bytes, checksum: createHash("sha256").update(bytes).digest("hex") };
  }

  // The installation that copies: the installations it knows, what they export, and the copy job.

  async listRemotes(grant: Grant): Promise<Remote[]> {
    return (await this.deps.repo.listRemotes(grant.space.id)).map(toRemoteDto);
  }

  /** Kept only once the other installation has accepted the token: a wrong address or token writes nothing. */
  async addRemote(grant: Grant, body: CreateRemoteBody): Promise<Remote> {
    const address = originOf(body.address);
    await new RemoteClient(address, body.token).space();
    const row = await this.deps.repo.insertRemote({
      spaceId: grant.space.id,
      name: body.name,
      address,
      token: this.deps.secrets.seal(body.token),
      createdBy: grant.userId,
    });
    return toRemoteDto(row);
  }

  async deleteRemote(grant: Grant, remoteId: string) {
    if ((await this.deps.repo.deleteRemote(grant.space.id, remoteId)).length === 0) throw new AppError("NotFound");
  }

  private async remote(grant: Grant, remoteId: string) {
    const row = await this.deps.repo.findRemote(grant.space.id, remoteId);
    if (!row) throw new AppError("NotFound");
    return row;
  }

  /** A client of a registered installation, its token unsealed only to be sent there. */
  private client(row: RemoteRow) {
    return new RemoteClient(row.address, this.deps.secrets.open(row.token));
  }

  /** Every registered installation with the space it exports, or why it could not be read, in the caller's language. */
  async remoteSpaces(grant: Grant, language: Language): Promise<RemoteSpaces> {
    const remotes = await this.deps.repo.listRemotes(grant.space.id);
    return Promise.all(
      remotes.map(async (row) => {
        try {
          const { schema: _schema, ...space } = await this.client(row).space();
          return { remote: toRemoteDto(row), spaces: [space], error: null };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { remote: toRemoteDto(row), spaces: [], error: errorMessage(language, error.code, error.params) };
        }
      }),
    );
  }

  /** Checks the remote and the space it exports now, so a wrong one is refused at once and no job is queued. */
  async copy(grant: Grant, body: CopyRemoteBody) {
    const row = await this.remote(grant, body.remoteId);
    const space = await this.client(row).space();
    if (space.id !== body.remoteSpaceId) throw new AppError("NotFound");
    const project = body.projectId ? space.projectList?.find((item) => item.id === body.projectId) : null;
    if (body.projectId && !project) throw new AppError("NotFound");
    const job = await this.deps.jobs.enqueue(REMOTE_COPY_JOB, {
      spaceId: grant.space.id,
      userId: grant.userId,
      payload: {
        remoteId: row.id,
        remoteSpaceId: space.id,
        projectId: project?.id ?? null,
        name: body.name ?? project?.name ?? space.name,
      },
    });
    return { jobId: job.id };
  }

  private async runCopy({ job, progress, complete }: JobContext) {
    const spaceId = job.spaceId as string;
    const userId = job.createdBy as string;
    const payload = job.payload as { remoteId: string; remoteSpaceId: string; projectId?: string | null; name: string };
    const projectId = payload.projectId ?? null;
    const emit = (percent: number, status: "in_process" | "completed" | "error", extra: Extra = {}) =>
      this.deps.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "remote_space_copy",
        spaceId,
        byUserId: userId,
        jobId: job.id,
        progress: percent,
        status,
        targetSpaceId: extra.targetSpaceId ?? null,
        targetProjectId: extra.targetProjectId ?? null,
        error: extra.error ?? null,
      });
    try {
      emit(0, "in_process");
      const row = await this.deps.repo.findRemote(spaceId, payload.remoteId);
      if (!row) throw new AppError("NotFound");
      const client = this.client(row);
      const catalog = await readCatalog(this.db);
      const remote = await client.space();
      if (remote.id !== payload.remoteSpaceId) throw new AppError("NotFound");
      // Rows go in column by column: a table or column the other side lacks (or has more of) would lose data.
      if (remote.schema !== schemaSignature(catalog)) throw new AppError("RemoteSchemaDiffers");
      await progress(10);
      emit(10, "in_process");
      const { bytes, checksum } = await client.backup(projectId ?? undefined);
      await progress(50);
      emit(50, "in_process");
      if (projectId) {
        // One project: a new project at the top of the caller's space, beside what it holds.
        const contents = await unpackBackup(bytes, checksum, { scope: "project", spaceId: remote.id });
        const scope = scopeOf(catalog, "project", projectId, remote.id);
        const outcome = await this.db.transaction(async (tx) => {
          const done = await copyScope(tx, scope, contents, { name: payload.name, spaceId });
          const result = { targetSpaceId: spaceId, targetProjectId: done.targetId, rows: done.rows };
          await complete(tx, { ...result, skipped: done.skipped });
          return done;
        });
        await putCopiedFiles(this.deps.storage, contents, outcome.fileIds);
        this.deps.realtime.toSpace({
          v: EVENTS_PROTOCOL_VERSION,
          type: "eps_updated",
          spaceId,
          byUserId: userId,
          action: "created",
          nodeIds: [outcome.targetId],
          parentIds: [null],
        });
        emit(100, "completed", { targetSpaceId: spaceId, targetProjectId: outcome.targetId });
        const result = { targetSpaceId: spaceId, targetProjectId: outcome.targetId, rows: outcome.rows };
        return { ...result, skipped: outcome.skipped };
      }
      const contents = await unpackBackup(bytes, checksum, { scope: "space", spaceId: remote.id });
      const scope = scopeOf(catalog, "space", remote.id, remote.id);
      const outcome = await this.db.transaction(async (tx) => {
        const done = await copyScope(tx, scope, contents, { name: payload.name });
        await this.deps.repo.adoptCopy(tx, done.targetId, userId);
        await complete(tx, { targetSpaceId: done.targetId, rows: done.rows, skipped: done.skipped });
        return done;
      });
      await putCopiedFiles(this.deps.storage, contents, outcome.fileIds);
      emit(100, "completed", { targetSpaceId: outcome.targetId });
      return { targetSpaceId: outcome.targetId, rows: outcome.rows, skipped: outcome.skipped };
    } catch (error) {
      emit(0, "error", { error: error instanceof AppError ? error.code : "UnknownException" });
      throw error;
    }
  }
}

type Extra = { targetSpaceId?: string; targetProjectId?: string; error?: ErrorCode };

/** Tables and columns of the database, as one hash: equal on two installations that ran the same migrations. */
function schemaSignature(catalog: Catalog): string {
  const lines = [...catalog.tables.values()].map((table) => `${table.name}(${table.columns.join(",")})`).sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

function toRemoteDto(row: RemoteRow): Remote {
  return { id: row.id, name: row.name, address: row.address, createdAt: row.createdAt.toISOString() };
}

function toTokenDto(row: RemoteTokenRow, login: string | null): RemoteToken {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    createdByLogin: login,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
