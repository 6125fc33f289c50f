import { Menu } from "@mantine/core";
import { CHAT_REACTIONS, type ChatMessage } from "@planum/contracts";
import { IconDots, IconMoodSmile } from "@tabler/icons-react";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { type CSSProperties, memo, type ReactNode, useState } from "react";
import { useAvatarUrl } from "../profile/profile-api";
import { ChatAttachments } from "./chat-attachments";
import { ChatMarkdown } from "./chat-markdown";
import "./chat.css";

/** What a row does, the same functions for every row (so a row re-renders only when its message changes). */
export interface ChatRowActions {
  react: (message: ChatMessage, emoji: string) => void;
  edit: (message: ChatMessage) => void;
  remove: (message: ChatMessage) => void;
  download: (message: ChatMessage, attachmentId: string, name: string) => void;
}

interface Props {
  message: ChatMessage;
  mine: boolean;
  unread: boolean;
  actions: ChatRowActions;
  /** The chat's texts, read once by the list (a translation hook per row costs as much as the row). */
  t: TFunction<"chat">;
}

/** Mantine's palette the initials take their colour from (as its Avatar `color="initials"` does). */
const INITIALS_COLORS = ["blue", "cyan", "grape", "green", "indigo", "lime", "orange", "pink", "red", "teal", "violet"];

function initials(name: string) {
  const words = name.trim().split(/\s+/);
  return `${words[0]?.[0] ?? "?"}${words.length > 1 ? (words.at(-1)?.[0] ?? "") : ""}`.toUpperCase();
}

function colorOf(name: string) {
  let hash = 0;
  for (let k = 0; k < name.length; k++) hash = (hash * 31 + name.charCodeAt(k)) | 0;
  const color = INITIALS_COLORS[Math.abs(hash) % INITIALS_COLORS.length];
  return {
    "--chat-avatar-color": `var(--mantine-color-${color}-light-color)`,
    "--chat-avatar-bg": `var(--mantine-color-${color}-light)`,
  } as CSSProperties;
}

function PictureAvatar({ userId, name }: { userId: string; name: string }) {
  const url = useAvatarUrl(userId, true);
  return (
    <span className="chat-avatar" style={colorOf(name)}>
      {url ? <img src={url} alt="" /> : initials(name)}
    </span>
  );
}

/** The author's picture when they have one (read once per person), else their initials. */
function AuthorAvatar({ message }: { message: ChatMessage }) {
  const name = message.author?.name ?? "?";
  if (message.author?.hasAvatar) return <PictureAvatar userId={message.author.id} name={name} />;
  return (
    <span className="chat-avatar" style={colorOf(name)} aria-hidden>
      {initials(name)}
    </span>
  );
}

/**
 * A small icon button whose menu is built only when opened: a menu per row (floating position, focus trap) would
 * cost more than the row itself, and only one is ever open.
 */
function RowMenu({
  label,
  icon,
  testId,
  children,
}: {
  label: string;
  icon: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const button = (
    <button
      type="button"
      className="chat-icon-button"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={opened ? undefined : () => setOpened(true)}
    >
      {icon}
    </button>
  );
  if (!opened) return button;
  return (
    <Menu opened onChange={setOpened} position="top-start" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** One message: author, time, text as safe Markdown, pictures previewed and files to download, reactions and the author's own actions. */
export const ChatMessageRow = memo(function ChatMessageRow({ message, mine, unread, actions, t }: Props) {
  return (
    <div className="chat-row" data-testid="chat-message" data-seq={message.seq} data-unread={unread || undefined}>
      <AuthorAvatar message={message} />
      <div className="chat-main">
        <div className="chat-head">
          <span className="chat-author">{message.author?.name ?? t("someone")}</span>
          <span className="chat-time">
            {dayjs(message.createdAt).format("DD.MM.YYYY HH:mm")}
            {message.editedAt ? ` · ${t("edited")}` : ""}
          </span>
        </div>
        <div className="chat-text" data-testid="chat-message-text">
          <ChatMarkdown text={message.text} />
        </div>
        {message.attachments.length > 0 ? (
          <ChatAttachments
            chatId={message.chatId}
            attachments={message.attachments}
            t={t}
            onDownload={(id, name) => actions.download(message, id, name)}
          />
        ) : null}
        <div className="chat-tools">
          {message.reactions.map((reaction) => (
            <button
              type="button"
              key={reaction.emoji}
              className="chat-reaction"
              data-mine={reaction.mine || undefined}
              onClick={() => actions.react(message, reaction.emoji)}
              data-testid="chat-reaction"
            >
              {reaction.emoji} {reaction.count}
            </button>
          ))}
          <RowMenu label={t("react")} icon={<IconMoodSmile size={14} />}>
            <div style={{ display: "flex", flexWrap: "wrap", gap: 2, padding: 4, maxWidth: 180 }}>
              {CHAT_REACTIONS.map((emoji) => (
                <Menu.Item key={emoji} p={4} w="auto" onClick={() => actions.react(message, emoji)}>
                  {emoji}
                </Menu.Item>
              ))}
            </div>
          </RowMenu>
          {mine ? (
            <RowMenu label={t("actions")} icon={<IconDots size={14} />} testId="chat-message-actions">
              <Menu.Item onClick={() => actions.edit(message)}>{t("edit")}</Menu.Item>
              <Menu.Item color="red" onClick={() => actions.remove(message)}>
                {t("delete")}
              </Menu.Item>
            </RowMenu>
          ) : null}
        </div>
      </div>
    </div>
  );
});
