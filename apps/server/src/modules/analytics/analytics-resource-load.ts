import { type AnalyticsGraph, type AnalyticsPeriod, decodeUsage } from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import type { UsageService } from "../resources/usage.service.js";

/** Resources a chart draws: the most loaded (a node's schedules may use hundreds; a chart reads a dozen). */
export const GRAPH_RESOURCES = 12;
const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The resource load of some versions (`…/graph`, issue 15): per period, each resource's demand of their assignments
 * against its availability, read through the resources module's usage (the same figures as the resource usage page);
 * only resources these versions use, the most loaded first.
 */
export async function resourceLoadOf(
  usage: UsageService,
  grant: Grant,
  versionIds: string[],
  period: AnalyticsPeriod,
): Promise<AnalyticsGraph> {
  const empty: AnalyticsGraph = { period, periods: [], resources: [], versions: versionIds.length };
  // No version: the usage service would count every schedule of the space.
  if (versionIds.length === 0) return empty;
  const columns = decodeUsage(await usage.usage(grant, { versions: versionIds, scale: period, by: "resource" }));
  const buckets = columns.bucketStarts.length - 1;
  const resources: AnalyticsGraph["resources"] = [];
  for (let r = 0; r < columns.rows.id.length; r++) {
    if (columns.rows.kind[r] !== "resource") continue;
    const demand = Array.from(
      columns.demand.subarray(r * buckets, (r + 1) * buckets),
      (v) => Math.round(v * 1000) / 1000,
    );
    const total = demand.reduce((s, v) => s + v, 0);
    if (total <= 0) continue;
    const availability = Array.from(columns.availability.subarray(r * buckets, (r + 1) * buckets), (v) =>
      Number.isNaN(v) ? null : Math.round(v * 1000) / 1000,
    );
    let overDays = 0;
    for (let b = 0; b < buckets; b++) overDays += columns.overDays[r * buckets + b];
    resources.push({
      id: columns.rows.id[r],
      code: columns.rows.code[r],
      name: columns.rows.name[r],
      unit: columns.rows.unit[r],
      total: Math.round(total * 1000) / 1000,
      demand,
      availability,
      overDays,
    });
  }
  resources.sort((a, b) => b.overDays - a.overDays || b.total - a.total);
  return {
    period,
    periods: columns.bucketStarts.slice(0, buckets).map(dateOf),
    resources: resources.slice(0, GRAPH_RESOURCES),
    versions: versionIds.length,
  };
}
