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
import { ScheduleGroupsRepo } from "../schedule-groups/schedule-groups.repo.js";
import { epsUpdated } from "../structure-events.js";
import { SchedulesRepo } from "./schedules.repo.js";

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

  /** The schedule with its calculation settings and its project's name. */
  async describe(schedule: ScheduleRow) {
    const projectName = await new SchedulesRepo(this.deps.db).projectName(schedule.spaceId, schedule.projectId);
    return { ...(await toScheduleDtoWithSettings(this.deps.db, schedule)), projectName: projectName ?? "" };
  }

  /** The schedules of a project the caller may read (access `node("schedule:read", project)`). */
  async listOfProject({ grant, node: project }: NodeScope) {
    return (await new SchedulesRepo(this.deps.db).ofProject(grant.space.id, project.id)).map(toScheduleDto);
  }

  /** A new schedule of a project where the caller may change schedules (access `node("schedule:write", project)`). */
  async create({ grant, node: project }: NodeScope, body: { name: string; groupId?: string | null }) {
    if (body.groupId) await groupOfProject(this.deps.db, grant.space.id, project.id, body.groupId);
    const row = await new SchedulesRepo(this.deps.db).insert({
      spaceId: grant.space.id,
      projectId: project.id,
      groupId: body.groupId ?? null,
      name: body.name,
      createdBy: grant.userId,
    });
    epsUpdated(this.deps.realtime, grant, "schedules", [project.id], [project.parentId]);
    return toScheduleDto(row);
  }

  /**
   * Renames the schedule and changes its settings. The settings are the calculation settings: they are written
   * through to the calculate settings (the same call as `PUT /schedules/{id}/calculate-settings`), never copied.
   */
  async update({ grant, schedule }: ScheduleScope, body: { name?: string; settings?: SettingsPatch }) {
    const row = await new SchedulesRepo(this.deps.db).rename(grant.space.id, schedule.id, body.name ?? schedule.name);
    const calculation =
      body.settings && Object.keys(body.settings).length > 0
        ? await this.calculation.save(grant.space.id, schedule.id, body.settings, grant.userId)
        : await readSettings(this.deps.db, schedule.id);
    epsUpdated(this.deps.realtime, grant, "schedules", [row.projectId]);
    return withCalculation(row, calculationFields(calculation));
  }

  async delete({ grant, schedule }: ScheduleScope) {
    await new SchedulesRepo(this.deps.db).delete(grant.space.id, schedule.id);
    epsUpdated(this.deps.realtime, grant, "schedules", [schedule.projectId]);
  }
}

/** A schedule group of the given project, or 404 (a group of another project or space never matches). */
export async function groupOfProject(db: DbOrTx, spaceId: string, projectId: string, groupId: string) {
  const group = await new ScheduleGroupsRepo(db).group(spaceId, groupId);
  if (!group || group.projectId !== projectId) throw new AppError("NotFound", { field: "groupId" });
  return group;
}
