import { Center, Loader, Text } from "@mantine/core";
import type { ChatMessage } from "@planum/contracts";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type MutableRefObject, memo, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ChatMessageRow, type ChatRowActions } from "./chat-message";

/** A one-line message's height: the rows are measured once shown, this only places the ones not shown yet. */
const ROW_ESTIMATE = 64;

interface Props {
  items: ChatMessage[];
  height: number;
  myId: string | undefined;
  lastReadSeq: number;
  actions: ChatRowActions;
  /** Shown when there are no messages (none yet, or none found). */
  emptyText: string | null;
  loadingOlder: boolean;
  /** Asks for the page before the oldest shown (the reader came near the top). */
  onNearTop: () => void;
  /** Set to true by the composer after sending: the list follows to the newest message. */
  stickToBottom: MutableRefObject<boolean>;
}

/**
 * The messages of a chat, oldest at the top: a virtualised list (only the rows in view and a few more are in the
 * page, each measured once and remembered by message), so a chat of any length costs the same to open and to
 * scroll. Its own component: scrolling re-renders the list, never the composer beside it.
 */
export const ChatMessageList = memo(function ChatMessageList({
  items,
  height,
  myId,
  lastReadSeq,
  actions,
  emptyText,
  loadingOlder,
  onNearTop,
  stickToBottom,
}: Props) {
  const { t } = useTranslation("chat");
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 4,
    // The list is mounted with its first page and opens at the newest messages: the first render already lays out
    // the rows at the bottom instead of the oldest of the page, which the scroll to the end would then replace.
    initialOffset: () => Math.max(0, items.length * ROW_ESTIMATE - height),
    getItemKey: (index) => items[index]?.id ?? index,
  });

  // Stays at the newest message when one arrives while the reader is at the bottom; an older page read at the top
  // keeps the rows in view where they were (the height added above is scrolled past).
  const shape = useRef({ count: 0, firstId: "", height: 0 });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const before = shape.current;
    const firstId = items[0]?.id ?? "";
    if (before.count === 0 || stickToBottom.current) virtualizer.scrollToIndex(items.length - 1, { align: "end" });
    else if (firstId !== before.firstId) element.scrollTop += virtualizer.getTotalSize() - before.height;
    shape.current = { count: items.length, firstId, height: virtualizer.getTotalSize() };
  }, [items, virtualizer, stickToBottom]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
    shape.current.height = virtualizer.getTotalSize();
    if (element.scrollTop < 120) onNearTop();
  };

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="chat-list"
      style={{ height, overflowY: "auto", contain: "strict", position: "relative", overflowAnchor: "none" }}
    >
      {loadingOlder ? (
        // Takes no room: the rows keep their place while the older page loads.
        <div style={{ position: "sticky", top: 0, height: 0, zIndex: 1 }}>
          <Center py={4}>
            <Loader size="xs" />
          </Center>
        </div>
      ) : null}
      {emptyText ? (
        <Center h="100%">
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        </Center>
      ) : null}
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((row) => {
          const message = items[row.index];
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              style={{ position: "absolute", top: 0, left: 0, width: "100%", transform: `translateY(${row.start}px)` }}
            >
              <ChatMessageRow
                message={message}
                mine={message.author?.id === myId}
                unread={message.seq > lastReadSeq && message.author?.id !== myId}
                actions={actions}
                t={t}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
});
