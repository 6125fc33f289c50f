import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { AuthRepo } from "./auth.repo.js";

/** Failures allowed in one window before the key is blocked. An address serves many people, so it gets more. */
const LIMITS = { account: 5, ip: 30 } as const;
const WINDOW_MS = 15 * 60_000;
const BLOCK_MS = 5 * 60_000;

const accountKey = (login: string) => `account:${login.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Counts failed sign-ins per account and per address in the database, so every server process agrees. */
export class LoginThrottle {
  private readonly repo: AuthRepo;

  constructor(db: Db) {
    this.repo = new AuthRepo(db);
  }

  async assertAllowed(login: string, ip: string) {
    const rows = await this.repo.counters([accountKey(login), ipKey(ip)]);
    const now = Date.now();
    const blockedUntil = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
    if (blockedUntil > now) throw new AppError("TooManyAttempts", { seconds: Math.ceil((blockedUntil - now) / 1000) });
  }

  async recordFailure(login: string, ip: string) {
    const now = new Date();
    for (const [key, limit] of [
      [accountKey(login), LIMITS.account],
      [ipKey(ip), LIMITS.ip],
    ] as const) {
      const row = await this.repo.counter(key);
      const fresh = !row || now.getTime() - row.windowStartedAt.getTime() > WINDOW_MS;
      const failures = fresh ? 1 : row.failures + 1;
      const blockedUntil = failures >= limit ? new Date(now.getTime() + BLOCK_MS) : null;
      await this.repo.saveCounter({ key, failures, blockedUntil, ...(fresh ? { windowStartedAt: now } : {}) });
    }
  }

  async recordSuccess(login: string) {
    await this.repo.clear(accountKey(login));
  }
}
