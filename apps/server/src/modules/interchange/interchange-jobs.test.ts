import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { setUpWorkspace } from "../workspace/workspace.test-kit.js";
import { uploadVersion } from "./upload.js";

const corpus = path.resolve(__dirname, "../../../../../../shared/corpus");
const corpusFile = (name: string) => fs.readFileSync(path.join(corpus, name));

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function multipart(files: { name: string; bytes: Buffer }[]) {
  const boundary = "----planum-jobs";
  const payload = Buffer.concat([
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function versionCount(scheduleId: string) {
  const answer = (await server.ctx.db.execute(
    sql`select count(*)::int as n from versions where schedule_id = ${scheduleId}`,
  )) as unknown as { rows: { n: number }[] };
  return answer.rows[0].n;
}

async function jobRow(id: string) {
  const answer = (await server.ctx.db.execute(
    sql`select status, attempt, result from jobs where id = ${id}`,
  )) as unknown as { rows: { status: string; attempt: number; result: Record<string, unknown> | null }[] };
  return answer.rows[0];
}

/** Runs the jobs runner's private steps the way a live worker does (claim, supervise). */
const runner = () => server.ctx.jobs as unknown as { run(id: string): Promise<void>; supervise(): Promise<void> };

describe("interchange jobs", () => {
  it("commits a version only together with whatever records it (a refused job completion leaves no version)", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const before = await versionCount(schedule.id);
    const refused = uploadVersion(
      server.ctx,
      { bytes: corpusFile("mspdi/sample.xml"), name: "sample.xml" },
      {},
      { spaceId: owner.spaceId, userId: owner.userId, scheduleId: schedule.id },
      undefined,
      async () => {
        throw new Error("taken over");
      },
    );
    await expect(refused).rejects.toThrow("taken over");
    expect(await versionCount(schedule.id)).toBe(before);
  });

  it("completes an import job with its version in one commit, and running it again changes nothing", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const before = await versionCount(schedule.id);
    const body = multipart([{ name: "sample.xml", bytes: corpusFile("mspdi/sample.xml") }]);
    const started = await server.call("POST", `/schedules/${schedule.id}/versions/upload`, {
      token: owner.token,
      body: body.payload,
      headers: { "x-space-id": owner.spaceId, "content-type": body.contentType },
    });
    expect(started.status).toBe(200);
    const jobId = started.body.data.jobId as string;
    await server.ctx.jobs.idle();
    const done = await jobRow(jobId);
    expect(done).toMatchObject({ status: "completed", attempt: 1 });
    expect(await versionCount(schedule.id)).toBe(before + 1);
    const { rows } = (await server.ctx.db.execute(
      sql`select id from versions where schedule_id = ${schedule.id}`,
    )) as unknown as { rows: { id: string }[] };
    expect(rows.map((r) => r.id)).toContain(done.result?.versionId);

    // A message delivered again (a process handing the job back late) finds it finished and does nothing.
    await runner().run(jobId);
    expect(await jobRow(jobId)).toMatchObject({ status: "completed", attempt: 1 });
    expect(await versionCount(schedule.id)).toBe(before + 1);
  });

  it("resumes a batch import taken over from a dead process after the files already done", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const before = await versionCount(schedule.id);
    const body = multipart([
      { name: "one.xml", bytes: corpusFile("mspdi/sample.xml") },
      { name: "two.xml", bytes: corpusFile("mspdi/sample.xml") },
    ]);
    const started = await server.call("POST", `/batch-processing/import?scheduleId=${schedule.id}`, {
      token: owner.token,
      body: body.payload,
      headers: { "x-space-id": owner.spaceId, "content-type": body.contentType },
    });
    expect(started.status).toBe(200);
    const jobId = started.body.data.jobId as string;
    await server.ctx.jobs.idle();
    expect(await versionCount(schedule.id)).toBe(before + 2);
    const finished = await jobRow(jobId);
    expect(finished.result?.files).toHaveLength(2);

    // As if its process died after the last file's commit: in process, held by a runner nobody has heard of.
    await server.ctx.db.execute(
      sql`update jobs set status = 'in_process', runner_id = gen_random_uuid() where id = ${jobId}`,
    );
    await runner().supervise();
    for (let i = 0; i < 400 && (await jobRow(jobId)).status !== "completed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const resumed = await jobRow(jobId);
    expect(resumed).toMatchObject({ status: "completed", attempt: 2 });
    expect(resumed.result?.files).toEqual(finished.result?.files);
    expect(await versionCount(schedule.id)).toBe(before + 2);
  });
});
