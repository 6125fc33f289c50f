import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PRINT_IMAGE_MAX_PAGES } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { countColour, format, readPdf } from "../../print/print.test-kit.js";
import { type Actor, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-network-print-"));
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The pages as the screen sends them: one `file` part each, in reading order. */
function send(actor: Actor, versionId: string, pages: Buffer[], language = "ru") {
  const boundary = "----planum-network";
  const parts = pages.flatMap((bytes, k) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="page-${k + 1}.png"\r\n\r\n`),
    bytes,
    Buffer.from("\r\n"),
  ]);
  return server.call("POST", `/versions/${versionId}/network-diagram/print`, {
    token: actor.token,
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    language,
    headers: { "x-space-id": actor.spaceId, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

const block = (colour: string) =>
  server.ctx.pdf.png(
    `<div class="page" style="width:400px;height:200px;background:${colour}"></div>`,
    400 * (25.4 / 96),
    200 * (25.4 / 96),
  );

describe("the network diagram printed", () => {
  it("frames each page the screen drew with the caller's print format, in order, into one PDF", async () => {
    const { owner, stranger, version } = await setUpWorkspace(server);
    expect(
      (await owner.call("POST", "/versions/print-settings/create", { versionId: version.id, format })).status,
    ).toBe(200);
    const red = await block("#dc2626");
    const blue = await block("#2563eb");
    const answer = await send(owner, version.id, [red, blue]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers["x-print-pages"]).toBe("2");
    const { images, text } = readPdf(dir, answer.raw.rawPayload, "network");
    expect(images).toHaveLength(2);
    // the first page's own header, the last page's own footer, page numbers
    expect(text[0]).toContain("Утверждаю: главный инженер");
    expect(text[0]).toContain("Лист 1 из 2");
    expect(text[1]).toContain("Согласовано");
    expect(text[1]).toContain("Лист 2 из 2");
    // the pages in the order sent: red, then blue
    expect(countColour(images[0], [220, 38, 38])).toBeGreaterThan(1000);
    expect(countColour(images[0], [37, 99, 235])).toBe(0);
    expect(countColour(images[1], [37, 99, 235])).toBeGreaterThan(1000);

    // what is not a PNG, too many pages, a stranger: refused
    const notPng = await send(owner, version.id, [red, Buffer.from("%PDF-1.4")]);
    expect(notPng.status).toBe(400);
    expect(notPng.body.errors[0].message).toBe("Этот тип файла не поддерживается");
    const tiny = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const tooMany = await send(owner, version.id, new Array(PRINT_IMAGE_MAX_PAGES + 1).fill(tiny), "en");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].message).toContain(`at most ${PRINT_IMAGE_MAX_PAGES} can be printed at once`);
    expect((await send(stranger, version.id, [red])).status).toBe(404);
  });
});
