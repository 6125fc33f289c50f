import { z } from "zod";
import { uuidField } from "./structure.schema.js";

/** Chat filter (spec §3): every message, or only those not read yet. */
export const CHAT_FILTERS = ["all", "unread"] as const;
export const chatFilterSchema = z.enum(CHAT_FILTERS, { error: "InvalidValue" });
export type ChatFilter = z.infer<typeof chatFilterSchema>;

/** Longest message text (characters of Markdown). */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Largest attachment, and how many one message carries. */
export const CHAT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_ATTACHMENT_MAX_LABEL = "10 MB";
export const CHAT_ATTACHMENTS_PER_MESSAGE = 5;
/**
 * File name endings a chat refuses: programs and scripts a reader might run by opening them, and pages or vector
 * images a browser would render (attachments are always served as downloads, this keeps them out altogether).
 */
export const CHAT_FORBIDDEN_EXTENSIONS = [
  "exe",
  "msi",
  "bat",
  "cmd",
  "com",
  "scr",
  "pif",
  "cpl",
  "vbs",
  "vbe",
  "js",
  "jse",
  "mjs",
  "wsf",
  "wsh",
  "ps1",
  "psm1",
  "sh",
  "jar",
  "apk",
  "app",
  "dll",
  "reg",
  "lnk",
  "hta",
  "html",
  "htm",
  "xhtml",
  "svg",
  "php",
] as const;
/** The toast's preview of a new message (spec §8, §9): its first 40 characters. */
export const CHAT_PREVIEW_LENGTH = 40;
/** Reactions a message can get (a fixed set, so they stay short and comparable). */
export const CHAT_REACTIONS = ["👍", "👎", "❤️", "😄", "🎉", "👀", "✅", "❓"] as const;
export const chatReactionSchema = z.enum(CHAT_REACTIONS, { error: "InvalidValue" });

/** A message's text: trimmed Markdown, 1..4000 characters (a message with files may have none). */
export const chatTextSchema = z
  .string({ error: "Required" })
  .transform((text) => text.trim())
  .pipe(z.string().max(CHAT_MESSAGE_MAX_LENGTH, { error: "MaxLength" }));

export const chatAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  mediaType: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatReactionCountSchema = z.object({
  emoji: z.string(),
  count: z.number().int(),
  /** Whether the caller is among those who reacted so. */
  mine: z.boolean(),
});

export const chatPersonSchema = z.object({ id: z.string(), name: z.string(), hasAvatar: z.boolean() });
export type ChatPerson = z.infer<typeof chatPersonSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  /** Order of the chat's messages, and the paging cursor. */
  seq: z.number().int(),
  author: chatPersonSchema.nullable(),
  text: z.string(),
  mentions: z.array(z.string()),
  attachments: z.array(chatAttachmentSchema),
  reactions: z.array(chatReactionCountSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat of an EPS node, or of one work of a version. */
export const chatSchema = z.object({
  id: z.string(),
  nodeId: z.string().nullable(),
  versionId: z.string().nullable(),
  wbsId: z.number().int().nullable(),
  /** The node's or the work's name. */
  title: z.string(),
  total: z.number().int(),
  unread: z.number().int(),
  /** The last message the caller read (0: none). */
  lastReadSeq: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatListQuery = z.object({
  filter: chatFilterSchema.default("all"),
  search: z.string().max(200, { error: "MaxLength" }).optional(),
});
export const chatListSchema = z.array(chatSchema);

export const chatIdParams = z.object({ id: uuidField });
export const chatMessageParams = z.object({ chatId: uuidField, messageId: uuidField });
export const chatWorkParams = z.object({
  versionId: uuidField,
  wbsId: z.coerce.number({ error: "InvalidValue" }).int({ error: "InvalidValue" }).positive({ error: "InvalidValue" }),
});

/** Paging: `before` a seq (older messages, for scrolling back) or from the latest; always oldest first inside a page. */
export const chatMessagesQuery = z.object({
  before: z.coerce.number({ error: "InvalidValue" }).int({ error: "InvalidValue" }).positive().optional(),
  limit: z.coerce.number({ error: "InvalidValue" }).int({ error: "InvalidValue" }).min(1).max(200).default(50),
  filter: chatFilterSchema.default("all"),
  search: z.string().max(200, { error: "MaxLength" }).optional(),
});
export const chatMessagePageSchema = z.object({
  items: z.array(chatMessageSchema),
  /** The `before` of the next older page; null at the chat's first message. */
  nextBefore: z.number().int().nullable(),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

export const chatOneMessageQuery = z.object({ messageId: uuidField });

/** The multipart fields of `POST /chat/create-message` (files come as `files` parts). */
export const createChatMessageFields = z.object({
  chatId: uuidField,
  text: chatTextSchema,
  /** Member ids mentioned (`@Name` in the text); each must be a member of the chat. */
  mentions: z.array(uuidField).max(50).default([]),
});
/** The multipart fields of `PATCH /chat/update-message`: the new text; files parts are added to the message. */
export const updateChatMessageFields = createChatMessageFields.extend({
  messageId: uuidField,
  /** Attachments to take off the message. */
  removeAttachmentIds: z.array(uuidField).max(CHAT_ATTACHMENTS_PER_MESSAGE).default([]),
});

export const chatReactionBody = z.object({ emoji: chatReactionSchema });
export const chatLastReadBody = z.object({
  chatId: uuidField,
  /** Read up to this message (default: the latest). */
  seq: z.number().int().nonnegative().optional(),
});
export const chatLastReadSchema = z.object({
  chatId: z.string(),
  lastReadSeq: z.number().int(),
  unread: z.number().int(),
});

export const chatSettingsSchema = z.object({
  filter: chatFilterSchema,
  /** Show the toast of a new message (spec §8). */
  toasts: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export const chatSettingsBody = chatSettingsSchema.partial();

export const chatMemberSchema = chatPersonSchema;
export const chatMembersSchema = z.array(chatMemberSchema);
