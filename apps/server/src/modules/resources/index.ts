import { decodeUsage, type UsageColumns } from "@planum/contracts";
import type { VersionScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { UsageService } from "./usage.service.js";

/**
 * What other modules read of resources: they call these, never the module's files (docs/architecture.md, "Add a
 * module").
 */

/**
 * The resource usage of one version's assignments by week (the resources it uses, their demand against availability
 * per week and the days over it) over the asked days, else the span of its assigned works.
 */
export async function readVersionUsage(
  db: Db,
  scope: VersionScope,
  period: { from?: string; to?: string },
): Promise<UsageColumns> {
  const wire = await new UsageService({ db }).versionGantt(scope, { ...period, scale: "week", by: "resource" });
  return decodeUsage(wire);
}
