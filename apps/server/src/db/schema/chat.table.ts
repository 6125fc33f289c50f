import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { storedFiles } from "./platform.table.js";
import { spaces } from "./spaces.table.js";
import { epsNodes } from "./structure.table.js";
import { users } from "./users.table.js";
import { versions, wbsItems } from "./workspace.table.js";

/**
 * A chat: of an EPS node (`node_id`) or of one work of a version (`version_id`, `wbs_id`). Made on first opening.
 * Who takes part is not stored: whoever may read the node (eps:read) or the version (schedule:read) there.
 * `last_seq` numbers the chat's messages (taken with `update … returning` under the row's lock), so a page, the
 * unread count and the last-read mark are ranges of one index.
 */
export const chats = pgTable(
  "chats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    nodeId: uuid("node_id").references(() => epsNodes.id, { onDelete: "cascade" }),
    versionId: uuid("version_id").references(() => versions.id, { onDelete: "cascade" }),
    wbsId: integer("wbs_id").references(() => wbsItems.id, { onDelete: "cascade" }),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chats_node_idx").on(t.nodeId).where(sql`${t.nodeId} is not null`),
    uniqueIndex("chats_work_idx").on(t.wbsId).where(sql`${t.wbsId} is not null`),
    index("chats_space_idx").on(t.spaceId),
    index("chats_version_idx").on(t.versionId),
  ],
);

/** A message of a chat: Markdown text (never rendered as HTML), the members it mentions. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    mentions: uuid("mentions").array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_messages_seq_idx").on(t.chatId, t.seq),
    // Search is `text ilike '%…%'` (in a chat and across the caller's chats): a trigram index answers it without
    // reading every message (the extension is created by the migration; PGlite loads it in platform/db.ts).
    index("chat_messages_text_trgm_idx").using("gin", t.text.op("gin_trgm_ops")),
  ],
);

/** A file attached to a message; the bytes are a stored file of the space (deleted with the message). */
export const chatAttachments = pgTable(
  "chat_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    mediaType: text("media_type").notNull(),
  },
  (t) => [index("chat_attachments_message_idx").on(t.messageId), index("chat_attachments_file_idx").on(t.fileId)],
);

/** One member's reaction to a message (a member may give several different ones). */
export const chatReactions = pgTable(
  "chat_reactions",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

/** How far a member read a chat: messages with a greater seq are unread for them. */
export const chatReads = pgTable(
  "chat_reads",
  {
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull().default(0),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);

/** A member's chat settings in a space: the chosen filter and whether new messages show a toast. */
export const chatSettings = pgTable(
  "chat_settings",
  {
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    filter: text("filter", { enum: ["all", "unread"] })
      .notNull()
      .default("all"),
    toasts: boolean("toasts").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.userId] })],
);
