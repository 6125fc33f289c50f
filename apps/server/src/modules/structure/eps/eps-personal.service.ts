import { EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import { type Grant, type NodeScope, requireAt } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { EpsPersonalRepo } from "./eps-personal.repo.js";

/** Comments on nodes, and what each user keeps for themselves: named node settings and the tree's expanded rows. */
export class EpsPersonalService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  async comments({ grant, node }: NodeScope) {
    const nodeId = node.id;
    const rows = await new EpsPersonalRepo(this.deps.db).comments(grant.space.id, nodeId);
    return rows.map(({ comment, lastName, firstName }) => ({
      id: comment.id,
      nodeId: comment.nodeId,
      userId: comment.userId,
      author: lastName ? `${lastName} ${firstName}` : null,
      text: comment.text,
      createdAt: comment.createdAt.toISOString(),
    }));
  }

  async addComment(scope: NodeScope, text: string) {
    const { grant, node, lineage } = scope;
    const nodeId = node.id;
    await requireAt(this.deps.db, grant, "eps:comment", lineage);
    const comment = await new EpsPersonalRepo(this.deps.db).insertComment({
      spaceId: grant.space.id,
      nodeId,
      userId: grant.userId,
      text,
    });
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "eps_comment_created",
      spaceId: grant.space.id,
      byUserId: grant.userId,
      nodeId,
      commentId: comment.id,
    });
    return (await this.comments(scope)).find((c) => c.id === comment.id)!;
  }

  /** Authors delete their own comments; others need the right to change the node. */
  async deleteComment({ grant, node, lineage }: NodeScope, commentId: string) {
    const nodeId = node.id;
    const repo = new EpsPersonalRepo(this.deps.db);
    const comment = await repo.comment(grant.space.id, nodeId, commentId);
    if (!comment) throw new AppError("NotFound");
    if (comment.userId !== grant.userId) await requireAt(this.deps.db, grant, "eps:write", lineage);
    await repo.deleteComment(commentId);
  }

  async settings(grant: Grant, nodeId: string) {
    const rows = await new EpsPersonalRepo(this.deps.db).settings(grant.space.id, grant.userId, nodeId);
    return rows.map((row) => ({ id: row.id, name: row.name, settings: row.settings, active: row.active }));
  }

  /** Creates (no id) or replaces (id) one of the caller's named settings on the node. */
  async saveSettings(
    grant: Grant,
    nodeId: string,
    body: { id?: string; name: string; settings: Record<string, unknown> },
  ) {
    if (JSON.stringify(body.settings).length > 64_000) throw new AppError("InvalidValue", { field: "settings" });
    const repo = new EpsPersonalRepo(this.deps.db);
    if (body.id) {
      const updated = await repo.updateSettings(grant.space.id, grant.userId, nodeId, body.id, {
        name: body.name,
        settings: body.settings,
        updatedAt: new Date(),
      });
      if (updated.length === 0) throw new AppError("NotFound");
    } else {
      await repo.insertSettings({
        spaceId: grant.space.id,
        userId: grant.userId,
        nodeId,
        name: body.name,
        settings: body.settings,
      });
    }
    return this.settings(grant, nodeId);
  }

  async deleteSettings(grant: Grant, nodeId: string, settingsId: string) {
    const deleted = await new EpsPersonalRepo(this.deps.db).deleteSettings(
      grant.space.id,
      grant.userId,
      nodeId,
      settingsId,
    );
    if (deleted.length === 0) throw new AppError("NotFound");
  }

  async setActive(grant: Grant, nodeId: string, settingsId: string) {
    await this.deps.db.transaction(async (tx) => {
      const repo = new EpsPersonalRepo(tx);
      const updated = await repo.activate(grant.space.id, grant.userId, nodeId, settingsId);
      if (updated.length === 0) throw new AppError("NotFound");
      await repo.deactivateOthers(grant.space.id, grant.userId, nodeId, settingsId);
    });
    return this.settings(grant, nodeId);
  }

  async treeState(grant: Grant) {
    const row = await new EpsPersonalRepo(this.deps.db).treeState(grant.space.id, grant.userId);
    return { expanded: row?.expanded ?? [] };
  }

  async saveTreeState(grant: Grant, expanded: string[]) {
    const values = { spaceId: grant.space.id, userId: grant.userId, expanded, updatedAt: new Date() };
    await new EpsPersonalRepo(this.deps.db).saveTreeState(values);
    return { expanded };
  }
}
