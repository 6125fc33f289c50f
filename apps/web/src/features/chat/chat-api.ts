import type { Chat, ChatMessage, ChatMessagePage, ChatPerson, ChatSettings, ServerEvent } from "@planum/contracts";
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime";

export type ChatTarget = { nodeId: string } | { versionId: string; wbsId: number };
type ChatEvent = Extract<ServerEvent, { chatId: string }>;

export const chatKeys = {
  all: (spaceId: string) => ["chat", spaceId] as const,
  target: (spaceId: string, target: ChatTarget) =>
    ["chat", spaceId, "target", "nodeId" in target ? target.nodeId : `${target.versionId}:${target.wbsId}`] as const,
  messages: (spaceId: string, chatId: string, filter: string, search: string) =>
    ["chat", spaceId, "messages", chatId, filter, search] as const,
  members: (spaceId: string, chatId: string) => ["chat", spaceId, "members", chatId] as const,
  settings: (spaceId: string) => ["chat", spaceId, "settings"] as const,
};

const id = encodeURIComponent;
export const PAGE_SIZE = 50;

/** A message form: text fields, then the files (spec: create-message and update-message are multipart). */
function form(fields: Record<string, string | string[]>, files: File[]) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  for (const file of files) data.append("files", file, file.name);
  return data;
}

export const chatApi = {
  open: (target: ChatTarget) =>
    api.get<Chat>(
      "nodeId" in target ? `/chat/eps/${id(target.nodeId)}` : `/chat/work/${id(target.versionId)}/${target.wbsId}`,
    ),
  messages: (chatId: string, query: { before?: number; filter: string; search: string }) =>
    api.get<ChatMessagePage>(`/chat/${id(chatId)}/messages`, {
      query: { before: query.before, limit: PAGE_SIZE, filter: query.filter, search: query.search || undefined },
    }),
  message: (chatId: string, messageId: string) =>
    api.get<ChatMessage>(`/chat/${id(chatId)}/message`, { query: { messageId } }),
  members: (chatId: string) => api.get<ChatPerson[]>(`/chat/${id(chatId)}/users`),
  send: (chatId: string, text: string, mentions: string[], files: File[]) =>
    api.post<ChatMessage>("/chat/create-message", undefined, { formData: form({ chatId, text, mentions }, files) }),
  edit: (chatId: string, messageId: string, text: string, mentions: string[]) =>
    apiRequest<ChatMessage>("/chat/update-message", {
      method: "PATCH",
      formData: form({ chatId, messageId, text, mentions }, []),
    }),
  remove: (chatId: string, messageId: string) =>
    api.delete<{ deleted: number }>(`/chat/${id(chatId)}/${id(messageId)}`),
  react: (chatId: string, messageId: string, emoji: string) =>
    apiRequest<ChatMessage>(`/chat/${id(chatId)}/${id(messageId)}/update-reaction`, {
      method: "PATCH",
      body: { emoji },
    }),
  markRead: (chatId: string, seq?: number) =>
    apiRequest<{ chatId: string; lastReadSeq: number; unread: number }>("/chat/update-last-read", {
      method: "PATCH",
      body: { chatId, seq },
    }),
  settings: () => api.get<ChatSettings>("/chat/settings"),
  saveSettings: (body: Partial<ChatSettings>) => api.post<ChatSettings>("/chat/set-chat-settings", body),
  /** An attachment's bytes, fetched with the token (the route needs it): pictures are previewed from them. */
  file: (chatId: string, attachmentId: string) =>
    api.get<Blob>(`/chat/${id(chatId)}/files/${id(attachmentId)}`, { responseType: "blob" }),
  /** An attachment handed to the browser as a download. */
  download: async (chatId: string, attachmentId: string, name: string) => {
    const blob = await chatApi.file(chatId, attachmentId);
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};

export function useChat(spaceId: string, target: ChatTarget) {
  return useQuery({ queryKey: chatKeys.target(spaceId, target), queryFn: () => chatApi.open(target) });
}

export function useChatSettings(spaceId: string) {
  return useQuery({ queryKey: chatKeys.settings(spaceId), queryFn: chatApi.settings });
}

export function useChatMembers(spaceId: string, chatId: string | undefined) {
  return useQuery({
    queryKey: chatKeys.members(spaceId, chatId ?? ""),
    queryFn: () => chatApi.members(chatId ?? ""),
    enabled: Boolean(chatId),
    staleTime: 60_000,
  });
}

/** Pages of a chat from the latest back (`fetchNextPage` reads older ones). */
export function useChatMessages(spaceId: string, chatId: string | undefined, filter: string, search: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(spaceId, chatId ?? "", filter, search),
    enabled: Boolean(chatId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => chatApi.messages(chatId ?? "", { before: pageParam, filter, search }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

type Pages = InfiniteData<ChatMessagePage, number | undefined>;

/** Puts an event's message into every loaded page set of its chat: appended when new, replaced when changed. */
function patchPages(pages: Pages | undefined, event: ChatEvent): Pages | undefined {
  if (!pages) return pages;
  const replace = (items: ChatMessage[]) =>
    event.type === "chat_message_deleted"
      ? items.filter((m) => m.id !== event.messageId)
      : items.map((m) =>
          m.id === event.messageId && event.message ? { ...event.message, reactions: m.reactions } : m,
        );
  let next = pages.pages.map((page) => ({ ...page, items: replace(page.items) }));
  if (event.type === "chat_message_created" && event.message) {
    const known = next.some((page) => page.items.some((m) => m.id === event.messageId));
    if (!known)
      next = next.map((page, i) =>
        i === 0 ? { ...page, items: [...page.items, event.message as ChatMessage] } : page,
      );
  }
  return { ...pages, pages: next };
}

/**
 * Keeps an open chat live: a new message is appended at once (from the event), a changed one is read again as the
 * caller sees it (reactions: whose are mine), a deleted one disappears; the chat's counts are read again.
 */
export function useChatLive(spaceId: string, chatId: string | undefined) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event: ServerEvent) => {
    if (!("chatId" in event) || event.spaceId !== spaceId || event.chatId !== chatId) return;
    const chatEvent = event as ChatEvent;
    queryClient.setQueriesData<Pages>({ queryKey: ["chat", spaceId, "messages", chatId] }, (old) =>
      patchPages(old, chatEvent),
    );
    if (chatEvent.type === "chat_message_updated" && chatId)
      void chatApi.message(chatId, chatEvent.messageId).then(
        (message) =>
          queryClient.setQueriesData<Pages>(
            { queryKey: ["chat", spaceId, "messages", chatId] },
            (old) =>
              old && {
                ...old,
                pages: old.pages.map((page) => ({
                  ...page,
                  items: page.items.map((m) => (m.id === message.id ? message : m)),
                })),
              },
          ),
        () => {},
      );
    void queryClient.invalidateQueries({ queryKey: ["chat", spaceId, "target"] });
  });
}
