import { EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import { and, asc, eq, ne } from "drizzle-orm";
import { epsComments, epsTreeState, epsUserSettings, users } from "../../../db/schema/index.js";
import { type Grant, type NodeScope, requireAt } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";

/** Comments on nodes, and what each user keeps for themselves: named node settings and the tree's expanded rows. */
export class EpsPersonalService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  async comments({ grant, node }: NodeScope) {
    const nodeId = node.id;
    const rows = await this.deps.db
      .select({ comment: epsComments, lastName: users.lastName, firstName: users.firstName })
      .from(epsComments)
      .leftJoin(users, eq(users.id, epsComments.userId))
      .where(and(eq(epsComments.spaceId, grant.space.id), eq(epsComments.nodeId, nodeId)))
      .orderBy(asc(epsComments.createdAt));
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
    const [comment] = await this.deps.db
      .insert(epsComments)
      .values({ spaceId: grant.space.id, nodeId, userId: grant.userId, text })
      .returning();
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
    const [comment] = await this.deps.db
      .select()
      .from(epsComments)
      .where(
        and(eq(epsComments.spaceId, grant.space.id), eq(epsComments.nodeId, nodeId), eq(epsComments.id, commentId)),
      );
    if (!comment) throw new AppError("NotFound");
    if (comment.userId !== grant.userId) await requireAt(this.deps.db, grant, "eps:write", lineage);
    await this.deps.db.delete(epsComments).where(eq(epsComments.id, commentId));
  }

  async settings(grant: Grant, nodeId: string) {
    const rows = await this.deps.db
      .select()
      .from(epsUserSettings)
      .where(this.mine(grant, nodeId))
      .orderBy(asc(epsUserSettings.name));
    return rows.map((row) => ({ id: row.id, name: row.name, settings: row.settings, active: row.active }));
  }

  private mine(grant: Grant, nodeId: string) {
    return and(
      eq(epsUserSettings.spaceId, grant.space.id),
      eq(epsUserSettings.userId, grant.userId),
      eq(epsUserSettings.nodeId, nodeId),
    );
  }

  /** Creates (no id) or replaces (id) one of the caller's named settings on the node. */
  async saveSettings(
    grant: Grant,
    nodeId: string,
    body: { id?: string; name: string; settings: Record<string, unknown> },
  ) {
    if (JSON.stringify(body.settings).length > 64_000) throw new AppError("InvalidValue", { field: "settings" });
    if (body.id) {
      const updated = await this.deps.db
        .update(epsUserSettings)
        .set({ name: body.name, settings: body.settings, updatedAt: new Date() })
        .where(and(this.mine(grant, nodeId), eq(epsUserSettings.id, body.id)))
        .returning();
      if (updated.length === 0) throw new AppError("NotFound");
    } else {
      await this.deps.db
        .insert(epsUserSettings)
        .values({ spaceId: grant.space.id, userId: grant.userId, nodeId, name: body.name, settings: body.settings });
    }
    return this.settings(grant, nodeId);
  }

  async deleteSettings(grant: Grant, nodeId: string, settingsId: string) {
    const deleted = await this.deps.db
      .delete(epsUserSettings)
      .where(and(this.mine(grant, nodeId), eq(epsUserSettings.id, settingsId)))
      .returning();
    if (deleted.length === 0) throw new AppError("NotFound");
  }

  async setActive(grant: Grant, nodeId: string, settingsId: string) {
    await this.deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(epsUserSettings)
        .set({ active: true })
        .where(and(this.mine(grant, nodeId), eq(epsUserSettings.id, settingsId)))
        .returning();
      if (updated.length === 0) throw new AppError("NotFound");
      await tx
        .update(epsUserSettings)
        .set({ active: false })
        .where(and(this.mine(grant, nodeId), ne(epsUserSettings.id, settingsId)));
    });
    return this.settings(grant, nodeId);
  }

  async treeState(grant: Grant) {
    const [row] = await this.deps.db
      .select()
      .from(epsTreeState)
      .where(and(eq(epsTreeState.spaceId, grant.space.id), eq(epsTreeState.userId, grant.userId)));
    return { expanded: row?.expanded ?? [] };
  }

  async saveTreeState(grant: Grant, expanded: string[]) {
    const values = { spaceId: grant.space.id, userId: grant.userId, expanded, updatedAt: new Date() };
    await this.deps.db
      .insert(epsTreeState)
      .values(values)
      .onConflictDoUpdate({
        target: [epsTreeState.spaceId, epsTreeState.userId],
        set: { expanded, updatedAt: values.updatedAt },
      });
    return { expanded };
  }
}
