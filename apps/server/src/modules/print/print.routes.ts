import {
  deletedIdSchema,
  printPresetBody,
  printPresetIdParams,
  printPresetListSchema,
  printPresetSchema,
  printSettingsBody,
  printSettingsSchema,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { PrintService } from "./print.service.js";

/**
 * Print formats (spec §7): presets under /versions/print-presets (the space's named formats: get, create, delete) and
 * a user's settings under /versions/print-settings (read by version, create and update naming the version in the body).
 */
export function printModule(ctx: AppContext) {
  const service = new PrintService({ db: ctx.db, realtime: ctx.realtime });
  const { access } = ctx;

  return async function printRoutes(app: FastifyInstance) {
    const tags = ["Print"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/print-presets/get",
        tags,
        response: printPresetListSchema,
        access: access.space("schedule:read"),
      },
      ({ scope }) => service.presets(scope),
    );
    // A preset is shared by everyone who prints in the space: only those who may change schedules add or remove one.
    route(
      app,
      {
        method: "POST",
        url: "/versions/print-presets/create",
        tags,
        body: printPresetBody,
        response: printPresetSchema,
        access: access.space("schedule:write"),
      },
      ({ scope, body }) => service.createPreset(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/versions/print-presets/delete/:id",
        tags,
        params: printPresetIdParams,
        response: deletedIdSchema,
        access: access.space("schedule:write"),
      },
      ({ scope, params }) => service.deletePreset(scope, params.id),
    );

    // Settings are the caller's own: seeing the schedule is enough to keep them.
    route(
      app,
      {
        method: "GET",
        url: "/versions/print-settings/:id",
        tags,
        params: versionIdParams,
        response: printSettingsSchema,
        access: access.version("read"),
      },
      ({ scope }) => service.settings(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/print-settings/create",
        tags,
        body: printSettingsBody,
        response: printSettingsSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, body }) => service.saveSettings(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/print-settings/update",
        tags,
        body: printSettingsBody,
        response: printSettingsSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, body }) => service.updateSettings(scope, body),
    );
  };
}
