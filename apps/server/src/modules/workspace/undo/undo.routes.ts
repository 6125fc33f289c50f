import { restoreBody, versionIdParams } from "@planum/contracts";
import { and, desc, eq, gte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { undoActions } from "../../../db/schema/index.js";
import { editVersion, readVersion, type VersionScope } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { ok, typed } from "../../../platform/http.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { bumpVersion } from "../versions/versions.repo.js";
import { applyInverse, UNDO_DEPTH } from "./undo.repo.js";

/**
 * Undo history of a version: every WBS and relation change records its inverse; restore steps back through the
 * history, newest first, down to and including the chosen action (the latest when none is named).
 */
export class UndoService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async list(scope: VersionScope) {
    const rows = await this.deps.db
      .select({
        id: undoActions.id,
        kind: undoActions.kind,
        action: undoActions.action,
        userId: undoActions.userId,
        itemCount: undoActions.itemCount,
        createdAt: undoActions.createdAt,
      })
      .from(undoActions)
      .where(and(eq(undoActions.spaceId, scope.grant.space.id), eq(undoActions.versionId, scope.version.id)))
      .orderBy(desc(undoActions.id))
      .limit(UNDO_DEPTH);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  async restore(scope: VersionScope, actionId: number | undefined) {
    const { grant, version } = scope;
    const result = await this.deps.db.transaction(async (tx) => {
      const revision = await bumpVersion(tx, version.id);
      const [latest] = await tx
        .select({ id: undoActions.id })
        .from(undoActions)
        .where(eq(undoActions.versionId, version.id))
        .orderBy(desc(undoActions.id))
        .limit(1);
      const from = actionId ?? latest?.id;
      if (from === undefined) throw new AppError("NotFound");
      const steps = await tx
        .select()
        .from(undoActions)
        .where(and(eq(undoActions.versionId, version.id), gte(undoActions.id, from)))
        .orderBy(desc(undoActions.id));
      if (steps.length === 0 || steps[steps.length - 1].id !== from) throw new AppError("NotFound");
      const wbs = new Set<number>();
      const rels = new Set<number>();
      const deletedWbs = new Set<number>();
      const deletedRelations = new Set<number>();
      for (const step of steps) {
        const touched = await applyInverse(tx, version.id, step.inverse);
        for (const id of touched.wbs) wbs.add(id);
        for (const id of touched.relations) rels.add(id);
        for (const id of touched.deletedWbs) deletedWbs.add(id);
        for (const id of touched.deletedRelations) deletedRelations.add(id);
        await tx.delete(undoActions).where(eq(undoActions.id, step.id));
      }
      for (const id of deletedWbs) wbs.delete(id);
      const current = wbs.size
        ? await tx.query.wbsItems.findMany({
            columns: { id: true, revision: true },
            where: (t, { inArray }) => inArray(t.id, [...wbs]),
          })
        : [];
      return { revision, undone: steps.map((s) => s.id), current, rels: [...rels], deletedWbs, deletedRelations };
    });
    this.deps.events.wbsUpdated(grant.space.id, grant.userId, version.id, result.revision, "restore", result.current, [
      ...result.deletedWbs,
    ]);
    this.deps.events.relationsUpdated(grant.space.id, grant.userId, version.id, result.revision, result.rels, [
      ...result.deletedRelations,
    ]);
    return { undone: result.undone, versionRevision: result.revision };
  }
}

export function undoModule(ctx: AppContext) {
  const service = new UndoService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  return async function undoRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Undo"];
    app.get("/versions/:id/undo-actions", { schema: { tags, params: versionIdParams } }, async (request) =>
      ok(await service.list(await readVersion(ctx, request, request.params.id))),
    );
    app.post(
      "/versions/:id/restore",
      { schema: { tags, params: versionIdParams, body: restoreBody.optional() } },
      async (request) =>
        ok(await service.restore(await editVersion(ctx, request, request.params.id), request.body?.actionId)),
    );
  };
}
