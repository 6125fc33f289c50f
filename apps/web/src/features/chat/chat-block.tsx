import {
  ActionIcon,
  Badge,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { ChatFilter, ChatMessage } from "@planum/contracts";
import { IconAt, IconMessages, IconPaperclip, IconSearch, IconSend, IconX } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError } from "../../ui/notify";
import { useMe } from "../session";
import {
  type ChatTarget,
  chatApi,
  chatKeys,
  useChat,
  useChatLive,
  useChatMembers,
  useChatMessages,
  useChatSettings,
} from "./chat-api";
import type { ChatRowActions } from "./chat-message";
import { ChatMessageList } from "./chat-message-list";

/** Height of the message list: a few messages beside the panel's other content. */
const LIST_HEIGHT = 340;

/**
 * The chat block of a node or a work (spec §2): messages from the latest, older ones read while scrolling up (a
 * virtualised list, so a long chat keeps a few dozen rows in the page), the all/unread filter (kept in the user's
 * chat settings), search, and a composer with files and @mentions. Live through the chat events.
 */
export function ChatBlock({
  spaceId,
  target,
  listHeight = LIST_HEIGHT,
}: {
  spaceId: string;
  target: ChatTarget;
  listHeight?: number;
}) {
  const { t } = useTranslation("chat");
  const queryClient = useQueryClient();
  const me = useMe();
  const chat = useChat(spaceId, target);
  const chatId = chat.data?.id;
  const settings = useChatSettings(spaceId);
  const filter: ChatFilter = settings.data?.filter ?? "all";
  const [searchText, setSearchText] = useState("");
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const messages = useChatMessages(spaceId, chatId, filter, search);
  const members = useChatMembers(spaceId, chatId);
  useChatLive(spaceId, chatId);

  const items = useMemo(
    () => (messages.data ? [...messages.data.pages].reverse().flatMap((page) => page.items) : []),
    [messages.data],
  );
  const lastReadSeq = chat.data?.lastReadSeq ?? 0;

  // Follows the newest message while the reader is at the bottom (the list sets it as they scroll).
  const stickToBottom = useRef(true);
  const fetchOlder = useRef(() => {});
  fetchOlder.current = () => {
    if (messages.hasNextPage && !messages.isFetchingNextPage) void messages.fetchNextPage();
  };
  const onNearTop = useCallback(() => fetchOlder.current(), []);

  // What the reader has seen is read: the newest message shown moves the read mark (and the counts).
  const newestSeq = items.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (!chatId || newestSeq <= lastReadSeq || (chat.data?.unread ?? 0) === 0) return;
    chatApi.markRead(chatId, newestSeq).then(
      () => void queryClient.invalidateQueries({ queryKey: chatKeys.target(spaceId, target) }),
      () => {},
    );
  }, [chatId, newestSeq, lastReadSeq, chat.data?.unread, queryClient, spaceId, target]);

  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [mentions, setMentions] = useState<string[]>([]);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const reset = () => {
    setText("");
    setFiles([]);
    setMentions([]);
    setEditing(null);
  };
  const send = useMutation({
    mutationFn: () => {
      const mentioned = mentions.filter((id) => text.includes(`@${members.data?.find((m) => m.id === id)?.name}`));
      return editing
        ? chatApi.edit(chatId ?? "", editing.id, text, mentioned)
        : chatApi.send(chatId ?? "", text, mentioned, files);
    },
    onSuccess: () => {
      reset();
      stickToBottom.current = true;
    },
    onError: notifyError,
  });
  const act = useMutation({ mutationFn: (call: () => Promise<unknown>) => call(), onError: notifyError });
  const actions = useMemo<ChatRowActions>(
    () => ({
      react: (message, emoji) => act.mutate(() => chatApi.react(message.chatId, message.id, emoji)),
      edit: (message) => {
        setEditing(message);
        setText(message.text);
        setMentions(message.mentions);
      },
      remove: async (message) => {
        const answer = await confirm({ message: t("deleteConfirm"), danger: true });
        if (answer.confirmed) act.mutate(() => chatApi.remove(message.chatId, message.id));
      },
      download: (message, id, name) => act.mutate(() => chatApi.download(message.chatId, id, name)),
    }),
    [act.mutate, t],
  );
  const setFilter = useMutation({
    mutationFn: (value: ChatFilter) => chatApi.saveSettings({ filter: value }),
    onSuccess: (saved) => queryClient.setQueryData(chatKeys.settings(spaceId), saved),
    onError: notifyError,
  });

  const canSend = Boolean(chatId) && (text.trim() !== "" || files.length > 0) && !send.isPending;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="chat-block">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconMessages size={18} aria-hidden />
            <Text fw={600}>{t("title")}</Text>
            {chat.data && chat.data.unread > 0 ? (
              <Badge color="red" size="sm" data-testid="chat-unread">
                {chat.data.unread}
              </Badge>
            ) : null}
          </Group>
          <Group gap="xs" wrap="wrap">
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(value) => setFilter.mutate(value as ChatFilter)}
              data={[
                { value: "all", label: t("filter.all") },
                { value: "unread", label: t("filter.unread") },
              ]}
            />
            <TextInput
              size="xs"
              w={180}
              maw="100%"
              leftSection={<IconSearch size={14} />}
              placeholder={t("search")}
              aria-label={t("search")}
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
            />
          </Group>
        </Group>
        {messages.isPending ? (
          <Center h={listHeight}>
            <Loader size="sm" />
          </Center>
        ) : (
          <ChatMessageList
            items={items}
            height={listHeight}
            myId={me.data?.id}
            lastReadSeq={lastReadSeq}
            actions={actions}
            emptyText={
              messages.isSuccess && items.length === 0
                ? search || filter === "unread"
                  ? t("nothingFound")
                  : t("empty")
                : null
            }
            loadingOlder={messages.isFetchingNextPage}
            onNearTop={onNearTop}
            stickToBottom={stickToBottom}
          />
        )}
        {editing ? (
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {t("editing")}
            </Text>
            <ActionIcon size="xs" variant="subtle" onClick={reset} aria-label={t("cancelEdit")}>
              <IconX size={12} />
            </ActionIcon>
          </Group>
        ) : null}
        {files.length > 0 ? (
          <Group gap={4} wrap="wrap">
            {files.map((file) => (
              <Badge
                key={file.name}
                variant="light"
                maw="100%"
                rightSection={
                  <IconX
                    size={10}
                    style={{ cursor: "pointer" }}
                    onClick={() => setFiles(files.filter((f) => f !== file))}
                  />
                }
              >
                {file.name}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            autosize
            minRows={1}
            maxRows={6}
            placeholder={t("placeholder")}
            aria-label={t("placeholder")}
            data-testid="chat-input"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && canSend) send.mutate();
            }}
          />
          <Menu position="top-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t("mention")} title={t("mention")}>
                <IconAt size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown mah={240} style={{ overflowY: "auto" }}>
              {(members.data ?? []).map((member) => (
                <Menu.Item
                  key={member.id}
                  onClick={() => {
                    setText((old) => `${old}${old && !old.endsWith(" ") ? " " : ""}@${member.name} `);
                    setMentions((old) => [...new Set([...old, member.id])]);
                  }}
                >
                  {member.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {editing ? null : (
            <FileButton multiple onChange={(chosen) => setFiles([...files, ...chosen].slice(0, 5))}>
              {(props) => (
                <ActionIcon {...props} variant="default" size="lg" aria-label={t("attach")} title={t("attach")}>
                  <IconPaperclip size={16} />
                </ActionIcon>
              )}
            </FileButton>
          )}
          <Button
            size="sm"
            leftSection={<IconSend size={14} />}
            disabled={!canSend}
            loading={send.isPending}
            onClick={() => send.mutate()}
            data-testid="chat-send"
          >
            {editing ? t("save") : t("send")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
