import type { LoginBody, RegisterBody, Session } from "@planum/contracts";
import type { Realtime } from "../../platform/realtime.js";
import type { AuthContext, SessionStore, UserRow } from "../../platform/sessions.js";
import { toUserDto } from "../users/user-dto.js";
import type { UsersService } from "../users/users.service.js";

/** Where a sign-in comes from, kept with the session. */
export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

/** Sessions: signing in (with the credentials or right after registering) and signing out. */
export class AuthService {
  constructor(private readonly deps: { users: UsersService; sessions: SessionStore; realtime: Realtime }) {}

  async login(body: LoginBody, client: ClientMeta): Promise<Session> {
    const user = await this.deps.users.verifyCredentials(body.login, body.password, client.ip);
    return this.startSession(user, client);
  }

  async registerAndLogin(body: RegisterBody, client: ClientMeta): Promise<Session> {
    return this.startSession(await this.deps.users.register(body), client);
  }

  /** Revokes the token at once: it stops working for the API, and its sockets on every process are closed. */
  async logout(auth: AuthContext) {
    await this.deps.sessions.revoke(auth.sessionId);
    await this.deps.realtime.endSession({ sessionId: auth.sessionId }, "logout");
  }

  /** A session for a person the identity provider has vouched for (single sign-on). */
  async ssoSession(user: UserRow, client: ClientMeta): Promise<Session> {
    return this.startSession(user, client);
  }

  private async startSession(user: UserRow, client: ClientMeta): Promise<Session> {
    const { token, expiresAt } = await this.deps.sessions.create(user.id, client);
    return { token, expiresAt: expiresAt.toISOString(), user: toUserDto(user) };
  }
}
