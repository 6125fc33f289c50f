import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { readPdf, seed } from "../print/print.test-kit.js";
import { type Actor, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-report-master-"));
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const post = (actor: Actor, url: string, body: unknown, language = "ru") =>
  server.call("POST", url, { token: actor.token, body, language, headers: { "x-space-id": actor.spaceId } });

async function sheet(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}
const column = (ws: ExcelJS.Worksheet, letter: string, from: number) => {
  const values = [];
  for (let r = from; r <= ws.rowCount; r++) values.push(ws.getCell(`${letter}${r}`).value);
  return values;
};

describe("report master", () => {
  it("lays out the version's report: columns in the order chosen, a period, a sort, totals; XLSX and PDF", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 6);
    const url = `/versions/${version.id}/report/master`;
    const made = await post(member, `${url}/xlsx`, {
      title: "Сводка по этажам",
      columns: ["name", "code", "duration", "finish"],
      // the chain runs three working days a work from Monday 13.01.2025: 16–22.01 holds A002 (16–20) and A003 (21–23)
      from: "2025-01-16",
      to: "2025-01-22",
      sortBy: "code",
      descending: true,
    });
    expect(made.status, made.raw.rawPayload.toString()).toBe(200);
    const ws = await sheet(made.raw.rawPayload);
    expect(ws.getCell("A1").value).toBe("Сводка по этажам");
    expect(String(ws.getCell("A2").value)).toContain("Период: 16.01.2025 – 22.01.2025");
    expect(ws.getRow(4).values).toEqual([undefined, "Наименование", "Код", "Длительность, дн", "Окончание"]);
    const codes = column(ws, "B", 5).slice(0, -1);
    expect(codes).toEqual(["A003", "A002"]);
    const total = ws.getCell(`C${5 + codes.length}`).value;
    expect(ws.getCell(`A${5 + codes.length}`).value).toBe("Итого");
    expect(total).toEqual({ formula: `SUM(C5:C${4 + codes.length})`, result: 6 });

    // the critical ones only, without totals, in English and as PDF
    const pdf = await post(
      owner,
      `${url}/pdf`,
      { columns: ["code", "name", "critical"], criticalOnly: true, totals: false },
      "en",
    );
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const { text } = readPdf(dir, pdf.raw.rawPayload, "master");
    expect(text[0]).toContain("Report");
    expect(text[0]).toContain("Critical");
    expect(text[0]).toContain("A004");
    // every fifth work stands off the chain: not critical, not in the report
    expect(text[0]).not.toContain("A005");
  });

  it("refuses no column, a column twice, an unknown one and a reversed period in the caller's language", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const url = `/versions/${version.id}/report/master/xlsx`;
    const none = await post(owner, url, { columns: [] }, "en");
    expect(none.status).toBe(400);
    expect(none.headers["error-type"]).toBe("localized");
    expect(none.body.errors[0]).toMatchObject({ code: "Required" });
    const twice = await post(owner, url, { columns: ["code", "code"] }, "ru");
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].code).toBe("InvalidValue");
    expect(twice.body.errors[0].message).toMatch(/[а-я]/);
    expect((await post(owner, url, { columns: ["cost"] })).status).toBe(400);
    expect((await post(owner, url, { columns: ["code"], from: "2025-02-01", to: "2025-01-01" })).status).toBe(400);
    expect((await post(owner, `/versions/${version.id}/report/master/docx`, { columns: ["code"] })).status).toBe(400);
  });

  it("is not offered to another space", async () => {
    const { intruder, stranger, version } = await setUpWorkspace(server);
    const body = { columns: ["code"] };
    expect((await post(intruder, `/versions/${version.id}/report/master/xlsx`, body)).status).toBe(403);
    expect((await post(stranger, `/versions/${version.id}/report/master/xlsx`, body)).status).toBe(404);
  });
});

describe("space report", () => {
  it("a line per schedule the caller may read, with its version's figures and the space's totals", async () => {
    const { owner, space, project, schedule, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 5);
    const other = (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "Пустой" })).body.data;
    const answer = await server.call("GET", `/space/${space.id}/report?format=xlsx`, {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
    });
    expect(answer.status).toBe(200);
    const ws = await sheet(answer.raw.rawPayload);
    expect(String(ws.getCell("A1").value)).toMatch(/^Отчёт по пространству: /);
    expect(ws.getCell("C4").value).toBe("График");
    const lines = [5, 6].map((r) => ws.getRow(r).values as unknown[]);
    const main = lines.find((l) => l[3] === schedule.name)!;
    const empty = lines.find((l) => l[3] === other.name)!;
    // works, start, finish; five works, four of them critical on the chain
    // no data date yet: that cell is empty
    expect(main.slice(4, 9)).toEqual(["Базовая", undefined, 5, new Date(Date.UTC(2025, 0, 13)), expect.any(Date)]);
    expect(main[10]).toBe(4);
    // a schedule without a version: its line says so with empty figures
    expect(empty.slice(4, 7)).toEqual(["", undefined, 0]);
    expect(ws.getCell("A7").value).toBe("Итого");
    expect(ws.getCell("F7").value).toMatchObject({ result: 5 });

    const pdf = await server.call("GET", `/space/${space.id}/report?format=pdf`, {
      token: owner.token,
      language: "fr",
      headers: { "x-space-id": owner.spaceId },
    });
    const { text } = readPdf(dir, pdf.raw.rawPayload, "space");
    expect(text[0]).toContain("Rapport de l’espace");
    expect(text[0]).toContain("Пустой");
  });

  it("shows a member only the schedules granted to them, and nothing to another space", async () => {
    const { owner, member, intruder, space, project, schedule, roleId } = await setUpWorkspace(server, ["space:read"]);
    await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "Закрытый" });
    const read = (actor: Actor, spaceId = space.id) =>
      server.call("GET", `/space/${spaceId}/report`, {
        token: actor.token,
        language: "en",
        headers: { "x-space-id": actor.spaceId },
      });
    const nothing = await sheet((await read(member)).raw.rawPayload);
    expect(nothing.getCell("A5").value).toBeNull();
    expect(nothing.getCell("C5").value).toBeNull();
    const grant = await owner.call("POST", "/access/grant", {
      roleId,
      resourceId: schedule.id,
      abilities: ["schedule:read"],
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const granted = await sheet((await read(member)).raw.rawPayload);
    expect(granted.getCell("C5").value).toBe(schedule.name);
    expect(granted.getCell("C6").value).not.toBe("Закрытый");
    expect((await read(intruder)).status).toBe(403);
  });
});
