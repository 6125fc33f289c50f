import {
  replaceValuesBody,
  replaceValuesResultSchema,
  runReplacementBody,
  runReplacementQuery,
  savedReplacementBody,
  savedReplacementListSchema,
  savedReplacementParams,
  savedReplacementSchema,
  savedReplacementUpdateBody,
  scheduleIdParams,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { AttributesService } from "../../structure/attributes/attributes.service.js";
import { ReplacementsService } from "./replacements.service.js";
import { SavedReplacementsService } from "./saved-replacements.service.js";

const tags = ["Workspace"];

/**
 * Replacements of a work attribute's values (spec §7 "Versions … replacements", "Schedules … replacements"): across a
 * version or all of its schedule's unlocked versions, previewed first; saved ones kept by the schedule under a name.
 */
export function replacementsModule(ctx: AppContext) {
  const attributes = new AttributesService({ db: ctx.db, realtime: ctx.realtime });
  const service = new ReplacementsService({
    db: ctx.db,
    events: new WorkspaceEvents(ctx.realtime),
    workAttributes: (scope) =>
      attributes.visible(scope.grant, {
        nodeId: null,
        scheduleId: scope.scheduleId,
        target: "work",
        lineage: scope.lineage,
      }),
  });
  const saved = new SavedReplacementsService({ db: ctx.db, replacements: service });
  const { access } = ctx;
  return async function replacementsRoutes(app: FastifyInstance) {
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/replacements",
        tags,
        summary:
          "Find and replace one work attribute's values (exact, pattern with * and ?, or a list of pairs) in the version or, with wholeSchedule, in every unlocked version of its schedule: a preview of what changes, or the change (undoable per version, event attribute_replaced)",
        params: versionIdParams,
        body: replaceValuesBody,
        response: replaceValuesResultSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.replace(scope, body, body.preview),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/replacements/:replacementId",
        tags,
        summary:
          "What a saved replacement of the version's schedule would change in it (or, with wholeSchedule, in all its unlocked versions)",
        params: savedReplacementParams,
        query: runReplacementQuery,
        response: replaceValuesResultSchema,
        access: access.version("read"),
      },
      ({ scope, params, query }) =>
        saved.run(scope, params.replacementId, { wholeSchedule: query.wholeSchedule, preview: true }),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/replacements/:replacementId",
        tags,
        summary:
          "Run a saved replacement on the version (or all its schedule's unlocked versions); the run is recorded",
        params: savedReplacementParams,
        body: runReplacementBody,
        response: replaceValuesResultSchema,
        access: access.version("write"),
      },
      ({ scope, params, body }) =>
        saved.run(scope, params.replacementId, { wholeSchedule: body.wholeSchedule, preview: false }),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/replacements",
        tags,
        summary: "The schedule's saved replacements by name, each with its last run",
        params: scheduleIdParams,
        response: savedReplacementListSchema,
        access: access.scheduleAt("schedule:read"),
      },
      ({ scope }) => saved.list(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/replacements",
        tags,
        summary: "Save a replacement (name unique in the schedule; attribute, mode, find, replace or pairs)",
        params: scheduleIdParams,
        body: savedReplacementBody,
        response: savedReplacementSchema,
        access: access.scheduleAt("schedule:write"),
      },
      ({ scope, body }) => saved.create(scope, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedules/:id/replacements",
        tags,
        summary: "Change a saved replacement's name and rule (its id in the body)",
        params: scheduleIdParams,
        body: savedReplacementUpdateBody,
        response: savedReplacementSchema,
        access: access.scheduleAt("schedule:write"),
      },
      ({ scope, body }) => saved.update(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/schedules/:id/replacements/:replacementId",
        tags,
        summary: "Delete a saved replacement (the values it replaced stay)",
        params: savedReplacementParams,
        response: z.object({ id: z.string() }),
        access: access.scheduleAt("schedule:write"),
      },
      ({ scope, params }) => saved.remove(scope, params.replacementId),
    );
  };
}
