import { abilitiesAt, type VersionScope } from "../../../platform/access.js";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { bumpVersion } from "../versions/versions.repo.js";
import {
  applyInverse,
  deleteUndoAction,
  latestUndoId,
  listUndoActions,
  lockVersionRow,
  undoStepsFrom,
  wbsRevisions,
} from "./undo.repo.js";

/**
 * Undo history of a version: every WBS and relation change records its inverse; restore steps back through the
 * history, newest first, down to and including the chosen action (the latest when none is named).
 */
export class UndoService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async list(scope: VersionScope) {
    const rows = await listUndoActions(this.deps.db, scope.grant.space.id, scope.version.id);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  async restore(scope: VersionScope, actionId: number | undefined) {
    const { grant, version } = scope;
    const result = await this.deps.db.transaction(async (tx) => {
      const head = await lockVersionRow(tx, version.id);
      if (!head) throw new AppError("NotFound");
      if (head.locked) throw new AppError("VersionLocked", { label: head.label });
      const from = actionId ?? (await latestUndoId(tx, version.id));
      if (from === undefined) throw new AppError("NotFound");
      const steps = await undoStepsFrom(tx, version.id, from);
      if (steps.length === 0 || steps[steps.length - 1].id !== from) throw new AppError("NotFound");
      await mayRestore(tx, scope, steps);
      // Undoing only work-done plan changes puts plans back, no dates: like the changes themselves, it leaves the
      // version's revision and calculation state alone. Anything else is a change of the version's content.
      const wdpOnly = steps.every((s) => s.kind === "undo_wdp");
      const revision = wdpOnly ? head.revision : await bumpVersion(tx, version.id);
      const wbs = new Set<number>();
      const rels = new Set<number>();
      const deletedWbs = new Set<number>();
      const deletedRelations = new Set<number>();
      const wdp = new Set<number>();
      const assigned = new Set<number>();
      for (const step of steps) {
        const touched = await applyInverse(tx, version.id, step.inverse);
        for (const id of touched.wbs) wbs.add(id);
        for (const id of touched.relations) rels.add(id);
        for (const id of touched.deletedWbs) deletedWbs.add(id);
        for (const id of touched.deletedRelations) deletedRelations.add(id);
        for (const id of touched.wdp) wdp.add(id);
        for (const id of touched.assignments) assigned.add(id);
        await deleteUndoAction(tx, step.id);
      }
      for (const id of deletedWbs) wbs.delete(id);
      const current = await wbsRevisions(tx, [...wbs]);
      return {
        revision,
        wdpOnly,
        undone: steps.map((s) => s.id),
        current,
        rels: [...rels],
        deletedWbs,
        deletedRelations,
        wdp: [...wdp],
        assigned: [...assigned],
      };
    });
    if (!result.wdpOnly) {
      this.deps.events.wbsUpdated(
        grant.space.id,
        grant.userId,
        version.id,
        result.revision,
        "restore",
        result.current,
        [...result.deletedWbs],
      );
      this.deps.events.relationsUpdated(grant.space.id, grant.userId, version.id, result.revision, result.rels, [
        ...result.deletedRelations,
      ]);
    }
    if (result.assigned.length)
      this.deps.events.assignments("assignments_updated", grant.space.id, grant.userId, {
        versionId: version.id,
        itemIds: result.assigned,
        assignmentIds: [],
      });
    if (result.wdp.length) this.deps.events.wdpUpdated(grant.space.id, grant.userId, version.id, "restore", result.wdp);
    return { undone: result.undone, versionRevision: result.revision };
  }
}

/** Approval decisions (wdp-approval.service.ts): what an approver holding only wdp:approve may take back. */
const DECISIONS = new Set(["report_approved", "report_declined"]);

/**
 * Restoring is a change of the version (schedule:write), except for an approver taking back their own decisions:
 * one holding wdp:approve may restore steps that are all approval decisions of theirs.
 */
async function mayRestore(
  db: DbOrTx,
  scope: VersionScope,
  steps: { kind: string; action: string; userId: string | null }[],
) {
  const held = await abilitiesAt(db, scope.grant, scope.lineage);
  if (held.includes("schedule:write")) return;
  const ownDecisions = steps.every(
    (s) => s.kind === "undo_wdp" && DECISIONS.has(s.action) && s.userId === scope.grant.userId,
  );
  if (!held.includes("wdp:approve") || !ownDecisions) throw new AppError("Forbidden");
}
