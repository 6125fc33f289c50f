import {
  CHAT_ATTACHMENTS_PER_MESSAGE,
  type Chat,
  type ChatMessage,
  type ChatMessagePage,
  type ChatSettings,
  type chatListQuery,
  type chatMessagesQuery,
  type createChatMessageFields,
  EVENTS_PROTOCOL_VERSION,
  type updateChatMessageFields,
} from "@planum/contracts";
import type { z } from "zod";
import type { Grant } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import type { Tx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { instantText } from "../../platform/time.js";
import { type AttachmentRow, ChatRepo, type MessageRow } from "./chat.repo.js";
import { type ChatScope, chatMembers, readableChats } from "./chat-access.js";
import type { ChatUploadFile } from "./chat-upload.js";

type Deps = Pick<AppContext, "db" | "realtime" | "storage">;
type Person = Awaited<ReturnType<ChatRepo["people"]>>[number];

const personDto = (person: Person) => ({
  id: person.id,
  name: `${person.lastName} ${person.firstName}`.trim(),
  hasAvatar: person.avatarFileId !== null,
});

/** Chats of nodes and works (spec §7 Chat): messages with files, mentions, reactions, read marks, live events. */
export class ChatService {
  constructor(private readonly deps: Deps) {}

  /** Messages as the caller sees them: authors, files, and reactions with the caller's own marked. */
  private async toDtos(rows: MessageRow[], userId: string): Promise<ChatMessage[]> {
    const repo = new ChatRepo(this.deps.db);
    const ids = rows.map((row) => row.id);
    const [people, attachments, reactions] = await Promise.all([
      repo.people(rows.flatMap((row) => (row.authorId ? [row.authorId] : []))),
      repo.attachmentsOf(ids),
      repo.reactionsOf(ids, userId),
    ]);
    const byId = new Map(people.map((person) => [person.id, personDto(person)]));
    return rows.map((row) => ({
      id: row.id,
      chatId: row.chatId,
      seq: row.seq,
      author: row.authorId ? (byId.get(row.authorId) ?? null) : null,
      text: row.text,
      mentions: row.mentions,
      attachments: attachments
        .filter((file) => file.messageId === row.id)
        .map(({ id, name, size, mediaType }) => ({ id, name, size, mediaType })),
      reactions: reactions
        .filter((reaction) => reaction.messageId === row.id)
        .map(({ emoji, count, mine }) => ({ emoji, count, mine: Boolean(mine) })),
      createdAt: row.createdAt.toISOString(),
      editedAt: instantText(row.editedAt),
    }));
  }

  async chat(scope: ChatScope): Promise<Chat> {
    const { chat, grant } = scope;
    const state = (await new ChatRepo(this.deps.db).readState([chat.id], grant.userId)).get(chat.id);
    return {
      id: chat.id,
      nodeId: chat.nodeId,
      versionId: chat.versionId,
      wbsId: chat.wbsId,
      title: scope.title,
      total: state?.total ?? 0,
      unread: state?.unread ?? 0,
      lastReadSeq: state?.lastReadSeq ?? 0,
      lastMessageAt: instantText(chat.lastMessageAt),
    };
  }

  /** The chats with messages the caller may read, newest first; `unread` keeps those with unread messages. */
  async list(grant: Grant, query: z.output<typeof chatListQuery>): Promise<Chat[]> {
    const repo = new ChatRepo(this.deps.db);
    const rows = await repo.listed(grant.space.id, 200);
    const readable = await readableChats(this.deps.db, grant, rows);
    const states = await repo.readState(
      readable.map((row) => row.chat.id),
      grant.userId,
    );
    const search = query.search?.trim().toLocaleLowerCase();
    return readable
      .map(({ chat, nodeName, workCode, workName }) => {
        const state = states.get(chat.id);
        const title = nodeName ?? (workCode ? `${workCode} ${workName ?? ""}` : (workName ?? ""));
        return {
          id: chat.id,
          nodeId: chat.nodeId,
          versionId: chat.versionId,
          wbsId: chat.wbsId,
          title,
          total: state?.total ?? 0,
          unread: state?.unread ?? 0,
          lastReadSeq: state?.lastReadSeq ?? 0,
          lastMessageAt: instantText(chat.lastMessageAt),
        };
      })
      .filter((chat) => (query.filter === "unread" ? chat.unread > 0 : true))
      .filter((chat) => !search || chat.title.toLocaleLowerCase().includes(search));
  }

  async messages(scope: ChatScope, query: z.output<typeof chatMessagesQuery>): Promise<ChatMessagePage> {
    const repo = new ChatRepo(this.deps.db);
    const afterSeq =
      query.filter === "unread"
        ? ((await repo.readState([scope.chat.id], scope.grant.userId)).get(scope.chat.id)?.lastReadSeq ?? 0)
        : undefined;
    const rows = await repo.page(scope.chat.id, {
      before: query.before,
      limit: query.limit,
      afterSeq,
      search: query.search?.trim() || undefined,
    });
    const more = rows.length > query.limit;
    const page = rows.slice(0, query.limit).reverse();
    return {
      items: await this.toDtos(page, scope.grant.userId),
      nextBefore: more && page.length > 0 ? page[0].seq : null,
    };
  }

  async message(scope: ChatScope, messageId: string) {
    const row = await new ChatRepo(this.deps.db).message(scope.chat.id, messageId);
    if (!row) throw new AppError("NotFound");
    return (await this.toDtos([row], scope.grant.userId))[0];
  }

  async members(scope: ChatScope) {
    const ids = await chatMembers(this.deps.db, scope);
    const people = await new ChatRepo(this.deps.db).people(ids);
    return people.map(personDto).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Mentions must name members of the chat: anybody else would learn of a place they cannot see. */
  private async checkMentions(scope: ChatScope, mentions: string[]) {
    if (mentions.length === 0) return [];
    const members = new Set(await chatMembers(this.deps.db, scope));
    if (mentions.some((id) => !members.has(id))) throw new AppError("InvalidValue", { field: "mentions" });
    return [...new Set(mentions)];
  }

  private attachmentRows(scope: ChatScope, messageId: string, files: ChatUploadFile[], tx: Tx) {
    return Promise.all(
      files.map(async (file) => {
        const stored = await this.deps.storage.save(tx, {
          area: "documents",
          name: file.name,
          mediaType: file.mediaType,
          bytes: file.bytes,
          spaceId: scope.grant.space.id,
          ownerUserId: scope.grant.userId,
        });
        return { messageId, fileId: stored.id, name: file.name, size: file.bytes.length, mediaType: file.mediaType };
      }),
    );
  }

  async create(scope: ChatScope, fields: z.output<typeof createChatMessageFields>, files: ChatUploadFile[]) {
    if (!fields.text && files.length === 0) throw new AppError("Required", { field: "text" });
    const mentions = await this.checkMentions(scope, fields.mentions);
    const { grant, chat } = scope;
    const row = await this.deps.db.transaction(async (tx) => {
      const repo = new ChatRepo(tx);
      const message = await repo.insertMessage(chat.id, grant.space.id, grant.userId, fields.text, mentions);
      await repo.insertAttachments(await this.attachmentRows(scope, message.id, files, tx));
      // The writer has read their own chat up to their message.
      await repo.markRead(chat.id, grant.userId, message.seq);
      return message;
    });
    const message = (await this.toDtos([row], grant.userId))[0];
    await this.announce(scope, "chat_message_created", message.id, message);
    return message;
  }

  /** The author's message of this chat, or an error: 404 when missing, ChatNotAuthor for another's. */
  private async own(scope: ChatScope, messageId: string) {
    const row = await new ChatRepo(this.deps.db).message(scope.chat.id, messageId);
    if (!row) throw new AppError("NotFound");
    if (row.authorId !== scope.grant.userId) throw new AppError("ChatNotAuthor");
    return row;
  }

  async update(scope: ChatScope, fields: z.output<typeof updateChatMessageFields>, files: ChatUploadFile[]) {
    const row = await this.own(scope, fields.messageId);
    const mentions = await this.checkMentions(scope, fields.mentions);
    const removed = await this.deps.db.transaction(async (tx) => {
      const repo = new ChatRepo(tx);
      const gone = await repo.deleteAttachments(row.id, fields.removeAttachmentIds);
      const kept = (await repo.attachmentsOf([row.id])).length;
      if (kept + files.length > CHAT_ATTACHMENTS_PER_MESSAGE)
        throw new AppError("InvalidValue", { field: "files", max: CHAT_ATTACHMENTS_PER_MESSAGE });
      if (!fields.text && kept + files.length === 0) throw new AppError("Required", { field: "text" });
      await repo.insertAttachments(await this.attachmentRows(scope, row.id, files, tx));
      await repo.updateMessage(row.id, fields.text, mentions);
      return gone;
    });
    await this.removeFiles(removed);
    return this.changed(scope, row.id);
  }

  async remove(scope: ChatScope, messageId: string) {
    const row = await this.own(scope, messageId);
    const repo = new ChatRepo(this.deps.db);
    const files = await repo.attachmentsOf([row.id]);
    await repo.deleteMessage(row.id);
    await this.removeFiles(files);
    await this.announce(scope, "chat_message_deleted", row.id, null);
    return { deleted: 1 };
  }

  async react(scope: ChatScope, messageId: string, emoji: string) {
    const row = await new ChatRepo(this.deps.db).message(scope.chat.id, messageId);
    if (!row) throw new AppError("NotFound");
    await new ChatRepo(this.deps.db).toggleReaction(row.id, scope.grant.userId, emoji);
    return this.changed(scope, row.id);
  }

  /** The caller's read mark moves to `seq` (default: the latest message); answers the unread left. */
  async markRead(scope: ChatScope, seq: number | undefined) {
    const { chat, grant } = scope;
    const repo = new ChatRepo(this.deps.db);
    await repo.markRead(chat.id, grant.userId, Math.min(seq ?? chat.lastSeq, chat.lastSeq));
    const state = (await repo.readState([chat.id], grant.userId)).get(chat.id);
    return { chatId: chat.id, lastReadSeq: state?.lastReadSeq ?? 0, unread: state?.unread ?? 0 };
  }

  async settings(grant: Grant): Promise<ChatSettings> {
    const row = await new ChatRepo(this.deps.db).settings(grant.space.id, grant.userId);
    return { filter: row?.filter ?? "all", toasts: row?.toasts ?? true };
  }

  async saveSettings(grant: Grant, body: Partial<ChatSettings>): Promise<ChatSettings> {
    if (body.filter === undefined && body.toasts === undefined) return this.settings(grant);
    const row = await new ChatRepo(this.deps.db).saveSettings(grant.space.id, grant.userId, body);
    return { filter: row.filter, toasts: row.toasts };
  }

  /** An attachment's bytes, for a reader of the chat. */
  async file(scope: ChatScope, attachmentId: string) {
    const attachment = await new ChatRepo(this.deps.db).attachment(scope.chat.id, attachmentId);
    if (!attachment) throw new AppError("NotFound");
    const found = await this.deps.storage.read(this.deps.db, attachment.fileId);
    if (!found || found.file.spaceId !== scope.grant.space.id) throw new AppError("NotFound");
    return { attachment, bytes: found.bytes };
  }

  private async changed(scope: ChatScope, messageId: string) {
    const message = await this.message(scope, messageId);
    await this.announce(scope, "chat_message_updated", message.id, message);
    return message;
  }

  private async removeFiles(files: AttachmentRow[]) {
    for (const file of files) await this.deps.storage.remove(this.deps.db, file.fileId);
  }

  /** Tells the chat's members, and only them, on every process. */
  private async announce(
    scope: ChatScope,
    type: "chat_message_created" | "chat_message_updated" | "chat_message_deleted",
    messageId: string,
    message: ChatMessage | null,
  ) {
    const members = await chatMembers(this.deps.db, scope);
    this.deps.realtime.toUsers(members, {
      v: EVENTS_PROTOCOL_VERSION,
      type,
      spaceId: scope.grant.space.id,
      byUserId: scope.grant.userId,
      chatId: scope.chat.id,
      nodeId: scope.chat.nodeId,
      versionId: scope.chat.versionId,
      wbsId: scope.chat.wbsId,
      title: scope.title,
      messageId,
      message,
    });
  }
}
