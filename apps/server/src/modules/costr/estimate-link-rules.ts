import type { EstimateLinkRuleResult, estimateLinkRuleBody } from "@planum/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  attributes,
  directories,
  directoryRows,
  estimateLinks,
  estimatePositions,
  schedules,
  versions,
  wbsDirectoryLinks,
  wbsItems,
} from "../../db/schema/index.js";
import type { NodeScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { findEstimate } from "./estimates.repo.js";

type RuleBody = z.output<typeof estimateLinkRuleBody>;
type Work = { id: number; code: string; name: string };

/** Rule links carry their rule in `source` (rule_code …), so a rerun replaces exactly that rule's links. */
const ruleSource = (by: RuleBody["by"]) => `rule_${by}`;
/** Codes as estimators and planners type them: spaces around and letter case do not matter. */
const normal = (text: string) => text.trim().toLocaleLowerCase();
const EPSILON = 1e-9;

/**
 * Links by a rule (issue 19): each position of an estimate goes to the works of a version whose code, work attribute
 * or linked directory row equals the position's norm code (or number, or name). A position matching several works is
 * shared equally among them within the share its other links (by hand, by other rules, to other versions) leave; works
 * it is already linked to keep their links. A preview says the same without writing; applying replaces the same
 * rule's earlier links of that version in one transaction.
 */
export class EstimateLinkRules {
  constructor(private readonly deps: { db: Db }) {}

  async run(scope: NodeScope, estimateId: string, body: RuleBody): Promise<EstimateLinkRuleResult> {
    const spaceId = scope.grant.space.id;
    const work = (tx: DbOrTx) => this.plan(tx, scope, estimateId, body);
    if (!body.apply) return (await work(this.deps.db)).result;
    return this.deps.db.transaction(async (tx) => {
      const planned = await work(tx);
      const positions = tx
        .select({ id: estimatePositions.id })
        .from(estimatePositions)
        .where(eq(estimatePositions.estimateId, estimateId));
      await tx
        .delete(estimateLinks)
        .where(
          and(
            inArray(estimateLinks.positionId, positions),
            eq(estimateLinks.versionId, body.versionId),
            eq(estimateLinks.source, ruleSource(body.by)),
          ),
        );
      for (let start = 0; start < planned.rows.length; start += 5000)
        await tx.insert(estimateLinks).values(
          planned.rows.slice(start, start + 5000).map((r) => ({
            spaceId,
            positionId: r.positionId,
            versionId: body.versionId,
            itemId: r.itemId,
            share: r.share,
            source: ruleSource(body.by),
          })),
        );
      return { ...planned.result, applied: true };
    });
  }

  private async plan(tx: DbOrTx, scope: NodeScope, estimateId: string, body: RuleBody) {
    const spaceId = scope.grant.space.id;
    if (!(await findEstimate(tx, spaceId, scope.node.id, estimateId))) throw new AppError("NotFound");
    const [version] = await tx
      .select({ id: versions.id })
      .from(versions)
      .innerJoin(schedules, eq(schedules.id, versions.scheduleId))
      .where(
        and(eq(versions.id, body.versionId), eq(versions.spaceId, spaceId), eq(schedules.projectId, scope.node.id)),
      );
    if (!version) throw new AppError("NotFound", { field: "versionId" });
    const byKey = await this.worksByKey(tx, spaceId, body);
    const positions = await tx
      .select({
        id: estimatePositions.id,
        num: estimatePositions.num,
        normCode: estimatePositions.normCode,
        name: estimatePositions.name,
      })
      .from(estimatePositions)
      .where(eq(estimatePositions.estimateId, estimateId))
      .orderBy(estimatePositions.sortOrder);
    // Every link of these positions but this rule's own in this version (those are what a rerun replaces).
    const kept = await tx
      .select({
        positionId: estimateLinks.positionId,
        versionId: estimateLinks.versionId,
        itemId: estimateLinks.itemId,
        share: estimateLinks.share,
        source: estimateLinks.source,
      })
      .from(estimateLinks)
      .innerJoin(estimatePositions, eq(estimatePositions.id, estimateLinks.positionId))
      .where(eq(estimatePositions.estimateId, estimateId));
    const taken = new Map<string, { share: number; items: Set<number> }>();
    for (const l of kept) {
      if (l.versionId === body.versionId && l.source === ruleSource(body.by)) continue;
      const t = taken.get(l.positionId) ?? { share: 0, items: new Set<number>() };
      t.share += l.share;
      if (l.versionId === body.versionId) t.items.add(l.itemId);
      taken.set(l.positionId, t);
    }

    const rows: { positionId: string; itemId: number; share: number }[] = [];
    const result: EstimateLinkRuleResult = {
      applied: false,
      positions: positions.length,
      matched: 0,
      unmatched: 0,
      alreadyLinked: 0,
      links: 0,
      sample: [],
      unmatchedSample: [],
    };
    for (const p of positions) {
      const key = p[body.key];
      const works = key.trim() === "" ? undefined : byKey.get(normal(key));
      const before = taken.get(p.id);
      const free = 1 - (before?.share ?? 0);
      const fresh = (works ?? []).filter((w) => !before?.items.has(w.id));
      if (free <= EPSILON || (fresh.length === 0 && works !== undefined)) {
        result.alreadyLinked++;
        continue;
      }
      if (fresh.length === 0) {
        result.unmatched++;
        if (result.unmatchedSample.length < 20)
          result.unmatchedSample.push({ positionId: p.id, num: p.num, key, name: p.name });
        continue;
      }
      result.matched++;
      const share = free / fresh.length;
      for (const w of fresh) {
        rows.push({ positionId: p.id, itemId: w.id, share });
        if (result.sample.length < 100)
          result.sample.push({
            positionId: p.id,
            num: p.num,
            key,
            itemId: w.id,
            work: { code: w.code, name: w.name },
            share,
          });
      }
    }
    result.links = rows.length;
    return { result, rows };
  }

  /** The version's works by the value the rule compares (normalized), each list in the version's order. */
  private async worksByKey(tx: DbOrTx, spaceId: string, body: RuleBody): Promise<Map<string, Work[]>> {
    const isWork = and(eq(wbsItems.versionId, body.versionId), eq(wbsItems.type, "work"));
    let keyed: (Work & { key: string | null })[];
    if (body.by === "code") {
      keyed = await tx
        .select({ id: wbsItems.id, code: wbsItems.code, name: wbsItems.name, key: wbsItems.code })
        .from(wbsItems)
        .where(isWork)
        .orderBy(wbsItems.id);
    } else if (body.by === "attribute") {
      const attributeId = body.attributeId ?? "";
      const [attribute] = await tx
        .select({ id: attributes.id })
        .from(attributes)
        .where(and(eq(attributes.id, attributeId), eq(attributes.spaceId, spaceId), eq(attributes.target, "work")));
      if (!attribute) throw new AppError("NotFound", { field: "attributeId" });
      keyed = await tx
        .select({
          id: wbsItems.id,
          code: wbsItems.code,
          name: wbsItems.name,
          key: sql<string | null>`${wbsItems.attrs} ->> ${attributeId}`,
        })
        .from(wbsItems)
        .where(and(isWork, sql`${wbsItems.attrs} ? ${attributeId}`))
        .orderBy(wbsItems.id);
    } else {
      const directoryId = body.directoryId ?? "";
      const [directory] = await tx
        .select({ id: directories.id })
        .from(directories)
        .where(and(eq(directories.id, directoryId), eq(directories.spaceId, spaceId)));
      if (!directory) throw new AppError("NotFound", { field: "directoryId" });
      keyed = await tx
        .select({ id: wbsItems.id, code: wbsItems.code, name: wbsItems.name, key: directoryRows.code })
        .from(wbsDirectoryLinks)
        .innerJoin(wbsItems, eq(wbsItems.id, wbsDirectoryLinks.itemId))
        .innerJoin(directoryRows, eq(directoryRows.id, wbsDirectoryLinks.rowId))
        .where(
          and(eq(wbsDirectoryLinks.versionId, body.versionId), eq(wbsDirectoryLinks.directoryId, directoryId), isWork),
        )
        .orderBy(wbsItems.id);
    }
    const byKey = new Map<string, Work[]>();
    for (const w of keyed) {
      if (w.key === null || w.key.trim() === "") continue;
      const k = normal(w.key);
      const list = byKey.get(k);
      const work = { id: w.id, code: w.code, name: w.name };
      if (list) list.push(work);
      else byKey.set(k, [work]);
    }
    return byKey;
  }
}
