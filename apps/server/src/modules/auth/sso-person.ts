import type { Language } from "@planum/contracts";
import type { UserRow } from "../../platform/sessions.js";
import type { UsersService } from "../users/users.service.js";
import type { SsoRepo } from "./sso.repo.js";

/** A person as an identity provider (OpenID Connect, Kerberos) vouches for them. */
export interface SsoIdentity {
  /** Who vouches: the OIDC issuer, or `kerberos:<REALM>`. */
  issuer: string;
  /** The provider's stable name of the person: OIDC `sub`, a Kerberos principal. */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  language: Language | null;
}

/**
 * The account of an identity, the same way for every provider: by (issuer, subject), else linked to the account with
 * the same e-mail, else a new account (the installation's first becomes its administrator).
 */
export async function accountOf(repo: SsoRepo, users: UsersService, identity: SsoIdentity): Promise<UserRow> {
  const { issuer, subject, email } = identity;
  const known = await repo.userOfIdentity(issuer, subject);
  if (known) return known;
  const existing = await users.findByLoginOrEmail(email);
  if (existing && existing.email.toLowerCase() === email.toLowerCase()) {
    await repo.link(issuer, subject, existing.id);
    return existing;
  }
  return users.createForSso(identity, (tx, user) => repo.link(issuer, subject, user.id, tx));
}
