import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { format, readPdf } from "../../print/print.test-kit.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

/** The health printed (issue 21: exported with the print feature): the panel's checks on the caller's print format. */
let server: TestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-health-print-"));
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the health printed", () => {
  it("puts the panel's score and checks on one sheet framed by the caller's print format", async () => {
    const { owner, member, stranger, version } = await setUpWorkspace(server);
    const v = version.id;
    const day = 480;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: day });
    const b = await addItem(owner, v, {
      type: "work",
      name: "B",
      code: "A20",
      duration: day,
      startLimitType: "mandatory",
      startLimitDate: "2025-01-14T08:00",
    });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    await server.ctx.jobs.idle();
    expect((await owner.call("POST", "/versions/print-settings/create", { versionId: v, format })).status).toBe(200);
    const health = (await member.call("GET", `/versions/${v}/health`)).body.data as { score: number };
    const print = (actor: typeof owner) =>
      server.call("POST", `/versions/${v}/health/print`, {
        token: actor.token,
        language: "ru",
        headers: { "x-space-id": actor.spaceId },
      });
    const answer = await print(owner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/pdf");
    const { images, text } = readPdf(dir, answer.raw.rawPayload, "health");
    expect(images).toHaveLength(1);
    expect(text[0]).toContain("Качество графика (DCMA 14)");
    expect(text[0]).toContain(`Оценка: ${health.score} %`);
    // the checks as the panel judges them: one hard constraint of two works fails, the float checks pass
    expect(text[0]).toMatch(/Жёсткие ограничения\s+50\s+≤ 5%\s+1\s+2\s+Нарушение/);
    expect(text[0]).toMatch(/Отрицательный резерв.*Норма/);
    // framed by the format's bands
    expect(text[0]).toContain("Утверждаю: главный инженер");
    expect(text[0]).toContain("Лист 1 из 1");
    expect((await print(stranger)).status).toBe(404);
  });
});
