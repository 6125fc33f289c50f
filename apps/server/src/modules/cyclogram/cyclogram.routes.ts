import {
  cyclogramColorBody,
  cyclogramColorSchema,
  cyclogramParams,
  cyclogramSchema,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { fileAnswer, route } from "../../platform/route.js";
import { readUpload } from "../../platform/uploads.js";
import { AttributesService } from "../structure/attributes/attributes.service.js";
import { CyclogramService } from "./cyclogram.service.js";
import { printCyclogram } from "./cyclogram-print.js";

/** The cyclogram (spec §7 Versions `GET /cyclogram/{attrId}`, `POST /cyclogram/color`) and its print. */
export function cyclogramModule(ctx: AppContext) {
  const attributes = new AttributesService({ db: ctx.db, realtime: ctx.realtime });
  const service = new CyclogramService({ db: ctx.db, attributes });
  const { access } = ctx;
  return async function cyclogramRoutes(app: FastifyInstance) {
    const tags = ["Cyclogram"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/cyclogram/:attrId",
        tags,
        summary:
          "The line of balance by a location attribute: locations down, a line per work type, idle waits and crossings",
        params: cyclogramParams,
        response: cyclogramSchema,
        access: access.version("read"),
      },
      ({ scope, params }) => service.cyclogram(scope, params.attrId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/cyclogram/color",
        tags,
        summary: "Keeps the colour of a work type's line on the schedule's cyclogram",
        params: versionIdParams,
        body: cyclogramColorBody,
        response: cyclogramColorSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.setColor(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/cyclogram/:attrId/print",
        tags,
        summary:
          "The cyclogram on paper: the chart as the screen draws it (multipart `file`, PNG at the sheet's size) " +
          "framed by the caller's print format (sheet, margins, header and footer) into a PDF",
        params: cyclogramParams,
        response: fileAnswer,
        raw: { contentType: "application/pdf" },
        access: access.version("read"),
        writes: false,
      },
      async ({ scope, request, reply }) => {
        const file = await readUpload(request, ctx.config.maxUploadBytes);
        const pdf = await printCyclogram(ctx, scope, file, requestLanguage(request));
        return reply
          .type("application/pdf")
          .header("content-disposition", 'attachment; filename="cyclogram.pdf"')
          .send(pdf);
      },
    );
  };
}
