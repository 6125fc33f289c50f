import { COST_CURVES, type CostCurve, type CurvedSetting, type CurvedSettingBody } from "@planum/contracts";
import { and, eq, sql } from "drizzle-orm";
import { analyticsCurvedSettings } from "../../db/schema/index.js";
import type { Grant } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";

/** What a user who never chose sees: every curve, by month, cumulative (the EVM chart as P6 draws it). */
const DEFAULT_SETTING: CurvedSetting = { curves: [...COST_CURVES], period: "month", cumulative: true, saved: false };

/** A user's cost chart in a space (spec §7 "curved settings under /analytics/setting/curved"): their own, one row. */
export class CurvedSettings {
  constructor(private readonly db: Db) {}

  async get(grant: Grant): Promise<CurvedSetting> {
    const [row] = await this.db
      .select()
      .from(analyticsCurvedSettings)
      .where(
        and(eq(analyticsCurvedSettings.spaceId, grant.space.id), eq(analyticsCurvedSettings.userId, grant.userId)),
      );
    if (!row) return DEFAULT_SETTING;
    return {
      // A curve dropped from the list since (a newer version's) is left out rather than refused.
      curves: row.curves.filter((key): key is CostCurve => (COST_CURVES as readonly string[]).includes(key)),
      period: row.period as CurvedSetting["period"],
      cumulative: row.cumulative,
      saved: true,
    };
  }

  async save(grant: Grant, body: CurvedSettingBody): Promise<CurvedSetting> {
    await this.db
      .insert(analyticsCurvedSettings)
      .values({ spaceId: grant.space.id, userId: grant.userId, ...body })
      .onConflictDoUpdate({
        target: [analyticsCurvedSettings.spaceId, analyticsCurvedSettings.userId],
        set: { curves: body.curves, period: body.period, cumulative: body.cumulative, updatedAt: sql`now()` },
      });
    return { ...body, saved: true };
  }
}
