import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { io, type Socket } from "socket.io-client";

/**
 * Several real server processes (`planum serve`, the built server) on one PostgreSQL database, as an operator runs
 * them behind a load balancer. Each test gets a database of its own on the server of `DATABASE_URL`.
 */

const bin = fileURLToPath(new URL("../bin/planum.js", import.meta.url));

export function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("The cluster tests need DATABASE_URL (a PostgreSQL server they may create databases on)");
  return url;
}

/** A fresh empty database on the server of DATABASE_URL, dropped by `drop()`. */
export async function freshDatabase() {
  const name = `planum_cluster_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface PlanumProcess {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/** Starts `planum serve` on a free loopback port; `ready` waits until it answers (workers have no port). */
export async function startProcess(
  name: string,
  env: Record<string, string>,
  options: { waitReady?: boolean } = {},
): Promise<PlanumProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `planum-${name}-`));
  const child = spawn(process.execPath, [bin, "serve"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PLANUM_DATA_DIR: dataDir,
      PLANUM_WEB_DIST: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}/api/v1`;
  const proc: PlanumProcess = {
    name,
    port,
    base,
    child,
    output: () => log,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (options.waitReady !== false && env.PLANUM_ROLE !== "worker") await waitHealthy(proc);
  return proc;
}

export async function waitHealthy(proc: PlanumProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    const ok = await fetch(`${proc.base}/health-check`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${proc.name} did not answer in time:\n${proc.output()}`);
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` answers something truthy, or fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

interface Answer {
  success: boolean;
  data: Record<string, string> & { jobId: string; status: string };
  errors?: { code: string; message: string }[];
}

/** Calls the API of one process like the browser does. */
export async function call(
  proc: PlanumProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; spaceId?: string; form?: FormData } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.spaceId) headers["x-space-id"] = options.spaceId;
  let body: FormData | string | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${proc.base}${url}`, { method, headers, body }).catch((error: Error) => {
    // A server that answers before reading a large body (an early error) or has died shows only as a broken pipe
    // here: say which process, whether it still runs, and what it last wrote.
    const state = proc.child.exitCode ?? proc.child.signalCode ?? "running";
    const cause = (error.cause as Error | undefined)?.message ?? "";
    throw new Error(
      `${method} ${url} on ${proc.name} (${state}) failed: ${error.message} ${cause}\n${proc.output().slice(-4000)}`,
    );
  });
  const type = response.headers.get("content-type") ?? "";
  // Tests read answers loosely, by the paths they check.
  const json = (type.includes("json") ? await response.json() : null) as Answer;
  return { status: response.status, body: json, response };
}

export async function signUp(proc: PlanumProcess, tag: string) {
  const unique = `${tag}${randomBytes(4).toString("hex")}`;
  const answer = await call(proc, "POST", "/users/register-and-login", {
    body: {
      lastName: "Orlova",
      firstName: "Vera",
      email: `${unique}@example.com`,
      login: unique,
      password: "correct-horse",
      passwordConfirm: "correct-horse",
      secretQuestion: "First school?",
      secretAnswer: "School 57",
      acceptPrivacyPolicy: true,
    },
  });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data as unknown as { token: string; user: { id: string; login: string } };
}

/** A socket.io client of one process, signed in, with every Planum event it received. */
export async function connectSocket(proc: PlanumProcess, token: string) {
  const socket: Socket = io(`http://127.0.0.1:${proc.port}`, {
    path: "/socket.io",
    auth: { token },
    transports: ["websocket"],
    reconnection: false,
  });
  const events: { type: string; [key: string]: unknown }[] = [];
  const ended: unknown[] = [];
  socket.on("planum_event", (event) => events.push(event));
  socket.on("session_ended", (payload) => ended.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return {
    socket,
    events,
    ended,
    async join(spaceId: string) {
      const answer = (await socket.emitWithAck("join_space", { spaceId })) as { ok: boolean };
      if (!answer.ok) throw new Error(`join_space refused: ${JSON.stringify(answer)}`);
    },
  };
}
