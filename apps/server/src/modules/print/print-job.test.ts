import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PRINT_MAX_PAGES, PRINT_SYNC_MAX_PAGES, type ServerEvent } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace } from "../workspace/workspace.test-kit.js";
import { call as callAs, format, readPdf, seed } from "./print.test-kit.js";

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await createTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-print-job-"));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const call = (actor: Actor, url: string, body: unknown, language = "ru") =>
  server.call("POST", url, { token: actor.token, body, language, headers: { "x-space-id": actor.spaceId } });

/** Fitted to 20 pages wide, the 60 works take more pages than a print answered at once. */
const big = { format, pagesWide: 20 };

describe("a big print runs as a job", () => {
  it("answers a job, tells its progress, and stores one PDF of every page with its headers and page numbers", async () => {
    const { owner, stranger, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 60);
    const counted = await callAs(server, owner, `/versions/${version.id}/print/count`, big);
    const { pages } = counted.body.data;
    expect(pages).toBeGreaterThan(PRINT_SYNC_MAX_PAGES);

    server.ctx.realtime.sent.length = 0;
    const started = await call(owner, `/versions/${version.id}/print`, big);
    expect(started.status).toBe(202);
    expect(started.body.data).toEqual({ jobId: expect.any(String), pages });
    const { jobId } = started.body.data;
    await server.ctx.jobs.idle();

    const job = await owner.call("GET", `/jobs/${jobId}`);
    expect(job.body.data).toMatchObject({ type: "print_version", status: "completed", progress: 100 });
    const result = job.body.data.result as { fileId: string; name: string; size: number; pages: number };
    expect(result).toMatchObject({ pages, name: expect.stringMatching(/\.pdf$/) });

    const events = server.ctx.realtime.sent.filter(
      (e): e is Extract<ServerEvent, { type: "print" }> => e.type === "print" && e.jobId === jobId,
    );
    // a slice at a time: progress rises before the file is announced
    const running = events.filter((e) => e.status === "in_process").map((e) => e.progress);
    expect(running.length).toBeGreaterThan(1);
    expect(running).toEqual([...running].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ status: "completed", progress: 100, pages, file: { fileId: result.fileId } });

    const file = await server.call("GET", `/storage/download/${result.fileId}`, {
      token: owner.token,
      headers: { "x-space-id": owner.spaceId },
    });
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("application/pdf");
    const { images, text } = readPdf(dir, file.raw.rawPayload, "job");
    expect(images).toHaveLength(pages);
    expect(text[0]).toContain("Утверждаю: главный инженер");
    expect(text[0]).toContain(`Лист 1 из ${pages}`);
    // pages of later slices keep their own numbers and the document's total
    expect(text[30]).toContain(`Лист 31 из ${pages}`);
    expect(text[pages - 1]).toContain(`Лист ${pages} из ${pages}`);
    expect(text[pages - 1]).toContain("Согласовано");

    // the job and its file are the printing user's and their space's only
    expect((await stranger.call("GET", `/jobs/${jobId}`)).status).toBe(404);
    expect((await stranger.call("GET", `/storage/download/${result.fileId}`)).status).toBe(404);
  });

  it("answers a small print at once, and refuses one of too many pages in the caller's language, queuing nothing", async () => {
    const { owner, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 105);
    const small = await call(owner, `/versions/${version.id}/print`, { format, pagesWide: 1 });
    expect(small.status).toBe(200);
    expect(small.headers["content-type"]).toBe("application/pdf");

    // a row a page (the margins leave room for one) over 20 pages across
    const huge = {
      format: { ...format, textSizePt: 24, margins: { top: 95, bottom: 95, left: 10, right: 10 } },
      pagesWide: 20,
    };
    const counted = await callAs(server, owner, `/versions/${version.id}/print/count`, huge);
    const pages = counted.body.data.pages as number;
    expect(pages).toBeGreaterThan(PRINT_MAX_PAGES);
    await server.ctx.jobs.idle();
    server.ctx.realtime.sent.length = 0;
    const ru = await call(owner, `/versions/${version.id}/print`, huge);
    expect(ru.status).toBe(400);
    expect(ru.body.errors[0].message).toBe(
      `Печать заняла бы ${pages} листов; за раз можно напечатать не больше ${PRINT_MAX_PAGES}: уместите её на меньшее число листов в ширину или выберите лист крупнее`,
    );
    const en = await call(owner, `/versions/${version.id}/print`, huge, "en");
    expect(en.body.errors[0].message).toBe(
      `The print would take ${pages} pages; at most ${PRINT_MAX_PAGES} can be printed at once: fit it to fewer pages wide or choose a larger sheet`,
    );
    expect(server.ctx.realtime.sent.filter((e) => e.type === "print")).toEqual([]);
  });

  it("is found again by its user (after a reload) and stops between slices; nobody else sees or stops it", async () => {
    const { owner, stranger, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 60);
    // a row a page over 20 pages across: hundreds of pages, dozens of slices — far from done when stopped
    const long = {
      format: { ...format, textSizePt: 24, margins: { top: 95, bottom: 95, left: 10, right: 10 } },
      pagesWide: 20,
    };
    server.ctx.realtime.sent.length = 0;
    const started = await call(owner, `/versions/${version.id}/print`, long);
    expect(started.status).toBe(202);
    const { jobId, pages } = started.body.data as { jobId: string; pages: number };
    const events = () =>
      server.ctx.realtime.sent.filter(
        (e): e is Extract<ServerEvent, { type: "print" }> => e.type === "print" && e.jobId === jobId,
      );
    // the first slice drawn: the job is running
    while (events().length === 0) await new Promise((r) => setTimeout(r, 50));
    expect(events()[0].status).toBe("in_process");

    const found = await owner.call("GET", `/versions/${version.id}/print/jobs`);
    expect(found.body.data).toEqual([{ jobId, pages, progress: expect.any(Number), status: "in_process" }]);
    // another space's user neither sees nor stops it
    expect((await stranger.call("GET", `/versions/${version.id}/print/jobs`)).status).toBe(404);
    expect((await stranger.call("DELETE", `/versions/${version.id}/print/jobs/${jobId}`)).status).toBe(404);

    const stopped = await owner.call("DELETE", `/versions/${version.id}/print/jobs/${jobId}`);
    expect(stopped.body.data).toEqual({ jobId, stopping: true });
    await server.ctx.jobs.idle();
    const job = await owner.call("GET", `/jobs/${jobId}`);
    expect(job.body.data).toMatchObject({ status: "completed", result: { stopped: true, pages } });
    expect(events().at(-1)).toMatchObject({ status: "stopped" });
    expect(events().some((e) => e.status === "completed")).toBe(false);
    expect((await owner.call("GET", `/versions/${version.id}/print/jobs`)).body.data).toEqual([]);
    // an ended job is not stopped again
    const again = await owner.call("DELETE", `/versions/${version.id}/print/jobs/${jobId}`);
    expect(again.body.data).toEqual({ jobId, stopping: false });
  });
});
