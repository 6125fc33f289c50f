// Chat benchmarks (issue 17) on the built server and the embedded database (PGlite in a temporary folder): a node's
// chat of 100,000 messages (a few with files and reactions). One JSON line per case:
//   chat_open_latest — GET /chat/{id}/messages: the latest page of 50, target ≤ 300 ms
//   chat_open_chat   — GET /chat/eps/{id}: the chat with the reader's unread count over every message
//   chat_scroll_back — GET /chat/{id}/messages?before=…: each older page while scrolling back (20 pages)
//   node apps/server/bench/chat.mjs [messages=100000]
import os from "node:os";
import { sql } from "drizzle-orm";
import { startBenchServer } from "./bench-server.mjs";

const MESSAGES = Number(process.argv[2] ?? 100_000);
const RUNS = 15;

const { app, database, stop } = await startBenchServer("planum-bench-chat-");
let token = "";
let spaceId = null;
const inject = async (method, url, payload) => {
  const headers = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(spaceId ? { "x-space-id": spaceId } : {}),
  };
  const response = await app.inject({ method, url: `/api/v1${url}`, headers, payload });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json().data;
};
const stats = (samples) => {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: Math.round(at(0.5)), p95Ms: Math.round(at(0.95)) };
};
const line = (name, extra) =>
  process.stdout.write(
    `${JSON.stringify({ case: name, messages: MESSAGES, ...extra, loadAverage: Math.round(os.loadavg()[0] * 10) / 10 })}\n`,
  );
const timed = async (fn) => {
  const t0 = performance.now();
  const result = await fn();
  return { ms: performance.now() - t0, result };
};

const session = await inject("POST", "/users/register-and-login", {
  lastName: "Bench",
  firstName: "Mark",
  email: "bench@example.com",
  login: "bench",
  password: "bench-password",
  passwordConfirm: "bench-password",
  secretQuestion: "Q?",
  secretAnswer: "A",
  acceptPrivacyPolicy: true,
});
token = session.token;
spaceId = (await inject("POST", "/space/create", { name: "Bench", type: "corporate" })).id;
const node = await inject("POST", "/eps/create", { name: "Chat bench" });
const chat = await inject("GET", `/chat/eps/${node.id}`);

// The messages, written straight into the tables (as if months of talk), then a few through the API.
const seedStart = performance.now();
await database.db.execute(sql`
  insert into chat_messages (chat_id, space_id, seq, author_id, text, created_at)
  select ${chat.id}::uuid, ${spaceId}::uuid, g, ${session.user.id}::uuid,
         'Message ' || g || ': **concrete** for grid ' || (g % 40) || ' arrives at ' || (g % 24) || ':00',
         now() - ((${MESSAGES} - g) || ' minutes')::interval
  from generate_series(1, ${MESSAGES}) g`);
await database.db.execute(
  sql`update chats set last_seq = ${MESSAGES}, last_message_at = now() where id = ${chat.id}::uuid`,
);
process.stderr.write(`seeded ${MESSAGES} messages in ${Math.round(performance.now() - seedStart)} ms\n`);
const latest = await inject("GET", `/chat/${chat.id}/messages`);
for (const message of latest.items.slice(-5))
  await inject("PATCH", `/chat/${chat.id}/${message.id}/update-reaction`, { emoji: "👍" });

const open = [];
for (let i = 0; i < RUNS; i++) open.push((await timed(() => inject("GET", `/chat/${chat.id}/messages`))).ms);
line("chat_open_latest", { ...stats(open), targetMs: 300, items: latest.items.length });

const chats = [];
for (let i = 0; i < RUNS; i++) chats.push((await timed(() => inject("GET", `/chat/eps/${node.id}`))).ms);
line("chat_open_chat", stats(chats));

const back = [];
let before = latest.nextBefore;
for (let i = 0; i < 20 && before; i++) {
  const { ms, result } = await timed(() => inject("GET", `/chat/${chat.id}/messages?before=${before}`));
  back.push(ms);
  before = result.nextBefore;
}
line("chat_scroll_back", { ...stats(back), pages: back.length });

await stop();
