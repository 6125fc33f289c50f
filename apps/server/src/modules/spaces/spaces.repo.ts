import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { spaceMembers, spaces, storedFiles, users } from "../../db/schema/index.js";
import type { SpaceRow } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";

export type MemberRow = typeof spaceMembers.$inferSelect;
export type MemberUserRow = { member: MemberRow; user: typeof users.$inferSelect };

/** The SQL of spaces and their members. */
export class SpacesRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insert(tx: DbOrTx, values: typeof spaces.$inferInsert): Promise<SpaceRow> {
    const [row] = await tx.insert(spaces).values(values).returning();
    return row;
  }

  async update(spaceId: string, values: Partial<typeof spaces.$inferInsert>, db: DbOrTx = this.db): Promise<SpaceRow> {
    const [row] = await db.update(spaces).set(values).where(eq(spaces.id, spaceId)).returning();
    return row;
  }

  /** Removes the space's rows: every space table cascades from `spaces`. */
  async delete(tx: DbOrTx, spaceId: string) {
    await tx.delete(spaces).where(eq(spaces.id, spaceId));
  }

  /** Live spaces the user is an active member of, oldest first. */
  listOf(userId: string) {
    return this.db
      .select({ space: spaces, role: spaceMembers.role })
      .from(spaces)
      .innerJoin(spaceMembers, eq(spaceMembers.spaceId, spaces.id))
      .where(and(eq(spaceMembers.userId, userId), eq(spaceMembers.status, "active"), isNull(spaces.deletedAt)))
      .orderBy(asc(spaces.createdAt));
  }

  async fileIds(spaceId: string): Promise<string[]> {
    const rows = await this.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.spaceId, spaceId));
    return rows.map((row) => row.id);
  }

  /** Members with their accounts, by name; or only the one of `userId`. */
  members(spaceId: string, userId?: string, db: DbOrTx = this.db): Promise<MemberUserRow[]> {
    return db
      .select({ member: spaceMembers, user: users })
      .from(spaceMembers)
      .innerJoin(users, eq(users.id, spaceMembers.userId))
      .where(and(eq(spaceMembers.spaceId, spaceId), userId ? eq(spaceMembers.userId, userId) : sql`true`))
      .orderBy(asc(users.lastName), asc(users.firstName));
  }

  async insertMember(tx: DbOrTx, values: typeof spaceMembers.$inferInsert): Promise<boolean> {
    const inserted = await tx.insert(spaceMembers).values(values).onConflictDoNothing().returning();
    return inserted.length > 0;
  }

  async member(tx: DbOrTx, spaceId: string, userId: string): Promise<MemberRow | null> {
    const [row] = await tx
      .select()
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)));
    return row ?? null;
  }

  /** The space row, locked until the transaction ends. */
  async lock(tx: DbOrTx, spaceId: string): Promise<SpaceRow> {
    const [row] = await tx.select().from(spaces).where(eq(spaces.id, spaceId)).for("update");
    return row;
  }

  async activeMemberCount(tx: DbOrTx, spaceId: string): Promise<number> {
    const [{ members }] = await tx
      .select({ members: sql<number>`count(*)::int` })
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.status, "active")));
    return members;
  }

  async ownerCount(tx: DbOrTx, spaceId: string): Promise<number> {
    const [{ owners }] = await tx
      .select({ owners: sql<number>`count(*)::int` })
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.role, "owner")));
    return owners;
  }

  /** Removes a membership (its role assignment cascades). */
  async deleteMember(tx: DbOrTx, spaceId: string, userId: string) {
    await tx.delete(spaceMembers).where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)));
  }
}
