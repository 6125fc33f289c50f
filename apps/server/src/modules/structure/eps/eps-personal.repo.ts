import { and, asc, eq, ne } from "drizzle-orm";
import { epsComments, epsTreeState, epsUserSettings, users } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

type Settings = Record<string, unknown>;

/** Comments on nodes, each user's named node settings and their tree state; every read filtered by space. */
export class EpsPersonalRepo {
  constructor(private readonly db: DbOrTx) {}

  /** A node's comments in their order, with their authors' names. */
  async comments(spaceId: string, nodeId: string) {
    return this.db
      .select({ comment: epsComments, lastName: users.lastName, firstName: users.firstName })
      .from(epsComments)
      .leftJoin(users, eq(users.id, epsComments.userId))
      .where(and(eq(epsComments.spaceId, spaceId), eq(epsComments.nodeId, nodeId)))
      .orderBy(asc(epsComments.createdAt));
  }

  async insertComment(values: typeof epsComments.$inferInsert) {
    const [comment] = await this.db.insert(epsComments).values(values).returning();
    return comment;
  }

  async comment(spaceId: string, nodeId: string, commentId: string) {
    const [comment] = await this.db
      .select()
      .from(epsComments)
      .where(and(eq(epsComments.spaceId, spaceId), eq(epsComments.nodeId, nodeId), eq(epsComments.id, commentId)));
    return comment;
  }

  async deleteComment(commentId: string) {
    await this.db.delete(epsComments).where(eq(epsComments.id, commentId));
  }

  private mine(spaceId: string, userId: string, nodeId: string) {
    return and(
      eq(epsUserSettings.spaceId, spaceId),
      eq(epsUserSettings.userId, userId),
      eq(epsUserSettings.nodeId, nodeId),
    );
  }

  /** A user's named settings on a node, by name. */
  async settings(spaceId: string, userId: string, nodeId: string) {
    return this.db
      .select()
      .from(epsUserSettings)
      .where(this.mine(spaceId, userId, nodeId))
      .orderBy(asc(epsUserSettings.name));
  }

  /** Replaces one of the user's settings; the rows changed (none: not theirs). */
  async updateSettings(
    spaceId: string,
    userId: string,
    nodeId: string,
    id: string,
    set: { name: string; settings: Settings; updatedAt: Date },
  ) {
    return this.db
      .update(epsUserSettings)
      .set(set)
      .where(and(this.mine(spaceId, userId, nodeId), eq(epsUserSettings.id, id)))
      .returning();
  }

  async insertSettings(values: typeof epsUserSettings.$inferInsert) {
    await this.db.insert(epsUserSettings).values(values);
  }

  /** Deletes one of the user's settings; the rows deleted (none: not theirs). */
  async deleteSettings(spaceId: string, userId: string, nodeId: string, id: string) {
    return this.db
      .delete(epsUserSettings)
      .where(and(this.mine(spaceId, userId, nodeId), eq(epsUserSettings.id, id)))
      .returning();
  }

  /** Marks one of the user's settings active; the rows changed (none: not theirs). */
  async activate(spaceId: string, userId: string, nodeId: string, id: string) {
    return this.db
      .update(epsUserSettings)
      .set({ active: true })
      .where(and(this.mine(spaceId, userId, nodeId), eq(epsUserSettings.id, id)))
      .returning();
  }

  /** Clears the active mark on the user's other settings of the node. */
  async deactivateOthers(spaceId: string, userId: string, nodeId: string, id: string) {
    await this.db
      .update(epsUserSettings)
      .set({ active: false })
      .where(and(this.mine(spaceId, userId, nodeId), ne(epsUserSettings.id, id)));
  }

  async treeState(spaceId: string, userId: string) {
    const [row] = await this.db
      .select()
      .from(epsTreeState)
      .where(and(eq(epsTreeState.spaceId, spaceId), eq(epsTreeState.userId, userId)));
    return row;
  }

  async saveTreeState(values: { spaceId: string; userId: string; expanded: string[]; updatedAt: Date }) {
    await this.db
      .insert(epsTreeState)
      .values(values)
      .onConflictDoUpdate({
        target: [epsTreeState.spaceId, epsTreeState.userId],
        set: { expanded: values.expanded, updatedAt: values.updatedAt },
      });
  }
}
