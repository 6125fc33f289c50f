import type { AnalyticsSetting, AnalyticsSettingBody } from "@planum/contracts";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { analyticsActiveSettings, analyticsSettings } from "../../db/schema/index.js";
import type { Grant, NodeScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";

type Row = typeof analyticsSettings.$inferSelect;

function toSetting(row: Row, activeId: string | null): AnalyticsSetting {
  return {
    id: row.id,
    name: row.name,
    shared: row.userId === null,
    nodeId: row.nodeId,
    active: row.id === activeId,
    widgets: row.widgets as AnalyticsSetting["widgets"],
    measure: row.measure as AnalyticsSetting["measure"],
    period: row.period as AnalyticsSetting["period"],
    cumulative: row.cumulative,
  };
}

/** The space's presets: settings of nobody in particular. */
const presetOf = (spaceId: string) => and(eq(analyticsSettings.spaceId, spaceId), isNull(analyticsSettings.userId));
/** The caller's own settings (of any node). */
const ownOf = (grant: Grant) =>
  and(eq(analyticsSettings.spaceId, grant.space.id), eq(analyticsSettings.userId, grant.userId));

/**
 * Dashboards of the node panel: a user's settings per node and the space's presets (spec §7 "Analytics settings,
 * presets"). A setting is its owner's alone: another user's (or another space's) is not found, and nothing changes.
 */
export class AnalyticsSettings {
  constructor(private readonly db: Db) {}

  /** The caller's settings at the node and the space's presets, the active one marked. */
  async list({ grant, node }: NodeScope): Promise<AnalyticsSetting[]> {
    const active = await this.activeAt(grant.userId, node.id);
    const rows = await this.db
      .select()
      .from(analyticsSettings)
      .where(or(and(ownOf(grant), eq(analyticsSettings.nodeId, node.id)), presetOf(grant.space.id)))
      .orderBy(sql`${analyticsSettings.userId} is null`, analyticsSettings.name, analyticsSettings.id);
    return rows.map((row) => toSetting(row, active));
  }

  /** A setting of the caller at the node, made active there. */
  async create({ grant, node }: NodeScope, body: AnalyticsSettingBody): Promise<AnalyticsSetting> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(analyticsSettings)
        .values({ spaceId: grant.space.id, userId: grant.userId, nodeId: node.id, ...body })
        .returning();
      await tx
        .insert(analyticsActiveSettings)
        .values({ userId: grant.userId, nodeId: node.id, settingId: row.id })
        .onConflictDoUpdate({
          target: [analyticsActiveSettings.userId, analyticsActiveSettings.nodeId],
          set: { settingId: row.id },
        });
      return toSetting(row, row.id);
    });
  }

  async update(grant: Grant, id: string, body: AnalyticsSettingBody, shared = false): Promise<AnalyticsSetting> {
    const [row] = await this.db
      .update(analyticsSettings)
      .set({ ...body, updatedAt: new Date() })
      .where(and(eq(analyticsSettings.id, id), shared ? presetOf(grant.space.id) : ownOf(grant)))
      .returning();
    if (!row) throw new AppError("NotFound");
    return toSetting(row, row.nodeId ? await this.activeAt(grant.userId, row.nodeId) : null);
  }

  /** The setting a user sees at a node (null: the default dashboard). */
  private async activeAt(userId: string, nodeId: string): Promise<string | null> {
    const [active] = await this.db
      .select({ id: analyticsActiveSettings.settingId })
      .from(analyticsActiveSettings)
      .where(and(eq(analyticsActiveSettings.userId, userId), eq(analyticsActiveSettings.nodeId, nodeId)));
    return active?.id ?? null;
  }

  async remove(grant: Grant, id: string, shared = false): Promise<{ id: string }> {
    const [row] = await this.db
      .delete(analyticsSettings)
      .where(and(eq(analyticsSettings.id, id), shared ? presetOf(grant.space.id) : ownOf(grant)))
      .returning({ id: analyticsSettings.id });
    if (!row) throw new AppError("NotFound");
    return row;
  }

  /** Makes a setting of the caller at this node, or a preset of the space, active (null: the default dashboard). */
  async setActive({ grant, node }: NodeScope, settingId: string | null): Promise<AnalyticsSetting[]> {
    if (settingId === null)
      await this.db
        .delete(analyticsActiveSettings)
        .where(and(eq(analyticsActiveSettings.userId, grant.userId), eq(analyticsActiveSettings.nodeId, node.id)));
    else {
      const [row] = await this.db
        .select({ id: analyticsSettings.id })
        .from(analyticsSettings)
        .where(
          and(
            eq(analyticsSettings.id, settingId),
            or(and(ownOf(grant), eq(analyticsSettings.nodeId, node.id)), presetOf(grant.space.id)),
          ),
        );
      if (!row) throw new AppError("NotFound");
      await this.db
        .insert(analyticsActiveSettings)
        .values({ userId: grant.userId, nodeId: node.id, settingId })
        .onConflictDoUpdate({
          target: [analyticsActiveSettings.userId, analyticsActiveSettings.nodeId],
          set: { settingId },
        });
    }
    return this.list({ grant, node, lineage: [] });
  }

  async presets(grant: Grant): Promise<AnalyticsSetting[]> {
    const rows = await this.db
      .select()
      .from(analyticsSettings)
      .where(presetOf(grant.space.id))
      .orderBy(analyticsSettings.name, analyticsSettings.id);
    return rows.map((row) => toSetting(row, null));
  }

  async createPreset(grant: Grant, body: AnalyticsSettingBody): Promise<AnalyticsSetting> {
    const [row] = await this.db
      .insert(analyticsSettings)
      .values({ spaceId: grant.space.id, userId: null, nodeId: null, ...body })
      .returning();
    return toSetting(row, null);
  }
}
