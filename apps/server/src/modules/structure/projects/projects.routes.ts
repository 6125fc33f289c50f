import { confirmQuery, createScheduleBody, idParams, projectSettingsBody, uuidField } from "@planum/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { epsNodes, scheduleGroups, schedules } from "../../../db/schema/index.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { ok, typed } from "../../../platform/http.js";
import type { AttributesService } from "../attributes/attributes.service.js";
import { toNodeDto } from "../eps/eps.repo.js";
import type { EpsService } from "../eps/eps.service.js";
import { SchedulesService } from "../schedules/schedules.service.js";
import { epsUpdated, lineage, loadNode, requireAt, spaceGate } from "../structure-gate.js";
import { copyProject } from "./project-copy.js";

const copyParams = z.object({ id: uuidField, target: uuidField });

/** Projects: structure nodes of kind `project` (the `project` scope), holding schedules. */
export function projectsModule(ctx: AppContext, eps: EpsService, attributes: AttributesService) {
  const scheduleService = new SchedulesService(ctx);

  return async function projectsRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Projects"];

    app.get("/projects/:id", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      return ok(await eps.node(grant, request.params.id, ["project"]));
    });

    app.delete("/projects/:id", { schema: { tags, params: idParams, querystring: confirmQuery } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      return ok(await eps.deleteNodes(grant, [request.params.id], request.query.confirmCount, ["project"]));
    });

    /** The project card: its node, the path of ancestors by name, and counts of what it holds. */
    app.get("/projects/:id/details", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      const project = await loadNode(ctx.db, grant.space.id, request.params.id, ["project"]);
      const ancestorIds = lineage(project).slice(0, -1);
      const ancestors = await ctx.db
        .select({ id: epsNodes.id, name: epsNodes.name, kind: epsNodes.kind, depth: epsNodes.depth })
        .from(epsNodes)
        .where(
          and(
            eq(epsNodes.spaceId, grant.space.id),
            inArray(epsNodes.id, ancestorIds.length ? ancestorIds : [project.id]),
          ),
        )
        .orderBy(epsNodes.depth);
      const count = async (table: typeof schedules | typeof scheduleGroups) => {
        const [row] = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(and(eq(table.spaceId, grant.space.id), eq(table.projectId, project.id)));
        return row.n;
      };
      return ok({
        project: toNodeDto(project, false),
        facility: ancestors.find((a) => a.kind === "facility") ?? null,
        ancestors: ancestors.map(({ depth: _depth, ...a }) => a),
        schedules: await count(schedules),
        scheduleGroups: await count(scheduleGroups),
      });
    });

    app.patch(
      "/projects/:id/settings",
      { schema: { tags, params: idParams, body: projectSettingsBody } },
      async (request) => {
        const grant = await spaceGate(ctx, request);
        const current = await loadNode(ctx.db, grant.space.id, request.params.id, ["project"]);
        const merged = { ...current.settings, ...request.body.settings };
        if (merged.plannedStart && merged.plannedFinish && String(merged.plannedFinish) < String(merged.plannedStart))
          throw new AppError("InvalidDate", { field: "settings.plannedFinish" });
        return ok(await eps.patchSettings(grant, request.params.id, "project", request.body.settings));
      },
    );

    /** Attributes of the project node with its values (the project's node-info panel). */
    app.get("/projects/:id/attributes", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      const project = await loadNode(ctx.db, grant.space.id, request.params.id, ["project"]);
      return ok(await attributes.withValues(grant, project));
    });

    app.post(
      "/projects/:id/schedules/create",
      { schema: { tags, params: idParams, body: createScheduleBody } },
      async (request) =>
        ok(await scheduleService.create(await spaceGate(ctx, request), request.params.id, request.body)),
    );
    app.get("/projects/:id/schedules", { schema: { tags, params: idParams } }, async (request) =>
      ok(await scheduleService.listOfProject(await spaceGate(ctx, request), request.params.id)),
    );

    /** Copies the project (with schedules, groups, own attributes and values) into the target facility. */
    app.post("/projects/:id/copy/:target", { schema: { tags, params: copyParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      const project = await loadNode(ctx.db, grant.space.id, request.params.id, ["project"]);
      const target = await loadNode(ctx.db, grant.space.id, request.params.target, ["facility"]);
      await requireAt(ctx.db, grant, "eps:write", lineage(target));
      const copy = await ctx.db.transaction((tx) => copyProject(tx, grant, project, target));
      epsUpdated(ctx.realtime, grant, "created", [copy.id], [target.id]);
      return ok(toNodeDto(copy, false));
    });
  };
}
