import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace } from "../workspace/workspace.test-kit.js";

const repoRoot = path.resolve(__dirname, "../../../../..");
/** Three activities of project TOWER; A1020 also has a predecessor in project 900, which the file does not hold. */
const fixture = fs.readFileSync(path.join(repoRoot, "e2e/fixtures/missing-predecessor.xer"));
const corpus = path.resolve(repoRoot, "../shared/corpus");

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function multipart(bytes: Buffer, filename: string) {
  const boundary = "----planum-report";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(actor: Actor, scheduleId: string, bytes: Buffer, name: string, synchronous = true) {
  const body = multipart(bytes, name);
  return server.call("POST", `/schedules/${scheduleId}/versions/upload${synchronous ? "/synchronous" : ""}`, {
    token: actor.token,
    body: body.payload,
    headers: { "x-space-id": actor.spaceId, "content-type": body.contentType },
  });
}

describe("import report", () => {
  it("tells what an upload read, stored and dropped, and keeps it with the version", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const answer = await upload(owner, schedule.id, fixture, "missing-predecessor.xer");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { report, versionId } = answer.body.data;
    expect(report).toMatchObject({
      versionId,
      fileName: "missing-predecessor.xer",
      format: "xer",
      project: { code: "TOWER", name: "Tower block" },
      read: { activities: 3, relations: 3, calendars: 1, resources: 0, codes: 0 },
      stored: { activities: 3, relations: 2, calendars: 1, resources: 0, codes: 0 },
    });
    const dropped = report.warnings.filter((w: { code: string }) => w.code === "RelationToMissingActivity");
    // told once: why the version lacks it (the server), where the file holds it (the reader's place)
    expect(dropped).toEqual([
      {
        code: "RelationToMissingActivity",
        params: { predecessor: "999", successor: "A1020", type: "FS", missing: "999", project: "900" },
        place: expect.objectContaining({ table: "TASKPRED", row: 3, activity: "A1020" }),
      },
    ]);
    expect(report.warnings.filter((w: { code: string }) => w.code === "RelationExternal")).toEqual([]);
    expect(report.warningsTotal).toBe(report.warnings.length);

    // Later, from the version: the same report, stored.
    const kept = await owner.call("GET", `/versions/${versionId}/import-report`);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toEqual({ ...report, createdAt: kept.body.data.createdAt });
  });

  it("gives the job's result the report, and relations to another project of the file their reason", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const bytes = fs.readFileSync(path.join(corpus, "xer/MultiprojectWithExternal.xer"));
    const started = await upload(owner, schedule.id, bytes, "multi.xer", false);
    expect(started.status).toBe(200);
    await server.ctx.jobs.idle();
    const job = (await owner.call("GET", `/interchange/jobs/${started.body.data.jobId}`)).body.data;
    expect(job.status).toBe("completed");
    const report = (await owner.call("GET", `/versions/${job.result.versionId}/import-report`)).body.data;
    expect(job.result.report.warnings).toEqual(report.warnings);
    expect(report.read.activities).toBeGreaterThan(report.stored.activities);
    const codes = new Set(report.warnings.map((w: { code: string }) => w.code));
    expect(codes).toContain("ProjectsNotImported");
    // the links to the other project of the file are not in this version, and the report says so
    const toOther = report.warnings.filter((w: { code: string }) => w.code === "RelationToOtherProject");
    expect(toOther.length).toBeGreaterThan(0);
  });

  it("answers null for a version that was not imported, and nothing to another space", async () => {
    const { owner, stranger, intruder, schedule, version } = await setUpWorkspace(server);
    const none = await owner.call("GET", `/versions/${version.id}/import-report`);
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    const imported = (await upload(owner, schedule.id, fixture, "a.xer")).body.data.versionId;
    for (const outsider of [stranger, intruder]) {
      const foreign = await outsider.call("GET", `/versions/${imported}/import-report`);
      expect([403, 404]).toContain(foreign.status);
      expect(JSON.stringify(foreign.body)).not.toContain("A1020");
    }
  });

  it("goes with its version", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const imported = (await upload(owner, schedule.id, fixture, "a.xer")).body.data.versionId;
    expect((await owner.call("DELETE", `/versions/${imported}`)).status).toBe(200);
    const rows = await server.ctx.db.execute(
      `select count(*)::int as n from version_import_reports where version_id = '${imported}'` as never,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
