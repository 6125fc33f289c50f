import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { type ErrorCode, NAME_MAX_LENGTH } from "@planum/contracts";
import type { KerberosConfig } from "../../platform/config.js";
import { AppError } from "../../platform/errors.js";
import type { UserRow } from "../../platform/sessions.js";
import type { UsersService } from "../users/users.service.js";
import type { SsoRepo } from "./sso.repo.js";
import type { SsoLog } from "./sso.service.js";
import { accountOf } from "./sso-person.js";

/** The calls of the `kerberos` package used here (its acceptor side, GSSAPI through MIT's libkrb5). */
interface KerberosServerContext {
  username: string;
  response: string;
  contextComplete: boolean;
  step(token: string): Promise<string>;
}
interface KerberosModule {
  initializeServer(service: string): Promise<KerberosServerContext>;
}

let kerberosModule: Promise<KerberosModule | null> | undefined;

/**
 * `kerberos` is an optional dependency: a native module that compiles only where libkrb5-dev is installed, so an
 * installation without it still installs and runs, and says so at this route. The name is in a variable so that
 * neither the type check nor a bundler requires the package.
 */
function loadKerberos(): Promise<KerberosModule | null> {
  const name = "kerberos";
  kerberosModule ??= import(name).then(
    (loaded: { default?: KerberosModule } & KerberosModule) => loaded.default ?? loaded,
    () => null,
  );
  return kerberosModule;
}

/** A user principal: `name@REALM`, the name fit for an e-mail's local part (no `host/…` service principals). */
const USER_PRINCIPAL = /^([A-Za-z0-9._-]+)@([A-Za-z0-9.-]+)$/;

/**
 * Kerberos (SPNEGO) sign-on: the browser of a person signed in to the organisation's domain answers the
 * `WWW-Authenticate: Negotiate` challenge with a service ticket for this installation, which is checked against the
 * installation's keytab. The principal (`alice@EXAMPLE.COM`) is the identity; its account is found, linked by the
 * e-mail `alice@<email domain>`, or made.
 */
export class KerberosSignOn {
  constructor(
    private readonly deps: {
      config: KerberosConfig | null;
      repo: SsoRepo;
      users: UsersService;
      log: SsoLog;
    },
  ) {}

  /** Why no sign-on can be tried here (not configured, module or keytab missing); null when it can. */
  async unavailable(): Promise<string | null> {
    const { config } = this.deps;
    if (!config) return "not configured (PLANUM_KERBEROS_KEYTAB)";
    if (!(await loadKerberos())) return "the optional kerberos module is not installed (needs libkrb5-dev)";
    try {
      await access(config.keytab, constants.R_OK);
    } catch {
      return "the keytab cannot be read";
    }
    return null;
  }

  /**
   * Checks the `Authorization: Negotiate …` header's ticket and gives the account of its principal, with the
   * acceptor's answer token for mutual authentication. Nothing is written before the ticket has been verified.
   */
  async signIn(authorization: string): Promise<{ user: UserRow; response: string }> {
    const unavailable = await this.unavailable();
    if (unavailable) this.fail("KerberosUnavailable", unavailable);
    const config = this.deps.config as KerberosConfig;
    const token = /^Negotiate\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization)?.[1];
    // A browser outside the domain offers NTLM under Negotiate (its token starts "NTLMSSP", base64 "TlRMTVNTUA").
    if (!token || token.startsWith("TlRMTVNTUA")) this.fail("KerberosNoTicket", "no Kerberos token offered");
    const kerberos = (await loadKerberos()) as KerberosModule;
    // MIT's library finds the acceptor's keys through this variable only; every sign-in of this process uses the same.
    process.env.KRB5_KTNAME = `FILE:${config.keytab}`;
    let principal: string;
    let response: string;
    try {
      const context = await kerberos.initializeServer(config.service);
      await context.step(token);
      if (!context.contextComplete || !context.username) throw new Error("the exchange needs more steps");
      principal = context.username;
      response = context.response ?? "";
    } catch (error) {
      // GSSAPI's messages name the failed check (bad token, clock skew, wrong key), never the ticket itself.
      this.fail("KerberosFailed", error instanceof Error ? error.message : "ticket refused");
    }
    const parts = USER_PRINCIPAL.exec(principal);
    if (!parts) this.fail("KerberosFailed", "not a user principal");
    const [, name, realm] = parts;
    const email = `${name.toLowerCase()}@${config.emailDomain ?? realm.toLowerCase()}`;
    const user = await accountOf(this.deps.repo, this.deps.users, {
      issuer: `kerberos:${realm}`,
      subject: principal,
      email,
      firstName: name.slice(0, NAME_MAX_LENGTH),
      lastName: "-",
      language: null,
    });
    return { user, response };
  }

  private fail(code: ErrorCode, reason: string): never {
    this.deps.log.warn({ provider: "kerberos", reason }, "single sign-on refused");
    throw new AppError(code);
  }
}
