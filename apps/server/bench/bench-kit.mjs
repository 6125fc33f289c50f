// What the server benches share: calls through the built app (Fastify inject) as one signed-up user of a space of
// their own, a schedule to work in, timing with the process's CPU time, and one JSON line per case.
import fs from "node:fs";
import os from "node:os";
import pg from "pg";

/**
 * Calls `/api/v1…` through `app.inject` as the user `signUp` made, in that user's space: `call` answers the
 * envelope's `data`, `send` also the body's size and the headers (non-JSON answers have `data` null). Anything but
 * 200 throws with the start of the body.
 */
export function benchApi(app) {
  const api = {
    token: "",
    spaceId: null,
    async send(method, url, payload, headers = {}) {
      const response = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          ...(api.token ? { authorization: `Bearer ${api.token}` } : {}),
          ...(api.spaceId ? { "x-space-id": api.spaceId } : {}),
          ...headers,
        },
        payload,
      });
      if (response.statusCode !== 200)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      const json = response.headers["content-type"]?.toString().includes("json");
      return { data: json ? response.json().data : null, bytes: response.rawPayload.length, headers: response.headers };
    },
    async call(method, url, payload, headers) {
      return (await api.send(method, url, payload, headers)).data;
    },
    /** Registers and signs in Bench Mark and makes their space; answers the sign-in's data. */
    async signUp() {
      const session = await api.call("POST", "/users/register-and-login", {
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
      api.token = session.token;
      api.spaceId = (await api.call("POST", "/space/create", { name: "Bench", type: "corporate" })).id;
      return session;
    },
  };
  return api;
}

/** An EPS root, a facility, a project, a schedule and a version starting on Monday 13 January 2025 at 08:00. */
export async function benchSchedule(api, names = { project: "Project", schedule: "Schedule" }) {
  const root = await api.call("POST", "/eps/create", { name: "Bench", key: "BENCH" });
  const facility = await api.call("POST", "/facilities/create", { parentId: root.id, name: "Site" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: names.project });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: names.schedule });
  const version = await api.call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Bench",
    projectStart: "2025-01-13T08:00",
  });
  return { root, facility, project, schedule, version };
}

/**
 * Wall time and the CPU time of `fn`: this process's (the embedded database runs in it, so its work counts too) and,
 * when `freshPostgres` found the PostgreSQL server on this machine, the server's. On a machine shared with other jobs
 * the CPU time is the steadier figure.
 */
export async function timed(fn) {
  // The /proc scans first: their own CPU (every process's stat file read) is not the measured code's.
  const k0 = childrenCpuMs();
  const d0 = databaseCpuMs();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await fn();
  const c = process.cpuUsage(c0);
  const ownMs = (c.user + c.system) / 1000;
  const dbCpuMs = databaseServer ? databaseCpuMs() - d0 : undefined;
  return {
    ms: performance.now() - t0,
    // on a PostgreSQL server the database's work is in its processes: counted here too, so the figures compare
    cpuMs: ownMs + (dbCpuMs ?? 0),
    ...(dbCpuMs === undefined ? {} : { nodeCpuMs: ownMs, dbCpuMs }),
    childCpuMs: childrenCpuMs() - k0,
    result,
  };
}

/**
 * The postmaster of the PostgreSQL server on this machine that the bench runs on (its backends are its children),
 * found by `freshPostgres`; null on PGlite or a server elsewhere.
 */
let databaseServer = null;

/** The CPU ms the database server has used so far (its processes and the backends it reaped); 0 without one. */
export function databaseCpuMs() {
  return databaseServer ? serverCpuMs(databaseServer) : 0;
}

// the kernel's clock ticks of /proc's times (USER_HZ, 100 on Linux)
const TICK_MS = 10;

/**
 * CPU time in ms of the processes this one started and their descendants (the Chromium that prints), from /proc:
 * each live one's own time and what it has reaped of its ended children (a renderer that exited). 0 without /proc.
 */
export function childrenCpuMs() {
  return treeCpuMs(process.pid);
}

/** The whole server's CPU in ms: its processes and what the postmaster reaped of ended backends. */
function serverCpuMs(postmaster) {
  const stat = fs.readFileSync(`/proc/${postmaster}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS + treeCpuMs(postmaster);
}

/** CPU time in ms of a process's descendants (not its own), from /proc; 0 without /proc. */
function treeCpuMs(root) {
  if (!fs.existsSync("/proc/self/stat")) return 0;
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // the fields after the command's name (in parentheses, which may hold spaces): state, ppid, … utime at 11
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(f[1]);
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    const list = children.get(ppid) ?? [];
    list.push({ pid: Number(entry), ticks });
    children.set(ppid, list);
  }
  let ticks = 0;
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      ticks += child.ticks;
      walk(child.pid);
    }
  };
  walk(root);
  return ticks * TICK_MS;
}

/** A `timed` result's CPU for a JSON line: the total and, on a PostgreSQL server here, this process's and the server's. */
export const cpuFields = (t) => ({
  cpuMs: Math.round(t.cpuMs),
  ...(t.nodeCpuMs === undefined ? {} : { nodeCpuMs: Math.round(t.nodeCpuMs), dbCpuMs: Math.round(t.dbCpuMs) }),
});

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median and p95 of wall times in ms, and the median CPU time when the CPU samples are given. */
export function stats(samples, cpu) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return {
    medianMs: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    ...(cpu ? { cpuMs: Math.round(median(cpu)) } : {}),
  };
}

/** One case as a JSON line on stdout, with the machine's load average (a figure taken at load 15 reads otherwise). */
export function jsonLine(fields) {
  process.stdout.write(`${JSON.stringify({ ...fields, loadAverage: Math.round(os.loadavg()[0] * 10) / 10 })}\n`);
}

/**
 * CPU milliseconds used so far by this process (PGlite runs in it) and by the PostgreSQL server `freshPostgres` made
 * the bench's database on: on a shared machine the wall clock says more about the neighbours than about the code,
 * CPU time does not.
 */
export function cpuNow() {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000 + databaseCpuMs();
}

/**
 * A fresh PostgreSQL database on the server of `databaseUrl` (DATABASE_URL's by default), or null on PGlite. When
 * the server runs on this machine, its CPU counts from now on in `timed` and `cpuNow`.
 */
export async function freshPostgres(databaseUrl = process.env.DATABASE_URL) {
  if (!databaseUrl) return null;
  const url = new URL(databaseUrl);
  const name = `planum_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  databaseServer = await postmasterOf(admin);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The postmaster of a connection's backend (its parent process), when the server runs on this machine. */
async function postmasterOf(client) {
  const { rows } = await client.query("select pg_backend_pid() as pid");
  const stat = `/proc/${rows[0].pid}/stat`;
  if (!fs.existsSync(stat)) return null; // a server elsewhere: only this process's CPU is known
  const text = fs.readFileSync(stat, "utf8");
  return Number(text.slice(text.lastIndexOf(")") + 2).split(" ")[1]);
}
