import {
  changeLabelBody,
  copyVersionBody,
  createVersionBody,
  deleteVersionsBody,
  scheduleIdParams,
  setLockedBody,
  targetDatesBody,
  updateVersionBody,
  versionIdParams,
  workspaceUuid,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  editVersion,
  loadScheduleScope,
  loadVersion,
  readVersion,
  requireScheduleWrite,
  workspaceGate,
} from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { ok, typed } from "../../../platform/http.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { toVersionDto } from "./version-dto.js";
import { VersionsService } from "./versions.service.js";

const copyParams = z.object({ id: workspaceUuid, targetId: workspaceUuid });

/** Versions of a schedule: list, create, copy, lock, relabel, make actual, delete, target dates. */
export function versionsModule(ctx: AppContext) {
  const service = new VersionsService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });

  /** Changing a version's status or label needs schedule:write but not an unlocked version. */
  const manage = async (request: Parameters<typeof readVersion>[1], id: string) => {
    const scope = await readVersion(ctx, request, id);
    await requireScheduleWrite(ctx.db, scope.grant, scope.lineage);
    return scope;
  };

  return async function versionsRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Versions"];

    app.get("/schedules/:id/versions", { schema: { tags, params: scheduleIdParams } }, async (request) => {
      const grant = await workspaceGate(ctx, request);
      await loadScheduleScope(ctx.db, grant, request.params.id);
      return ok(await service.list(grant, request.params.id));
    });

    app.post(
      "/schedules/:id/versions/create",
      { schema: { tags, params: scheduleIdParams, body: createVersionBody } },
      async (request) => {
        const grant = await workspaceGate(ctx, request);
        const schedule = await loadScheduleScope(ctx.db, grant, request.params.id);
        await requireScheduleWrite(ctx.db, grant, schedule.lineage);
        return ok(await service.create(grant, schedule.id, request.body));
      },
    );

    app.get("/versions/:id", { schema: { tags, params: versionIdParams } }, async (request) =>
      ok(toVersionDto((await readVersion(ctx, request, request.params.id)).version)),
    );

    app.patch(
      "/versions/:id",
      { schema: { tags, params: versionIdParams, body: updateVersionBody } },
      async (request) => ok(await service.update(await editVersion(ctx, request, request.params.id), request.body)),
    );

    app.delete("/versions/:id", { schema: { tags, params: versionIdParams } }, async (request) => {
      const scope = await manage(request, request.params.id);
      return ok(await service.delete(scope.grant, [scope.version]));
    });

    app.delete("/versions", { schema: { tags, body: deleteVersionsBody } }, async (request) => {
      const grant = await workspaceGate(ctx, request);
      const scopes = [];
      for (const id of new Set(request.body.ids)) {
        const scope = await loadVersion(ctx.db, grant, id);
        await requireScheduleWrite(ctx.db, grant, scope.lineage);
        scopes.push(scope);
      }
      return ok(
        await service.delete(
          grant,
          scopes.map((scope) => scope.version),
        ),
      );
    });

    app.post("/versions/:id/setActualStatus", { schema: { tags, params: versionIdParams } }, async (request) =>
      ok(await service.setActual(await manage(request, request.params.id))),
    );

    app.post(
      "/versions/:id/setLocked",
      { schema: { tags, params: versionIdParams, body: setLockedBody } },
      async (request) => ok(await service.setLocked(await manage(request, request.params.id), request.body.locked)),
    );

    app.patch(
      "/versions/:id/change-label",
      { schema: { tags, params: versionIdParams, body: changeLabelBody } },
      async (request) => ok(await service.changeLabel(await manage(request, request.params.id), request.body.label)),
    );

    app.get("/versions/:id/check-empty-works", { schema: { tags, params: versionIdParams } }, async (request) =>
      ok(await service.emptyWorks(await readVersion(ctx, request, request.params.id))),
    );

    app.post(
      "/versions/:id/copy-to/:targetId",
      { schema: { tags, params: copyParams, body: copyVersionBody.optional() } },
      async (request) => {
        const scope = await readVersion(ctx, request, request.params.id);
        const target = await loadScheduleScope(ctx.db, scope.grant, request.params.targetId);
        await requireScheduleWrite(ctx.db, scope.grant, target.lineage);
        return ok(await service.copyTo(scope, target.id, request.body ?? {}));
      },
    );

    app.patch(
      "/versions/:id/update/target-dates",
      { schema: { tags, params: versionIdParams, body: targetDatesBody.optional() } },
      async (request) => {
        const scope = await editVersion(ctx, request, request.params.id);
        return ok(await service.updateTargetDates(scope, request.body?.targetVersionId));
      },
    );
  };
}
