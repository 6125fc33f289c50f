import nodemailer from "nodemailer";
import { mailOutbox } from "../db/schema/index.js";
import type { Db } from "./db.js";

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

/**
 * Sends mail through SMTP when `SMTP_URL` is set. Without SMTP (or when sending fails) the message is kept in the
 * outbox table, where a system administrator reads it (`GET /api/v1/system/outbox`), and written to the log.
 */
export class Mail {
  private readonly transport: nodemailer.Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl: string | null; from: string; log: (message: string) => void },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get kind(): "smtp" | "outbox" {
    return this.transport ? "smtp" : "outbox";
  }

  async send(message: MailMessage) {
    let sentAt: Date | null = null;
    let error: string | null = null;
    if (this.transport) {
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: message.to,
          subject: message.subject,
          text: message.body,
        });
        sentAt = new Date();
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
    }
    await this.db.insert(mailOutbox).values({ ...message, sentAt, error });
    if (!sentAt) this.options.log(`Mail to ${message.to} kept in the outbox: ${message.subject}`);
  }
}
