import { CYCLOGRAM_LOCATION_TYPES, type CyclogramColorBody } from "@planum/contracts";
import { and, eq, sql } from "drizzle-orm";
import { cyclogramColors } from "../../db/schema/index.js";
import type { VersionScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { AttributesService } from "../structure/attributes/attributes.service.js";
import { readVersionGantt } from "../workspace/index.js";
import { buildCyclogram } from "./cyclogram-lines.js";

/**
 * The cyclogram of a version by a location attribute, and the schedule's colours of its work types. Reads the
 * version's Gantt through the workspace (`readVersionGantt`, cached), so the lines show the dates the Gantt shows.
 */
export class CyclogramService {
  constructor(private readonly deps: { db: Db; attributes: AttributesService }) {}

  /** The work attribute `attrId` as the caller sees it; 404 if they cannot, CyclogramNotLocation if it names no place. */
  private async location(scope: VersionScope, attrId: string) {
    const visible = await this.deps.attributes.visible(scope.grant, {
      nodeId: null,
      scheduleId: scope.scheduleId,
      target: "work",
      lineage: scope.lineage,
    });
    const attribute = visible.find((a) => a.id === attrId);
    if (!attribute) throw new AppError("NotFound", { field: "attrId" });
    if (!(CYCLOGRAM_LOCATION_TYPES as readonly string[]).includes(attribute.type))
      throw new AppError("CyclogramNotLocation", { name: attribute.name });
    return attribute;
  }

  async cyclogram(scope: VersionScope, attrId: string) {
    const attribute = await this.location(scope, attrId);
    const [gantt, colors] = await Promise.all([
      readVersionGantt(this.deps.db, scope.version, scope.grant.userId),
      this.colors(scope),
    ]);
    return buildCyclogram(gantt, { ...attribute, listValues: attribute.listValues ?? null }, colors);
  }

  private async colors(scope: VersionScope) {
    const rows = await this.deps.db
      .select({ workType: cyclogramColors.workType, color: cyclogramColors.color })
      .from(cyclogramColors)
      .where(and(eq(cyclogramColors.spaceId, scope.grant.space.id), eq(cyclogramColors.scheduleId, scope.scheduleId)));
    return new Map(rows.map((row) => [row.workType, row.color]));
  }

  /** Keeps a work type's colour for the schedule (every version's cyclogram shows it). */
  async setColor(scope: VersionScope, body: CyclogramColorBody) {
    const color = body.color.toLowerCase();
    const workType = body.workType.trim();
    await this.deps.db
      .insert(cyclogramColors)
      .values({ spaceId: scope.grant.space.id, scheduleId: scope.scheduleId, workType, color })
      .onConflictDoUpdate({
        target: [cyclogramColors.scheduleId, cyclogramColors.workType],
        set: { color, updatedAt: sql`now()` },
      });
    return { workType, color };
  }
}
