import path from "node:path";
import { IDLE_MINUTES_DEFAULT, RISK_MAX_ITERATIONS } from "@planum/contracts";
import { defaultHashThreads } from "./passwords.js";

/** Everything the server reads from its environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches from the embedded database to a PostgreSQL server. */
  databaseUrl: string | null;
  /** Public address used in e-mailed links. */
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  idleMinutes: number;
  tokenTtlHours: number;
  maxUploadBytes: number;
  /** The largest backup the backup area takes. */
  maxBackupBytes: number;
  mode: "production" | "development" | "test";
  /** Folder of the built web app, served at `/` when present. */
  webDist: string | null;
  logLevel: string;
  /** Shared buffers of the embedded database; more caches more pages of big schedules at the cost of memory. */
  sharedBuffers: string;
  /** What this process does: `all` (API, sockets and jobs), `web` (API and sockets) or `worker` (jobs only). */
  role: "all" | "web" | "worker";
  /** The pg-boss queue of the installation (processes sharing a database share it). */
  jobQueue: string;
  /** Seconds a stopping process lets its running job finish before handing it to another process. */
  drainSeconds: number;
  /** Worker threads hashing passwords; by default every core but one, which stays with the API. */
  hashThreads: number;
  /** Password hashings allowed to wait for a thread; beyond them sign-ins answer ServerBusy (503, Retry-After). */
  hashQueueLimit: number;
  /** Memory for Gantt answers of unchanged versions (per process, least recently used go first). */
  ganttCacheBytes: number;
  /** An S3-compatible object store for files (PLANUM_S3_BUCKET set); null keeps them in `dataDir/storage`. */
  s3: S3Config | null;
  /** Hours a file of the temp area lives before the sweep removes it. */
  tempFileHours: number;
  /** How often each process looks for due notice digests and for the day's works-about-to-start run; 0: never. */
  noticesTickMs: number;
  /** How often a process looks for periodic backups that are due; 0 (tests by default) never. */
  backupsTickMs: number;
  /** How often each process looks whether the day's analytics recount (late works move with the day) is queued; 0: never. */
  analyticsTickMs: number;
  /** How often a process writes the members' calls it counted to `user_activity_days` (activity analytics). */
  activityFlushMs: number;
  /** Single sign-on providers the installation trusts (OpenID Connect; ADFS and Entra ID speak it too). */
  sso: SsoConfig;
  /** The licence vendor's public key (PEM or base64 SPKI); null: the one built in (modules/licences/licence-token.ts). */
  licencePublicKey: string | null;
  /** Key sealing the credentials the installation keeps for others (PLANUM_SECRET_KEY); null: `dataDir/secret.key`. */
  secretKey: string | null;
  /** Logins (lower case) that administer the installation once registered, besides its first account. */
  systemAdminLogins: string[];
  /** Where checkout requests are mailed. */
  licenceVendorEmail: string;
  /** Most iterations a risk analysis may run (issue 21). */
  riskMaxIterations: number;
}

/** One OpenID Connect provider: found by discovery at `issuer`, this installation registered there as a client. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the login page's button ("Sign in with …"). */
  name: string;
}

export interface SsoConfig {
  /** `/auth/openidconnect`: any OpenID Connect provider (Keycloak, Entra ID, Google…). */
  openidconnect: OidcProviderConfig | null;
  /** `/auth/adfs`: Active Directory Federation Services, answering by form post to `/auth/adfs/callback`. */
  adfs: OidcProviderConfig | null;
  /** `/auth/kerberos`: SPNEGO (Windows integrated sign-on) for browsers of the organisation's domain. */
  kerberos: KerberosConfig | null;
}

/** This installation as a Kerberos service: the keytab holding its key, and how a principal becomes an account. */
export interface KerberosConfig {
  /** File of the key of the service principal (`HTTP/planum.example.com@EXAMPLE.COM`), from the domain's admin. */
  keytab: string;
  /** The principal to accept as (`HTTP@planum.example.com`); empty: any key of the keytab. */
  service: string;
  /** The e-mail domain of a principal's account (`alice@EXAMPLE.COM` → `alice@<domain>`); null: the realm's name. */
  emailDomain: string | null;
  /** Shown on the login page's button ("Sign in with …"). */
  name: string;
}

export interface S3Config {
  bucket: string;
  /** Address of a store other than AWS (MinIO, Ceph, s3rver…); empty for AWS itself. */
  endpoint: string | null;
  region: string;
  /** Both empty: the SDK's own chain (instance role, AWS_* variables, shared config) provides the keys. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `bucket` in the path rather than the host name, which most stores other than AWS need. */
  forcePathStyle: boolean;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.PLANUM_S3_BUCKET;
  if (!bucket) return null;
  const accessKeyId = env.PLANUM_S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.PLANUM_S3_SECRET_ACCESS_KEY || null;
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error("PLANUM_S3_ACCESS_KEY_ID and PLANUM_S3_SECRET_ACCESS_KEY are set together or not at all");
  }
  const pathStyle = (env.PLANUM_S3_FORCE_PATH_STYLE ?? "").toLowerCase();
  return {
    bucket,
    endpoint: env.PLANUM_S3_ENDPOINT || null,
    region: env.PLANUM_S3_REGION || "us-east-1",
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === "1" || pathStyle === "true" || pathStyle === "yes",
  };
}

