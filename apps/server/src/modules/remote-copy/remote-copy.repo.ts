import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  epsNodes,
  remoteExportTokens,
  remoteInstallations,
  schedules,
  spaceMembers,
  spaces,
  users,
} from "../../db/schema/index.js";
import type { Db, DbOrTx } from "../../platform/db.js";

export type RemoteRow = typeof remoteInstallations.$inferSelect;
export type RemoteTokenRow = typeof remoteExportTokens.$inferSelect;

/** The SQL of copies between installations: the installations a space copies from, its export tokens. Per space. */
export class RemoteCopyRepo {
  constructor(readonly db: Db) {}

  listRemotes(spaceId: string) {
    return this.db
      .select()
      .from(remoteInstallations)
      .where(eq(remoteInstallations.spaceId, spaceId))
      .orderBy(remoteInstallations.name, remoteInstallations.id);
  }

  async findRemote(spaceId: string, id: string) {
    const [row] = await this.db
      .select()
      .from(remoteInstallations)
      .where(and(eq(remoteInstallations.spaceId, spaceId), eq(remoteInstallations.id, id)));
    return row ?? null;
  }

  async insertRemote(values: typeof remoteInstallations.$inferInsert) {
    const [row] = await this.db.insert(remoteInstallations).values(values).returning();
    return row;
  }

  async deleteRemote(spaceId: string, id: string) {
    return this.db
      .delete(remoteInstallations)
      .where(and(eq(remoteInstallations.spaceId, spaceId), eq(remoteInstallations.id, id)))
      .returning({ id: remoteInstallations.id });
  }

  listTokens(spaceId: string) {
    return this.db
      .select({ token: remoteExportTokens, login: users.login })
      .from(remoteExportTokens)
      .leftJoin(users, eq(users.id, remoteExportTokens.createdBy))
      .where(eq(remoteExportTokens.spaceId, spaceId))
      .orderBy(desc(remoteExportTokens.createdAt), desc(remoteExportTokens.id));
  }

  async insertToken(values: typeof remoteExportTokens.$inferInsert) {
    const [row] = await this.db.insert(remoteExportTokens).values(values).returning();
    return row;
  }

  deleteToken(spaceId: string, id: string) {
    return this.db
      .delete(remoteExportTokens)
      .where(and(eq(remoteExportTokens.spaceId, spaceId), eq(remoteExportTokens.id, id)))
      .returning({ id: remoteExportTokens.id });
  }

  /** The space an export token opens (a space being deleted opens nothing), marking the token used. */
  async spaceOfToken(tokenHash: string) {
    const [row] = await this.db
      .update(remoteExportTokens)
      .set({ lastUsedAt: sql`now()` })
      .from(spaces)
      .where(
        and(
          eq(remoteExportTokens.tokenHash, tokenHash),
          eq(spaces.id, remoteExportTokens.spaceId),
          sql`${spaces.deletedAt} is null`,
        ),
      )
      .returning({ id: spaces.id, name: spaces.name });
    return row ?? null;
  }

  async sizeOf(spaceId: string) {
    const [projects] = await this.db
      .select({ n: count() })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.kind, "project")));
    const [held] = await this.db.select({ n: count() }).from(schedules).where(eq(schedules.spaceId, spaceId));
    return { projects: projects.n, schedules: held.n };
  }

  /** The space's projects, as another installation may copy them one by one. */
  projectsOf(spaceId: string) {
    return this.db
      .select({ id: epsNodes.id, name: epsNodes.name })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.kind, "project")))
      .orderBy(epsNodes.name, epsNodes.id);
  }

  /** The copied space becomes the caller's own free space: no licence, no deletion, the caller its only owner. */
  async adoptCopy(tx: DbOrTx, spaceId: string, userId: string) {
    await tx
      .update(spaces)
      .set({ paidType: "free", licence: null, deletedAt: null, demo: false, createdBy: userId, createdAt: sql`now()` })
      .where(eq(spaces.id, spaceId));
    await tx
      .insert(spaceMembers)
      .values({ spaceId, userId, role: "owner" })
      .onConflictDoUpdate({
        target: [spaceMembers.spaceId, spaceMembers.userId],
        set: { role: "owner", status: "active" },
      });
  }
}
