import type { AnalyticsNavigator } from "@planum/contracts";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { analyticsCheckedNodes, epsNodes } from "../../db/schema/index.js";
import { type Grant, lineage, type NodeScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import type { AnalyticsService } from "./analytics.service.js";

/** The children of `parentId` (the space's roots when null) the caller ticked, with their paths. */
export async function tickedChildren(db: DbOrTx, grant: Grant, parentId: string | null) {
  return db
    .select({ id: epsNodes.id, path: epsNodes.path })
    .from(analyticsCheckedNodes)
    .innerJoin(epsNodes, eq(epsNodes.id, analyticsCheckedNodes.nodeId))
    .where(
      and(
        eq(analyticsCheckedNodes.spaceId, grant.space.id),
        eq(analyticsCheckedNodes.userId, grant.userId),
        parentId === null ? isNull(epsNodes.parentId) : eq(epsNodes.parentId, parentId),
      ),
    );
}

/**
 * The analytics navigator (spec §7 EPS analytics navigate / set-checked): a node's children with the figures of their
 * roll-ups, and the caller's ticks — a node with ticked children rolls up only theirs in the caller's dashboards
 * (AnalyticsService.versionsOf), so one compares a chosen few projects without a new node for them.
 */
export class AnalyticsNavigatorService {
  constructor(
    private readonly db: Db,
    private readonly analytics: AnalyticsService,
  ) {}

  async navigate(scope: NodeScope): Promise<AnalyticsNavigator> {
    const { grant, node } = scope;
    const children = await this.db
      .select()
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, grant.space.id), eq(epsNodes.parentId, node.id)))
      .orderBy(asc(epsNodes.sortOrder), asc(epsNodes.name));
    const ticked = new Set((await tickedChildren(this.db, grant, node.id)).map((t) => t.id));
    const rows: AnalyticsNavigator["children"] = [];
    for (const child of children) {
      const summary = await this.analytics.summary({ grant, node: child, lineage: lineage(child) }, true);
      const ev = summary.earnedValue;
      rows.push({
        id: child.id,
        name: child.name,
        kind: child.kind,
        checked: ticked.has(child.id),
        schedules: summary.versions,
        percentComplete: ev.percentComplete,
        spi: ev.spi,
        cpi: ev.cpi,
        delayed: summary.count.delayed,
        fresh: summary.fresh,
      });
    }
    return {
      node: { id: node.id, name: node.name, kind: node.kind },
      filtered: ticked.size > 0,
      children: rows,
    };
  }

  /** Ticks or unticks a node for the caller (their own choice: reading its schedules is enough). */
  async setChecked(scope: NodeScope, checked: boolean): Promise<{ id: string; checked: boolean }> {
    const { grant, node } = scope;
    if (checked)
      await this.db
        .insert(analyticsCheckedNodes)
        .values({ spaceId: grant.space.id, userId: grant.userId, nodeId: node.id })
        .onConflictDoNothing();
    else
      await this.db
        .delete(analyticsCheckedNodes)
        .where(and(eq(analyticsCheckedNodes.userId, grant.userId), inArray(analyticsCheckedNodes.nodeId, [node.id])));
    return { id: node.id, checked };
  }
}
