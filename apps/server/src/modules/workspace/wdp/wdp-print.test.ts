import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { format, readPdf } from "../../print/print.test-kit.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";
import { SITE_DAY as DAY } from "./wdp.test-kit.js";

let server: TestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-wdp-print-"));
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
  if (!process.env.PLANUM_KEEP_PRINTS) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`prints kept in ${dir}`);
});

function print(actor: Actor, versionId: string, body: unknown, language = "ru") {
  return server.call("POST", `/versions/${versionId}/wdp/print`, {
    token: actor.token,
    body,
    language,
    headers: { "x-space-id": actor.spaceId },
  });
}

describe("the work-done plan grid printed", () => {
  it("prints the grid's lines and days on the caller's format, days split across sheets, framed by the bands", async () => {
    const { owner, stranger, version, schedule } = await setUpWorkspace(server);
    const v = version.id;
    const cal = (
      await owner.call("POST", "/calendars", { name: "Site", week: [DAY, DAY, DAY, DAY, DAY, [], []], exceptions: [] })
    ).body.data.id;
    // 13–17 January 2025, 100 m³ spread evenly: 20 a day
    const work = await addItem(owner, v, {
      type: "work",
      name: "Бетонирование плиты",
      code: "A10",
      duration: 2400,
      calendarId: cal,
      measure: "m3",
      plannedVolume: 100,
    });
    await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    const spread = await owner.call("POST", `/schedules/${schedule.id}/wdp/distribute`, {
      versionId: v,
      itemIds: [work.id],
      measure: "volume",
      mode: "evenly",
    });
    expect(spread.status).toBe(200);
    expect((await owner.call("POST", "/versions/print-settings/create", { versionId: v, format })).status).toBe(200);

    const answer = await print(owner, v, { measures: ["volume"], from: "2025-01-13", to: "2025-03-31" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/pdf");
    const pages = Number(answer.headers["x-print-pages"]);
    // 78 days do not fit one A4 sheet at 9 pt: the days go on across
    expect(pages).toBeGreaterThan(1);
    const { images, text } = readPdf(dir, answer.raw.rawPayload, "wdp");
    expect(images).toHaveLength(pages);
    const first = text[0];
    expect(first).toContain("СДП: Объём, 13.01.2025 – 31.03.2025");
    expect(first).toContain("Утверждаю: главный инженер"); // the first page's own header
    expect(first).toContain(`Лист 1 из ${pages}`);
    expect(first).toMatch(/A10\s+Бетонирование плиты/);
    expect(first).toMatch(/План\s+100\s+20\s+20\s+20\s+20\s+20/);
    expect(first).toContain("13.01");
    expect(first).not.toMatch(/31\.03(?!\.)/);
    const last = text[pages - 1];
    expect(last).toMatch(/31\.03(?!\.)/);
    expect(last).toContain("Согласовано"); // the last page's own footer
    expect(last).toContain(`Лист ${pages} из ${pages}`);
    // the fixed columns repeat on every sheet across
    expect(last).toContain("Бетонирование плиты");
    expect(last).not.toMatch(/13\.01(?!\.)/);

    // a period ending before it starts, and a stranger: refused
    const backwards = await print(owner, v, { measures: ["volume"], from: "2025-02-01", to: "2025-01-01" });
    expect(backwards.status).toBe(400);
    expect((await print(stranger, v, { measures: ["volume"] })).status).toBe(404);
  });

  it("refuses a print of more sheets than can be drawn at once, in the caller's language", async () => {
    const { owner, version } = await setUpWorkspace(server);
    await addItem(owner, version.id, { type: "work", name: "W", code: "W1", duration: 480 });
    const big = { ...format, textSizePt: 20 };
    expect(
      (await owner.call("POST", "/versions/print-settings/create", { versionId: version.id, format: big })).status,
    ).toBe(200);
    const answer = await print(owner, version.id, { measures: ["volume"], from: "2020-01-01", to: "2026-12-31" }, "en");
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toMatch(
      /^The print would take \d+ pages; at most 200 can be printed at once/,
    );
  });
});
