import {
  BASE_LANGUAGE,
  type ClientErrorBody,
  ERROR_MESSAGES,
  type Job,
  LANGUAGES,
  type Language,
  type Localization,
  type LocalizationTexts,
  type OutboxMessage,
  type SystemState,
} from "@planum/contracts";
import type { Config } from "../../platform/config.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Jobs } from "../../platform/jobs.js";
import { APP_VERSION } from "../../platform/licence-gate.js";
import type { Mail } from "../../platform/mail.js";
import { ClientErrorLimiter } from "./client-error-limiter.js";
import { type OutboxRow, SystemRepo } from "./system.repo.js";

/** One version for the API, the system state and the licences (platform/licence-gate.ts). */
export const PLANUM_VERSION = APP_VERSION;

const toOutboxDto = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  error: row.error,
});

/** What the installation tells about itself, the browser's error reports, the outbox and the caller's jobs. */
export class SystemService {
  private readonly repo: SystemRepo;
  private readonly limiter = new ClientErrorLimiter();

  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      databaseKind: "embedded" | "postgres";
      mail: Mail;
      jobs: Jobs;
    },
  ) {
    this.repo = new SystemRepo(deps.db);
  }

  state(): SystemState {
    return {
      version: PLANUM_VERSION,
      mode: this.deps.config.mode,
      languages: [...LANGUAGES],
      defaultLanguage: BASE_LANGUAGE,
      database: this.deps.databaseKind,
      mail: this.deps.mail.kind,
      idleMinutes: this.deps.config.idleMinutes,
      registrationOpen: true,
    };
  }

  /** Errors the browser met; kept for the administrators, limited per address so it cannot flood the table. */
  async recordClientError(report: ClientErrorBody, from: { userId?: string; ip: string }) {
    if (!this.limiter.allow(from.ip)) throw new AppError("TooManyAttempts", { seconds: 60 });
    await this.repo.insertClientError({ ...report, ...from });
  }

  localization(): Localization {
    return { languages: [...LANGUAGES], default: BASE_LANGUAGE };
  }

  /** The server-side texts of one language (error messages), for clients that render them themselves. */
  texts(language: Language): LocalizationTexts {
    return { language, errors: ERROR_MESSAGES[language] };
  }

  /** Mail kept because no SMTP server is configured (the route lets system administrators only). */
  async outbox(): Promise<OutboxMessage[]> {
    return (await this.repo.latestMail(100)).map(toOutboxDto);
  }

  /** A job the caller started; anybody else's is 404. */
  async job(userId: string, id: string): Promise<Job> {
    const job = await this.deps.jobs.status(id);
    if (!job || job.createdBy !== userId) throw new AppError("NotFound");
    return {
      id: job.id,
      type: job.type,
      status: job.status,
      progress: job.progress,
      message: job.message,
      error: job.error,
      result: (job.result as Record<string, unknown> | null) ?? null,
    };
  }
}
