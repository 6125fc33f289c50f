import type {
  ChangeForgottenPasswordBody,
  ChangePasswordBody,
  Language,
  RegisterBody,
  ResetPasswordBody,
  UpdateUserBody,
} from "@planum/contracts";
import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { passwordResets, users } from "../../db/schema/index.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Mail } from "../../platform/mail.js";
import { normalizeSecretAnswer, type Passwords } from "../../platform/passwords.js";
import type { Realtime } from "../../platform/realtime.js";
import type { SessionStore, UserRow } from "../../platform/sessions.js";
import type { Storage } from "../../platform/storage.js";
import { hashToken, newToken } from "../../platform/tokens.js";
import type { LoginThrottle } from "../auth/login-throttle.js";
import { resetMail } from "./reset-mail.js";

const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** Finds a user by login or e-mail, case-insensitively (people type either in the same field). */
export async function findByLoginOrEmail(db: Db, loginOrEmail: string): Promise<UserRow | null> {
  const value = loginOrEmail.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.login})`, value), eq(sql`lower(${users.email})`, value)));
  return row ?? null;
}

export class UsersService {
  constructor(
    private readonly deps: {
      db: Db;
      sessions: SessionStore;
      throttle: LoginThrottle;
      mail: Mail;
      passwords: Passwords;
      storage: Storage;
      realtime: Realtime;
      publicUrl: string;
    },
  ) {}

  private async assertUnique(login: string | null, email: string | null, exceptUserId?: string) {
    const { db } = this.deps;
    const exclude = exceptUserId ? ne(users.id, exceptUserId) : sql`true`;
    if (login) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.login})`, login.toLowerCase()), exclude));
      if (taken) throw new AppError("LoginTaken", { field: "login" });
    }
    if (email) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), exclude));
      if (taken) throw new AppError("EmailTaken", { field: "email" });
    }
  }

  async register(body: RegisterBody): Promise<UserRow> {
    const { db } = this.deps;
    await this.assertUnique(body.login, body.email);
    const [passwordHash, secretAnswerHash] = await Promise.all([
      this.deps.passwords.hash(body.password),
      this.deps.passwords.hash(normalizeSecretAnswer(body.secretAnswer)),
    ]);
    // The first account of an installation administers it (reads the mail outbox, system settings).
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
    try {
      const [row] = await db
        .insert(users)
        .values({
          login: body.login,
          email: body.email,
          lastName: body.lastName,
          firstName: body.firstName,
          passwordHash,
          secretQuestion: body.secretQuestion,
          secretAnswerHash,
          language: body.language ?? null,
          privacyPolicyAcceptedAt: new Date(),
          isSystemAdmin: count === 0,
        })
        .returning();
      return row;
    } catch (error) {
      // Two registrations racing for one login: the unique index decides.
      if (
        String(
          (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code,
        ) === "23505"
      )
        throw new AppError("LoginTaken", { field: "login" });
      throw error;
    }
  }

  async login(loginOrEmail: string, password: string, ip: string) {
    const { throttle } = this.deps;
    await throttle.assertAllowed(loginOrEmail, ip);
    const user = await findByLoginOrEmail(this.deps.db, loginOrEmail);
    // Verify against a real hash even for unknown users, so timing does not reveal which logins exist.
    const ok = await this.deps.passwords.verify(user?.passwordHash ?? DUMMY_HASH, password);
    if (!user || !ok) {
      await throttle.recordFailure(loginOrEmail, ip);
      throw new AppError("WrongCredentials");
    }
    await throttle.recordSuccess(loginOrEmail);
    return user;
  }

  async update(user: UserRow, body: UpdateUserBody): Promise<UserRow> {
    if (body.email && body.email.toLowerCase() !== user.email.toLowerCase())
      await this.assertUnique(null, body.email, user.id);
    const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (body.lastName !== undefined) values.lastName = body.lastName;
    if (body.firstName !== undefined) values.firstName = body.firstName;
    if (body.email !== undefined) values.email = body.email;
    if (body.language !== undefined) values.language = body.language;
    if (body.darkMode !== undefined) values.darkMode = body.darkMode;
    if (body.secretQuestion !== undefined) values.secretQuestion = body.secretQuestion;
    if (body.secretAnswer !== undefined)
      values.secretAnswerHash = await this.deps.passwords.hash(normalizeSecretAnswer(body.secretAnswer));
    const [row] = await this.deps.db.update(users).set(values).where(eq(users.id, user.id)).returning();
    return row;
  }

  async setLanguage(user: UserRow, language: Language) {
    return this.update(user, { language });
  }

  async acceptPrivacyPolicy(user: UserRow) {
    const [row] = await this.deps.db
      .update(users)
      .set({ privacyPolicyAcceptedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return row;
  }

  /** A new password ends every other session of the user: whoever knew the old one is signed out. */
  async changePassword(user: UserRow, sessionId: string, body: ChangePasswordBody) {
    if (!(await this.deps.passwords.verify(user.passwordHash, body.oldPassword)))
      throw new AppError("WrongPassword", { field: "oldPassword" });
    await this.setPassword(user.id, body.password);
    await this.deps.sessions.revokeAllOf(user.id, sessionId);
  }

  private async setPassword(userId: string, password: string) {
    await this.deps.db
      .update(users)
      .set({ passwordHash: await this.deps.passwords.hash(password), updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  /** Always answers the same way, so the call cannot be used to learn which e-mails are registered. */
  async requestPasswordReset(email: string, language: Language) {
    const { db, mail } = this.deps;
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
    if (!user) return;
    const token = newToken();
    await db.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${this.deps.publicUrl}/auth/reset-password?token=${token}`;
    await mail.send({ to: user.email, ...resetMail(toMailLanguage(user.language, language), link) });
  }

  async resetPassword(body: ResetPasswordBody) {
    const { db } = this.deps;
    const [reset] = await db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(body.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      );
    if (!reset) throw new AppError("InvalidResetToken");
    await db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.tokenHash, reset.tokenHash), isNull(passwordResets.usedAt)))
        .returning();
      if (used.length === 0) throw new AppError("InvalidResetToken");
      await tx
        .update(users)
        .set({ passwordHash: await this.deps.passwords.hash(body.password), updatedAt: new Date() })
        .where(eq(users.id, reset.userId));
    });
    await this.deps.sessions.revokeAllOf(reset.userId);
    this.deps.realtime.endSession({ userId: reset.userId }, "password_reset");
  }

  async secretQuestion(login: string) {
    const user = await findByLoginOrEmail(this.deps.db, login);
    if (!user) throw new AppError("UserNotFound");
    if (!user.secretQuestion || !user.secretAnswerHash) throw new AppError("NoSecretQuestion");
    return user.secretQuestion;
  }

  /** Restore by secret question; wrong answers count as failed sign-ins, so the answer cannot be brute-forced. */
  async changeForgottenPassword(body: ChangeForgottenPasswordBody, ip: string) {
    const { throttle } = this.deps;
    await throttle.assertAllowed(body.login, ip);
    const user = await findByLoginOrEmail(this.deps.db, body.login);
    if (!user) throw new AppError("UserNotFound");
    if (!user.secretAnswerHash) throw new AppError("NoSecretQuestion");
    if (!(await this.deps.passwords.verify(user.secretAnswerHash, normalizeSecretAnswer(body.secretAnswer)))) {
      await throttle.recordFailure(body.login, ip);
      throw new AppError("WrongSecretAnswer", { field: "secretAnswer" });
    }
    await throttle.recordSuccess(body.login);
    await this.setPassword(user.id, body.password);
    await this.deps.sessions.revokeAllOf(user.id);
    this.deps.realtime.endSession({ userId: user.id }, "password_reset");
  }

  async setAvatar(user: UserRow, file: { bytes: Buffer; mediaType: string; name: string }) {
    const { db, storage } = this.deps;
    const saved = await storage.save(db, { area: "documents", ...file, ownerUserId: user.id });
    const [row] = await db.update(users).set({ avatarFileId: saved.id }).where(eq(users.id, user.id)).returning();
    if (user.avatarFileId) await storage.remove(db, user.avatarFileId);
    return row;
  }

  async deleteAvatar(user: UserRow) {
    const { db, storage } = this.deps;
    const [row] = await db.update(users).set({ avatarFileId: null }).where(eq(users.id, user.id)).returning();
    if (user.avatarFileId) await storage.remove(db, user.avatarFileId);
    return row;
  }

  async avatar(userId: string) {
    const { db, storage } = this.deps;
    const [user] = await db.select({ fileId: users.avatarFileId }).from(users).where(eq(users.id, userId));
    if (!user?.fileId) return null;
    return storage.read(db, user.fileId);
  }
}

const toMailLanguage = (saved: string | null, requested: Language): Language =>
  saved === "ru" || saved === "en" || saved === "fr" ? saved : requested;

/** argon2id hash of a random string, verified against when the login is unknown. */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$4bUljdUJ6GWyoC5KvMN3JA$9Bq+BXRGzeRqkM9g01SuovpKR0pb8snd/fCPj5jICxE";
