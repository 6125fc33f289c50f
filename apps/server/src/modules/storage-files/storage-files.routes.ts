import { storageFileParams } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { workspaceGate } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { ok, typed } from "../../platform/http.js";

/** `filename*` (RFC 5987) carries Cyrillic names; the plain `filename` is an ASCII fallback for old clients. */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Files of the space's storage (spec §7 Storage): exported schedules and the upload limit. */
export function storageFilesModule(ctx: AppContext) {
  return async function storageFilesRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Storage"];

    app.get("/storage/max-size", { schema: { tags } }, async () => ok({ bytes: ctx.config.maxUploadBytes }));

    app.get("/storage/download/:id", { schema: { tags, params: storageFileParams } }, async (request, reply) => {
      const grant = await workspaceGate(ctx, request);
      const found = await ctx.storage.read(ctx.db, request.params.id);
      // Another space's file answers like a missing one; backups are not downloadable from here.
      if (!found || found.file.spaceId !== grant.space.id || found.file.area === "backup") {
        throw new AppError("NotFound");
      }
      return reply
        .header("content-type", found.file.mediaType)
        .header("content-length", found.bytes.length)
        .header("content-disposition", contentDisposition(found.file.name))
        .send(found.bytes);
    });
  };
}
