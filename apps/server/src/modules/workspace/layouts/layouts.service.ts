import type { LayoutSettings } from "@planum/contracts";
import type { layoutTemplates, versionLayouts, wbsGroupSettings } from "../../../db/schema/index.js";
import type { Grant } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { layoutsRepo as repo } from "./layouts.repo.js";

type LayoutRow = typeof versionLayouts.$inferSelect;
type TemplateRow = typeof layoutTemplates.$inferSelect;
type GroupRow = typeof wbsGroupSettings.$inferSelect;

const layoutDto = (row: LayoutRow | TemplateRow) => ({
  id: row.id,
  name: row.name,
  settings: row.settings,
  active: "active" in row ? row.active : false,
  updatedAt: row.updatedAt.toISOString(),
});
const groupDto = (row: GroupRow) => ({
  id: row.id,
  name: row.name,
  levels: row.levels,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A layout started from a template: what the body gives overrides the template. The body arrives with the schema's
 * defaults filled in (empty lists), so an empty list means "as the template"; widths and extras merge key by key.
 */
export function overTemplate(template: LayoutSettings, given: LayoutSettings): LayoutSettings {
  return {
    columns: given.columns.length ? given.columns : template.columns,
    widths: { ...template.widths, ...given.widths },
    grouping: given.grouping.length ? given.grouping : template.grouping,
    filters: given.filters.length ? given.filters : template.filters,
    ganttScale: given.ganttScale,
    extra: { ...template.extra, ...given.extra },
  };
}

/**
 * Saved views of the workspace: a user's layouts per schedule (one active), the space's layout templates, and named
 * WBS groupings per schedule.
 */
export class LayoutsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async layouts(grant: Grant, scheduleId: string) {
    return (await repo.layouts(this.deps.db, grant, scheduleId)).map(layoutDto);
  }

  async createLayout(
    grant: Grant,
    scheduleId: string,
    body: { name: string; settings: LayoutSettings; active?: boolean; templateId?: string },
  ) {
    let settings = body.settings;
    if (body.templateId) {
      const template = await this.template(grant, body.templateId);
      settings = overTemplate(template.settings, body.settings);
    }
    const row = await this.deps.db.transaction(async (tx) => {
      if (body.active) await repo.deactivate(tx, grant, scheduleId);
      return repo.insertLayout(tx, {
        spaceId: grant.space.id,
        scheduleId,
        userId: grant.userId,
        name: body.name,
        settings,
        active: body.active ?? false,
      });
    });
    return layoutDto(row);
  }

  async updateLayout(
    grant: Grant,
    scheduleId: string,
    id: string,
    body: { name?: string; settings?: LayoutSettings; active?: boolean },
  ) {
    const row = await this.deps.db.transaction(async (tx) => {
      if (body.active) await repo.deactivate(tx, grant, scheduleId);
      return repo.updateLayout(tx, grant, scheduleId, id, { ...body, updatedAt: new Date() });
    });
    if (!row) throw new AppError("NotFound");
    return layoutDto(row);
  }

  async deleteLayout(grant: Grant, scheduleId: string, id: string) {
    if (!(await repo.deleteLayout(this.deps.db, grant, scheduleId, id))) throw new AppError("NotFound");
    return { id };
  }

  async templates(grant: Grant) {
    return (await repo.templates(this.deps.db, grant)).map(layoutDto);
  }

  async template(grant: Grant, id: string) {
    const row = await repo.template(this.deps.db, grant, id);
    if (!row) throw new AppError("NotFound");
    return row;
  }

  async createTemplate(grant: Grant, body: { name: string; settings: LayoutSettings }) {
    const row = await repo.insertTemplate(this.deps.db, {
      spaceId: grant.space.id,
      name: body.name,
      settings: body.settings,
      createdBy: grant.userId,
    });
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, null);
    return layoutDto(row);
  }

  async updateTemplate(grant: Grant, id: string, body: { name?: string; settings?: LayoutSettings }) {
    const row = await repo.updateTemplate(this.deps.db, grant, id, {
      ...(body.name ? { name: body.name } : {}),
      ...(body.settings ? { settings: body.settings } : {}),
      updatedAt: new Date(),
    });
    if (!row) throw new AppError("NotFound");
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, null);
    return layoutDto(row);
  }

  async deleteTemplate(grant: Grant, id: string) {
    if (!(await repo.deleteTemplate(this.deps.db, grant, id))) throw new AppError("NotFound");
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, null);
    return { id };
  }

  async groupSettings(grant: Grant, scheduleId: string) {
    return (await repo.groupSettings(this.deps.db, grant, scheduleId)).map(groupDto);
  }

  async createGroupSetting(grant: Grant, scheduleId: string, body: { name: string; levels: string[] }) {
    const row = await repo.insertGroupSetting(this.deps.db, {
      spaceId: grant.space.id,
      scheduleId,
      name: body.name,
      levels: body.levels,
    });
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, scheduleId);
    return groupDto(row);
  }

  async updateGroupSetting(grant: Grant, scheduleId: string, id: string, body: { name?: string; levels?: string[] }) {
    const row = await repo.updateGroupSetting(this.deps.db, grant, scheduleId, id, { ...body, updatedAt: new Date() });
    if (!row) throw new AppError("NotFound");
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, scheduleId);
    return groupDto(row);
  }

  async deleteGroupSetting(grant: Grant, scheduleId: string, id: string) {
    if (!(await repo.deleteGroupSetting(this.deps.db, grant, scheduleId, id))) throw new AppError("NotFound");
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, scheduleId);
    return { id };
  }
}
