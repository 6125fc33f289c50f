import { ActionIcon, Avatar, Badge, Group, Menu, Stack, Text } from "@mantine/core";
import { CHAT_REACTIONS, type ChatMessage } from "@planum/contracts";
import { IconDots, IconMoodSmile } from "@tabler/icons-react";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { useAvatarUrl } from "../profile/profile-api";
import { ChatAttachments } from "./chat-attachments";
import { ChatMarkdown } from "./chat-markdown";

interface Props {
  message: ChatMessage;
  mine: boolean;
  unread: boolean;
  onReact: (emoji: string) => void;
  onEdit: () => void;
  onDelete: () => void;
  onDownload: (attachmentId: string, name: string) => void;
}

function AuthorAvatar({ message }: { message: ChatMessage }) {
  const url = useAvatarUrl(message.author?.id, message.author?.hasAvatar ?? false);
  return <Avatar src={url} size={28} radius="xl" color="initials" name={message.author?.name ?? "?"} alt="" />;
}

/** One message: author, time, text as safe Markdown, pictures previewed and files to download, reactions and the author's own actions. */
export function ChatMessageRow({ message, mine, unread, onReact, onEdit, onDelete, onDownload }: Props) {
  const { t } = useTranslation("chat");
  return (
    <Group
      align="flex-start"
      gap="xs"
      wrap="nowrap"
      py={6}
      px="xs"
      data-testid="chat-message"
      data-seq={message.seq}
      style={{ borderLeft: unread ? "3px solid var(--mantine-color-blue-filled)" : "3px solid transparent" }}
    >
      <AuthorAvatar message={message} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {message.author?.name ?? t("someone")}
          </Text>
          <Text size="xs" c="dimmed">
            {dayjs(message.createdAt).format("DD.MM.YYYY HH:mm")}
            {message.editedAt ? ` · ${t("edited")}` : ""}
          </Text>
        </Group>
        <div data-testid="chat-message-text">
          <ChatMarkdown text={message.text} />
        </div>
        {message.attachments.length > 0 ? (
          <ChatAttachments chatId={message.chatId} attachments={message.attachments} onDownload={onDownload} />
        ) : null}
        <Group gap={4} wrap="wrap">
          {message.reactions.map((reaction) => (
            <Badge
              key={reaction.emoji}
              variant={reaction.mine ? "filled" : "light"}
              color="gray"
              style={{ cursor: "pointer", textTransform: "none" }}
              onClick={() => onReact(reaction.emoji)}
              data-testid="chat-reaction"
            >
              {reaction.emoji} {reaction.count}
            </Badge>
          ))}
          <Menu position="top-start" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t("react")}>
                <IconMoodSmile size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Group gap={2} p={4} maw={180}>
                {CHAT_REACTIONS.map((emoji) => (
                  <Menu.Item key={emoji} p={4} w="auto" onClick={() => onReact(emoji)}>
                    {emoji}
                  </Menu.Item>
                ))}
              </Group>
            </Menu.Dropdown>
          </Menu>
          {mine ? (
            <Menu position="top-start" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t("actions")}
                  data-testid="chat-message-actions"
                >
                  <IconDots size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={onEdit}>{t("edit")}</Menu.Item>
                <Menu.Item color="red" onClick={onDelete}>
                  {t("delete")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}
