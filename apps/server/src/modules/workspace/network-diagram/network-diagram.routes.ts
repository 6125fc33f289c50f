import {
  networkRelationsSchema,
  networkTasksSchema,
  networkWorksSchema,
  PRINT_IMAGE_MAX_PAGES,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { requestLanguage } from "../../../platform/http-errors.js";
import { fileAnswer, route } from "../../../platform/route.js";
import { readUploads } from "../../../platform/uploads.js";
import { printImagePages } from "../../print/index.js";
import { NetworkDiagramService } from "./network-diagram.service.js";

/** The network diagram of a version under /versions/{id}/network-diagram: summaries, works, relations (read). */
export function networkDiagramModule(ctx: AppContext) {
  const service = new NetworkDiagramService({ db: ctx.db });
  const { access } = ctx;
  return async function networkDiagramRoutes(app: FastifyInstance) {
    const tags = ["Network diagram"];
    const read = access.version("read");
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/network-diagram/tasks",
        tags,
        summary: "WBS summaries the boxes are grouped under (columns)",
        params: versionIdParams,
        response: networkTasksSchema,
        access: read,
      },
      ({ scope }) => service.tasks(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/network-diagram/works",
        tags,
        summary: "The boxes: works with dates and floats, in WBS order (columns)",
        params: versionIdParams,
        response: networkWorksSchema,
        access: read,
      },
      ({ scope }) => service.works(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/network-diagram/relations",
        tags,
        summary: "Relations between works of the version (columns)",
        params: versionIdParams,
        response: networkRelationsSchema,
        access: read,
      },
      ({ scope }) => service.relations(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/network-diagram/print",
        tags,
        summary:
          "The network diagram on paper: the screen draws it with its own code on the caller's sheets (multipart, " +
          "one `file` PNG a page, in reading order) and this frames each with the print format's header and footer " +
          "into a PDF",
        params: versionIdParams,
        response: fileAnswer,
        raw: { contentType: "application/pdf" },
        access: read,
        writes: false,
      },
      async ({ scope, request, reply }) => {
        const files = await readUploads(request, ctx.config.maxUploadBytes, {
          maxFiles: PRINT_IMAGE_MAX_PAGES,
          tooMany: () =>
            new AppError("PrintTooManyPages", { pages: `> ${PRINT_IMAGE_MAX_PAGES}`, max: PRINT_IMAGE_MAX_PAGES }),
        });
        const pdf = await printImagePages(ctx, scope, files, requestLanguage(request));
        return reply
          .type("application/pdf")
          .header("x-print-pages", String(files.length))
          .header("content-disposition", 'attachment; filename="network.pdf"')
          .send(pdf);
      },
    );
  };
}
