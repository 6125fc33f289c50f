import {
  calculateSettingsBody,
  calculateSettingsSchema,
  calculationStartedSchema,
  calculationSynchronousSchema,
  scheduleIdParams,
  timetableSchema,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { CALCULATE_JOB } from "./auto-calculation.js";
import { CalculateSettingsService } from "./calculate-settings.service.js";
import { CalculationService } from "./calculation.service.js";

export { CALCULATE_JOB };

/** Calculation of a version (as a job or synchronously), its results, and the schedule's calculation settings. */
export function calculationModule(ctx: AppContext) {
  const service = new CalculationService(ctx);
  const settings = new CalculateSettingsService(ctx);
  const { access } = ctx;
  return async function calculationRoutes(app: FastifyInstance) {
    const tags = ["Timetable"];
    service.auto.log = (message, error) => app.log.error({ err: error }, message);
    // Shutdown: pending automatic calculations are dropped (their versions stay "not calculated").
    app.addHook("onClose", () => service.auto.close());

    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/timetable/calculate",
        tags,
        params: versionIdParams,
        response: calculationStartedSchema,
        access: access.version("write"),
      },
      ({ scope }) => service.start(scope),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/timetable/calculate/synchronous",
        tags,
        params: versionIdParams,
        response: calculationSynchronousSchema,
        access: access.version("write"),
      },
      ({ scope }) => service.calculateNow(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/timetable",
        tags,
        params: versionIdParams,
        response: timetableSchema,
        access: access.version("read"),
      },
      ({ scope }) => service.timetable(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/calculate-settings",
        tags,
        params: scheduleIdParams,
        response: calculateSettingsSchema,
        access: access.schedule("read"),
      },
      ({ scope }) => settings.get(scope.schedule.id),
    );
    for (const method of ["POST", "PUT"] as const) {
      route(
        app,
        {
          method,
          url: "/schedules/:id/calculate-settings",
          tags,
          params: scheduleIdParams,
          body: calculateSettingsBody,
          response: calculateSettingsSchema,
          access: access.schedule("write"),
        },
        ({ scope, body }) => settings.save(scope.grant.space.id, scope.schedule.id, body, scope.grant.userId),
      );
    }
    route(
      app,
      {
        method: "DELETE",
        url: "/schedules/:id/calculate-settings",
        tags,
        params: scheduleIdParams,
        response: calculateSettingsSchema,
        access: access.schedule("write"),
      },
      ({ scope }) => settings.reset(scope.grant.space.id, scope.schedule.id, scope.grant.userId),
    );
  };
}
