import {
  copyRemoteAnswer,
  copyRemoteBody,
  createRemoteBody,
  createRemoteTokenBody,
  exportedSpaceSchema,
  issuedRemoteTokenSchema,
  REMOTE_TOKEN_HEADER,
  remoteExportBackupQuery,
  remoteParams,
  remoteSchema,
  remoteSpacesSchema,
  remoteTokenParams,
  remoteTokenSchema,
  spaceIdParams,
} from "@planum/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AccessRule } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { fileAnswer, route } from "../../platform/route.js";
import { SecretBox } from "../../platform/secret-box.js";
import { RemoteCopyRepo } from "./remote-copy.repo.js";
import { RemoteCopyService } from "./remote-copy.service.js";
import { sealPlainRemoteTokens } from "./remote-token-seal.js";

/**
 * Copy between installations (issue 18; spec §7 `POST /space/copy-remote`, `GET /remote-spaces`, event
 * `remote_space_copy`). The space's administrator issues export tokens (`/space/{id}/remote-tokens`) and registers
 * the installations it copies from (`/space/{id}/remotes`); `/remote-export/…` is what another installation calls
 * with a token, never a browser.
 */
export function remoteCopyModule(ctx: AppContext) {
  const secrets = SecretBox.open({ secretKey: ctx.config.secretKey, dataDir: ctx.config.dataDir });
  const service = new RemoteCopyService({
    repo: new RemoteCopyRepo(ctx.db),
    storage: ctx.storage,
    jobs: ctx.jobs,
    realtime: ctx.realtime,
    secrets,
  });
  const { access } = ctx;
  const admin = access.space("space:admin", { param: "id" });
  const adminOfHeader = access.space("space:admin");
  /** Another installation holding an export token of a space: no session, the token is the whole credential. */
  const exportToken: AccessRule<{ id: string; name: string }> = {
    describe: `another installation with an export token (header ${REMOTE_TOKEN_HEADER})`,
    guest: true,
    check: (request: FastifyRequest) => {
      const raw = request.headers[REMOTE_TOKEN_HEADER];
      return service.exportingSpace(Array.isArray(raw) ? raw[0] : raw);
    },
  };

  return async function remoteCopyRoutes(app: FastifyInstance) {
    const tags = ["Copy between installations"];
    // Tokens kept in plain text by an earlier version are sealed before any call reads them.
    await sealPlainRemoteTokens(ctx.db, secrets);

    route(
      app,
      {
        method: "GET",
        url: "/space/:id/remote-tokens",
        tags,
        summary: "Export tokens of the space (the tokens themselves are shown once, when issued)",
        params: spaceIdParams,
        response: z.array(remoteTokenSchema),
        access: admin,
      },
      ({ scope }) => service.listTokens(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/remote-tokens",
        tags,
        summary: "Issues a token that lets another installation copy this space",
        params: spaceIdParams,
        body: createRemoteTokenBody,
        response: issuedRemoteTokenSchema,
        access: admin,
      },
      ({ scope, body }) => service.issueToken(scope, body.label),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/space/:id/remote-tokens/:tokenId",
        tags,
        summary: "Withdraws an export token",
        params: remoteTokenParams,
        response: z.null(),
        access: admin,
      },
      async ({ scope, params }) => {
        await service.deleteToken(scope, params.tokenId);
        return null;
      },
    );

    route(
      app,
      {
        method: "GET",
        url: "/space/:id/remotes",
        tags,
        summary: "Installations this space copies from",
        params: spaceIdParams,
        response: z.array(remoteSchema),
        access: admin,
      },
      ({ scope }) => service.listRemotes(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/remotes",
        tags,
        summary: "Registers another installation; kept only if it accepts the token",
        params: spaceIdParams,
        body: createRemoteBody,
        response: remoteSchema,
        access: admin,
      },
      ({ scope, body }) => service.addRemote(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/space/:id/remotes/:remoteId",
        tags,
        summary: "Forgets an installation and its token",
        params: remoteParams,
        response: z.null(),
        access: admin,
      },
      async ({ scope, params }) => {
        await service.deleteRemote(scope, params.remoteId);
        return null;
      },
    );
    route(
      app,
      {
        method: "GET",
        url: "/remote-spaces",
        tags,
        summary: "What each registered installation exports (space from X-Space-Id)",
        response: remoteSpacesSchema,
        access: adminOfHeader,
      },
      ({ scope, request }) => service.remoteSpaces(scope, requestLanguage(request)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/copy-remote",
        tags,
        summary: "Copies another installation's space as a new space of the caller, as a job (event remote_space_copy)",
        body: copyRemoteBody,
        response: copyRemoteAnswer,
        access: adminOfHeader,
      },
      ({ scope, body }) => service.copy(scope, body),
    );

    route(
      app,
      {
        method: "GET",
        url: "/remote-export/space",
        tags,
        summary: "The space an export token gives, with the schema's signature",
        response: exportedSpaceSchema.extend({ schema: z.string() }),
        access: exportToken,
      },
      ({ scope }) => service.describe(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/remote-export/backup",
        tags,
        summary:
          "A backup of the whole space an export token gives, or of one of its projects (header x-planum-checksum: its SHA-256)",
        query: remoteExportBackupQuery,
        response: fileAnswer,
        raw: { contentType: "application/gzip" },
        access: exportToken,
      },
      async ({ scope, query, reply }) => {
        const { bytes, checksum } = await service.exportBackup(scope, query.projectId);
        return reply
          .header("content-type", "application/gzip")
          .header("content-length", bytes.length)
          .header("x-planum-checksum", checksum)
          .send(bytes);
      },
    );
  };
}
