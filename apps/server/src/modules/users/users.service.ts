import type {
  ChangeForgottenPasswordBody,
  ChangePasswordBody,
  Language,
  RegisterBody,
  ResetPasswordBody,
  UpdateUserBody,
} from "@planum/contracts";
import { NAME_MAX_LENGTH } from "@planum/contracts";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Mail } from "../../platform/mail.js";
import { normalizeSecretAnswer, type Passwords } from "../../platform/passwords.js";
import type { Realtime } from "../../platform/realtime.js";
import type { SessionStore, UserRow } from "../../platform/sessions.js";
import { isUniqueViolation } from "../../platform/sql.js";
import type { Storage } from "../../platform/storage.js";
import { hashToken, newToken } from "../../platform/tokens.js";
import type { LoginThrottle } from "../auth/login-throttle.js";
import { resetMail } from "./reset-mail.js";
import { type UserChanges, UsersRepo } from "./users.repo.js";

const RESET_TOKEN_TTL_MS = 60 * 60_000;

/**
 * Accounts: registration, credentials, profile, password changes and resets, avatars. Passwords and secret answers
 * are hashed in the worker pool of `platform/passwords.ts`; the SQL is in `users.repo.ts`.
 */
export class UsersService {
  private readonly repo: UsersRepo;

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
      /** Logins that administer the installation from their registration on, besides its first account. */
      systemAdminLogins?: readonly string[];
    },
  ) {
    this.repo = new UsersRepo(deps.db);
  }

  /** By login or e-mail, case-insensitively; other modules look people up through this (an invitation). */
  findByLoginOrEmail(loginOrEmail: string): Promise<UserRow | null> {
    return this.repo.findByLoginOrEmail(loginOrEmail);
  }

  private async assertUnique(login: string | null, email: string | null, exceptUserId?: string) {
    if (login && (await this.repo.loginTaken(login, exceptUserId)))
      throw new AppError("LoginTaken", { field: "login" });
    if (email && (await this.repo.emailTaken(email, exceptUserId)))
      throw new AppError("EmailTaken", { field: "email" });
  }

  async register(body: RegisterBody): Promise<UserRow> {
    await this.assertUnique(body.login, body.email);
    const [passwordHash, secretAnswerHash] = await Promise.all([
      this.deps.passwords.hash(body.password),
      this.deps.passwords.hash(normalizeSecretAnswer(body.secretAnswer)),
    ]);
    // The first account of an installation administers it (reads the mail outbox, loads licences), and so do the
    // logins the installation names (PLANUM_SYSTEM_ADMINS), for when the first account is someone else's.
    const isSystemAdmin =
      (this.deps.systemAdminLogins ?? []).includes(body.login.toLowerCase()) || (await this.repo.count()) === 0;
    try {
      return await this.repo.insert({
        login: body.login,
        email: body.email,
        lastName: body.lastName,
        firstName: body.firstName,
        passwordHash,
        secretQuestion: body.secretQuestion,
        secretAnswerHash,
        language: body.language ?? null,
        privacyPolicyAcceptedAt: new Date(),
        isSystemAdmin,
      });
    } catch (error) {
      // Two registrations racing for one login: the unique index decides.
      if (isUniqueViolation(error)) throw new AppError("LoginTaken", { field: "login" });
      throw error;
    }
  }

  /**
   * The account of a person signing in through single sign-on for the first time: the login is the e-mail's name
   * (numbered when taken), the password a random one nobody knows (a reset by e-mail sets one), no secret question,
   * the privacy policy still to accept. `link` records the provider's identity in the same transaction.
   */
  async createForSso(
    person: { email: string; firstName: string; lastName: string; language: Language | null },
    link: (tx: DbOrTx, user: UserRow) => Promise<void>,
  ): Promise<UserRow> {
    const passwordHash = await this.deps.passwords.hash(newToken());
    const base = loginFromEmail(person.email);
    let login = base;
    for (let n = 2; await this.repo.loginTaken(login); n++) login = `${base.slice(0, NAME_MAX_LENGTH - 4)}${n}`;
    return this.repo.transaction(async (tx) => {
      const isSystemAdmin = (await this.repo.count(tx)) === 0;
      const user = await this.repo.insert(
        {
          login,
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          passwordHash,
          language: person.language,
          isSystemAdmin,
        },
        tx,
      );
      await link(tx, user);
      return user;
    });
  }

  /** The account of these credentials; failures are counted per account and address (throttling). */
  async verifyCredentials(loginOrEmail: string, password: string, ip: string): Promise<UserRow> {
    const { throttle } = this.deps;
    await throttle.assertAllowed(loginOrEmail, ip);
    const user = await this.repo.findByLoginOrEmail(loginOrEmail);
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
    const values: UserChanges = { updatedAt: new Date() };
    if (body.lastName !== undefined) values.lastName = body.lastName;
    if (body.firstName !== undefined) values.firstName = body.firstName;
    if (body.email !== undefined) values.email = body.email;
    if (body.language !== undefined) values.language = body.language;
    if (body.darkMode !== undefined) values.darkMode = body.darkMode;
    if (body.secretQuestion !== undefined) values.secretQuestion = body.secretQuestion;
    if (body.secretAnswer !== undefined)
      values.secretAnswerHash = await this.deps.passwords.hash(normalizeSecretAnswer(body.secretAnswer));
    return this.repo.update(user.id, values);
  }

  async setLanguage(user: UserRow, language: Language) {
    return this.update(user, { language });
  }

  async acceptPrivacyPolicy(user: UserRow) {
    return this.repo.update(user.id, { privacyPolicyAcceptedAt: new Date() });
  }

  /** A new password ends every other session of the user (and their sockets): whoever knew the old one is out. */
  async changePassword(user: UserRow, sessionId: string, body: ChangePasswordBody) {
    if (!(await this.deps.passwords.verify(user.passwordHash, body.oldPassword)))
      throw new AppError("WrongPassword", { field: "oldPassword" });
    await this.setPassword(user.id, body.password);
    await this.deps.sessions.revokeAllOf(user.id, sessionId);
    await this.deps.realtime.endSession({ userId: user.id, exceptSessionId: sessionId }, "password_changed");
  }

  private async setPassword(userId: string, password: string) {
    await this.repo.update(userId, { passwordHash: await this.deps.passwords.hash(password), updatedAt: new Date() });
  }

  /** Always answers the same way, so the call cannot be used to learn which e-mails are registered. */
  async requestPasswordReset(email: string, language: Language) {
    const user = await this.repo.findByEmail(email);
    if (!user) return;
    const token = newToken();
    await this.repo.insertReset({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${this.deps.publicUrl}/auth/reset-password?token=${token}`;
    await this.deps.mail.send({ to: user.email, ...resetMail(toMailLanguage(user.language, language), link) });
  }

  async resetPassword(body: ResetPasswordBody) {
    const reset = await this.repo.findLiveReset(hashToken(body.token));
    if (!reset) throw new AppError("InvalidResetToken");
    const passwordHash = await this.deps.passwords.hash(body.password);
    await this.repo.transaction(async (tx) => {
      if (!(await this.repo.useReset(tx, reset.tokenHash))) throw new AppError("InvalidResetToken");
      await this.repo.update(reset.userId, { passwordHash, updatedAt: new Date() }, tx);
    });
    await this.endAllSessions(reset.userId);
  }

  async secretQuestion(login: string) {
    const user = await this.repo.findByLoginOrEmail(login);
    if (!user) throw new AppError("UserNotFound");
    if (!user.secretQuestion || !user.secretAnswerHash) throw new AppError("NoSecretQuestion");
    return { question: user.secretQuestion };
  }

  /** Restore by secret question; wrong answers count as failed sign-ins, so the answer cannot be brute-forced. */
  async changeForgottenPassword(body: ChangeForgottenPasswordBody, ip: string) {
    const { throttle } = this.deps;
    await throttle.assertAllowed(body.login, ip);
    const user = await this.repo.findByLoginOrEmail(body.login);
    if (!user) throw new AppError("UserNotFound");
    if (!user.secretAnswerHash) throw new AppError("NoSecretQuestion");
    if (!(await this.deps.passwords.verify(user.secretAnswerHash, normalizeSecretAnswer(body.secretAnswer)))) {
      await throttle.recordFailure(body.login, ip);
      throw new AppError("WrongSecretAnswer", { field: "secretAnswer" });
    }
    await throttle.recordSuccess(body.login);
    await this.setPassword(user.id, body.password);
    await this.endAllSessions(user.id);
  }

  /** Every session of the user ends, and their sockets on every server process are told so and closed. */
  private async endAllSessions(userId: string) {
    await this.deps.sessions.revokeAllOf(userId);
    await this.deps.realtime.endSession({ userId }, "password_reset");
  }

  async setAvatar(user: UserRow, file: { bytes: Buffer; mediaType: string; name: string }) {
    const { db, storage } = this.deps;
    const saved = await storage.save(db, { area: "documents", ...file, ownerUserId: user.id });
    const row = await this.repo.update(user.id, { avatarFileId: saved.id });
    if (user.avatarFileId) await storage.remove(db, user.avatarFileId);
    return row;
  }

  async deleteAvatar(user: UserRow) {
    const { db, storage } = this.deps;
    const row = await this.repo.update(user.id, { avatarFileId: null });
    if (user.avatarFileId) await storage.remove(db, user.avatarFileId);
    return row;
  }

  /** A user's avatar bytes, or 404. */
  async avatar(userId: string) {
    const fileId = await this.repo.avatarFileId(userId);
    const found = fileId ? await this.deps.storage.read(this.deps.db, fileId) : null;
    if (!found) throw new AppError("NotFound");
    return found;
  }
}

const toMailLanguage = (saved: string | null, requested: Language): Language =>
  saved === "ru" || saved === "en" || saved === "fr" ? saved : requested;

/** argon2id hash of a random string, verified against when the login is unknown. */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$4bUljdUJ6GWyoC5KvMN3JA$9Bq+BXRGzeRqkM9g01SuovpKR0pb8snd/fCPj5jICxE";

/** A login made of an e-mail's name: the characters a login allows, short enough for a number after it. */
function loginFromEmail(email: string): string {
  const name = email
    .split("@")[0]
    .replace(/[^A-Za-z0-9._-]/g, "")
    .slice(0, NAME_MAX_LENGTH - 4);
  return name.length >= 2 ? name : `user${name}`;
}
