import {
  chatIdParams,
  chatLastReadBody,
  chatLastReadSchema,
  chatListQuery,
  chatListSchema,
  chatMembersSchema,
  chatMessagePageSchema,
  chatMessageParams,
  chatMessageSchema,
  chatMessagesQuery,
  chatOneMessageQuery,
  chatReactionBody,
  chatSchema,
  chatSettingsBody,
  chatSettingsSchema,
  chatWorkParams,
  createChatMessageFields,
  deletedCountSchema,
  idParams,
  updateChatMessageFields,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AccessRule } from "../../platform/access.js";
import { contentDisposition } from "../../platform/content-disposition.js";
import type { AppContext } from "../../platform/context.js";
import { fileAnswer, route } from "../../platform/route.js";
import { ChatService } from "./chat.service.js";
import { type ChatScope, chatScope, nodeChatScope, workChatScope } from "./chat-access.js";
import { isPreviewable } from "./chat-media.js";
import { readChatForm } from "./chat-upload.js";

/**
 * Chat (spec §7): a chat per EPS node (`/chat/eps/{id}`) and per work (`/chat/work/{versionId}/{wbsId}`), its
 * messages paged by cursor, files, reactions, read marks and the caller's chat settings. Whoever may read the node or
 * the work's version takes part; everything else about a chat answers 404 (another space's) or 403.
 */
export function chatModule(ctx: AppContext) {
  const service = new ChatService(ctx);
  const { access, db } = ctx;
  const member = access.space();
  /** The chat `{param}` of the caller's space, where they may read its node or work. */
  const chatAt = (param = "id"): AccessRule<ChatScope> => ({
    describe: `space member who may read the node or the work of chat {${param}}`,
    check: async (request, params) => chatScope(db, await member.check(request, params), String(params[param] ?? "")),
  });

  return async function chatRoutes(app: FastifyInstance) {
    const tags = ["Chat"];

    route(
      app,
      { method: "GET", url: "/chat/settings", tags, response: chatSettingsSchema, access: member },
      ({ scope }) => service.settings(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/chat/set-chat-settings",
        tags,
        summary: "The caller's chat filter (all, unread) and whether new messages show a toast",
        body: chatSettingsBody,
        response: chatSettingsSchema,
        access: member,
      },
      ({ scope, body }) => service.saveSettings(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/chat",
        tags,
        summary: "The chats with messages the caller may read, newest first (filter unread: those with unread)",
        query: chatListQuery,
        response: chatListSchema,
        access: member,
      },
      ({ scope, query }) => service.list(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/chat/eps/:id",
        tags,
        summary: "The chat of a node (made on first opening), with the caller's unread count",
        params: idParams,
        response: chatSchema,
        access: access.node("eps:read"),
      },
      async ({ scope }) => service.chat(await nodeChatScope(db, scope)),
    );
    route(
      app,
      {
        method: "GET",
        url: "/chat/work/:versionId/:wbsId",
        tags,
        summary: "The chat of a work of a version (made on first opening), with the caller's unread count",
        params: chatWorkParams,
        response: chatSchema,
        access: access.version("read", "versionId"),
      },
      async ({ scope, params }) => service.chat(await workChatScope(db, scope, params.wbsId)),
    );
    route(
      app,
      { method: "GET", url: "/chat/:id", tags, params: chatIdParams, response: chatSchema, access: chatAt() },
      ({ scope }) => service.chat(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/chat/:id/messages",
        tags,
        summary: "A page of messages, oldest first: the latest, or those `before` a seq (nextBefore pages further)",
        params: chatIdParams,
        query: chatMessagesQuery,
        response: chatMessagePageSchema,
        access: chatAt(),
      },
      ({ scope, query }) => service.messages(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/chat/:id/message",
        tags,
        summary: "One message as the caller sees it (its reactions with the caller's own marked)",
        params: chatIdParams,
        query: chatOneMessageQuery,
        response: chatMessageSchema,
        access: chatAt(),
      },
      ({ scope, query }) => service.message(scope, query.messageId),
    );
    route(
      app,
      {
        method: "GET",
        url: "/chat/:id/users",
        tags,
        summary: "The chat's members (who may read its node or work): whom a message can mention",
        params: chatIdParams,
        response: chatMembersSchema,
        access: chatAt(),
      },
      ({ scope }) => service.members(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/chat/:id/files/:attachmentId",
        tags,
        summary: "A message's attached file: an image inline, anything else as a download, with its original name",
        params: chatIdParams.extend({ attachmentId: z.string().uuid({ error: "InvalidValue" }) }),
        response: fileAnswer,
        raw: { contentType: "application/octet-stream" },
        access: chatAt(),
      },
      async ({ scope, params, reply }) => {
        const { attachment, bytes } = await service.file(scope, params.attachmentId);
        return reply
          .type(attachment.mediaType)
          .header(
            "content-disposition",
            contentDisposition(attachment.name, isPreviewable(attachment.mediaType) ? "inline" : "attachment"),
          )
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .header("cache-control", "private, max-age=60")
          .send(bytes);
      },
    );
    route(
      app,
      {
        method: "POST",
        url: "/chat/create-message",
        tags,
        summary: `multipart/form-data: chatId, text (Markdown), mentions (repeated), files (up to 5, 10 MB each)`,
        response: chatMessageSchema,
        access: member,
      },
      async ({ scope, request }) => {
        const form = await readChatForm(request, createChatMessageFields);
        return service.create(await chatScope(db, scope, form.fields.chatId), form.fields, form.files);
      },
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/chat/update-message",
        tags,
        summary:
          "multipart/form-data: chatId, messageId, text, mentions, removeAttachmentIds, files to add; author only",
        response: chatMessageSchema,
        access: member,
      },
      async ({ scope, request }) => {
        const form = await readChatForm(request, updateChatMessageFields);
        return service.update(await chatScope(db, scope, form.fields.chatId), form.fields, form.files);
      },
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/chat/update-last-read",
        tags,
        summary: "Moves the caller's read mark of a chat to a message (default: the latest); never backwards",
        body: chatLastReadBody,
        response: chatLastReadSchema,
        access: member,
      },
      async ({ scope, body }) => service.markRead(await chatScope(db, scope, body.chatId), body.seq),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/chat/:chatId/:messageId/update-reaction",
        tags,
        summary: "Gives the caller's reaction to a message, or takes it back when given already",
        params: chatMessageParams,
        body: chatReactionBody,
        response: chatMessageSchema,
        access: chatAt("chatId"),
      },
      ({ scope, params, body }) => service.react(scope, params.messageId, body.emoji),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/chat/:chatId/:messageId",
        tags,
        summary: "Deletes a message with its files; author only",
        params: chatMessageParams,
        response: deletedCountSchema,
        access: chatAt("chatId"),
      },
      ({ scope, params }) => service.remove(scope, params.messageId),
    );
  };
}
