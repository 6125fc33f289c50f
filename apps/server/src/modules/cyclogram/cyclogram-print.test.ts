import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { countColour, readPdf } from "../print/print.test-kit.js";
import { type Actor, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-cyclogram-print-"));
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function send(actor: Actor, url: string, bytes: Buffer, language = "en") {
  const boundary = "----planum-cyclogram";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.call("POST", url, {
    token: actor.token,
    body: payload,
    language,
    headers: { "x-space-id": actor.spaceId, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

describe("the cyclogram printed", () => {
  it("frames the screen's drawing with the caller's print format into a PDF; refuses what is not a PNG", async () => {
    const { owner, stranger, schedule, version } = await setUpWorkspace(server);
    const floor = (
      await owner.call("POST", `/schedules/${schedule.id}/attributes`, {
        name: "Этаж",
        type: "list",
        listValues: ["1"],
      })
    ).body.data.id as string;
    await owner.call("POST", "/versions/print-settings/create", {
      versionId: version.id,
      format: {
        paper: "A4",
        orientation: "landscape",
        widthMm: 297,
        heightMm: 210,
        margins: { top: 10, right: 10, bottom: 10, left: 10 },
        bands: {
          firstHeader: null,
          header: { left: "[schedule]", center: "Циклограмма", right: "[version]" },
          footer: { left: "[user]", center: "", right: "Лист [page] из [pages]" },
          lastFooter: null,
        },
        textSizePt: 9,
      },
      pagesWide: null,
      repeatHeader: true,
    });
    // a red chart as the screen would draw it (any PNG: the server frames what it is sent)
    const png = await server.ctx.pdf.png(
      '<div class="page" style="width:400px;height:200px;background:#dc2626"></div>',
      400 * (25.4 / 96),
      200 * (25.4 / 96),
    );
    const url = `/versions/${version.id}/cyclogram/${floor}/print`;
    // the format is the printing user's own settings
    const answer = await send(owner, url, png);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/pdf");
    const { images, text } = readPdf(dir, answer.raw.rawPayload, "cyclogram");
    expect(images).toHaveLength(1);
    expect(text[0]).toContain("График");
    expect(text[0]).toContain("Циклограмма");
    expect(text[0]).toContain("Лист 1 из 1");
    expect(countColour(images[0], [220, 38, 38])).toBeGreaterThan(1000);

    const notPng = await send(owner, url, Buffer.from("%PDF-1.4 not an image"), "ru");
    expect(notPng.status).toBe(400);
    expect(notPng.body.errors[0].message).toBe("Этот тип файла не поддерживается");
    expect((await send(stranger, url, png)).status).toBe(404);
  });
});
