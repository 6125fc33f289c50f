import {
  SCOREBOARD_FIGURES,
  type Scoreboard,
  type ScoreboardFigure,
  type ScoreboardItem,
  type ScoreboardQuery,
  type ScoreboardSaveBody,
  type ScoreboardUpdateBody,
} from "@planum/contracts";
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { epsNodes, scoreboardItems } from "../../db/schema/index.js";
import { type Grant, lineage, loadNode } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { AnalyticsService } from "./analytics.service.js";

type ItemRow = typeof scoreboardItems.$inferSelect;

/** The figure a row is ranked by, or null (ranked last whichever the order). */
function rankValue(item: ScoreboardItem, sort: string): number | null {
  if ((SCOREBOARD_FIGURES as readonly string[]).includes(sort)) return item.figures[sort as ScoreboardFigure];
  return item.indicators.find((i) => i.key === sort)?.value ?? null;
}

/**
 * The space's scoreboard (issue 15; spec §7 Scoreboard save, update, get, delete, up, down): rows of structure
 * nodes in a kept order, each with its roll-up read from the analytics (earned value, works counted, indicator values
 * by key), ranked on demand by a figure or an indicator. Reading needs schedule:read space-wide, changing
 * schedule:write (the routes say so); a node or a row of another space is not found, and nothing changes.
 */
export class ScoreboardService {
  constructor(
    private readonly db: Db,
    private readonly analytics: AnalyticsService,
  ) {}

  async get(grant: Grant, query: ScoreboardQuery): Promise<Scoreboard> {
    const rows = await this.db
      .select({ item: scoreboardItems, node: epsNodes })
      .from(scoreboardItems)
      .innerJoin(epsNodes, eq(epsNodes.id, scoreboardItems.nodeId))
      .where(eq(scoreboardItems.spaceId, grant.space.id))
      .orderBy(asc(scoreboardItems.sortOrder), asc(scoreboardItems.createdAt));
    const items: ScoreboardItem[] = [];
    for (const [index, { item, node }] of rows.entries()) {
      const summary = await this.analytics.summary({ grant, node, lineage: lineage(node) });
      const ev = summary.earnedValue;
      items.push({
        id: item.id,
        node: { id: node.id, name: node.name, kind: node.kind },
        title: item.title,
        position: index + 1,
        figures: {
          percent_complete: ev.percentComplete,
          spi: ev.spi,
          cpi: ev.cpi,
          spi_t: ev.schedule?.spit ?? null,
          critical: summary.count.critical,
          delayed: summary.count.delayed,
          max_delay_days: summary.count.maxDelayDays,
        },
        indicators: summary.indicators,
        schedules: summary.versions,
        fresh: summary.fresh,
      });
    }
    const columns = new Map<string, string>();
    for (const item of items) for (const i of item.indicators) if (!columns.has(i.key)) columns.set(i.key, i.name);
    const indicators = [...columns].map(([key, name]) => ({ key, name })).sort((a, b) => a.name.localeCompare(b.name));
    const { sort } = query;
    if (sort) {
      if (!(SCOREBOARD_FIGURES as readonly string[]).includes(sort) && !columns.has(sort))
        throw new AppError("InvalidValue", { field: "sort" });
      const sign = query.order === "asc" ? 1 : -1;
      // A stable sort: rows of equal value keep the kept order; rows without a value go last.
      items.sort((a, b) => {
        const x = rankValue(a, sort);
        const y = rankValue(b, sort);
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        return (x - y) * sign;
      });
    }
    return { items, indicators };
  }

  /** Puts a node of the space at the end of the board (once: a node already there is refused). */
  async save(grant: Grant, body: ScoreboardSaveBody) {
    const node = await loadNode(this.db, grant.space.id, body.nodeId);
    return this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: scoreboardItems.id })
        .from(scoreboardItems)
        .where(and(eq(scoreboardItems.spaceId, grant.space.id), eq(scoreboardItems.nodeId, node.id)));
      if (taken) throw new AppError("ScoreboardNodeTaken");
      const [last] = await tx
        .select({ max: sql<number | null>`max(${scoreboardItems.sortOrder})` })
        .from(scoreboardItems)
        .where(eq(scoreboardItems.spaceId, grant.space.id));
      const [row] = await tx
        .insert(scoreboardItems)
        .values({
          spaceId: grant.space.id,
          nodeId: node.id,
          title: body.title ?? null,
          sortOrder: (last?.max ?? 0) + 1,
        })
        .returning();
      return this.positionOf(tx, row);
    });
  }

  async update(grant: Grant, id: string, body: ScoreboardUpdateBody) {
    const [row] = await this.db
      .update(scoreboardItems)
      .set({ title: body.title })
      .where(and(eq(scoreboardItems.id, id), eq(scoreboardItems.spaceId, grant.space.id)))
      .returning();
    if (!row) throw new AppError("NotFound");
    return this.positionOf(this.db, row);
  }

  async remove(grant: Grant, id: string): Promise<{ id: string }> {
    const [row] = await this.db
      .delete(scoreboardItems)
      .where(and(eq(scoreboardItems.id, id), eq(scoreboardItems.spaceId, grant.space.id)))
      .returning({ id: scoreboardItems.id });
    if (!row) throw new AppError("NotFound");
    return row;
  }

  /** Swaps the row with the one before (up) or after (down) it in the kept order; at the edge nothing moves. */
  async shift(grant: Grant, id: string, direction: "up" | "down") {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(scoreboardItems)
        .where(and(eq(scoreboardItems.id, id), eq(scoreboardItems.spaceId, grant.space.id)))
        .for("update");
      if (!row) throw new AppError("NotFound");
      const [next] = await tx
        .select()
        .from(scoreboardItems)
        .where(
          and(
            eq(scoreboardItems.spaceId, grant.space.id),
            direction === "up"
              ? lt(scoreboardItems.sortOrder, row.sortOrder)
              : gt(scoreboardItems.sortOrder, row.sortOrder),
          ),
        )
        .orderBy(direction === "up" ? desc(scoreboardItems.sortOrder) : asc(scoreboardItems.sortOrder))
        .limit(1);
      if (!next) return this.positionOf(tx, row);
      await tx.update(scoreboardItems).set({ sortOrder: next.sortOrder }).where(eq(scoreboardItems.id, row.id));
      await tx.update(scoreboardItems).set({ sortOrder: row.sortOrder }).where(eq(scoreboardItems.id, next.id));
      return this.positionOf(tx, { ...row, sortOrder: next.sortOrder });
    });
  }

  /** The row's place in the kept order, from 1. */
  private async positionOf(db: DbOrTx, row: ItemRow) {
    const [before] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(scoreboardItems)
      .where(and(eq(scoreboardItems.spaceId, row.spaceId), lt(scoreboardItems.sortOrder, row.sortOrder)));
    return { id: row.id, position: (before?.n ?? 0) + 1 };
  }
}
