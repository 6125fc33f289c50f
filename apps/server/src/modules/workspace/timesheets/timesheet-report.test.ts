import { readXlsxTable } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import type { Actor } from "../workspace.test-kit.js";
import { mondayWeeksAgo, seedTimesheets } from "./timesheets.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const WEEK = mondayWeeksAgo(1);

async function sheetRows(answer: { status: number; body: { data: { fileId: string } } }, reader: Actor) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const file = await reader.call("GET", `/storage/download/${answer.body.data.fileId}`);
  return (await readXlsxTable(new Uint8Array((file as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload)))
    .rows;
}

describe("the space's timesheet report", () => {
  it("puts everyone's week of the space in one XLSX sheet, with each line's person, grouped and totalled", async () => {
    const { owner, member, space, a10, save } = await seedTimesheets(server);
    await save(member, WEEK, [{ wbsId: a10.id, hours: [8, 8, 4, 0, 0, 0, 0] }], true);
    const asked = await server.call("GET", `/space/${space.id}/timesheet/report?week=${WEEK}&by=task`, {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
    });
    const rows = await sheetRows(asked, owner);
    const line = rows.find((r) => r.includes("Кладка стен"));
    expect(line).toEqual(expect.arrayContaining(["A10", 8, 4, 20, "Отправлено"]));
    expect(rows.flat().join(" ")).toContain("Сотрудник");
    const person = rows.find((r) => r.includes("Кладка стен"))?.find((c) => typeof c === "string" && c.length > 0);
    expect(person).toBeTruthy();
    const total = rows.find((r) => r[0] === "Итого");
    expect(total).toEqual(expect.arrayContaining([8, 4, 20]));

    // In English the same week, by project.
    const en = await server.call("GET", `/space/${space.id}/timesheet/report?week=${WEEK}`, {
      token: owner.token,
      language: "en",
      headers: { "x-space-id": owner.spaceId },
    });
    expect((await sheetRows(en, owner)).find((r) => r.includes("A10"))).toContain("Sent");
  });

  it("refuses a bad week or grouping with a localized error, and another space's user reads nothing", async () => {
    const { owner, space, stranger, intruder } = await seedTimesheets(server);
    const bad = await server.call("GET", `/space/${space.id}/timesheet/report?week=${WEEK}&by=person`, {
      token: owner.token,
      language: "fr",
      headers: { "x-space-id": owner.spaceId },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message.length).toBeGreaterThan(0);
    expect((await owner.call("GET", `/space/${space.id}/timesheet/report?week=2025-13-01`)).status).toBe(400);
    expect((await intruder.call("GET", `/space/${space.id}/timesheet/report?week=${WEEK}`)).status).toBe(403);
    // Their own space's report holds nothing of this space.
    const theirs = await stranger.call("GET", `/space/${stranger.spaceId}/timesheet/report?week=${WEEK}`);
    expect((await sheetRows(theirs, stranger)).flat()).not.toContain("A10");
  });
});
