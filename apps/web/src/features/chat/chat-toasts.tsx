import { Avatar, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { CHAT_PREVIEW_LENGTH, type ServerEvent } from "@planum/contracts";
import { IconMail } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useAvatarUrl } from "../profile/profile-api";
import { useRealtimeEvents } from "../realtime";
import { useMe } from "../session";
import { useChatSettings } from "./chat-api";

/** Spec §9: a chat toast stays 10 s. */
export const CHAT_TOAST_MS = 10_000;

/** The sender's picture when it loads, else the mail icon (spec §8). */
function SenderIcon({ userId, hasAvatar }: { userId: string; hasAvatar: boolean }) {
  const url = useAvatarUrl(userId, hasAvatar);
  return url ? <Avatar src={url} size={32} radius="xl" alt="" /> : <IconMail size={20} aria-hidden />;
}

/** The first 40 characters of a message (spec §8), with an ellipsis when cut. */
export function previewOf(text: string, fileLabel: string) {
  const flat = text.replace(/\s+/g, " ").trim() || fileLabel;
  return flat.length > CHAT_PREVIEW_LENGTH ? `${flat.slice(0, CHAT_PREVIEW_LENGTH)}…` : flat;
}

/**
 * The toast of a new message from someone else (spec §8): bottom-left, 10 s, the sender's avatar or a mail icon, the
 * first 40 characters; "mentioned you" when it mentions the reader. Mounted once per signed-in page of a space.
 */
export function ChatToasts({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("chat");
  const me = useMe();
  const settings = useChatSettings(spaceId);
  useRealtimeEvents((event: ServerEvent) => {
    if (event.type !== "chat_message_created" || event.spaceId !== spaceId || !event.message) return;
    const message = event.message;
    if (!me.data || message.author?.id === me.data.id || settings.data?.toasts === false) return;
    const mentioned = message.mentions.includes(me.data.id);
    notifications.show({
      id: `chat-${message.id}`,
      position: "bottom-left",
      autoClose: CHAT_TOAST_MS,
      color: mentioned ? "orange" : "blue",
      icon: message.author ? (
        <SenderIcon userId={message.author.id} hasAvatar={message.author.hasAvatar} />
      ) : (
        <IconMail size={20} />
      ),
      title: `${message.author?.name ?? t("someone")} · ${event.title}`,
      message: (
        <Text size="sm" component="span" data-testid="chat-toast">
          {mentioned ? `${t("mentionedYou")} ` : null}
          {previewOf(message.text, t("sentFiles", { count: message.attachments.length }))}
        </Text>
      ),
    });
  });
  return null;
}
