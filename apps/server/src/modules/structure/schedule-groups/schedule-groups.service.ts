import { type Grant, lineage, loadNode, requireAt } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { groupOfProject, toScheduleDto } from "../schedules/schedules.service.js";
import { epsUpdated } from "../structure-events.js";
import { type GroupRow, ScheduleGroupsRepo } from "./schedule-groups.repo.js";

const toGroupDto = (g: GroupRow) => ({
  id: g.id,
  projectId: g.projectId,
  parentId: g.parentId,
  name: g.name,
  order: g.sortOrder,
});

/** Schedule groups: named, nestable folders of a project's schedules. */
export class ScheduleGroupsService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  private async project(grant: Grant, projectId: string, ability: "schedule:read" | "schedule:write") {
    const project = await loadNode(this.deps.db, grant.space.id, projectId, ["project"]);
    await requireAt(this.deps.db, grant, ability, lineage(project));
    return project;
  }

  /** A group of the caller's space, with the right to change its project's schedules. */
  private async writableGroup(grant: Grant, id: string) {
    const group = await new ScheduleGroupsRepo(this.deps.db).group(grant.space.id, id);
    if (!group) throw new AppError("NotFound");
    await this.project(grant, group.projectId, "schedule:write");
    return group;
  }

  /** Groups (flat, with parentId and order) and the project's schedules, or of every project without a filter. */
  async list(grant: Grant, projectId?: string) {
    if (projectId) await this.project(grant, projectId, "schedule:read");
    else if (!grant.abilities.includes("schedule:read")) throw new AppError("Forbidden");
    const { groups, schedules: rows } = await new ScheduleGroupsRepo(this.deps.db).listed(grant.space.id, projectId);
    return {
      groups: groups.map(toGroupDto),
      schedules: rows.map(toScheduleDto),
    };
  }

  async create(grant: Grant, body: { projectId: string; name: string; parentId?: string | null }) {
    const project = await this.project(grant, body.projectId, "schedule:write");
    if (body.parentId) await groupOfProject(this.deps.db, grant.space.id, project.id, body.parentId);
    const repo = new ScheduleGroupsRepo(this.deps.db);
    const group = await repo.insert({
      spaceId: grant.space.id,
      projectId: project.id,
      parentId: body.parentId ?? null,
      name: body.name,
      sortOrder: await repo.nextOrder(project.id, body.parentId ?? null),
    });
    this.changed(grant, project.id);
    return toGroupDto(group);
  }

  async rename(grant: Grant, id: string, name: string) {
    const group = await this.writableGroup(grant, id);
    const row = await new ScheduleGroupsRepo(this.deps.db).rename(group.id, name);
    this.changed(grant, group.projectId);
    return toGroupDto(row);
  }

  /** Puts a schedule into a group of its own project (null: out of any group). */
  async moveSchedule(grant: Grant, scheduleId: string, groupId: string | null) {
    const repo = new ScheduleGroupsRepo(this.deps.db);
    const schedule = await repo.schedule(grant.space.id, scheduleId);
    if (!schedule) throw new AppError("NotFound", { field: "scheduleId" });
    await this.project(grant, schedule.projectId, "schedule:write");
    if (groupId) await groupOfProject(this.deps.db, grant.space.id, schedule.projectId, groupId);
    const row = await repo.setScheduleGroup(schedule.id, groupId);
    this.changed(grant, schedule.projectId);
    return toScheduleDto(row);
  }

  /** Moves a group under another group of the same project (or to the top) at a position; never into itself. */
  async move(grant: Grant, id: string, parentId: string | null, index?: number) {
    const group = await this.writableGroup(grant, id);
    const all = await new ScheduleGroupsRepo(this.deps.db).ofProject(grant.space.id, group.projectId);
    if (parentId) {
      if (!all.some((g) => g.id === parentId)) throw new AppError("NotFound", { field: "parentId" });
      for (
        let at: GroupRow | undefined = all.find((g) => g.id === parentId);
        at;
        at = all.find((g) => g.id === at!.parentId)
      )
        if (at.id === group.id) throw new AppError("InvalidParent");
    }
    const siblings = all
      .filter((g) => g.parentId === parentId && g.id !== group.id)
      .sort((a, b) => a.sortOrder - b.sortOrder);
    siblings.splice(Math.min(index ?? siblings.length, siblings.length), 0, group);
    await this.deps.db.transaction(async (tx) => {
      const repo = new ScheduleGroupsRepo(tx);
      for (const [order, sibling] of siblings.entries())
        await repo.place(sibling.id, sibling.id === group.id ? { parentId, sortOrder: order } : { sortOrder: order });
    });
    this.changed(grant, group.projectId);
    return this.list(grant, group.projectId);
  }

  /** Deletes a group and its subgroups; their schedules stay in the project, moved to the deleted group's parent. */
  async delete(grant: Grant, id: string) {
    const group = await this.writableGroup(grant, id);
    const all = await new ScheduleGroupsRepo(this.deps.db).ofProject(grant.space.id, group.projectId);
    const doomed = new Set([group.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const g of all)
        if (g.parentId && doomed.has(g.parentId) && !doomed.has(g.id)) {
          doomed.add(g.id);
          grew = true;
        }
    }
    await this.deps.db.transaction(async (tx) => {
      const repo = new ScheduleGroupsRepo(tx);
      for (const doomedId of doomed) await repo.regroupSchedules(doomedId, group.parentId);
      await repo.delete(group.id);
    });
    this.changed(grant, group.projectId);
  }

  private changed(grant: Grant, projectId: string) {
    epsUpdated(this.deps.realtime, grant, "schedules", [projectId]);
  }
}
