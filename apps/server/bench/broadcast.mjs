// A chat message to 1,000 connected clients across two server processes (issue 17): two built server processes
// (`planum serve`, cluster/cluster-kit.ts) on one PostgreSQL, 50 members of a space each with 20 socket.io clients
// (their tabs), half on each process. The author posts through process A; the time runs from the call until every
// one of the 1,000 clients has received its `chat_message_created`.
//   chat_broadcast_1000 — per message (10 messages): the call's answer, and the last client's event; target ≤ 1 s
//   DATABASE_URL=postgres://… node apps/server/bench/broadcast.mjs [members=50] [tabs=20]
// Needs a PostgreSQL server it may create a database on (like `npm run test:cluster`); without one it says so.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { jsonLine, stats } from "./bench-kit.mjs";

const MEMBERS = Number(process.argv[2] ?? 50);
const TABS = Number(process.argv[3] ?? 20);
const MESSAGES = 10;
const line = (name, extra) => jsonLine({ case: name, clients: MEMBERS * TABS, processes: 2, ...extra });

if (!process.env.DATABASE_URL) {
  line("chat_broadcast_1000", { skipped: "needs DATABASE_URL (a PostgreSQL server)" });
  process.exit(0);
}
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: path.resolve(serverRoot, "../.."), stdio: "ignore" });
// The cluster kit is TypeScript (the cluster tests share it): loaded through tsx.
register();
const { freshDatabase, startProcess, signUp, call, connectSocket, until } = await import("../cluster/cluster-kit.ts");

const database = await freshDatabase();
const env = { DATABASE_URL: database.url };
const a = await startProcess("a", env);
const b = await startProcess("b", env);
const sockets = [];
try {
  const owner = await signUp(a, "bcast");
  const space = (await call(a, "POST", "/space/create", { token: owner.token, body: { name: "Bench", type: "site" } }))
    .body.data;
  const asOwner = { token: owner.token, spaceId: space.id };
  const node = (await call(a, "POST", "/eps/create", { ...asOwner, body: { name: "Site chat" } })).body.data;
  const chat = (await call(a, "GET", `/chat/eps/${node.id}`, asOwner)).body.data;

  const members = [owner];
  for (let i = 1; i < MEMBERS; i++) {
    const member = await signUp(i % 2 ? b : a, `bm${i}`);
    await call(a, "POST", `/space/${space.id}/users/invite`, { ...asOwner, body: { login: member.user.login } });
    members.push(member);
  }
  for (const member of members)
    for (let tab = 0; tab < TABS; tab++) sockets.push(await connectSocket(tab % 2 ? b : a, member.token));
  process.stderr.write(`${sockets.length} clients connected (${MEMBERS} members × ${TABS})\n`);

  const answers = [];
  const reached = [];
  for (let m = 0; m < MESSAGES; m++) {
    const form = new FormData();
    form.set("chatId", chat.id);
    form.set("text", `Бетон на захватку ${m + 1} в 8:00`);
    const t0 = performance.now();
    const posted = await call(a, "POST", "/chat/create-message", { ...asOwner, form });
    answers.push(performance.now() - t0);
    const id = posted.body.data.id;
    const has = (s) => s.events.some((e) => e.type === "chat_message_created" && e.messageId === id);
    await until("every client to receive the message", async () => sockets.every(has), 60_000, 1);
    reached.push(performance.now() - t0);
  }
  line("chat_broadcast_1000", {
    answer: stats(answers),
    ...stats(reached),
    targetMs: 1000,
    messages: MESSAGES,
  });
} finally {
  for (const s of sockets) s.socket.close();
  await Promise.all([a.stop(), b.stop()]);
  await database.drop();
}
