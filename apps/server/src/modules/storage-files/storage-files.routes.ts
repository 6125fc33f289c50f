import { storageFileParams, storageMaxSizeSchema } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { contentDisposition } from "../../platform/content-disposition.js";
import type { AppContext } from "../../platform/context.js";
import { fileAnswer, route } from "../../platform/route.js";
import { StorageFilesService } from "./storage-files.service.js";

/** Files of the space's storage (spec §7 Storage): exported schedules and the upload limit. */
export function storageFilesModule(ctx: AppContext) {
  const service = new StorageFilesService({
    db: ctx.db,
    storage: ctx.storage,
    realtime: ctx.realtime,
    maxUploadBytes: ctx.config.maxUploadBytes,
  });
  const { access } = ctx;
  return async function storageFilesRoutes(app: FastifyInstance) {
    const tags = ["Storage"];

    route(
      app,
      { method: "GET", url: "/storage/max-size", tags, response: storageMaxSizeSchema, access: access.user },
      () => service.maxSize(),
    );

    route(
      app,
      {
        method: "GET",
        url: "/storage/download/:id",
        tags,
        summary: "A file of the space (an export, a comparison), as an attachment",
        params: storageFileParams,
        response: fileAnswer,
        raw: { contentType: "application/octet-stream" },
        access: access.space("schedule:read"),
      },
      async ({ scope, params, reply }) => {
        const { file, bytes } = await service.download(scope, params.id);
        return reply
          .header("content-type", file.mediaType)
          .header("content-length", bytes.length)
          .header("content-disposition", contentDisposition(file.name))
          .send(bytes);
      },
    );
  };
}
