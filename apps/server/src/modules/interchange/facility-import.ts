import { randomUUID } from "node:crypto";
import type { ScheduleModel } from "@planum/formats";
import { readPlanumZip } from "@planum/formats";
import { type Grant, lineage, loadNode, requireAt } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import type { UploadedFile } from "../../platform/uploads.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import { epsUpdated } from "../structure/structure-events.js";
import { interchangeRepo } from "./interchange.repo.js";
import { importCrossLinks, importModel } from "./model-import.js";
import { readModel } from "./upload.js";

interface ScheduleToCreate {
  name: string;
  versions: { label: string; model: ScheduleModel; projectId?: string }[];
}

/** A Planum ZIP is one schedule with all its versions; any other file gives one schedule per project it holds. */
async function schedulesOf(file: UploadedFile): Promise<{ projectName: string; schedules: ScheduleToCreate[] }> {
  const base = file.name.replace(/\.[^.]+$/, "") || file.name;
  if (/\.zip$/i.test(file.name)) {
    const pkg = await readPlanumZip(file.bytes).catch(async () => null);
    if (pkg) {
      return {
        projectName: pkg.name || base,
        schedules: [
          { name: pkg.name || base, versions: pkg.versions.map((v) => ({ label: v.label, model: v.model })) },
        ],
      };
    }
  }
  const model = await readModel(file, {});
  const projects = model.projects.length > 0 ? model.projects : [{ id: "", name: base, code: base }];
  return {
    projectName: model.projects.length === 1 ? model.projects[0].name || base : base,
    schedules: projects.map((p) => ({
      name: p.name || p.code || base,
      versions: [{ label: base, model, ...(p.id ? { projectId: p.id } : {}) }],
    })),
  };
}

/**
 * `POST /facilities/{id}/import`: a file becomes a new project of the facility with its schedules and versions, in
 * one transaction (a failure leaves no half-made project behind). Links between the file's projects become
 * external relations between the schedules (`links` counts them).
 */
export async function importIntoFacility(ctx: AppContext, grant: Grant, facilityId: string, file: UploadedFile) {
  const facility = await loadNode(ctx.db, grant.space.id, facilityId, ["facility"]);
  await requireAt(ctx.db, grant, "eps:write", lineage(facility));
  await requireAt(ctx.db, grant, "schedule:write", lineage(facility));
  const content = await schedulesOf(file);
  const created = await ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    const next = await interchangeRepo.nextChildSortOrder(tx, grant.space.id, facility.id);
    const project = await interchangeRepo.insertEpsNode(tx, {
      id,
      spaceId: grant.space.id,
      parentId: facility.id,
      kind: "project",
      name: content.projectName.slice(0, 200) || "Project",
      sortOrder: next,
      path: `${facility.path}${id}/`,
      depth: facility.depth + 1,
      createdBy: grant.userId,
    });
    const made: { scheduleId: string; versionIds: string[]; activities: number }[] = [];
    // where each activity of each model went: a file of several projects is one model read once
    const placed = new Map<ScheduleModel, Map<string, { id: number; versionId: string }>>();
    for (const [k, item] of content.schedules.entries()) {
      const schedule = await interchangeRepo.insertSchedule(tx, {
        spaceId: grant.space.id,
        projectId: project.id,
        name: item.name.slice(0, 200),
        sortOrder: k,
        createdBy: grant.userId,
      });
      const versionIds: string[] = [];
      let activities = 0;
      for (const version of item.versions) {
        const outcome = await importModel(tx, version.model, {
          spaceId: grant.space.id,
          userId: grant.userId,
          scheduleId: schedule.id,
          label: version.label.slice(0, 200) || "1",
          projectId: version.projectId,
        });
        versionIds.push(outcome.versionId);
        activities += outcome.activities;
        const rows = placed.get(version.model) ?? new Map<string, { id: number; versionId: string }>();
        for (const [activity, id] of outcome.activityIds) rows.set(activity, { id, versionId: outcome.versionId });
        placed.set(version.model, rows);
      }
      made.push({ scheduleId: schedule.id, versionIds, activities });
    }
    // links between the file's projects join the schedules made of them (external relations)
    let links = 0;
    for (const [model, rows] of placed) links += await importCrossLinks(tx, grant.space.id, model, rows);
    return { project, made, links };
  });
  if (created.made.length === 0) throw new AppError("MalformedFile", { location: "—", reason: "no projects" });
  epsUpdated(ctx.realtime, grant, "created", [created.project.id], [facility.id]);
  const events = new WorkspaceEvents(ctx.realtime);
  for (const m of created.made)
    events.versionsChanged(grant.space.id, grant.userId, m.scheduleId, m.versionIds, "created");
  return { projectId: created.project.id, schedules: created.made, links: created.links };
}
