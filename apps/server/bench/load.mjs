// Planum under load: a real server process on loopback with a fresh embedded database, driven over HTTP by many
// simultaneous clients (one promise per user). One JSON line per case:
// { case, requests, concurrency, p50Ms, p95Ms, maxMs, perSecond, statuses, serverCpuMs }.
//   sign-in burst          BENCH_LOAD_USERS people signing in at the same moment (password hashing under load)
//   gantt during sign-in   a few Gantt reads sent while that burst runs: they must not wait behind the hashing
//   gantt cold / gantt     every user reads the demo schedule's Gantt at once, BENCH_LOAD_ROUNDS times
//   gantt if-none-match    the same with the ETag of the user's previous answer (304 without a body)
//   gantt, one user        one user reading it 50 times in a row: the cost of one read without a crowd
//   gantt …, fetch         the same crowd through fetch, which decodes every body in this process
// BENCH_LOAD_PROFILE=<folder> keeps a CPU profile of the server (see below).
// The Gantt reads go through node:http with keep-alive and read the whole body as sent (brotli), without decoding
// it: each user's browser decodes its own answer on its own machine, while here 200 users share the server's two
// cores, and fetch's decoding (a brotli stream per answer) made the client, not the server, the bottleneck.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, "..");
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 5);
const PASSWORD = "load-bench-password";

spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: path.resolve(serverRoot, "../.."), stdio: "ignore" });
if (!fs.existsSync(path.join(serverRoot, "dist/main.js"))) {
  console.error("apps/server/dist is missing: npm run build -w apps/server failed");
  process.exit(1);
}

/** A port nobody listens on now: the operating system picks it. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-load-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}/api/v1`;
// BENCH_LOAD_PROFILE=<folder>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
const profile = process.env.BENCH_LOAD_PROFILE
  ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_LOAD_PROFILE)}`]
  : [];
const server = spawn(process.execPath, [...profile, path.join(serverRoot, "bin/planum.js"), "serve"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PLANUM_DATA_DIR: dataDir,
    PLANUM_WEB_DIST: "",
    LOG_LEVEL: "error",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
let stopping = false;
server.on("exit", (code) => {
  if (!stopping) {
    console.error(`the server stopped (code ${code})`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
});
async function stop() {
  stopping = true;
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** One HTTP call; the body is read (a client waits for all of it), the time is measured around both. */
async function call(method, url, { token, spaceId, body, headers = {} } = {}) {
  const start = performance.now();
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(spaceId ? { "x-space-id": spaceId } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const ms = performance.now() - start;
  return { status: response.status, headers: response.headers, text, ms };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: USERS + 10 });

