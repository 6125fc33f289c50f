import { scheduleGroups, schedules } from "../../../db/schema/index.js";
import { type Grant, lineage, loadNode, type NodeScope, requireAt } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import type { Realtime } from "../../../platform/realtime.js";
import { toNodeDto } from "../eps/eps.repo.js";
import { epsUpdated } from "../structure-events.js";
import { copyProject, ProjectsRepo } from "./projects.repo.js";

/** Facilities and projects beyond what every tree node has: a facility's projects, the project card, copies. */
export class ProjectsService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  /** The facility with its projects (light rows). */
  async facility<T extends { id: string }>(facility: T, grant: Grant) {
    const projects = await new ProjectsRepo(this.deps.db).projectsOf(grant.space.id, facility.id);
    return { ...facility, projects };
  }

  /** The project card: its node, the path of ancestors by name, and counts of what it holds. */
  async details({ grant, node: project }: NodeScope) {
    const repo = new ProjectsRepo(this.deps.db);
    const ancestorIds = lineage(project).slice(0, -1);
    const ancestors = await repo.ancestors(grant.space.id, ancestorIds.length ? ancestorIds : [project.id]);
    return {
      project: toNodeDto(project, false),
      facility: ancestors.find((a) => a.kind === "facility") ?? null,
      ancestors: ancestors.map(({ depth: _depth, ...a }) => a),
      schedules: await repo.count(schedules, grant.space.id, project.id),
      scheduleGroups: await repo.count(scheduleGroups, grant.space.id, project.id),
    };
  }

  /** Copies the project (with schedules, groups, own attributes and values) into the target facility. */
  async copy({ grant, node: project }: NodeScope, targetId: string) {
    const target = await loadNode(this.deps.db, grant.space.id, targetId, ["facility"]);
    await requireAt(this.deps.db, grant, "eps:write", lineage(target));
    const copy = await this.deps.db.transaction((tx) => copyProject(tx, grant, project, target));
    epsUpdated(this.deps.realtime, grant, "created", [copy.id], [target.id]);
    return toNodeDto(copy, false);
  }
}
