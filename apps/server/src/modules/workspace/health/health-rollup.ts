import type { HealthRollup } from "@planum/contracts";
import { inArray } from "drizzle-orm";
import { versionHealth } from "../../../db/schema/index.js";
import type { NodeScope } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { currentVersions, schedulesUnder } from "../../analytics/analytics.repo.js";

/**
 * Schedule health rolled up over a structure node (issue 21): the current version of each schedule below it (the
 * analytics roll-up's choice), each with the score its last calculation kept, and their score weighted by
 * activities. A version never calculated since health existed has no score and is counted apart.
 */
export async function healthRollup(db: DbOrTx, scope: NodeScope): Promise<HealthRollup> {
  const spaceId = scope.grant.space.id;
  const current = await currentVersions(db, spaceId, await schedulesUnder(db, spaceId, scope.node.path));
  const kept = current.length
    ? await db
        .select()
        .from(versionHealth)
        .where(
          inArray(
            versionHealth.versionId,
            current.map((v) => v.id),
          ),
        )
    : [];
  const byVersion = new Map(kept.map((row) => [row.versionId, row]));
  let weighted = 0;
  let weight = 0;
  const versions: HealthRollup["versions"] = [];
  for (const v of current) {
    const row = byVersion.get(v.id);
    if (!row) continue;
    const { score, passed, failed, notApplicable, activities } = row.summary;
    versions.push({ versionId: v.id, scheduleId: v.scheduleId, score, passed, failed, notApplicable, activities });
    weighted += score * Math.max(activities, 1);
    weight += Math.max(activities, 1);
  }
  return {
    score: weight === 0 ? null : Math.round(weighted / weight),
    versions,
    unscored: current.length - versions.length,
  };
}
