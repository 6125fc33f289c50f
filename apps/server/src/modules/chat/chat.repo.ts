import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  chatAttachments,
  chatMessages,
  chatReactions,
  chatReads,
  chatSettings,
  chats,
  epsNodes,
  schedules,
  users,
  versions,
  wbsItems,
} from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { likePattern } from "../../platform/sql.js";

export type ChatRow = typeof chats.$inferSelect;
/** The project node of a work chat's schedule (the node chat's own node is `eps_nodes` itself). */
const chatProjects = alias(epsNodes, "chat_project");
export type MessageRow = typeof chatMessages.$inferSelect;
export type AttachmentRow = typeof chatAttachments.$inferSelect;

/** The SQL of chats: every query is bounded by the space or by a chat already found in it. */
export class ChatRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The chat of a node or a work, made on first opening (two openings at once make one). */
  async ensure(spaceId: string, target: { nodeId: string } | { versionId: string; wbsId: number }) {
    const where =
      "nodeId" in target ? eq(chats.nodeId, target.nodeId) : and(eq(chats.wbsId, target.wbsId), isNotNull(chats.wbsId));
    const [found] = await this.db
      .select()
      .from(chats)
      .where(and(eq(chats.spaceId, spaceId), where));
    if (found) return found;
    await this.db
      .insert(chats)
      .values({ spaceId, ...target })
      .onConflictDoNothing();
    const [made] = await this.db
      .select()
      .from(chats)
      .where(and(eq(chats.spaceId, spaceId), where));
    return made;
  }

  async one(spaceId: string, chatId: string) {
    const [row] = await this.db
      .select()
      .from(chats)
      .where(and(eq(chats.spaceId, spaceId), eq(chats.id, chatId)));
    return row ?? null;
  }

  /** The space's chats that have messages, newest first, with their titles (node name, or work code and name). */
  /**
   * The space's chats with messages, newest first, with what their access check needs in the same query: the
   * node's path, or the path of the work's project and its schedule (the lineage grants are looked up on).
   */
  async listed(spaceId: string, limit: number) {
    return this.db
      .select({
        chat: chats,
        nodeName: epsNodes.name,
        nodePath: epsNodes.path,
        workCode: wbsItems.code,
        workName: wbsItems.name,
        projectPath: chatProjects.path,
        scheduleId: versions.scheduleId,
      })
      .from(chats)
      .leftJoin(epsNodes, eq(epsNodes.id, chats.nodeId))
      .leftJoin(wbsItems, and(eq(wbsItems.id, chats.wbsId), eq(wbsItems.versionId, chats.versionId)))
      .leftJoin(versions, eq(versions.id, chats.versionId))
      .leftJoin(schedules, eq(schedules.id, versions.scheduleId))
      .leftJoin(chatProjects, eq(chatProjects.id, schedules.projectId))
      .where(and(eq(chats.spaceId, spaceId), isNotNull(chats.lastMessageAt)))
      .orderBy(desc(chats.lastMessageAt))
      .limit(limit);
  }

  /**
   * How far `userId` read each chat, and how many messages of others are after that mark. Both counts come from one
   * pass over the chat's `(chat_id, seq)` index (a chat of 100,000 messages was read twice, once per count).
   */
  async readState(chatIds: string[], userId: string) {
    if (chatIds.length === 0) return new Map<string, { lastReadSeq: number; unread: number; total: number }>();
    const lastRead = sql`coalesce(${chatReads.lastReadSeq}, 0)`;
    const counts = this.db
      .select({
        total: sql<number>`count(*)`.as("total"),
        unread: sql<number>`count(*) filter (where ${chatMessages.seq} > ${lastRead}
          and ${chatMessages.authorId} is distinct from ${userId})`.as("unread"),
      })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chats.id))
      .as("counts");
    const rows = await this.db
      .select({
        chatId: chats.id,
        lastReadSeq: lastRead.mapWith(Number),
        unread: sql<number>`${counts.unread}`.mapWith(Number),
        total: sql<number>`${counts.total}`.mapWith(Number),
      })
      .from(chats)
      .leftJoin(chatReads, and(eq(chatReads.chatId, chats.id), eq(chatReads.userId, userId)))
      .leftJoinLateral(counts, sql`true`)
      .where(inArray(chats.id, chatIds));
    return new Map(rows.map(({ chatId, ...state }) => [chatId, state]));
  }

  /** Takes the chat's next seq (the row lock orders concurrent writers) and inserts the message. */
  async insertMessage(chatId: string, spaceId: string, authorId: string, text: string, mentions: string[]) {
    const [chat] = await this.db
      .update(chats)
      .set({ lastSeq: sql`${chats.lastSeq} + 1`, lastMessageAt: sql`now()` })
      .where(eq(chats.id, chatId))
      .returning({ seq: chats.lastSeq });
    const [message] = await this.db
      .insert(chatMessages)
      .values({ chatId, spaceId, seq: chat.seq, authorId, text, mentions })
      .returning();
    return message;
  }

  async message(chatId: string, messageId: string) {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, messageId)));
    return row ?? null;
  }

  async updateMessage(messageId: string, text: string, mentions: string[]) {
    await this.db
      .update(chatMessages)
      .set({ text, mentions, editedAt: sql`now()` })
      .where(eq(chatMessages.id, messageId));
  }

  async deleteMessage(messageId: string) {
    await this.db.delete(chatMessages).where(eq(chatMessages.id, messageId));
  }

  /**
   * A page of messages, newest first from `before` (exclusive; none: the latest), one more than `limit` to tell
   * whether older ones exist. `afterSeq` keeps only the unread; `search` only texts containing it.
   */
  async page(chatId: string, options: { before?: number; limit: number; afterSeq?: number; search?: string }) {
    const conditions = [eq(chatMessages.chatId, chatId)];
    if (options.before !== undefined) conditions.push(lt(chatMessages.seq, options.before));
    if (options.afterSeq !== undefined) conditions.push(gt(chatMessages.seq, options.afterSeq));
    if (options.search) conditions.push(ilike(chatMessages.text, likePattern(options.search)));
    return this.db
      .select()
      .from(chatMessages)
      .where(and(...conditions))
      .orderBy(desc(chatMessages.seq))
      .limit(options.limit + 1);
  }

  async attachmentsOf(messageIds: string[]) {
    if (messageIds.length === 0) return [];
    return this.db
      .select()
      .from(chatAttachments)
      .where(inArray(chatAttachments.messageId, messageIds))
      .orderBy(asc(chatAttachments.name));
  }

  /** An attachment of a message of this chat, or null. */
  async attachment(chatId: string, attachmentId: string) {
    const [row] = await this.db
      .select({ attachment: chatAttachments })
      .from(chatAttachments)
      .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
      .where(and(eq(chatMessages.chatId, chatId), eq(chatAttachments.id, attachmentId)));
    return row?.attachment ?? null;
  }

  async insertAttachments(rows: (typeof chatAttachments.$inferInsert)[]) {
    if (rows.length > 0) await this.db.insert(chatAttachments).values(rows);
  }

  async deleteAttachments(messageId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return this.db
      .delete(chatAttachments)
      .where(and(eq(chatAttachments.messageId, messageId), inArray(chatAttachments.id, ids)))
      .returning();
  }

  /** Reactions per message and emoji, with whether `userId` gave it. */
  async reactionsOf(messageIds: string[], userId: string) {
    if (messageIds.length === 0) return [];
    return this.db
      .select({
        messageId: chatReactions.messageId,
        emoji: chatReactions.emoji,
        count: sql<number>`count(*)`.mapWith(Number),
        mine: sql<boolean>`bool_or(${chatReactions.userId} = ${userId})`,
      })
      .from(chatReactions)
      .where(inArray(chatReactions.messageId, messageIds))
      .groupBy(chatReactions.messageId, chatReactions.emoji)
      .orderBy(chatReactions.emoji);
  }

  /** Adds the reaction, or takes it back when the user had already given it. */
  async toggleReaction(messageId: string, userId: string, emoji: string) {
    const removed = await this.db
      .delete(chatReactions)
      .where(
        and(eq(chatReactions.messageId, messageId), eq(chatReactions.userId, userId), eq(chatReactions.emoji, emoji)),
      )
      .returning();
    if (removed.length === 0)
      await this.db.insert(chatReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
  }

  async people(userIds: string[]) {
    if (userIds.length === 0) return [];
    return this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatarFileId: users.avatarFileId })
      .from(users)
      .where(inArray(users.id, [...new Set(userIds)]));
  }

  /** Moves the user's read mark forward to `seq` (never back: a late call from another tab does not unread). */
  async markRead(chatId: string, userId: string, seq: number) {
    await this.db
      .insert(chatReads)
      .values({ chatId, userId, lastReadSeq: seq })
      .onConflictDoUpdate({
        target: [chatReads.chatId, chatReads.userId],
        set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`, readAt: sql`now()` },
      });
  }

  async settings(spaceId: string, userId: string) {
    const [row] = await this.db
      .select()
      .from(chatSettings)
      .where(and(eq(chatSettings.spaceId, spaceId), eq(chatSettings.userId, userId)));
    return row ?? null;
  }

  async saveSettings(spaceId: string, userId: string, values: { filter?: "all" | "unread"; toasts?: boolean }) {
    const [row] = await this.db
      .insert(chatSettings)
      .values({ spaceId, userId, ...values })
      .onConflictDoUpdate({ target: [chatSettings.spaceId, chatSettings.userId], set: values })
      .returning();
    return row;
  }
}
