import { z } from "zod";
import { LANGUAGES } from "./languages.js";

export const systemStateSchema = z.object({
  version: z.string(),
  mode: z.enum(["production", "development", "test"]),
  languages: z.array(z.enum(LANGUAGES)),
  defaultLanguage: z.enum(LANGUAGES),
  database: z.enum(["embedded", "postgres"]),
  mail: z.enum(["smtp", "outbox"]),
  idleMinutes: z.number(),
  registrationOpen: z.boolean(),
});
export type SystemState = z.infer<typeof systemStateSchema>;

/** `GET /guide`: the system guide in the caller's language (X-Language), as titled sections of paragraphs. */
export const guideSchema = z.object({
  language: z.enum(LANGUAGES),
  title: z.string(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), paragraphs: z.array(z.string()) })),
});
export type Guide = z.infer<typeof guideSchema>;

export const clientErrorBody = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(20000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
});
export type ClientErrorBody = z.infer<typeof clientErrorBody>;

export const JOB_STATUSES = ["queued", "in_process", "completed", "error"] as const;
export const jobSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  /** What the job left for its caller (a print's stored PDF, an export's files); null until it has. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** A job of the caller, polled by id. */
export const jobParams = z.object({ id: z.uuid({ error: "NotFound" }) });

/** A message of the mail outbox (kept because no SMTP server is configured, or for the record). */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const localizationSchema = z.object({ languages: z.array(z.enum(LANGUAGES)), default: z.enum(LANGUAGES) });
export type Localization = z.infer<typeof localizationSchema>;
export const defaultLanguageSchema = z.object({ language: z.enum(LANGUAGES) });
/** The server-side texts of one language: the error messages by code. */
export const localizationTextsSchema = z.object({
  language: z.enum(LANGUAGES),
  errors: z.record(z.string(), z.string()),
});
export type LocalizationTexts = z.infer<typeof localizationTextsSchema>;

/**
 * `GET /health-check`: whether this process can serve. `ok` answers 200; `unavailable` (the database or the file
 * store does not answer) and `draining` (the process is stopping) answer 503 with `{ success: false, data }`, so a
 * load balancer sends nothing new here.
 */
export const REACHABILITY = ["ok", "unreachable"] as const;
export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable", "draining"]),
  version: z.string(),
  database: z.enum(REACHABILITY),
  storage: z.enum(REACHABILITY),
});
export type Health = z.infer<typeof healthSchema>;
