import type { ClientErrorBody } from "@planum/contracts";
import { desc } from "drizzle-orm";
import { clientErrors, mailOutbox } from "../../db/schema/index.js";
import type { Db } from "../../platform/db.js";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The SQL of the system calls: errors reported by browsers and the mail outbox. */
export class SystemRepo {
  constructor(private readonly db: Db) {}

  async insertClientError(report: ClientErrorBody & { userId?: string; ip: string }) {
    await this.db.insert(clientErrors).values(report);
  }

  /** The latest messages of the outbox, newest first. */
  latestMail(limit: number): Promise<OutboxRow[]> {
    return this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  }
}
