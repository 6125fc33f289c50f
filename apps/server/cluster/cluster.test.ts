import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateXerBytes } from "../../../packages/formats/bench/generate-xer.mjs";
import { call, connectSocket, freshDatabase, type PlanumProcess, signUp, startProcess, until } from "./cluster-kit.js";

/**
 * Planum as an operator runs it: several `planum serve` processes on one PostgreSQL and one S3-compatible store.
 * Run by `npm run test:cluster` (needs DATABASE_URL of a server where it may create databases).
 */

let s3: S3rver;
let s3Dir: string;
let s3Env: Record<string, string>;
const started: PlanumProcess[] = [];
const databases: Awaited<ReturnType<typeof freshDatabase>>[] = [];

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "planum-cluster", configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  s3Env = {
    PLANUM_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    PLANUM_S3_BUCKET: "planum-cluster",
    PLANUM_S3_REGION: "us-east-1",
    PLANUM_S3_ACCESS_KEY_ID: "S3RVER",
    PLANUM_S3_SECRET_ACCESS_KEY: "S3RVER",
    PLANUM_S3_FORCE_PATH_STYLE: "1",
  };
});

afterAll(async () => {
  await Promise.all(started.map((proc) => proc.kill()));
  for (const database of databases) await database.drop();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

async function cluster(count: number, extra: Record<string, string> = {}) {
  const database = await freshDatabase();
  databases.push(database);
  const env = { DATABASE_URL: database.url, ...s3Env, ...extra };
  // Started together, on an empty database: every one of them must come up (migrations wait for each other).
  const procs = await Promise.all(Array.from({ length: count }, (_, i) => startProcess(`p${i + 1}`, env)));
  started.push(...procs);
  return { database, env, procs };
}

/** A space with one schedule, made through `proc`. */
async function scheduleOf(proc: PlanumProcess, token: string) {
  const space = (await call(proc, "POST", "/space/create", { token, body: { name: "Cluster", type: "site" } })).body
    .data;
  const as = { token, spaceId: space.id as string };
  const root = (await call(proc, "POST", "/eps/create", { ...as, body: { name: "Root", key: "ROOT" } })).body.data;
  const facility = (
    await call(proc, "POST", "/facilities/create", { ...as, body: { parentId: root.id, name: "Plant" } })
  ).body.data;
  const project = (
    await call(proc, "POST", `/facilities/${facility.id}/project/create`, { ...as, body: { name: "Hall" } })
  ).body.data;
  const schedule = (
    await call(proc, "POST", `/projects/${project.id}/schedules/create`, { ...as, body: { name: "Main" } })
  ).body.data;
  return { spaceId: space.id as string, scheduleId: schedule.id as string };
}

function xerForm(activities: number) {
  const form = new FormData();
  form.append("file", new Blob([generateXerBytes(activities).bytes]), `plan-${activities}.xer`);
  return form;
}

async function versionCount(database: Awaited<ReturnType<typeof freshDatabase>>, scheduleId: string) {
  const { rows } = await database.pool.query("select count(*)::int as n from versions where schedule_id = $1", [
    scheduleId,
  ]);
  return rows[0].n as number;
}

async function jobRow(database: Awaited<ReturnType<typeof freshDatabase>>, jobId: string) {
  const { rows } = await database.pool.query(
    "select j.status, j.attempt, j.progress, j.error, j.result, p.pid from jobs j left join server_processes p on p.id = j.runner_id where j.id = $1",
    [jobId],
  );
  return rows[0] as {
    status: string;
    attempt: number;
    progress: number;
    error: string | null;
    result: Record<string, unknown> | null;
    pid: number | null;
  };
}

describe("several server processes on one PostgreSQL", () => {
  it("start together on an empty database, share events, sign-outs and files", async () => {
    const { procs } = await cluster(2);
    const [a, b] = procs;
    const owner = await signUp(a, "owner");
    const { spaceId } = await scheduleOf(a, owner.token);

    // An edit through B reaches a browser connected to A.
    const onA = await connectSocket(a, owner.token);
    await onA.join(spaceId);
    await call(b, "POST", "/eps/create", { token: owner.token, spaceId, body: { name: "Through B", key: "THRU-B" } });
    await until("the event on A", async () => onA.events.find((e) => e.type === "eps_updated"), 10_000);

    // A member kicked out through B stops receiving the space's events on A.
    const member = await signUp(a, "member");
    const invited = await call(a, "POST", `/space/${spaceId}/users/invite`, {
      token: owner.token,
      body: { login: member.user.login },
    });
    expect(invited.status).toBe(200);
    const memberSocket = await connectSocket(a, member.token);
    await memberSocket.join(spaceId);
    await call(b, "POST", `/space/${spaceId}/users/kickout`, { token: owner.token, body: { userId: member.user.id } });
    // The next change is made through A itself, so only the kick-out (made through B) can keep it from the member.
    await call(a, "POST", "/eps/create", { token: owner.token, spaceId, body: { name: "After kick", key: "KICK" } });
    await until("the owner's second event", async () => onA.events.filter((e) => e.type === "eps_updated").length >= 2);
    expect(memberSocket.events.filter((e) => e.type === "eps_updated")).toHaveLength(0);
    memberSocket.socket.close();

    // A file stored through A downloads through B (one object store).
    const avatar = new FormData();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    avatar.append("file", new Blob([png], { type: "image/png" }), "me.png");
    expect((await call(a, "POST", "/users/avatar", { token: owner.token, form: avatar })).status).toBe(200);
    const downloaded = await fetch(`${b.base}/users/${owner.user.id}/avatar`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(png)).toBe(true);

    // Signing out through B ends the socket connected to A.
    await call(b, "POST", "/auth/logout", { token: owner.token });
    await until("the socket to close", async () => onA.ended.length > 0 && !onA.socket.connected, 10_000);
  });

  it("answers from memory only until another process writes: revoked tokens and memberships end everywhere", async () => {
    const { procs } = await cluster(2);
    const [a, b] = procs;
    const owner = await signUp(a, "keeper");
    const member = await signUp(a, "guest");
    const { spaceId } = await scheduleOf(a, owner.token);
    await call(a, "POST", `/space/${spaceId}/users/invite`, { token: owner.token, body: { login: member.user.login } });
    const treeOnA = (token: string) => call(a, "GET", "/eps", { token, spaceId });
    // Read twice through A: A now keeps both sessions and memberships in memory.
    for (let i = 0; i < 2; i++) {
      expect((await treeOnA(owner.token)).status).toBe(200);
      expect((await treeOnA(member.token)).status).toBe(200);
    }
    // Well inside the time a kept reading may live (5 s): only the message between the processes can end them.
    const promptly = 3_000;
    await call(b, "POST", `/space/${spaceId}/users/kickout`, { token: owner.token, body: { userId: member.user.id } });
    await until(
      "A to refuse the member kicked out through B",
      async () => (await treeOnA(member.token)).status === 403,
      promptly,
    );
    await call(b, "POST", "/auth/logout", { token: owner.token });
    await until(
      "A to refuse the token signed out through B",
      async () => (await treeOnA(owner.token)).status === 401,
      promptly,
    );
  });

  it("finishes on another process a job whose process was killed mid-way, making one version", async () => {
    const { database, procs } = await cluster(2);
    const [a, b] = procs;
    const owner = await signUp(a, "killer");
    const { spaceId, scheduleId } = await scheduleOf(a, owner.token);
    const before = await versionCount(database, scheduleId);

    const upload = await call(a, "POST", `/schedules/${scheduleId}/versions/upload`, {
      token: owner.token,
      spaceId,
      // Large enough to be killed mid-way on a fast machine, small enough to be finished again on a loaded one.
      form: xerForm(15_000),
    });
    expect(upload.status).toBe(200);
    const jobId = upload.body.data.jobId as string;
    const running = await until("the job to run", async () => {
      const row = await jobRow(database, jobId);
      return row.status === "in_process" && row.pid ? row : null;
    });
    const victim = running.pid === a.child.pid ? a : b;
    const survivor = victim === a ? b : a;
    await victim.kill();

    // The survivor first waits for the victim's heartbeat to go quiet (20 s), then runs the whole import again.
    const done = await until(
      "the job to be taken over and finished",
      async () => {
        const row = await jobRow(database, jobId);
        return row.status === "completed" || row.status === "error" ? row : null;
      },
      150_000,
      250,
    );
    expect(done.status).toBe("completed");
    expect(done.attempt).toBeGreaterThanOrEqual(2);
    expect(await versionCount(database, scheduleId)).toBe(before + 1);
    const job = await call(survivor, "GET", `/jobs/${jobId}`, { token: owner.token });
    expect(job.body.data.status).toBe("completed");
  });

  it("makes one version of one upload even when a third process starts during it", async () => {
    const { database, env, procs } = await cluster(2);
    const [a] = procs;
    const owner = await signUp(a, "third");
    const { spaceId, scheduleId } = await scheduleOf(a, owner.token);
    const before = await versionCount(database, scheduleId);
    const upload = await call(a, "POST", `/schedules/${scheduleId}/versions/upload`, {
      token: owner.token,
      spaceId,
      form: xerForm(15_000),
    });
    const jobId = upload.body.data.jobId as string;
    await until("the job to run", async () => (await jobRow(database, jobId)).status === "in_process");
    const third = await startProcess("p3", env);
    started.push(third);
    const done = await until(
      "the job to finish",
      async () => {
        const row = await jobRow(database, jobId);
        return row.status === "completed" || row.status === "error" ? row : null;
      },
      150_000,
      250,
    );
    expect(done).toMatchObject({ status: "completed", attempt: 1 });
    expect(await versionCount(database, scheduleId)).toBe(before + 1);
  });

  it("leaves an import completed with its version when its process is killed right after the commit", async () => {
    const { database, env, procs } = await cluster(1);
    const [a] = procs;
    const owner = await signUp(a, "commit");
    const { spaceId, scheduleId } = await scheduleOf(a, owner.token);
    const before = await versionCount(database, scheduleId);
    const upload = await call(a, "POST", `/schedules/${scheduleId}/versions/upload`, {
      token: owner.token,
      spaceId,
      form: xerForm(2_000),
    });
    const jobId = upload.body.data.jobId as string;
    // The moment the version is visible, the process dies.
    await until("the version", async () => (await versionCount(database, scheduleId)) > before, 60_000, 2);
    await a.kill();

    const next = await startProcess("p2", env);
    started.push(next);
    const done = await until(
      "the job to end",
      async () => {
        const row = await jobRow(database, jobId);
        return row.status === "completed" || row.status === "error" ? row : null;
      },
      150_000,
      250,
    );
    expect(done.status).toBe("completed");
    expect(await versionCount(database, scheduleId)).toBe(before + 1);
    const { rows } = await database.pool.query("select id from versions where schedule_id = $1", [scheduleId]);
    expect(rows.map((r) => r.id)).toContain(done.result?.versionId);
  });
});

describe("process roles", () => {
  it("runs jobs on a worker process and tells a browser connected to the web process", async () => {
    const database = await freshDatabase();
    databases.push(database);
    const env = { DATABASE_URL: database.url, ...s3Env };
    const [web, worker] = await Promise.all([
      startProcess("web", { ...env, PLANUM_ROLE: "web" }),
      startProcess("worker", { ...env, PLANUM_ROLE: "worker" }),
    ]);
    started.push(web, worker);
    const owner = await signUp(web, "roles");
    const { spaceId, scheduleId } = await scheduleOf(web, owner.token);
    const socket = await connectSocket(web, owner.token);
    await socket.join(spaceId);

    const upload = await call(web, "POST", `/schedules/${scheduleId}/versions/upload`, {
      token: owner.token,
      spaceId,
      form: xerForm(500),
    });
    const jobId = upload.body.data.jobId;
    const done = await until("the job to end", async () => {
      const row = await jobRow(database, jobId);
      return row.status === "completed" || row.status === "error" ? row : null;
    });
    expect(done.status).toBe("completed");
    const { rows } = await database.pool.query(
      "select p.role from jobs j join server_processes p on p.id = j.runner_id where j.id = $1",
      [jobId],
    );
    expect(rows[0]?.role).toBe("worker");
    // The worker has no HTTP port, yet its progress reached the socket on the web process.
    await until("the import event", async () =>
      socket.events.find((e) => e.type === "import" && e.jobId === jobId && e.status === "completed"),
    );
  });
});
