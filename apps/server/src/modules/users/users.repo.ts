import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { passwordResets, users } from "../../db/schema/index.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import type { UserRow } from "../../platform/sessions.js";

export type UserInsert = typeof users.$inferInsert;
export type UserChanges = Partial<UserInsert>;

/** The SQL of accounts: users and their password-reset tokens. Logins and e-mails compare case-insensitively. */
export class UsersRepo {
  constructor(private readonly db: Db) {}

  /** By login or e-mail, case-insensitively (people type either in the same field). */
  async findByLoginOrEmail(loginOrEmail: string): Promise<UserRow | null> {
    const value = loginOrEmail.trim().toLowerCase();
    const [row] = await this.db
      .select()
      .from(users)
      .where(or(eq(sql`lower(${users.login})`, value), eq(sql`lower(${users.email})`, value)));
    return row ?? null;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
    return row ?? null;
  }

  /** Whether another account (not `exceptUserId`) already has this login or e-mail. */
  async loginTaken(login: string, exceptUserId?: string) {
    return this.taken(sql`lower(${users.login})`, login, exceptUserId);
  }

  async emailTaken(email: string, exceptUserId?: string) {
    return this.taken(sql`lower(${users.email})`, email, exceptUserId);
  }

  private async taken(column: ReturnType<typeof sql>, value: string, exceptUserId?: string) {
    const exclude = exceptUserId ? ne(users.id, exceptUserId) : sql`true`;
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(column, value.toLowerCase()), exclude));
    return Boolean(row);
  }

  async count(db: DbOrTx = this.db): Promise<number> {
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
    return count;
  }

  async insert(values: UserInsert, db: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row;
  }

  async update(userId: string, values: UserChanges, db: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
    return row;
  }

  async avatarFileId(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ fileId: users.avatarFileId }).from(users).where(eq(users.id, userId));
    return row?.fileId ?? null;
  }

  async insertReset(values: typeof passwordResets.$inferInsert) {
    await this.db.insert(passwordResets).values(values);
  }

  /** An unused, unexpired reset token by its hash. */
  async findLiveReset(tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      );
    return row ?? null;
  }

  /** Marks a reset token used; false when another call used it first. */
  async useReset(tx: DbOrTx, tokenHash: string): Promise<boolean> {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
      .returning();
    return used.length > 0;
  }

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
