import fs from "node:fs";
import path from "node:path";
import { SERVER_EVENT, type ServerEvent } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateXerBytes } from "../../../../../packages/formats/bench/generate-xer.mjs";
import { createSocketTestServer, type SocketTestServer } from "../../test/socket-test-server.js";
import type { TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace } from "../workspace/workspace.test-kit.js";

const corpus = path.resolve(__dirname, "../../../../../../shared/corpus");
const corpusFile = (name: string) => fs.readFileSync(path.join(corpus, name));

let sockets: SocketTestServer;
let server: TestServer;

beforeAll(async () => {
  sockets = await createSocketTestServer();
  server = sockets.server;
});
afterAll(() => sockets.close());

/** A socket of `actor` in its space's room, keeping every event it hears. */
async function listen(actor: Actor) {
  const socket = sockets.open(actor.token);
  const heard: ServerEvent[] = [];
  socket.on(SERVER_EVENT, (event: ServerEvent) => heard.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const joined = await socket.timeout(5000).emitWithAck("join_space", { spaceId: actor.spaceId });
  expect(joined).toEqual({ ok: true });
  /** Resolves with the first event heard (before or after the call) that matches. */
  const waitFor = async (type: ServerEvent["type"], match: (e: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 1200; i++) {
      const found = heard.find((e) => e.type === type && match(e as unknown as Record<string, unknown>));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no ${type} event; heard ${heard.map((e) => e.type).join(", ")}`);
  };
  return { heard, waitFor };
}

function multipart(files: { name: string; bytes: Buffer | Uint8Array }[]) {
  const boundary = "----planum-events";
  const payload = Buffer.concat([
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function send(actor: Actor, url: string, files: { name: string; bytes: Buffer | Uint8Array }[]) {
  const body = multipart(files);
  return server.call("POST", url, {
    token: actor.token,
    body: body.payload,
    headers: { ...body.headers, "x-space-id": actor.spaceId },
  });
}

describe("interchange events reach the space's sockets", () => {
  it("download and document_download when a file of the space is downloaded", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const socket = await listen(owner);
    const uploaded = await send(owner, `/schedules/${schedule.id}/versions/upload/synchronous`, [
      { name: "sample.xml", bytes: corpusFile("mspdi/sample.xml") },
    ]);
    expect(uploaded.status).toBe(200);
    // its relations follow by the details job: an export waits for them
    await server.ctx.jobs.idle();
    const exported = await owner.call("POST", `/versions/${uploaded.body.data.versionId}/export/csv`);
    const fileId = exported.body.data.fileId as string;
    expect((await owner.call("GET", `/storage/download/${fileId}`)).status).toBe(200);
    expect(await socket.waitFor("download", (e) => e.fileId === fileId)).toMatchObject({
      spaceId: owner.spaceId,
      byUserId: owner.userId,
      name: exported.body.data.name,
    });

    const document = await server.ctx.storage.save(server.ctx.db, {
      area: "documents",
      name: "Акт.pdf",
      mediaType: "application/pdf",
      bytes: Buffer.from("%PDF-1.4"),
      spaceId: owner.spaceId,
      ownerUserId: owner.userId,
    });
    expect((await owner.call("GET", `/storage/download/${document.id}`)).status).toBe(200);
    expect(await socket.waitFor("document_download", (e) => e.fileId === document.id)).toMatchObject({
      name: "Акт.pdf",
      size: 8,
    });
    expect(socket.heard.some((e) => e.type === "download" && e.fileId === document.id)).toBe(false);
  });

  it("project_import and project_export for a project made from a file and written to one", async () => {
    const { owner, facility } = await setUpWorkspace(server);
    const socket = await listen(owner);
    const imported = await send(owner, `/facilities/${facility.id}/import`, [
      { name: "multi.xer", bytes: corpusFile("xer/MultiprojectWithExternal.xer") },
    ]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const projectId = imported.body.data.projectId as string;
    expect(await socket.waitFor("project_import", (e) => e.projectId === projectId)).toMatchObject({
      facilityId: facility.id,
      scheduleIds: imported.body.data.schedules.map((s: { scheduleId: string }) => s.scheduleId),
      status: "completed",
    });

    const exported = await owner.call("POST", `/projects/${projectId}/export`, { format: "xer" });
    expect(exported.status).toBe(200);
    expect(await socket.waitFor("project_export", (e) => e.projectId === projectId)).toMatchObject({
      fileId: exported.body.data.fileId,
      name: exported.body.data.name,
      status: "completed",
    });
  });

  it("batch_stop: the stop request, and the job stopping between files", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const socket = await listen(owner);
    const xer = generateXerBytes(1_500).bytes;
    const files = Array.from({ length: 6 }, (_, k) => ({ name: `part-${k + 1}.xer`, bytes: xer }));
    const started = await send(owner, `/batch-processing/import?scheduleId=${schedule.id}`, files);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const jobId = started.body.data.jobId as string;
    const stop = await owner.call("POST", "/batch-processing/stop", { jobId });
    expect(stop.body.data).toEqual({ jobId, stopping: true });
    expect(await socket.waitFor("batch_stop", (e) => e.jobId === jobId && e.status === "requested")).toMatchObject({
      job: "batch_import",
      byUserId: owner.userId,
    });
    expect(await socket.waitFor("batch_stop", (e) => e.jobId === jobId && e.status === "stopped")).toMatchObject({
      job: "batch_import",
    });
    await server.ctx.jobs.idle();
    const job = await owner.call("GET", `/interchange/jobs/${jobId}`);
    const outcomes = (job.body.data.result?.files ?? []) as { error?: string }[];
    expect(outcomes.filter((o) => o.error === "stopped").length).toBeGreaterThan(0);
    expect(outcomes).toHaveLength(6);
  });
});
