import {
  changeLabelBody,
  copyVersionBody,
  copyVersionParams,
  createVersionBody,
  deleteVersionsBody,
  emptyWorksSchema,
  scheduleIdParams,
  setLockedBody,
  targetDatesBody,
  targetDatesResultSchema,
  updateVersionBody,
  versionIdParams,
  versionListSchema,
  versionSchema,
  versionsDeletedSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { WorkspaceAccess } from "../workspace-access.js";
import { toVersionDto } from "./version-dto.js";
import { VersionsService } from "./versions.service.js";

/** Versions of a schedule: list, create, copy, lock, relabel, make actual, delete, target dates. */
export function versionsModule(ctx: AppContext) {
  const service = new VersionsService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  const { access } = ctx;
  const workspace = new WorkspaceAccess(access, ctx.db);

  return async function versionsRoutes(app: FastifyInstance) {
    const tags = ["Versions"];

    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/versions",
        tags,
        params: scheduleIdParams,
        response: versionListSchema,
        access: access.schedule("read"),
      },
      ({ scope }) => service.list(scope.grant, scope.schedule.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/versions/create",
        tags,
        params: scheduleIdParams,
        body: createVersionBody,
        response: versionSchema,
        access: access.schedule("write"),
      },
      ({ scope, body }) => service.create(scope.grant, scope.schedule.id, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id",
        tags,
        params: versionIdParams,
        response: versionSchema,
        access: access.version("read"),
      },
      ({ scope }) => toVersionDto(scope.version),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id",
        tags,
        params: versionIdParams,
        body: updateVersionBody,
        response: versionSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.update(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/versions/:id",
        tags,
        params: versionIdParams,
        response: versionsDeletedSchema,
        access: workspace.versionStatus(),
      },
      ({ scope }) => service.delete(scope.grant, [scope.version]),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/versions",
        tags,
        body: deleteVersionsBody,
        response: versionsDeletedSchema,
        access: workspace.versionsInBody("ids"),
      },
      ({ scope }) =>
        service.delete(
          scope.grant,
          scope.versions.map((version) => version.version),
        ),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/setActualStatus",
        tags,
        params: versionIdParams,
        response: versionSchema,
        access: workspace.versionStatus(),
      },
      ({ scope }) => service.setActual(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/setLocked",
        tags,
        params: versionIdParams,
        body: setLockedBody,
        response: versionSchema,
        access: workspace.versionStatus(),
      },
      ({ scope, body }) => service.setLocked(scope, body.locked),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/change-label",
        tags,
        params: versionIdParams,
        body: changeLabelBody,
        response: versionSchema,
        access: workspace.versionStatus(),
      },
      ({ scope, body }) => service.changeLabel(scope, body.label),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/check-empty-works",
        tags,
        params: versionIdParams,
        response: emptyWorksSchema,
        access: access.version("read"),
      },
      ({ scope }) => service.emptyWorks(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/copy-to/:targetId",
        tags,
        params: copyVersionParams,
        body: copyVersionBody.optional(),
        response: versionSchema,
        access: workspace.versionToSchedule("id", "targetId"),
      },
      ({ scope, body }) => service.copyTo(scope, scope.target.schedule.id, body ?? {}),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/update/target-dates",
        tags,
        params: versionIdParams,
        body: targetDatesBody.optional(),
        response: targetDatesResultSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.updateTargetDates(scope, body?.targetVersionId),
    );
  };
}
