import type { EstimateLink } from "@planum/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { estimateLinks, estimatePositions, schedules, versions, wbsItems } from "../../db/schema/index.js";
import type { NodeScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { findEstimate } from "./estimates.repo.js";

/**
 * Links of an estimate's positions to works (issue 19, "by hand"): a position may be spread over several works and a
 * work may take several positions, each link with its share of the position; a position's shares add up to at most
 * 1. The works are those of a version of one of the project's own schedules.
 */
export class EstimateLinks {
  constructor(private readonly deps: { db: Db }) {}

  async list(scope: NodeScope, estimateId: string): Promise<EstimateLink[]> {
    const { db } = this.deps;
    if (!(await findEstimate(db, scope.grant.space.id, scope.node.id, estimateId))) throw new AppError("NotFound");
    const rows = await db
      .select({ link: estimateLinks, code: wbsItems.code, name: wbsItems.name })
      .from(estimateLinks)
      .innerJoin(estimatePositions, eq(estimatePositions.id, estimateLinks.positionId))
      .innerJoin(wbsItems, eq(wbsItems.id, estimateLinks.itemId))
      .where(and(eq(estimatePositions.estimateId, estimateId), eq(estimateLinks.spaceId, scope.grant.space.id)));
    return rows.map(({ link, code, name }) => ({
      id: link.id,
      positionId: link.positionId,
      versionId: link.versionId,
      itemId: link.itemId,
      share: link.share,
      source: link.source,
      work: { code, name },
    }));
  }

  async link(
    scope: NodeScope,
    estimateId: string,
    body: { positionId: string; versionId: string; itemId: number; share: number },
  ) {
    const spaceId = scope.grant.space.id;
    await this.deps.db.transaction(async (tx) => {
      if (!(await findEstimate(tx, spaceId, scope.node.id, estimateId))) throw new AppError("NotFound");
      const [position] = await tx
        .select({ id: estimatePositions.id })
        .from(estimatePositions)
        .where(and(eq(estimatePositions.id, body.positionId), eq(estimatePositions.estimateId, estimateId)));
      const [work] = await tx
        .select({ id: wbsItems.id, type: wbsItems.type })
        .from(wbsItems)
        .innerJoin(versions, eq(versions.id, wbsItems.versionId))
        .innerJoin(schedules, eq(schedules.id, versions.scheduleId))
        .where(
          and(
            eq(wbsItems.id, body.itemId),
            eq(wbsItems.versionId, body.versionId),
            eq(versions.spaceId, spaceId),
            eq(schedules.projectId, scope.node.id),
          ),
        );
      if (!position || !work) throw new AppError("NotFound");
      const others = await tx
        .select({ itemId: estimateLinks.itemId, versionId: estimateLinks.versionId, share: estimateLinks.share })
        .from(estimateLinks)
        .where(eq(estimateLinks.positionId, body.positionId));
      const taken = others
        .filter((l) => !(l.itemId === body.itemId && l.versionId === body.versionId))
        .reduce((sum, l) => sum + l.share, 0);
      if (taken + body.share > 1 + 1e-9)
        throw new AppError("CostrShareExceeded", { share: Math.round((1 - taken) * 1000) / 1000 });
      await tx
        .insert(estimateLinks)
        .values({ spaceId, ...body, source: "manual" })
        .onConflictDoUpdate({
          target: [estimateLinks.positionId, estimateLinks.versionId, estimateLinks.itemId],
          set: { share: body.share },
        });
    });
    return this.list(scope, estimateId);
  }

  async unlink(scope: NodeScope, estimateId: string, linkId: string) {
    const spaceId = scope.grant.space.id;
    const { db } = this.deps;
    if (!(await findEstimate(db, spaceId, scope.node.id, estimateId))) throw new AppError("NotFound");
    const positions = db
      .select({ id: estimatePositions.id })
      .from(estimatePositions)
      .where(eq(estimatePositions.estimateId, estimateId));
    const gone = await db
      .delete(estimateLinks)
      .where(and(eq(estimateLinks.id, linkId), inArray(estimateLinks.positionId, positions)))
      .returning({ id: estimateLinks.id });
    if (gone.length === 0) throw new AppError("NotFound");
    return this.list(scope, estimateId);
  }
}