/** `PLANUM_<PREFIX>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET` (all three or none) and `_NAME`. */
function oidcFromEnv(env: NodeJS.ProcessEnv, prefix: string, defaultName: string): OidcProviderConfig | null {
  const issuer = env[`PLANUM_${prefix}_ISSUER`] || "";
  const clientId = env[`PLANUM_${prefix}_CLIENT_ID`] || "";
  const clientSecret = env[`PLANUM_${prefix}_CLIENT_SECRET`] || "";
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret) {
    throw new Error(`PLANUM_${prefix}_ISSUER, _CLIENT_ID and _CLIENT_SECRET are set together or not at all`);
  }
  try {
    new URL(issuer);
  } catch {
    throw new Error(`PLANUM_${prefix}_ISSUER must be an address, got "${issuer}"`);
  }
  return { issuer, clientId, clientSecret, name: env[`PLANUM_${prefix}_NAME`] || defaultName };
}

function roleFromEnv(raw: string | undefined): Config["role"] {
  if (!raw) return "all";
  if (raw === "all" || raw === "web" || raw === "worker") return raw;
  throw new Error(`PLANUM_ROLE must be all, web or worker, got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFromEnv(env, "PORT", 3000);
  const host = env.HOST || "127.0.0.1";
  const mode = env.NODE_ENV === "test" ? "test" : env.NODE_ENV === "development" ? "development" : "production";
  return {
    port,
    host,
    dataDir: path.resolve(env.PLANUM_DATA_DIR || "./data"),
    databaseUrl: env.DATABASE_URL || null,
    publicUrl: env.PLANUM_PUBLIC_URL || `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || "Planum <planum@localhost>",
    idleMinutes: intFromEnv(env, "PLANUM_IDLE_MINUTES", IDLE_MINUTES_DEFAULT),
    tokenTtlHours: intFromEnv(env, "PLANUM_TOKEN_TTL_HOURS", 24 * 7),
    maxUploadBytes: intFromEnv(env, "PLANUM_MAX_UPLOAD_MB", 100) * 1024 * 1024,
    maxBackupBytes: intFromEnv(env, "PLANUM_MAX_BACKUP_MB", 2048) * 1024 * 1024,
    mode,
    webDist: env.PLANUM_WEB_DIST === "" ? null : env.PLANUM_WEB_DIST || null,
    logLevel: env.LOG_LEVEL || (mode === "test" ? "silent" : "info"),
    sharedBuffers: env.PLANUM_PG_SHARED_BUFFERS || "64MB",
    role: roleFromEnv(env.PLANUM_ROLE),
    jobQueue: env.PLANUM_JOB_QUEUE || "planum",
    drainSeconds: intFromEnv(env, "PLANUM_DRAIN_SECONDS", 20),
    hashThreads: intFromEnv(env, "PLANUM_HASH_THREADS", defaultHashThreads()),
    // ~30 ms a hash: 1,000 waiting is about 30 s of one thread's work, past which waiting is worse than retrying.
    hashQueueLimit: intFromEnv(env, "PLANUM_HASH_QUEUE_LIMIT", 1000),
    ganttCacheBytes: intFromEnv(env, "PLANUM_GANTT_CACHE_MB", 64) * 1024 * 1024,
    s3: s3FromEnv(env),
    tempFileHours: intFromEnv(env, "PLANUM_TEMP_FILE_HOURS", 24),
    // Off under tests unless a test asks: test servers share one PostgreSQL, and another file's ticking server would
    // take the digests and daily runs a notices test waits for (its jobs run, and mail, elsewhere).
    noticesTickMs: intFromEnv(env, "PLANUM_NOTICES_TICK_MS", mode === "test" ? 0 : 60_000),
    backupsTickMs: intFromEnv(env, "PLANUM_BACKUPS_TICK_MS", mode === "test" ? 0 : 60_000),
    analyticsTickMs: intFromEnv(env, "PLANUM_ANALYTICS_TICK_MS", mode === "test" ? 0 : 60_000),
    activityFlushMs: intFromEnv(env, "PLANUM_ACTIVITY_FLUSH_MS", 60_000),
    sso: {
      openidconnect: oidcFromEnv(env, "OIDC", "OpenID Connect"),
      adfs: oidcFromEnv(env, "ADFS", "ADFS"),
      kerberos: env.PLANUM_KERBEROS_KEYTAB
        ? {
            keytab: path.resolve(env.PLANUM_KERBEROS_KEYTAB),
            service: env.PLANUM_KERBEROS_SERVICE ?? "",
            emailDomain: env.PLANUM_KERBEROS_EMAIL_DOMAIN?.toLowerCase() || null,
            name: env.PLANUM_KERBEROS_NAME || "Windows (Kerberos)",
          }
        : null,
    },
    licencePublicKey: env.PLANUM_LICENCE_PUBLIC_KEY || null,
    secretKey: env.PLANUM_SECRET_KEY || null,
    systemAdminLogins: (env.PLANUM_SYSTEM_ADMINS ?? "")
      .split(",")
      .map((login) => login.trim().toLowerCase())
      .filter(Boolean),
    licenceVendorEmail: env.PLANUM_LICENCE_VENDOR_EMAIL || "licences@planum.example",
    riskMaxIterations: intFromEnv(env, "PLANUM_RISK_MAX_ITERATIONS", RISK_MAX_ITERATIONS),
  };
}