/** A GET as a browser sends it (compressed answers accepted), timed until the last byte of the body as sent. */
function read(url, { token, spaceId, headers = {} }) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${url}`,
      {
        agent,
        headers: { authorization: `Bearer ${token}`, "x-space-id": spaceId, "accept-encoding": "br, gzip", ...headers },
      },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode, etag: response.headers.etag, bytes, ms: performance.now() - start }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

async function data(method, url, options) {
  const answer = await call(method, url, options);
  if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text).data;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * CPU time the server process has used so far (user + system of all its threads, Linux /proc; null elsewhere). On a
 * machine shared with other work the wall times swing with the neighbours; the server's CPU per case does not.
 */
function serverCpuMs() {
  try {
    const stat = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: state(3) … utime(14) stime(15), counted from 1 = pid.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The server's CPU time since `from` (a serverCpuMs reading), or null where it cannot be read. */
const serverCpuSince = (from, to = serverCpuMs()) => (from !== null && to !== null ? to - from : null);

function report(name, answers, wallMs, concurrency, serverCpu = null) {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const statuses = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const line = {
    case: name,
    requests: answers.length,
    concurrency,
    p50Ms: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    maxMs: Math.round(times[times.length - 1]),
    perSecond: Math.round((answers.length / wallMs) * 1000),
    statuses,
  };
  if (serverCpu !== null) line.serverCpuMs = serverCpu;
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/health-check`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 3000) throw new Error("the server did not start within five minutes");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const person = (i) => ({
    lastName: "Load",
    firstName: `User${i}`,
    email: `load${i}@example.com`,
    login: `load${i}`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    secretQuestion: "Q?",
    secretAnswer: "A",
    acceptPrivacyPolicy: true,
  });
  const owner = await data("POST", "/users/register-and-login", { body: person(0) });
  const setupStart = performance.now();
  await pool(
    Array.from({ length: USERS - 1 }, (_, i) => i + 1),
    4,
    (i) => data("POST", "/users/register", { body: person(i) }),
  );
  const space = await data("POST", "/space/create", { token: owner.token, body: { name: "Load", type: "corporate" } });
  const { jobId } = await data("POST", `/space/${space.id}/demo`, { token: owner.token });
  for (;;) {
    const job = await data("GET", `/jobs/${jobId}`, { token: owner.token });
    if (job.status === "completed") break;
    if (job.status === "error") throw new Error(`demo job failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await pool(
    Array.from({ length: USERS - 1 }, (_, i) => i + 1),
    4,
    (i) => data("POST", `/space/${space.id}/users/invite`, { token: owner.token, body: { login: `load${i}` } }),
  );
  const versionId = await demoVersion(owner.token, space.id);
  const gantt = await call("GET", `/versions/${versionId}/gantt`, { token: owner.token, spaceId: space.id });
  const rows = await data("GET", `/versions/${versionId}/wbs/count`, { token: owner.token, spaceId: space.id });
  process.stderr.write(
    `${USERS} users, demo space and members ready in ${Math.round(performance.now() - setupStart)} ms; ` +
      `demo Gantt ${rows.total} rows, ${gantt.text.length} bytes of JSON\n`,
  );

  // (a) everybody signs in at once; (b) meanwhile the owner reads the Gantt every 250 ms.
  let burstRunning = true;
  const burstStart = performance.now();
  const burstCpu = serverCpuMs();
  const burst = Promise.all(
    Array.from({ length: USERS }, (_, i) =>
      call("POST", "/auth/login", { body: { login: `load${i}`, password: PASSWORD } }),
    ),
  ).finally(() => {
    burstRunning = false;
  });
  const readsDuring = [];
  const readsStart = performance.now();
  while (burstRunning) {
    readsDuring.push(await call("GET", `/versions/${versionId}/gantt`, { token: owner.token, spaceId: space.id }));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signIns = await burst;
  report("sign-in burst", signIns, performance.now() - burstStart, USERS, serverCpuSince(burstCpu));
  report("gantt during sign-in burst", readsDuring, performance.now() - readsStart, 1);
  const tokens = signIns.map((answer) => (answer.status === 200 ? JSON.parse(answer.text).data.token : owner.token));

  // (c) every user reads the demo Gantt at once, ROUNDS times; then again revalidating with the ETag they hold.
  const etags = new Array(USERS).fill(null);
  const readAll = async (name, revalidate, through = read) => {
    const answers = [];
    const firsts = [];
    const cpuFrom = serverCpuMs();
    let firstsCpu = null;
    const start = performance.now();
    await Promise.all(
      tokens.map(async (token, i) => {
        for (let round = 0; round < ROUNDS; round++) {
          const headers = revalidate && etags[i] ? { "if-none-match": etags[i] } : {};
          const answer = await through(`/versions/${versionId}/gantt`, { token, spaceId: space.id, headers });
          etags[i] = answer.etag ?? etags[i];
          answers.push(answer);
          if (round === 0) {
            firsts.push(answer);
            if (firsts.length === tokens.length) firstsCpu = serverCpuMs();
          }
        }
      }),
    );
    report(name, answers, performance.now() - start, USERS, serverCpuSince(cpuFrom));
    // Where the tail comes from: each user's first read of the round (all sent in the same instant); its server CPU
    // is counted until the last of them was answered.
    report(`${name}, first reads`, firsts, performance.now() - start, USERS, serverCpuSince(cpuFrom, firstsCpu));
  };
  const throughFetch = async (url, options) => {
    const answer = await call("GET", url, options);
    return { ...answer, etag: answer.headers.get("etag") };
  };
  // BENCH_LOAD_PIN=1 keeps the server and this client on separate cores from here on (the sign-in burst above used
  // every core: hashing needs them), as when browsers run elsewhere. Measured on 2 cores it made the tail longer,
  // not shorter (the server's compression and GC threads lose the second core), so it is not the default.
  const pinned = pinApart(server.pid);
  process.stderr.write(pinned ? `${pinned}\n` : "server and client share every core\n");
  // The first read of each user is its first call since signing in (its session and membership are read then).
  await readAll(`gantt, ${USERS} users`, false);
  await readAll(`gantt if-none-match, ${USERS} users`, true);
  await readAll(`gantt, ${USERS} users, fetch`, false, throughFetch);

  const alone = [];
  const aloneStart = performance.now();
  const aloneCpu = serverCpuMs();
  for (let i = 0; i < 50; i++)
    alone.push(await read(`/versions/${versionId}/gantt`, { token: owner.token, spaceId: space.id }));
  report("gantt, one user", alone, performance.now() - aloneStart, 1, serverCpuSince(aloneCpu));
} finally {
  agent.destroy();
  await stop();
}

/**
 * Puts every thread of the server on the first core and this process on the others (Linux `taskset`); returns what
 * it did, or null when not asked for (BENCH_LOAD_PIN=1), there is a single core or no taskset.
 */
function pinApart(serverPid) {
  const cores = os.availableParallelism();
  if (cores < 2 || process.env.BENCH_LOAD_PIN !== "1") return null;
  const rest = `1-${cores - 1}`;
  const server = spawnSync("taskset", ["-a", "-cp", "0", String(serverPid)], { stdio: "ignore" });
  const client = spawnSync("taskset", ["-a", "-cp", rest, String(process.pid)], { stdio: "ignore" });
  if (server.status !== 0 || client.status !== 0) return null;
  return `Gantt reads: the server on core 0, this client on cores ${rest}`;
}

/** The demo space's calculated version: the actual version of a schedule the demo filled. */
async function demoVersion(token, spaceId) {
  const { nodes } = await data("GET", "/eps", { token, spaceId });
  for (const project of nodes.filter((node) => node.kind === "project")) {
    for (const schedule of await data("GET", `/projects/${project.id}/schedules`, { token, spaceId })) {
      const versions = await data("GET", `/schedules/${schedule.id}/versions`, { token, spaceId });
      const actual = versions.find((v) => v.kind === "actual" && v.calcStatus === "calculated");
      if (actual) return actual.id;
    }
  }
  throw new Error("no calculated version in the demo space");
}
