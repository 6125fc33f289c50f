import type { LayoutSettings } from "@planum/contracts";
import { and, asc, eq } from "drizzle-orm";
import { layoutTemplates, versionLayouts, wbsGroupSettings } from "../../../db/schema/index.js";
import type { Grant } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";

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
    const rows = await this.deps.db
      .select()
      .from(versionLayouts)
      .where(
        and(
          eq(versionLayouts.spaceId, grant.space.id),
          eq(versionLayouts.scheduleId, scheduleId),
          eq(versionLayouts.userId, grant.userId),
        ),
      )
      .orderBy(asc(versionLayouts.name));
    return rows.map(layoutDto);
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
      if (body.active) await this.deactivate(tx, grant, scheduleId);
      const [created] = await tx
        .insert(versionLayouts)
        .values({
          spaceId: grant.space.id,
          scheduleId,
          userId: grant.userId,
          name: body.name,
          settings,
          active: body.active ?? false,
        })
        .returning();
      return created;
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
      if (body.active) await this.deactivate(tx, grant, scheduleId);
      const [updated] = await tx
        .update(versionLayouts)
        .set({ ...body, updatedAt: new Date() })
        .where(this.ownLayout(grant, scheduleId, id))
        .returning();
      return updated;
    });
    if (!row) throw new AppError("NotFound");
    return layoutDto(row);
  }

  async deleteLayout(grant: Grant, scheduleId: string, id: string) {
    const rows = await this.deps.db
      .delete(versionLayouts)
      .where(this.ownLayout(grant, scheduleId, id))
      .returning();
    if (rows.length === 0) throw new AppError("NotFound");
    return { id };
  }

  private ownLayout(grant: Grant, scheduleId: string, id: string) {
    return and(
      eq(versionLayouts.id, id),
      eq(versionLayouts.spaceId, grant.space.id),
      eq(versionLayouts.scheduleId, scheduleId),
      eq(versionLayouts.userId, grant.userId),
    );
  }

  private async deactivate(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], grant: Grant, scheduleId: string) {
    await tx
      .update(versionLayouts)
      .set({ active: false })
      .where(
        and(
          eq(versionLayouts.spaceId, grant.space.id),
          eq(versionLayouts.scheduleId, scheduleId),
          eq(versionLayouts.userId, grant.userId),
        ),
      );
  }

  async templates(grant: Grant) {
    const rows = await this.deps.db
      .select()
      .from(layoutTemplates)
      .where(eq(layoutTemplates.spaceId, grant.space.id))
      .orderBy(asc(layoutTemplates.name));
    return rows.map(layoutDto);
  }

  async template(grant: Grant, id: string) {
    const [row] = await this.deps.db
      .select()
      .from(layoutTemplates)
      .where(and(eq(layoutTemplates.spaceId, grant.space.id), eq(layoutTemplates.id, id)));
    if (!row) throw new AppError("NotFound");
    return row;
  }

  async createTemplate(grant: Grant, body: { name: string; settings: LayoutSettings }) {
    const [row] = await this.deps.db
      .insert(layoutTemplates)
      .values({ spaceId: grant.space.id, name: body.name, settings: body.settings, createdBy: grant.userId })
      .returning();
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, null);
    return layoutDto(row);
  }

  async updateTemplate(grant: Grant, id: string, body: { name?: string; settings?: LayoutSettings }) {
    const [row] = await this.deps.db
      .update(layoutTemplates)
      .set({
        ...(body.name ? { name: body.name } : {}),
        ...(body.settings ? { settings: body.settings } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(layoutTemplates.spaceId, grant.space.id), eq(layoutTemplates.id, id)))
      .returning();
    if (!row) throw new AppError("NotFound");
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, null);
    return layoutDto(row);
  }

  async deleteTemplate(grant: Grant, id: string) {
    const rows = await this.deps.db
      .delete(layoutTemplates)
      .where(and(eq(layoutTemplates.spaceId, grant.space.id), eq(layoutTemplates.id, id)))
      .returning();
    if (rows.length === 0) throw new AppError("NotFound");
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, null);
    return { id };
  }

  async groupSettings(grant: Grant, scheduleId: string) {
    const rows = await this.deps.db
      .select()
      .from(wbsGroupSettings)
      .where(and(eq(wbsGroupSettings.spaceId, grant.space.id), eq(wbsGroupSettings.scheduleId, scheduleId)))
      .orderBy(asc(wbsGroupSettings.name));
    return rows.map(groupDto);
  }

  async createGroupSetting(grant: Grant, scheduleId: string, body: { name: string; levels: string[] }) {
    const [row] = await this.deps.db
      .insert(wbsGroupSettings)
      .values({ spaceId: grant.space.id, scheduleId, name: body.name, levels: body.levels })
      .returning();
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, scheduleId);
    return groupDto(row);
  }

  async updateGroupSetting(grant: Grant, scheduleId: string, id: string, body: { name?: string; levels?: string[] }) {
    const [row] = await this.deps.db
      .update(wbsGroupSettings)
      .set({ ...body, updatedAt: new Date() })
      .where(
        and(
          eq(wbsGroupSettings.spaceId, grant.space.id),
          eq(wbsGroupSettings.scheduleId, scheduleId),
          eq(wbsGroupSettings.id, id),
        ),
      )
      .returning();
    if (!row) throw new AppError("NotFound");
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, scheduleId);
    return groupDto(row);
  }

  async deleteGroupSetting(grant: Grant, scheduleId: string, id: string) {
    const rows = await this.deps.db
      .delete(wbsGroupSettings)
      .where(
        and(
          eq(wbsGroupSettings.spaceId, grant.space.id),
          eq(wbsGroupSettings.scheduleId, scheduleId),
          eq(wbsGroupSettings.id, id),
        ),
      )
      .returning();
    if (rows.length === 0) throw new AppError("NotFound");
    this.deps.events.layoutsUpdated(grant.space.id, grant.userId, scheduleId);
    return { id };
  }
}
