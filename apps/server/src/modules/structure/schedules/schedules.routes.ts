import {
  attributeParams,
  createAttributeBody,
  idParams,
  roleParams,
  scheduleSettingsBody,
  setAttributeAccessBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { ok, typed } from "../../../platform/http.js";
import type { AttributePlace, AttributesService } from "../attributes/attributes.service.js";
import { abilitiesAt, spaceGate } from "../structure-gate.js";
import { SchedulesService, toScheduleDtoWithSettings } from "./schedules.service.js";

/** `/schedules/{id}`: one schedule, its settings and its work attributes. */
export function schedulesModule(ctx: AppContext, attributes: AttributesService) {
  const service = new SchedulesService(ctx);

  return async function schedulesRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Schedules"];
    const place = async (request: Parameters<typeof spaceGate>[1], id: string) => {
      const grant = await spaceGate(ctx, request);
      const found = await service.readable(grant, id);
      const at: AttributePlace = {
        nodeId: null,
        scheduleId: found.schedule.id,
        target: "work",
        lineage: found.lineage,
      };
      return { grant, place: at };
    };

    app.get("/schedules/:id", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      return ok(await toScheduleDtoWithSettings(ctx.db, (await service.readable(grant, request.params.id)).schedule));
    });
    /** The caller's abilities at this schedule: space-wide ones widened by grants on its lineage, itself included. */
    app.get("/schedules/:id/role", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      const { lineage } = await service.readable(grant, request.params.id);
      return ok({ role: grant.role, roleId: grant.roleId, abilities: await abilitiesAt(ctx.db, grant, lineage) });
    });
    app.delete("/schedules/:id", { schema: { tags, params: idParams } }, async (request) => {
      await service.delete(await spaceGate(ctx, request), request.params.id);
      return ok(null);
    });
    app.patch(
      "/schedules/:id/settings",
      { schema: { tags, params: idParams, body: scheduleSettingsBody } },
      async (request) => ok(await service.update(await spaceGate(ctx, request), request.params.id, request.body)),
    );

    /** Work attributes defined on this schedule. */
    app.get("/schedules/:id/attributes", { schema: { tags, params: idParams } }, async (request) => {
      const { grant, place: at } = await place(request, request.params.id);
      return ok(await attributes.definedAt(grant, at));
    });
    app.post(
      "/schedules/:id/attributes",
      { schema: { tags, params: idParams, body: createAttributeBody } },
      async (request) => {
        const { grant, place: at } = await place(request, request.params.id);
        return ok(await attributes.create(grant, at, { ...request.body, target: "work" }));
      },
    );
    /** Every work attribute applying in this schedule (space, project lineage, schedule) the caller may read. */
    app.get("/schedules/:id/attributes/all", { schema: { tags, params: idParams } }, async (request) => {
      const { grant, place: at } = await place(request, request.params.id);
      return ok(await attributes.visible(grant, at));
    });
    app.get("/schedules/:id/attributes/all/role/:roleId", { schema: { tags, params: roleParams } }, async (request) => {
      const { grant, place: at } = await place(request, request.params.id);
      if (!grant.abilities.includes("roles:read")) throw new AppError("Forbidden");
      return ok(await attributes.forRole(grant, at, request.params.roleId));
    });
    app.post(
      "/schedules/:id/attributes/access",
      { schema: { tags, params: idParams, body: setAttributeAccessBody } },
      async (request) => {
        const { grant, place: at } = await place(request, request.params.id);
        return ok(await attributes.setAccess(grant, at, request.body.roleId, request.body.items));
      },
    );
    app.delete(
      "/schedules/:id/attributes/:attrId/delete",
      { schema: { tags, params: attributeParams } },
      async (request) => {
        const { grant, place: at } = await place(request, request.params.id);
        await attributes.delete(grant, at, request.params.attrId);
        return ok(null);
      },
    );
  };
}
