import { and, asc, eq, sql } from "drizzle-orm";
import { scheduleGroups, schedules } from "../../../db/schema/index.js";
import type { NodeScope, ScheduleRow, ScheduleScope } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import {
  CalculateSettingsService,
  type CalculationFields,
  calculationFields,
  readSettings,
  type SettingsPatch,
} from "../../workspace/calculation/calculate-settings.service.js";
import { epsUpdated } from "../structure-events.js";

/**
 * A schedule as lists answer it: `settings` are the schedule's own settings, which hold no calculation fields (those
 * live in the calculate settings; migration 0006 moved them there).
 */
export function toScheduleDto(row: ScheduleRow) {
  return {
    id: row.id,
    projectId: row.projectId,
    groupId: row.groupId,
    name: row.name,
    order: row.sortOrder,
    settings: row.settings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A schedule with its calculation settings shown among its settings (`GET /schedules/{id}`, `PATCH …/settings`). */
function withCalculation(row: ScheduleRow, calculation: CalculationFields) {
  const dto = toScheduleDto(row);
  return { ...dto, settings: { ...dto.settings, ...calculation } };
}

/** One schedule with its calculation settings read from the calculate settings (the one place they live). */
export async function toScheduleDtoWithSettings(db: DbOrTx, row: ScheduleRow) {
  return withCalculation(row, calculationFields(await readSettings(db, row.id)));
}

/** Schedules of projects: the `schedule` scope of the hierarchy. Versions and works come with later features. */
export class SchedulesService {
  private readonly calculation: CalculateSettingsService;

  constructor(private readonly deps: Pick<AppContext, "db" | "jobs" | "realtime" | "process">) {
    this.calculation = new CalculateSettingsService(deps);
  }

  /** The schedule with its calculation settings. */
  describe(schedule: ScheduleRow) {
    return toScheduleDtoWithSettings(this.deps.db, schedule);
  }

  /** The schedules of a project the caller may read (access `node("schedule:read", project)`). */
  async listOfProject({ grant, node: project }: NodeScope) {
    const rows = await this.deps.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.spaceId, grant.space.id), eq(schedules.projectId, project.id)))
      .orderBy(asc(schedules.sortOrder), asc(schedules.createdAt));
    return rows.map(toScheduleDto);
  }

  /** A new schedule of a project where the caller may change schedules (access `node("schedule:write", project)`). */
  async create({ grant, node: project }: NodeScope, body: { name: string; groupId?: string | null }) {
    if (body.groupId) await groupOfProject(this.deps.db, grant.space.id, project.id, body.groupId);
    const [row] = await this.deps.db
      .insert(schedules)
      .values({
        spaceId: grant.space.id,
        projectId: project.id,
        groupId: body.groupId ?? null,
        name: body.name,
        sortOrder: sql`(select coalesce(max(${schedules.sortOrder}) + 1, 0) from ${schedules} where ${schedules.projectId} = ${project.id})`,
        createdBy: grant.userId,
      })
      .returning();
    epsUpdated(this.deps.realtime, grant, "schedules", [project.id], [project.parentId]);
    return toScheduleDto(row);
  }

  /**
   * Renames the schedule and changes its settings. The settings are the calculation settings: they are written
   * through to the calculate settings (the same call as `PUT /schedules/{id}/calculate-settings`), never copied.
   */
  async update({ grant, schedule }: ScheduleScope, body: { name?: string; settings?: SettingsPatch }) {
    const [row] = await this.deps.db
      .update(schedules)
      .set({ name: body.name ?? schedule.name, updatedAt: new Date() })
      .where(and(eq(schedules.spaceId, grant.space.id), eq(schedules.id, schedule.id)))
      .returning();
    const calculation =
      body.settings && Object.keys(body.settings).length > 0
        ? await this.calculation.save(grant.space.id, schedule.id, body.settings, grant.userId)
        : await readSettings(this.deps.db, schedule.id);
    epsUpdated(this.deps.realtime, grant, "schedules", [row.projectId]);
    return withCalculation(row, calculationFields(calculation));
  }

  async delete({ grant, schedule }: ScheduleScope) {
    await this.deps.db
      .delete(schedules)
      .where(and(eq(schedules.spaceId, grant.space.id), eq(schedules.id, schedule.id)));
    epsUpdated(this.deps.realtime, grant, "schedules", [schedule.projectId]);
  }
}

/** A schedule group of the given project, or 404 (a group of another project or space never matches). */
export async function groupOfProject(db: DbOrTx, spaceId: string, projectId: string, groupId: string) {
  const [group] = await db
    .select()
    .from(scheduleGroups)
    .where(
      and(eq(scheduleGroups.spaceId, spaceId), eq(scheduleGroups.projectId, projectId), eq(scheduleGroups.id, groupId)),
    );
  if (!group) throw new AppError("NotFound", { field: "groupId" });
  return group;
}
