import {
  spaceIdParams,
  spaceStorageSchema,
  storageFileParams,
  storageMaxSizeQuery,
  storageMaxSizeSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { contentDisposition } from "../../platform/content-disposition.js";
import type { AppContext } from "../../platform/context.js";
import { fileAnswer, route } from "../../platform/route.js";
import { StorageFilesService } from "./storage-files.service.js";

/** Files of the space's storage (spec §7 Storage): exported schedules, the limits, the space's use, deletion. */
export function storageFilesModule(ctx: AppContext) {
  const service = new StorageFilesService({
    db: ctx.db,
    storage: ctx.storage,
    realtime: ctx.realtime,
    maxUploadBytes: ctx.config.maxUploadBytes,
    maxBackupBytes: ctx.config.maxBackupBytes,
  });
  const { access } = ctx;
  return async function storageFilesRoutes(app: FastifyInstance) {
    const tags = ["Storage"];

    route(
      app,
      {
        method: "GET",
        url: "/storage/max-size",
        tags,
        query: storageMaxSizeQuery,
        response: storageMaxSizeSchema,
        access: access.user,
      },
      ({ query }) => service.maxSize(query.area),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/storage/:id",
        tags,
        summary: "Deletes a file of the space (documents, temp) with its bytes",
        params: storageFileParams,
        response: z.null(),
        access: access.space("space:admin"),
      },
      async ({ scope, params }) => {
        await service.remove(scope, params.id);
        return null;
      },
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/storage",
        tags,
        summary: "The space's use of each storage area and its latest files",
        params: spaceIdParams,
        response: spaceStorageSchema,
        access: access.space("space:admin", { param: "id" }),
      },
      ({ scope }) => service.usage(scope),
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
