import { calculateSettingsBody, scheduleIdParams, versionIdParams } from "@planum/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { versions } from "../../db/schema/index.js";
import {
  editVersion,
  loadScheduleScope,
  readVersion,
  requireScheduleWrite,
  type VersionScope,
  workspaceGate,
} from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { ok, typed } from "../../platform/http.js";
import { execColumns } from "../../platform/sql.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import { toVersionDto } from "../workspace/versions/version-dto.js";
import { autoCalculation, CALCULATE_JOB } from "./auto-calculation.js";
import { CalculateSettingsService } from "./calculate-settings.service.js";
import { beginCalculation, calculateVersion, failCalculation } from "./timetable-calc.js";

export { CALCULATE_JOB };

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return String(error.params?.reason ?? error.code);
  return error instanceof Error ? error.message : String(error);
}

/** Calculation of a version (as a job or synchronously), its results, and the schedule's calculation settings. */
export function timetableModule(ctx: AppContext) {
  const events = new WorkspaceEvents(ctx.realtime);
  const settings = new CalculateSettingsService(ctx);
  const auto = autoCalculation(ctx);

  ctx.jobs.register(CALCULATE_JOB, async ({ job, progress }) => {
    const versionId = String(job.payload.versionId);
    const spaceId = job.spaceId!;
    try {
      const outcome = await calculateVersion(ctx.db, versionId, async (percent) => {
        await progress(percent);
        events.timetable(spaceId, job.createdBy, versionId, job.id, percent, "in_process");
      });
      events.timetable(spaceId, job.createdBy, versionId, job.id, 100, "completed");
      return { ...outcome };
    } catch (error) {
      const reason = reasonOf(error);
      await failCalculation(ctx.db, versionId, reason);
      events.timetable(spaceId, job.createdBy, versionId, job.id, 100, "error", reason);
      throw error;
    } finally {
      auto.finished(versionId, job.payload.auto === true);
    }
  });

  const scheduleWriter = async (request: FastifyRequest, scheduleId: string) => {
    const grant = await workspaceGate(ctx, request);
    const schedule = await loadScheduleScope(ctx.db, grant, scheduleId);
    await requireScheduleWrite(ctx.db, grant, schedule.lineage);
    return { grant, schedule };
  };

  async function start(scope: VersionScope) {
    await beginCalculation(ctx.db, scope.version.id);
    events.timetable(scope.grant.space.id, scope.grant.userId, scope.version.id, null, 0, "in_process");
  }

  return async function timetableRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Timetable"];
    auto.log = (message, error) => fastify.log.error({ err: error }, message);
    // Shutdown: pending automatic calculations are dropped (their versions stay "not calculated").
    fastify.addHook("onClose", () => auto.close());

    app.patch("/versions/:id/timetable/calculate", { schema: { tags, params: versionIdParams } }, async (request) => {
      const scope = await editVersion(ctx, request, request.params.id);
      await start(scope);
      const job = await ctx.jobs.enqueue(CALCULATE_JOB, {
        spaceId: scope.grant.space.id,
        userId: scope.grant.userId,
        payload: { versionId: scope.version.id },
      });
      return ok({ jobId: job.id, calcStatus: "in_process" as const });
    });

    app.patch(
      "/versions/:id/timetable/calculate/synchronous",
      { schema: { tags, params: versionIdParams } },
      async (request) => {
        const scope = await editVersion(ctx, request, request.params.id);
        await start(scope);
        const { grant, version } = scope;
        try {
          const outcome = await calculateVersion(ctx.db, version.id);
          events.timetable(grant.space.id, grant.userId, version.id, null, 100, "completed");
          const [row] = await ctx.db.select().from(versions).where(eq(versions.id, version.id));
          return ok({ ...outcome, version: toVersionDto(row) });
        } catch (error) {
          const reason = reasonOf(error);
          await failCalculation(ctx.db, version.id, reason);
          events.timetable(grant.space.id, grant.userId, version.id, null, 100, "error", reason);
          throw error;
        } finally {
          auto.finished(version.id, false);
        }
      },
    );

    app.get("/versions/:id/timetable", { schema: { tags, params: versionIdParams } }, async (request) => {
      const { version } = await readVersion(ctx, request, request.params.id);
      const f = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI')`);
      // One JSON value instead of 100k rows (see execColumns), the same objects in the same key order.
      const items = await execColumns<unknown[]>(
        ctx.db,
        sql`
        select coalesce(json_agg(json_build_object('id', id, 'code', code, 'earlyStart', ${f("early_start")},
               'earlyFinish', ${f("early_finish")}, 'lateStart', ${f("late_start")}, 'lateFinish', ${f("late_finish")},
               'totalFloat', total_float, 'freeFloat', free_float, 'critical', critical) order by id), '[]') as j
        from wbs_items where version_id = ${version.id}`,
      );
      const dto = toVersionDto(version);
      return ok({
        calcStatus: dto.calcStatus,
        calcError: dto.calcError,
        calculatedAt: dto.calculatedAt,
        projectStart: dto.projectStart,
        dataDate: dto.dataDate,
        finish: dto.finish,
        items,
      });
    });

    app.get("/schedules/:id/calculate-settings", { schema: { tags, params: scheduleIdParams } }, async (request) => {
      const grant = await workspaceGate(ctx, request);
      const schedule = await loadScheduleScope(ctx.db, grant, request.params.id);
      return ok(await settings.get(schedule.id));
    });
    for (const method of ["post", "put"] as const) {
      app[method](
        "/schedules/:id/calculate-settings",
        { schema: { tags, params: scheduleIdParams, body: calculateSettingsBody } },
        async (request) => {
          const { grant, schedule } = await scheduleWriter(request, request.params.id);
          return ok(await settings.save(grant.space.id, schedule.id, request.body, grant.userId));
        },
      );
    }
    app.delete("/schedules/:id/calculate-settings", { schema: { tags, params: scheduleIdParams } }, async (request) => {
      const { grant, schedule } = await scheduleWriter(request, request.params.id);
      return ok(await settings.reset(grant.space.id, schedule.id, grant.userId));
    });
  };
}
