// Chat benchmarks (issue 17) on the built server and the embedded database (PGlite in a temporary folder): a node's
// chat of 100,000 messages (a few with files and reactions). One JSON line per case:
//   chat_open_latest — GET /chat/{id}/messages: the latest page of 50, target ≤ 300 ms
//   chat_open_chat   — GET /chat/eps/{id}: the chat with the reader's unread count over every message
//   chat_scroll_back — GET /chat/{id}/messages?before=…: each older page while scrolling back (20 pages)
//   chat_search_rare / chat_search_common — GET /chat/{id}/messages?search=…: a word in 1 of 1,000 messages, and
//                      one in all of them (the trigram index, migration 0034, answers the rare one; `indexUsed`)
//   chat_list_search — GET /chat?search=…: the caller's chats holding the rare word
//   node apps/server/bench/chat.mjs [messages=100000]
import { sql } from "drizzle-orm";
import { benchApi, jsonLine, stats, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";

const MESSAGES = Number(process.argv[2] ?? 100_000);
const RUNS = 15;

const { app, database, stop } = await startBenchServer("planum-bench-chat-");
const api = benchApi(app);
const inject = api.call;
const line = (name, extra) => jsonLine({ case: name, messages: MESSAGES, ...extra });

const session = await api.signUp();
const { spaceId } = api;
const node = await inject("POST", "/eps/create", { name: "Chat bench" });
const chat = await inject("GET", `/chat/eps/${node.id}`);

// The messages, written straight into the tables (as if months of talk), then a few through the API.
const seedStart = performance.now();
await database.db.execute(sql`
  insert into chat_messages (chat_id, space_id, seq, author_id, text, created_at)
  select ${chat.id}::uuid, ${spaceId}::uuid, g, ${session.user.id}::uuid,
         'Message ' || g || ': **concrete** for grid ' || (g % 40) || ' arrives at ' || (g % 24) || ':00'
           || case when g % 1000 = 0 then ', арматура А500С на складе' else '' end,
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

await database.db.execute(sql`analyze chat_messages`);
const plan = await database.db.execute(
  sql`explain select id from chat_messages where chat_id = ${chat.id}::uuid and text ilike '%арматура%'`,
);
const indexUsed = JSON.stringify(plan.rows).includes("chat_messages_text_trgm_idx");
for (const [name, word, expected] of [
  ["chat_search_rare", "арматура", MESSAGES / 1000],
  ["chat_search_common", "concrete", MESSAGES],
]) {
  const runs = [];
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, result } = await timed(() =>
      inject("GET", `/chat/${chat.id}/messages?search=${encodeURIComponent(word)}`),
    );
    runs.push(ms);
    found = result.items.length;
  }
  line(name, { ...stats(runs), targetMs: 300, matching: expected, page: found, indexUsed });
}
const listed = [];
for (let i = 0; i < RUNS; i++)
  listed.push((await timed(() => inject("GET", `/chat?search=${encodeURIComponent("арматура")}`))).ms);
line("chat_list_search", { ...stats(listed), targetMs: 300 });

await stop();
