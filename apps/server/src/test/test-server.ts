import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Session } from "@planum/contracts";
import { buildApp } from "../app.js";
import { loadConfig } from "../platform/config.js";
import { type Database, openDatabase } from "../platform/db.js";

/** The tests' own database without a server: PostgreSQL when DATABASE_URL names one, else PGlite in memory. */
export function openTestDatabase(): Promise<Database> {
  return openDatabase({
    databaseUrl: process.env.DATABASE_URL ?? null,
    dataDir: "memory://",
    template: process.env.PLANUM_TEST_DB_TEMPLATE,
  });
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  language?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/**
 * A real server on a real database: PGlite in memory, or the PostgreSQL of DATABASE_URL (CI runs the API suite on
 * both). Calls go through HTTP handling with Fastify's inject, so routing, validation and the auth hook all run.
 */
export async function createTestServer(env: Record<string, string> = {}, options: { database?: Database } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PLANUM_DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    // Servers of parallel test files may share one PostgreSQL: each runs only the jobs it enqueued.
    PLANUM_JOB_QUEUE: `test_${randomUUID().replaceAll("-", "")}`,
    ...env,
  });
  // A second server may run on the database of a first one (two processes of one installation); the first closes it.
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? dataDir : "memory://",
      template: process.env.PLANUM_TEST_DB_TEMPLATE,
    }));
  const { app, ctx, attachRealtime, startBackground, stopBackground } = await buildApp(config, database);
  await app.ready();
  await startBackground();
  ctx.realtime.record = true;
  // Every change of a version queues its analytics recount, whose event comes whenever the job ends: tests that
  // assert the events of a call would race with it (the analytics tests wait for the recount's figures instead).
  ctx.realtime.unrecorded.add("schedule_indicator_calculate");

  async function call(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.language) headers["x-language"] = options.language;
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      payload: options.body as never,
      remoteAddress: options.remoteAddress,
    });
    const json = response.headers["content-type"]?.toString().includes("json") ? response.json() : null;
    return { status: response.statusCode, body: json, headers: response.headers, raw: response };
  }

  let counter = 0;
  /** Registers and signs in a fresh user with unique login and e-mail. */
  async function signUp(overrides: Record<string, unknown> = {}): Promise<Session & { password: string }> {
    counter++;
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${counter}`;
    const body = {
      lastName: "Petrova",
      firstName: "Anna",
      email: `anna.${unique}@example.com`,
      login: `anna${unique}`,
      password: "correct-horse",
      passwordConfirm: "correct-horse",
      secretQuestion: "First school?",
      secretAnswer: "School 57",
      acceptPrivacyPolicy: true,
      ...overrides,
    };
    const response = await call("POST", "/users/register-and-login", { body });
    if (response.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
    return { ...(response.body.data as Session), password: body.password as string };
  }

  async function createSpace(token: string, name = "Site North") {
    const response = await call("POST", "/space/create", { token, body: { name, type: "site" } });
    if (response.status !== 200) throw new Error(`space failed: ${JSON.stringify(response.body)}`);
    return response.body.data as { id: string; name: string };
  }

  async function close() {
    await ctx.jobs.idle();
    await stopBackground(0);
    await ctx.realtime.close();
    await app.close();
    if (!options.database) await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { app, ctx, database, attachRealtime, call, signUp, createSpace, close };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
