import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { licenceRequests, licences, spaceMembers, spaces, users } from "../../db/schema/index.js";
import type { SpaceRow } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";

export type LicenceRow = typeof licences.$inferSelect;
export type LicenceRequestRow = typeof licenceRequests.$inferSelect;

/** The SQL of licences, their spaces' licence in force, feature seats and checkout requests. */
export class LicencesRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Every licence of the installation with its space's name and row, newest expiry first. */
  all(db: DbOrTx = this.db) {
    return db
      .select({ licence: licences, space: spaces })
      .from(licences)
      .innerJoin(spaces, eq(spaces.id, licences.spaceId))
      .where(isNull(spaces.deletedAt))
      .orderBy(desc(licences.expiresAt), asc(licences.number));
  }

  async byId(id: string, tx: DbOrTx = this.db): Promise<LicenceRow | null> {
    const [row] = await tx.select().from(licences).where(eq(licences.id, id));
    return row ?? null;
  }

  async byNumber(tx: DbOrTx, number: string): Promise<LicenceRow | null> {
    const [row] = await tx.select().from(licences).where(eq(licences.number, number));
    return row ?? null;
  }

  ofSpace(tx: DbOrTx, spaceId: string): Promise<LicenceRow[]> {
    return tx.select().from(licences).where(eq(licences.spaceId, spaceId));
  }

  async insert(tx: DbOrTx, values: typeof licences.$inferInsert): Promise<LicenceRow> {
    const [row] = await tx.insert(licences).values(values).returning();
    return row;
  }

  async delete(tx: DbOrTx, id: string) {
    await tx.delete(licences).where(eq(licences.id, id));
  }

  /** A live space, locked until the transaction ends: loads, deletions and seat changes of one space queue. */
  async lockSpace(tx: DbOrTx, spaceId: string): Promise<SpaceRow | null> {
    const [row] = await tx
      .select()
      .from(spaces)
      .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt)))
      .for("update");
    return row ?? null;
  }

  async setSpaceLicence(tx: DbOrTx, spaceId: string, values: Pick<SpaceRow, "licence" | "paidType">) {
    await tx.update(spaces).set(values).where(eq(spaces.id, spaceId));
  }

  /** Active members with their accounts, in seat order: owners first, then by joining (as the access check counts). */
  seats(spaceId: string, db: DbOrTx = this.db) {
    return db
      .select({ member: spaceMembers, user: users })
      .from(spaceMembers)
      .innerJoin(users, eq(users.id, spaceMembers.userId))
      .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.status, "active")))
      .orderBy(sql`${spaceMembers.role} = 'owner' desc`, asc(spaceMembers.joinedAt), asc(spaceMembers.userId));
  }

  async seatCounts(tx: DbOrTx, spaceId: string) {
    const [row] = await tx
      .select({
        members: sql<number>`count(*)::int`,
        estimate: sql<number>`count(*) filter (where ${spaceMembers.estimateSeat})::int`,
        bim: sql<number>`count(*) filter (where ${spaceMembers.bimSeat})::int`,
      })
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.status, "active")));
    return row;
  }

  async member(tx: DbOrTx, spaceId: string, userId: string) {
    const [row] = await tx
      .select()
      .from(spaceMembers)
      .where(
        and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId), eq(spaceMembers.status, "active")),
      );
    return row ?? null;
  }

  async setSeats(tx: DbOrTx, spaceId: string, userId: string, seats: { estimateSeat: boolean; bimSeat: boolean }) {
    await tx
      .update(spaceMembers)
      .set(seats)
      .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)));
  }

  async insertRequest(values: typeof licenceRequests.$inferInsert): Promise<LicenceRequestRow> {
    const [row] = await this.db.insert(licenceRequests).values(values).returning();
    return row;
  }

  requests(spaceId: string): Promise<LicenceRequestRow[]> {
    return this.db
      .select()
      .from(licenceRequests)
      .where(eq(licenceRequests.spaceId, spaceId))
      .orderBy(desc(licenceRequests.createdAt));
  }
}
