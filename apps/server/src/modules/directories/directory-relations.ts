import type {
  assignRelationRowsBody,
  createDirectoryRelationBody,
  Directory,
  DirectoryRelation,
  DirectoryRelationWithRows,
  RelationIndicator,
  RelationRecalculation,
  updateRelationRowsBody,
} from "@planum/contracts";
import type { z } from "zod";
import { assertDetailsIn, assertUnlocked, type Grant, type VersionScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { isUniqueViolation } from "../../platform/sql.js";
import type { WorkspaceEvents } from "../../platform/workspace-events.js";
import {
  type AssignmentValues,
  deleteAssignment,
  insertAssignments,
  insertResources,
  listResources,
  updateAssignment,
} from "../resources/resources.repo.js";
import { recordUndo } from "../workspace/undo/undo.repo.js";
import type { DirectoriesService } from "./directories.service.js";
import { assignmentRows, assignmentsBesides, DirectoryRelationsRepo } from "./directory-relations.repo.js";

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Complex relations between two directories (issue 14): the source's rows need quantities of the target's rows per
 * unit of volume. Both directories must be readable by the caller; defining a relation (create, rename, delete)
 * needs attribute:admin, its coefficients write access to the source directory. A version's recalculation gives
 * its works linked to source rows their dependent resources (the target rows, matched to the space's resources by
 * code) through the resources module's exported writers.
 */
export class DirectoryRelations {
  constructor(private readonly deps: { db: Db; directories: DirectoriesService; events: WorkspaceEvents }) {}

  /** Every relation whose two directories the caller may read. */
  async all(grant: Grant): Promise<DirectoryRelation[]> {
    const readable = await this.readable(grant);
    const list = await new DirectoryRelationsRepo(this.deps.db).list(grant.space.id);
    return list.filter((r) => readable.has(r.sourceId) && readable.has(r.targetId)).map((r) => dto(r, readable));
  }

  /** `get-dependent-directories`: the relations from a directory the caller reads. */
  async dependents(grant: Grant, directoryId: string): Promise<DirectoryRelation[]> {
    const readable = await this.readable(grant);
    if (!readable.has(directoryId)) throw new AppError("NotFound", { field: "directoryId" });
    const list = await new DirectoryRelationsRepo(this.deps.db).list(grant.space.id, { sourceId: directoryId });
    return list.filter((r) => readable.has(r.targetId)).map((r) => dto(r, readable));
  }

  async withRows(grant: Grant, id: string, sourceRowId?: string): Promise<DirectoryRelationWithRows> {
    const { relation } = await this.seen(grant, id);
    const rows = await new DirectoryRelationsRepo(this.deps.db).rows(id, sourceRowId);
    return { ...relation, rows };
  }

  async create(grant: Grant, body: z.output<typeof createDirectoryRelationBody>): Promise<DirectoryRelation> {
    const readable = await this.readable(grant);
    const source = readable.get(body.sourceId);
    const target = readable.get(body.targetId);
    if (!source) throw new AppError("NotFound", { field: "sourceId" });
    if (!target) throw new AppError("NotFound", { field: "targetId" });
    if (!source.canAdmin) throw new AppError("Forbidden");
    if (source.id === target.id) throw new AppError("DirectoryRelationSame");
    const repo = new DirectoryRelationsRepo(this.deps.db);
    const taken = () => new AppError("DirectoryRelationTaken", { source: source.name, target: target.name });
    if (await repo.byPair(grant.space.id, source.id, target.id)) throw taken();
    let id: string;
    try {
      id = (
        await repo.insert({
          spaceId: grant.space.id,
          sourceId: source.id,
          targetId: target.id,
          name: body.name ?? `${source.name} → ${target.name}`,
        })
      ).id;
    } catch (error) {
      // two creations of the same pair at once: the unique index decides
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return this.announce(grant, id);
  }

  async rename(grant: Grant, id: string, name: string): Promise<DirectoryRelation> {
    const { relation, source } = await this.seen(grant, id);
    if (!source.canAdmin) throw new AppError("Forbidden");
    await new DirectoryRelationsRepo(this.deps.db).rename(relation.id, name);
    return this.announce(grant, id);
  }

  async delete(grant: Grant, id: string) {
    const { relation, source } = await this.seen(grant, id);
    if (!source.canAdmin) throw new AppError("Forbidden");
    await new DirectoryRelationsRepo(this.deps.db).delete(relation.id);
    this.deps.directories.changed(grant, source.id, source.nodeId, "relations");
    return { id };
  }

  /** Adds pairs of rows (or gives an existing pair its new coefficient), all or nothing. */
  async assignRows(grant: Grant, id: string, body: z.output<typeof assignRelationRowsBody>) {
    const { record: relation, source } = await this.writable(grant, id);
    const repo = new DirectoryRelationsRepo(this.deps.db);
    const sourceIds = new Set((await repo.rowsOf(relation.sourceId)).map((r) => r.id));
    const targetIds = new Set((await repo.rowsOf(relation.targetId)).map((r) => r.id));
    const pairs = new Set<string>();
    body.rows.forEach((r, index) => {
      if (!sourceIds.has(r.sourceRowId)) throw new AppError("NotFound", { field: `rows.${index}.sourceRowId` });
      if (!targetIds.has(r.targetRowId)) throw new AppError("NotFound", { field: `rows.${index}.targetRowId` });
      const pair = `${r.sourceRowId}|${r.targetRowId}`;
      if (pairs.has(pair)) throw new AppError("InvalidValue", { field: `rows.${index}.targetRowId` });
      pairs.add(pair);
    });
    await this.deps.db.transaction((tx) => new DirectoryRelationsRepo(tx).upsertRows(relation.id, body.rows));
    this.deps.directories.changed(grant, source.id, source.nodeId, "relations");
    return this.withRows(grant, id);
  }

  async updateRows(grant: Grant, id: string, body: z.output<typeof updateRelationRowsBody>) {
    const { record: relation, source } = await this.writable(grant, id);
    await this.deps.db.transaction(async (tx) => {
      const found = await new DirectoryRelationsRepo(tx).updateCoefficients(relation.id, body.rows);
      const missing = body.rows.findIndex((r) => !found.has(r.id));
      // a row of another relation (or none) refuses the whole change: the transaction rolls back
      if (missing >= 0) throw new AppError("NotFound", { field: `rows.${missing}.id` });
    });
    this.deps.directories.changed(grant, source.id, source.nodeId, "relations");
    return this.withRows(grant, id);
  }

  async deleteRows(grant: Grant, id: string, ids: string[]) {
    const { record: relation, source } = await this.writable(grant, id);
    const deleted = await new DirectoryRelationsRepo(this.deps.db).deleteRows(relation.id, ids);
    this.deps.directories.changed(grant, source.id, source.nodeId, "relations");
    return { deleted };
  }

  /** A relation by its pair of directories (import and export name the pair). */
  async byPair(grant: Grant, sourceId: string, targetId: string) {
    const found = await new DirectoryRelationsRepo(this.deps.db).byPair(grant.space.id, sourceId, targetId);
    if (!found) throw new AppError("NotFound");
    return found.id;
  }

  /**
   * Replaces every coefficient of a relation by the given lines (an import): codes resolved against both
   * directories, the first bad line refuses all and is named.
   */
  async replaceRows(
    grant: Grant,
    id: string,
    lines: { sourceCode: string; targetCode: string; coefficient: string | number; line: number }[],
  ) {
    const { record: relation, source } = await this.writable(grant, id);
    const repo = new DirectoryRelationsRepo(this.deps.db);
    const sourceOf = new Map((await repo.rowsOf(relation.sourceId)).map((r) => [r.code, r.id]));
    const targetOf = new Map((await repo.rowsOf(relation.targetId)).map((r) => [r.code, r.id]));
    const seen = new Set<string>();
    const rows = lines.map((l) => {
      const sourceRowId = sourceOf.get(l.sourceCode);
      if (!sourceRowId) throw new AppError("DirectoryUnknownRow", { row: l.line, code: l.sourceCode });
      const targetRowId = targetOf.get(l.targetCode);
      if (!targetRowId) throw new AppError("DirectoryUnknownRow", { row: l.line, code: l.targetCode });
      const coefficient = typeof l.coefficient === "number" ? l.coefficient : parseNumber(l.coefficient);
      if (!Number.isFinite(coefficient) || coefficient < 0)
        throw new AppError("DirectoryRelationCoefficient", { row: l.line, value: String(l.coefficient) });
      const pair = `${sourceRowId}|${targetRowId}`;
      if (seen.has(pair))
        throw new AppError("DirectoryRelationDuplicate", { row: l.line, source: l.sourceCode, target: l.targetCode });
      seen.add(pair);
      return { sourceRowId, targetRowId, coefficient };
    });
    await this.deps.db.transaction(async (tx) => {
      const writer = new DirectoryRelationsRepo(tx);
      await writer.deleteRows(relation.id);
      await writer.upsertRows(relation.id, rows);
    });
    this.deps.directories.changed(grant, source.id, source.nodeId, "relations");
    return { relation: await this.one(grant, id), rows: rows.length };
  }

  /**
   * Relations applying to a version: their source directory is seen at its schedule and both are readable. The
   * need of each work is its planned volume × the coefficient, summed per target row.
   */
  private async needs(scope: VersionScope) {
    const seen = new Set(
      (await this.deps.directories.readableAt(scope.grant, scope.lineage)).map((s) => s.directory.id),
    );
    const readable = await this.readable(scope.grant);
    const repo = new DirectoryRelationsRepo(this.deps.db);
    const relations = (await repo.list(scope.grant.space.id)).filter(
      (r) => seen.has(r.sourceId) && readable.has(r.targetId),
    );
    const needs = [];
    for (const relation of relations) {
      const demand = await repo.demand(scope.version.id, relation);
      needs.push({ relation, demand });
    }
    return needs;
  }

  /** `directory-complex-version-indicator`: the version's total need of each target row, per relation. */
  async indicators(scope: VersionScope): Promise<RelationIndicator[]> {
    const out: RelationIndicator[] = [];
    for (const { relation, demand } of await this.needs(scope)) {
      const byRow = new Map<string, RelationIndicator & { items: Set<number> }>();
      for (const d of demand) {
        if (!d.volume) continue;
        let row = byRow.get(d.targetRowId);
        if (!row) {
          row = {
            relationId: relation.id,
            relationName: relation.name,
            targetRowId: d.targetRowId,
            code: d.targetCode,
            name: d.targetName,
            quantity: 0,
            works: 0,
            items: new Set(),
          };
          byRow.set(d.targetRowId, row);
        }
        row.quantity += d.volume * d.coefficient;
        row.items.add(d.itemId);
      }
      const rows = [...byRow.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      for (const { items, ...row } of rows) out.push({ ...row, quantity: round(row.quantity), works: items.size });
    }
    return out;
  }

  /**
   * `recalculate-dependent-resources-version`: each work linked to a source row gets, for every target row it needs,
   * an assignment of the space's resource with that code whose budgeted units are volume × coefficient (summed over
   * relations); a target row without a resource creates one. The relations own those resources on the linked works:
   * an assignment no longer needed is removed unless units were already spent on it. One transaction.
   */
  async recalculate(scope: VersionScope): Promise<RelationRecalculation> {
    assertUnlocked(scope.version);
    assertDetailsIn(scope.version);
    const spaceId = scope.grant.space.id;
    const versionId = scope.version.id;
    const needs = await this.needs(scope);
    const repo = new DirectoryRelationsRepo(this.deps.db);
    // every row of every target directory stands for a resource the relations own (needed or not)
    const targets = new Map<string, string>();
    for (const { relation } of needs)
      for (const row of await repo.rowsOf(relation.targetId))
        if (!targets.has(row.code)) targets.set(row.code, row.name);
    const quantity = new Map<string, number>();
    for (const { demand } of needs)
      for (const d of demand) {
        if (!d.volume) continue;
        const key = `${d.itemId}|${d.targetCode}`;
        quantity.set(key, (quantity.get(key) ?? 0) + d.volume * d.coefficient);
      }
    const neededCodes = new Set([...quantity.keys()].map((k) => k.slice(k.indexOf("|") + 1)));
    const owned = new Set(await repo.linkedWorks(versionId, [...new Set(needs.map((n) => n.relation.sourceId))]));

    return this.deps.db
      .transaction(async (tx) => {
        const resourceOf = new Map<string, string>();
        for (const r of await listResources(tx, spaceId)) if (targets.has(r.code)) resourceOf.set(r.code, r.id);
        const missing = [...neededCodes].filter((code) => !resourceOf.has(code)).sort();
        const created = await insertResources(
          tx,
          missing.map((code) => ({ spaceId, code, name: targets.get(code) || code })),
        );
        for (const r of created) resourceOf.set(r.code, r.id);
        const codeOf = new Map([...resourceOf].map(([code, id]) => [id, code]));
        const existing = await new DirectoryRelationsRepo(tx).assignmentsOf(spaceId, versionId, [
          ...resourceOf.values(),
        ]);
        const result = { works: new Set<number>(), created: 0, updated: 0, removed: 0 };
        // the owned assignments as they are, for the undo of this recalculation
        const before = await assignmentRows(
          tx,
          existing.filter((a) => owned.has(a.itemId)).map((a) => a.id),
        );
        const restore: Record<string, unknown>[] = [];
        const kept = new Set<string>();
        const changedIds: string[] = [];
        for (const a of existing) {
          if (!owned.has(a.itemId)) continue;
          const key = `${a.itemId}|${codeOf.get(a.resourceId)}`;
          const q = quantity.get(key);
          if (kept.has(key)) continue; // a second hand-made assignment of the same pair is left as it is
          kept.add(key);
          if (q === undefined || q <= 0) {
            if (a.actualUnits > 0) continue;
            restore.push(before.get(a.id)!);
            await deleteAssignment(tx, spaceId, a.id);
            result.removed++;
            result.works.add(a.itemId);
            continue;
          }
          const budgeted = round(q);
          const remaining = round(Math.max(0, budgeted - a.actualUnits));
          if (a.budgetedUnits === budgeted && a.remainingUnits === remaining) continue;
          restore.push(before.get(a.id)!);
          await updateAssignment(tx, spaceId, a.id, a.revision, { budgetedUnits: budgeted, remainingUnits: remaining });
          result.updated++;
          result.works.add(a.itemId);
          changedIds.push(a.id);
        }
        const inserts: AssignmentValues[] = [];
        for (const [key, q] of quantity) {
          if (kept.has(key) || q <= 0) continue;
          const bar = key.indexOf("|");
          const itemId = Number(key.slice(0, bar));
          const budgeted = round(q);
          inserts.push({
            spaceId,
            versionId,
            itemId,
            resourceId: resourceOf.get(key.slice(bar + 1))!,
            budgetedUnits: budgeted,
            actualUnits: 0,
            remainingUnits: budgeted,
            curve: "evenly",
          });
          result.works.add(itemId);
        }
        await insertAssignments(tx, inserts);
        result.created = inserts.length;
        if (inserts.length || restore.length)
          await recordUndo(tx, {
            spaceId,
            versionId,
            kind: "undo_wbs",
            action: "relations_recalculate",
            userId: scope.grant.userId,
            itemCount: result.works.size,
            inverse: {
              assignments: {
                remove: inserts.length
                  ? await assignmentsBesides(
                      tx,
                      versionId,
                      [...resourceOf.values()],
                      new Set(existing.map((a) => a.id)),
                    )
                  : [],
                restore,
              },
            },
          });
        return {
          works: result.works.size,
          created: result.created,
          updated: result.updated,
          removed: result.removed,
          resourcesCreated: created.map((r) => r.code),
          announce: () => {
            if (created.length)
              this.deps.events.resourcesUpdated(
                spaceId,
                scope.grant.userId,
                created.map((r) => r.id),
              );
            if (result.works.size)
              this.deps.events.assignments("assignments_updated", spaceId, scope.grant.userId, {
                versionId,
                itemIds: [...result.works],
                assignmentIds: changedIds,
              });
          },
        };
      })
      .then(({ announce, ...answer }) => {
        announce();
        return answer;
      });
  }

  /** The relation and its directories as the caller sees them; 404 when either is not readable. */
  private async seen(grant: Grant, id: string) {
    const found = await new DirectoryRelationsRepo(this.deps.db).get(grant.space.id, id);
    const readable = await this.readable(grant);
    const source = found && readable.get(found.sourceId);
    const target = found && readable.get(found.targetId);
    if (!found || !source || !target) throw new AppError("NotFound");
    return { record: found, relation: await this.one(grant, id, readable), source, target };
  }

  private async writable(grant: Grant, id: string) {
    const seen = await this.seen(grant, id);
    if (seen.source.access !== "write") throw new AppError("Forbidden");
    return { record: seen.record, source: seen.source };
  }

  private async one(grant: Grant, id: string, readable?: Map<string, Directory>) {
    const known = readable ?? (await this.readable(grant));
    const [row] = await new DirectoryRelationsRepo(this.deps.db).list(grant.space.id, { ids: [id] });
    return dto(row, known);
  }

  private async announce(grant: Grant, id: string) {
    const relation = await this.one(grant, id);
    const source = (await this.readable(grant)).get(relation.sourceId)!;
    this.deps.directories.changed(grant, source.id, source.nodeId, "relations");
    return relation;
  }

  private async readable(grant: Grant) {
    return new Map((await this.deps.directories.all(grant)).map((d) => [d.id, d]));
  }
}

type Listed = Awaited<ReturnType<DirectoryRelationsRepo["list"]>>[number];

function dto(row: Listed, readable: Map<string, Directory>): DirectoryRelation {
  return { ...row, canEdit: readable.get(row.sourceId)?.access === "write" };
}

/** A coefficient typed in a file: a decimal comma is a decimal point (Russian and French spreadsheets). */
function parseNumber(text: string) {
  const trimmed = text.trim().replace(/\s/g, "").replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
}
