import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const post = (actor: Actor, url: string, body: unknown, language = "ru") =>
  server.call("POST", url, { token: actor.token, body, language, headers: { "x-space-id": actor.spaceId } });

async function rowsOf(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) rows.push((ws.getRow(r).values as unknown[]).slice(1));
  return rows;
}

const WEEK: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];

describe("built-in reports over work-done plans and resources", () => {
  it("reports plan against fact of a period and the resource usage by week, read back from the XLSX", async () => {
    const { owner, stranger, version, schedule, space } = await setUpWorkspace(server);
    const v = version.id;
    const cal = (
      await owner.call("POST", "/calendars", {
        name: "5d",
        week: [WEEK, WEEK, WEEK, WEEK, WEEK, [], []],
        exceptions: [],
      })
    ).body.data.id;
    // A10: 13–17 January 2025, 100 m³ (20 a day), 10 h a day of a crew that has 16; A20: 20–24 January, 10 h a day
    const a10 = await addItem(owner, v, {
      type: "work",
      name: "Кладка стен",
      code: "A10",
      duration: 5 * 480,
      calendarId: cal,
      plannedVolume: 100,
    });
    const a20 = await addItem(owner, v, {
      type: "work",
      name: "Перемычки",
      code: "A20",
      duration: 5 * 480,
      calendarId: cal,
    });
    await owner.call("POST", `/versions/${v}/relations`, { predecessorId: a10.id, successorId: a20.id });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    await owner.call("POST", `/schedules/${schedule.id}/wdp/distribute`, {
      versionId: v,
      itemIds: [a10.id],
      measure: "volume",
      mode: "evenly",
    });
    const fact = await owner.call("POST", `/versions/${v}/wdp/allocate/fact`, {
      itemId: a10.id,
      measure: "volume",
      total: 30,
      from: "2025-01-13",
      to: "2025-01-14",
    });
    expect(fact.status, JSON.stringify(fact.body)).toBe(200);

    const planFact = await post(owner, `/versions/${v}/report/wdpPlanFact`, {
      from: "2025-01-13",
      to: "2025-01-17",
      measure: "volume",
    });
    expect(planFact.status, JSON.stringify(planFact.body)).toBe(200);
    const pf = await rowsOf(planFact.raw.rawPayload);
    expect(pf[0][0]).toBe("СДП: план и факт");
    expect(String(pf[1][0])).toContain("Объём. Период: 13.01.2025 – 17.01.2025");
    expect(pf[3]).toEqual([
      "Код",
      "Наименование",
      "Ед. изм.",
      "План",
      "Факт",
      "Утв. план",
      "Отклонение",
      "% плана",
      "План, вся работа",
      "Факт, вся работа",
    ]);
    const line = pf.find((r) => r[0] === "A10");
    expect(line?.slice(3)).toEqual([100, 30, 0, -70, 30, 100, 30]);
    expect(pf.at(-1)?.[0]).toBe("Итого");
    expect(pf.at(-1)?.slice(3, 5)).toEqual([100, 30]);

    // the crew: 10 h a day on A10 the first week, on A20 the second, 16 h available a working day
    const base = `/space/${space.id}`;
    const crew = (
      await owner.call("POST", `${base}/resources`, {
        code: "CREW-1",
        name: "Бригада каменщиков",
        kind: "labor",
        unit: "h",
        availability: [{ from: "2025-01-01", maxUnitsPerDay: 16 }],
      })
    ).body.data;
    for (const work of [a10, a20])
      expect(
        (
          await owner.call("POST", `/versions/${v}/assignment/wbs/save`, {
            wbsId: work.id,
            resourceId: crew.id,
            unitsPerDay: 10,
          })
        ).status,
      ).toBe(200);
    const usage = await post(
      owner,
      `/versions/${v}/report/resourceUsage`,
      { from: "2025-01-13", to: "2025-01-26" },
      "en",
    );
    expect(usage.status, JSON.stringify(usage.body)).toBe(200);
    const ru = await rowsOf(usage.raw.rawPayload);
    expect(ru[0][0]).toBe("Resource usage");
    expect(ru[3]).toEqual([
      "ID",
      "Name",
      "Unit",
      "Week of 13.01.2025",
      "Week of 20.01.2025",
      "Demand",
      "Available",
      "Days over",
    ]);
    expect(ru[4]).toEqual(["CREW-1", "Бригада каменщиков", "h", 50, 50, 100, 160, 0]);

    // a period ending before it starts: refused in the caller's language; a stranger sees nothing
    const backwards = await post(owner, `/versions/${v}/report/wdpPlanFact`, { from: "2025-02-01", to: "2025-01-01" });
    expect(backwards.status).toBe(400);
    expect((await post(stranger, `/versions/${v}/report/resourceUsage`, {})).status).toBe(404);
  });
});
