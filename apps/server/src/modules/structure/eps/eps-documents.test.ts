import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "../../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** Keeps a file with the node as the actor (one multipart `file` part), in the actor's language. */
function keep(who: Actor, nodeId: string, bytes: Buffer, filename: string, origin = "report", language = "en") {
  const boundary = "----planum-document-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: "POST",
    url: `/api/v1/eps/${nodeId}/documents?origin=${origin}`,
    payload,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
      "x-space-id": who.spaceId,
      "x-language": language,
    },
  });
}

/** The space report as the server produces it (XLSX or PDF): a real report's output to keep. */
async function spaceReport(who: Actor, format: "pdf" | "xlsx") {
  const answer = await server.call("GET", `/space/${who.spaceId}/report?format=${format}`, {
    token: who.token,
    headers: { "x-space-id": who.spaceId },
  });
  expect(answer.status).toBe(200);
  return answer.raw.rawPayload;
}

const download = (who: Actor, nodeId: string, documentId: string) =>
  server.call("GET", `/eps/${nodeId}/documents/${documentId}`, {
    token: who.token,
    headers: { "x-space-id": who.spaceId },
  });

describe("a node's documents", () => {
  it("keeps a report's PDF and XLSX with a node, lists them, gives the same bytes back and deletes them", async () => {
    const { owner } = await setUpSpace(server);
    const node = (await owner.call("POST", "/eps/create", { name: "Корпус" })).body.data;
    expect((await owner.call("GET", `/eps/${node.id}/documents`)).body.data).toEqual([]);
    const pdf = await spaceReport(owner, "pdf");
    const xlsx = await spaceReport(owner, "xlsx");

    server.ctx.realtime.sent.length = 0;
    const kept = await keep(owner, node.id, pdf, "Отчёт по пространству.pdf");
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toEqual({
      id: expect.any(String),
      nodeId: node.id,
      fileId: expect.any(String),
      name: "Отчёт по пространству.pdf",
      size: pdf.length,
      mediaType: "application/pdf",
      origin: "report",
      createdAt: expect.any(String),
      createdByName: expect.stringMatching(/\S/),
    });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "eps_updated", action: "updated", nodeIds: [node.id] }),
    );
    const sheet = (await keep(owner, node.id, xlsx, "space.xlsx", "print")).json().data;
    expect(sheet.mediaType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(sheet.origin).toBe("print");

    const listed = (await owner.call("GET", `/eps/${node.id}/documents`)).body.data;
    expect(listed.map((d: { name: string }) => d.name)).toEqual(["Отчёт по пространству.pdf", "space.xlsx"]);

    const back = await download(owner, node.id, kept.json().data.id);
    expect(back.status).toBe(200);
    expect(back.headers["content-type"]).toBe("application/pdf");
    expect(back.raw.rawPayload.equals(pdf)).toBe(true);
    expect(server.ctx.realtime.sent).toContainEqual(expect.objectContaining({ type: "document_download" }));

    expect((await owner.call("DELETE", `/eps/${node.id}/documents/${sheet.id}`)).status).toBe(200);
    expect((await owner.call("GET", `/eps/${node.id}/documents`)).body.data).toHaveLength(1);
    expect(await server.ctx.storage.read(server.ctx.db, sheet.fileId)).toBeNull();
    expect((await download(owner, node.id, sheet.id)).status).toBe(404);
  });

  it("refuses a file that is not a PDF, XLSX or ZIP and an unknown origin, in the caller's language, keeping nothing", async () => {
    const { owner } = await setUpSpace(server);
    const node = (await owner.call("POST", "/eps/create", { name: "Корпус" })).body.data;
    const en = await keep(owner, node.id, Buffer.from("<html>a page</html>"), "report.pdf");
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].code).toBe("UnsupportedFileType");
    const ru = await keep(owner, node.id, Buffer.from("код;работа"), "report.pdf", "report", "ru");
    expect(ru.statusCode).toBe(400);
    expect(ru.json().errors[0].message).not.toBe(en.json().errors[0].message);
    expect(ru.json().errors[0].message).toMatch(/[а-я]/);
    const origin = await keep(owner, node.id, await spaceReport(owner, "pdf"), "r.pdf", "photo");
    expect(origin.statusCode).toBe(400);
    expect((await owner.call("GET", `/eps/${node.id}/documents`)).body.data).toEqual([]);
    const files = await server.ctx.db.select().from(storedFiles).where(eq(storedFiles.spaceId, owner.spaceId));
    expect(files).toEqual([]);
  });

  it("lets a reader find and download, not keep or delete; another space neither reads nor changes anything", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server);
    const node = (await owner.call("POST", "/eps/create", { name: "Корпус" })).body.data;
    const pdf = await spaceReport(owner, "pdf");
    const document = (await keep(owner, node.id, pdf, "r.pdf")).json().data;

    expect((await member.call("GET", `/eps/${node.id}/documents`)).body.data).toEqual([document]);
    expect((await download(member, node.id, document.id)).status).toBe(200);
    expect((await keep(member, node.id, pdf, "mine.pdf")).statusCode).toBe(403);
    expect((await member.call("DELETE", `/eps/${node.id}/documents/${document.id}`)).status).toBe(403);

    const theirs = (await stranger.call("POST", "/eps/create", { name: "Чужой" })).body.data;
    expect((await stranger.call("GET", `/eps/${node.id}/documents`)).status).toBe(404);
    expect((await download(stranger, theirs.id, document.id)).status).toBe(404);
    expect((await stranger.call("DELETE", `/eps/${theirs.id}/documents/${document.id}`)).status).toBe(404);
    expect((await keep(stranger, node.id, pdf, "x.pdf")).statusCode).toBe(404);
    expect((await intruder.call("GET", `/eps/${node.id}/documents`)).status).toBe(403);
    expect((await intruder.call("DELETE", `/eps/${node.id}/documents/${document.id}`)).status).toBe(403);

    expect((await owner.call("GET", `/eps/${node.id}/documents`)).body.data).toEqual([document]);
    expect((await download(owner, node.id, document.id)).raw.rawPayload.equals(pdf)).toBe(true);
  });
});
