import type { Chat, ChatMessage, ChatMessagePage } from "@planum/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useState } from "react";
import { BenchFrame } from "../../../bench/bench-page";
import { API_PREFIX } from "../../../shared/api-client";
import { RealtimeProvider } from "../../realtime";
import { ChatBlock } from "../chat-block";

/**
 * The chat benchmark (apps/web/bench/chat-perf.mjs): a node's chat of `messages` messages, its calls answered inside
 * the page at once (the server's share — the newest page of 100,000 messages — is measured by the server's bench
 * chat.mjs), so what is timed is the web's: opening the chat until its newest messages are painted, and scrolling
 * back through older pages. Messages vary as real ones do: Markdown of several lengths, files, reactions.
 */
interface ChatBenchProbe {
  /** When the chat was mounted: the page (providers, frame) painted first, as in the app, where a chat opens inside it. */
  mountAt: number;
  /** From mounting the chat until the first frame with its messages painted. */
  openMs: number | null;
  /** Messages read so far (pages loaded while scrolling back). */
  loaded: number;
  frames: { ms: number }[];
}

declare global {
  interface Window {
    __chatBench: ChatBenchProbe;
  }
}

const CHAT_ID = "00000000-0000-4000-8000-000000000001";
const AUTHORS = ["Anna Petrova", "Jean Dupont", "Ivan Sokolov", "Marie Curie"].map((name, k) => ({
  id: `00000000-0000-4000-8000-00000000010${k}`,
  name,
  hasAvatar: false,
}));
const TEXTS = [
  "Concrete for the **slab** arrives tomorrow at 8:00",
  "Pump is booked, crew of 6",
  "Rebar inspection passed — see the photos\n\n- axis A–C\n- axis 1–4",
  "Can we move the *formwork* delivery to Thursday? The crane is busy on Wednesday until noon, and the access road is closed for the asphalt works.",
  "ok",
  "Updated the schedule: `A10` → `A20` now finish-to-start with 2 days lag",
];
const DAY_MS = 86_400_000;

function message(seq: number, total: number): ChatMessage {
  const author = AUTHORS[seq % AUTHORS.length];
  const withFile = seq % 7 === 0;
  return {
    id: `m${seq}`,
    chatId: CHAT_ID,
    seq,
    author,
    text: `${TEXTS[seq % TEXTS.length]} (#${seq})`,
    mentions: [],
    attachments: withFile
      ? [{ id: `f${seq}`, name: `report-${seq}.pdf`, size: 150_000 + seq, mediaType: "application/pdf" }]
      : [],
    reactions: seq % 5 === 0 ? [{ emoji: "👍", count: 2, mine: false }] : [],
    createdAt: new Date(Date.UTC(2026, 10, 26) - (total - seq) * (DAY_MS / 200)).toISOString(),
    editedAt: null,
  };
}

const answer = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { headers: { "content-type": "application/json" } });

/** Answers the chat's calls in the page: the chat, its settings and members, and pages of messages by `before`. */
export function serveChat(total: number) {
  const real = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    if (!url.pathname.startsWith(API_PREFIX)) return real(input, init);
    const path = url.pathname.slice(API_PREFIX.length);
    if (path.startsWith("/chat/eps/")) {
      const chat: Chat = {
        id: CHAT_ID,
        nodeId: path.slice("/chat/eps/".length),
        versionId: null,
        wbsId: null,
        title: "Block A",
        total,
        unread: 0,
        lastReadSeq: total,
        lastMessageAt: new Date().toISOString(),
      };
      return answer(chat);
    }
    if (path === "/chat/settings") return answer({ filter: "all" });
    if (path === `/chat/${CHAT_ID}/users`) return answer(AUTHORS);
    if (path === `/chat/${CHAT_ID}/messages`) {
      const before = Number(url.searchParams.get("before") ?? total + 1);
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const from = Math.max(1, before - limit);
      const items: ChatMessage[] = [];
      for (let seq = from; seq < before; seq++) items.push(message(seq, total));
      window.__chatBench.loaded += items.length;
      const page: ChatMessagePage = { items, nextBefore: from > 1 ? from : null };
      return answer(page);
    }
    return new Response(JSON.stringify({ success: false, errors: [{ code: "NotFound" }] }), { status: 404 });
  };
}

/** Marks the first frame in which the chat shows messages. */
function OpenProbe() {
  useLayoutEffect(() => {
    const probe = window.__chatBench;
    const look = () => {
      if (document.querySelector('[data-testid="chat-message"]')) {
        requestAnimationFrame(() => {
          probe.openMs = performance.now() - probe.mountAt;
        });
        return;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, []);
  return null;
}

/** Mounts the chat once the page around it has painted (the clock starts there), as a reader opening a node's chat. */
function ChatOpened() {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      window.__chatBench.mountAt = performance.now();
      setOpened(true);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!opened) return null;
  return (
    <>
      <OpenProbe />
      <ChatBlock spaceId="bench" target={{ nodeId: "00000000-0000-4000-8000-0000000000aa" }} listHeight={640} />
    </>
  );
}

export function ChatBenchPage({ messages }: { messages: number }) {
  window.__chatBench ??= { mountAt: performance.now(), openMs: null, loaded: 0, frames: [] };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <RealtimeProvider>
        <BenchFrame title="Chat" count={`${messages.toLocaleString("en")} messages`}>
          <div style={{ maxWidth: 720, padding: 12 }}>
            <ChatOpened />
          </div>
        </BenchFrame>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
