import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerEvent } from "@planum/contracts";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { countColour, readPdf, seed } from "../print/print.test-kit.js";
import { type Actor, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-reports-"));
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function upload(actor: Actor, query: string, bytes: Uint8Array, name: string, language = "en") {
  const boundary = "----planum-report";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.call("POST", `/reports/add?${query}`, {
    token: actor.token,
    body: payload,
    language,
    headers: { "x-space-id": actor.spaceId, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

const post = (actor: Actor, url: string, body: unknown, language = "ru") =>
  server.call("POST", url, { token: actor.token, body, language, headers: { "x-space-id": actor.spaceId } });

/** A weekly form: title with the project, one row per work, the total of durations, a signature. */
async function form(extra?: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Форма");
  ws.columns = [{ width: 8 }, { width: 32 }, { width: 12 }, { width: 12 }, { width: 8 }];
  ws.getCell("A1").value = "Еженедельный отчёт: {{project}}, {{schedule}}";
  ws.getRow(3).values = ["Код", "Работа", "Начало", "Окончание", "Дней"];
  ws.getRow(4).values = ["{{work.code}}", "{{work.name}}", "{{work.start}}", "{{work.finish}}", "{{work.duration}}"];
  ws.getRow(5).values = ["Итого", "", "", "", "{{sum:work.duration}}"];
  ws.getCell("A7").value = extra ?? "Составил: {{user}}";
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function sheet(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}

describe("report templates", () => {
  it("keeps a form at a node, runs it for a version into XLSX and PDF, renames, attaches, deletes", async () => {
    const { owner, member, root, project, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 6);
    const added = await upload(
      owner,
      `epsId=${project.id}&name=Недельный&wbsDisplay=works`,
      await form(),
      "форма.xlsx",
    );
    expect(added.status).toBe(200);
    const report = added.body.data;
    expect(report).toMatchObject({
      name: "Недельный",
      fileName: "форма.xlsx",
      wbsDisplay: "works",
      epsIds: [project.id],
    });
    expect(report.fields).toEqual(expect.arrayContaining(["project", "work.code", "sum:work.duration", "user"]));
    // the project's form is offered under it; the root above it has none until attached there
    expect((await member.call("GET", `/reports/eps/${project.id}`)).body.data.map((r: { id: string }) => r.id)).toEqual(
      [report.id],
    );
    expect((await member.call("GET", `/reports/eps/${root.id}`)).body.data).toEqual([]);

    const run = await post(member, `/reports/${report.id}/run/xlsx`, { versionId: version.id });
    expect(run.status).toBe(200);
    expect(run.headers["content-disposition"]).toContain("filename*=UTF-8''");
    const ws = await sheet(run.raw.rawPayload);
    expect(ws.getCell("A1").value).toBe("Еженедельный отчёт: Цех 1, График");
    expect([4, 5, 6, 7, 8, 9].map((r) => ws.getCell(`A${r}`).value)).toEqual([
      "A001",
      "A002",
      "A003",
      "A004",
      "A005",
      "A006",
    ]);
    expect(ws.getCell("B4").value).toBe("Монтаж конструкций этажа 1");
    expect(ws.getCell("C4").value).toEqual(new Date(Date.UTC(2025, 0, 13)));
    expect(ws.getCell("E4").value).toBe(3);
    expect(ws.getCell("A10").value).toBe("Итого");
    expect(ws.getCell("E10").value).toEqual({ formula: "SUM(E4:E9)", result: 18 });
    expect(String(ws.getCell("A12").value)).toMatch(/^Составил: \S+ \S+$/);

    const pdf = await post(member, `/reports/${report.id}/run/pdf`, { versionId: version.id });
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const { text } = readPdf(dir, pdf.raw.rawPayload, "template");
    expect(text[0]).toContain("Еженедельный отчёт: Цех 1, График");
    expect(text[0]).toContain("Монтаж конструкций этажа 6");
    expect(text[0]).toContain("13.01.2025");

    const renamed = await post(owner, `/reports/${report.id}/rename`, { name: "Недельный КС-6", reportingYear: 2024 });
    expect(renamed.body.data).toMatchObject({ name: "Недельный КС-6", reportingYear: 2024 });
    // no work of 2025's schedule falls in 2024: the region is empty, the total zero
    const empty = await sheet(
      (await post(owner, `/reports/${report.id}/run/xlsx`, { versionId: version.id })).raw.rawPayload,
    );
    expect(empty.getCell("A4").value).toBe("Итого");

    const attached = await post(owner, `/reports/${report.id}/eps/${root.id}/add`, {});
    expect(attached.body.data.epsIds).toHaveLength(2);
    expect((await member.call("GET", `/reports/eps/${root.id}`)).body.data).toHaveLength(1);
    const detached = await owner.call("DELETE", `/reports/${report.id}/eps/${root.id}/delete`);
    expect(detached.body.data.epsIds).toEqual([project.id]);
    // a read-only member may run reports but not change them
    expect((await post(member, `/reports/${report.id}/rename`, { name: "x" })).status).toBe(403);
    expect((await owner.call("DELETE", `/reports/${report.id}/delete`)).status).toBe(200);
    expect((await owner.call("GET", "/reports")).body.data).toEqual([]);
  });

  it("carries the form's merged cells and borders into the XLSX and the PDF", async () => {
    const { owner, project, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 3);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Форма");
    ws.columns = [{ width: 10 }, { width: 30 }, { width: 30 }, { width: 10 }];
    ws.getCell("A1").value = "Сводка {{project}}";
    ws.getCell("A1").alignment = { horizontal: "center" };
    ws.mergeCells("A1:D1");
    ws.getRow(3).values = ["{{work.code}}", "{{work.name}}", null, "{{work.duration}}"];
    ws.mergeCells("B3:C3");
    const red = { style: "medium" as const, color: { argb: "FFFF0000" } };
    for (const col of ["A", "B", "C", "D"])
      ws.getCell(`${col}3`).border = { top: red, left: red, bottom: red, right: red };
    ws.getCell("A5").value = "Подпись: {{user}}";
    ws.mergeCells("A5:D5");
    const added = await upload(
      owner,
      `epsId=${project.id}&name=Рамки`,
      new Uint8Array(await wb.xlsx.writeBuffer()),
      "r.xlsx",
    );
    expect(added.status).toBe(200);

    const xlsx = await sheet(
      (await post(owner, `/reports/${added.body.data.id}/run/xlsx`, { versionId: version.id })).raw.rawPayload,
    );
    // the band's range repeats with each work, the footer's moves down with its row
    expect(xlsx.model.merges.sort()).toEqual(["A1:D1", "A7:D7", "B3:C3", "B4:C4", "B5:C5"]);
    expect(xlsx.getCell("C4").border?.right).toMatchObject({ style: "medium", color: { argb: "FFFF0000" } });

    const pdf = await post(owner, `/reports/${added.body.data.id}/run/pdf`, { versionId: version.id });
    const { images, text } = readPdf(dir, pdf.raw.rawPayload, "borders");
    // a merged name is written once, not once per column it covers
    expect(text[0].match(/Монтаж конструкций этажа 2/g)).toHaveLength(1);
    // the red lines of the form are on paper (nothing else of the report is red)
    expect(countColour(images[0], [255, 0, 0])).toBeGreaterThan(200);
    // the title centred over the four merged columns: its middle is the table's middle, far right of column A's
    const words = [
      ...execFileSync("pdftotext", ["-bbox", path.join(dir, "borders.pdf"), "-"])
        .toString("utf8")
        .matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
    ].map((m) => ({ from: Number(m[1]), to: Number(m[2]), text: m[3] }));
    const title = words.find((w) => w.text === "Сводка")!;
    const code = words.find((w) => w.text === "A001")!;
    const signature = words.find((w) => w.text === "Подпись:")!;
    // the table is 80 units ≈ 160 mm ≈ 454 pt wide from the left margin (code's column starts it)
    const middle = code.from + 454 / 2;
    expect(title.from).toBeGreaterThan(code.from + 100);
    expect(Math.abs(title.from - middle)).toBeLessThan(80);
    expect(signature.from).toBeLessThan(code.from + 10);
  });

  it("refuses a file that is not an XLSX, an unknown field and a taken name in the caller's language, keeping nothing", async () => {
    const { owner, project } = await setUpWorkspace(server);
    const query = `epsId=${project.id}&name=Форма`;
    const text = await upload(owner, query, new TextEncoder().encode("код;работа"), "form.csv", "ru");
    expect(text.status).toBe(400);
    expect(text.body.errors[0].message).toBe(
      "Файл «form.csv» не является книгой XLSX: загрузите шаблон отчёта в формате Excel (.xlsx)",
    );
    const unknownRu = await upload(owner, query, await form("{{work.colour}}"), "f.xlsx", "ru");
    expect(unknownRu.status).toBe(400);
    expect(unknownRu.body.errors[0].message).toBe("Ячейка A7: шаблон ссылается на неизвестное поле «work.colour»");
    const unknownEn = await upload(owner, query, await form("{{budget}}"), "f.xlsx", "en");
    expect(unknownEn.body.errors[0].message).toBe('Cell A7: the template refers to an unknown field "budget"');
    expect((await owner.call("GET", "/reports")).body.data).toEqual([]);

    expect((await upload(owner, query, await form(), "f.xlsx")).status).toBe(200);
    const again = await upload(owner, `epsId=${project.id}&name=форма`, await form(), "f.xlsx", "en");
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe("A report with this name already exists");
    const year = await upload(owner, `${query}2&reportingYear=1900`, await form(), "f.xlsx", "en");
    expect(year.status).toBe(400);
    expect((await owner.call("GET", "/reports")).body.data).toHaveLength(1);
  });

  it("lets a member of another space neither read, run nor change a report", async () => {
    const { owner, stranger, intruder, project, version } = await setUpWorkspace(server);
    const report = (await upload(owner, `epsId=${project.id}&name=Форма`, await form(), "f.xlsx")).body.data;
    expect((await stranger.call("GET", "/reports")).body.data).toEqual([]);
    expect((await stranger.call("GET", `/reports/eps/${project.id}`)).status).toBe(404);
    expect((await intruder.call("GET", "/reports")).status).toBe(403);
    expect((await post(stranger, `/reports/${report.id}/run/xlsx`, { versionId: version.id })).status).toBe(404);
    expect((await post(stranger, `/reports/${report.id}/rename`, { name: "Чужая" })).status).toBe(404);
    expect((await post(stranger, `/reports/${report.id}/eps/${project.id}/add`, {})).status).toBe(404);
    expect((await stranger.call("DELETE", `/reports/${report.id}/delete`)).status).toBe(404);
    expect((await upload(stranger, `epsId=${project.id}&name=Чужая`, await form(), "f.xlsx")).status).toBe(404);
    expect((await post(stranger, `/versions/${version.id}/report/listing`, {})).status).toBe(404);
    expect(
      (await post(stranger, "/batch-processing/report", { versionIds: [version.id], builtIn: "listing" })).status,
    ).toBe(404);
    const kept = (await owner.call("GET", "/reports")).body.data;
    expect(kept).toMatchObject([{ name: "Форма", epsIds: [project.id] }]);
  });
});

describe("built-in reports", () => {
  it("lists the schedule and looks two weeks ahead, in XLSX and in PDF with Cyrillic", async () => {
    const { owner, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 8);
    const listing = await post(owner, `/versions/${version.id}/report/listing`, {});
    const ws = await sheet(listing.raw.rawPayload);
    expect(ws.getCell("A1").value).toBe("Перечень работ графика");
    expect(ws.getRow(4).getCell(1).value).toBe("Код");
    expect(ws.getCell("A5").value).toBe("A001");
    expect(ws.rowCount).toBe(4 + 8);

    // the chain runs three days a work from 13.01.2025: two weeks from the start hold the first few only
    const ahead = await sheet(
      (await post(owner, `/versions/${version.id}/report/lookahead2`, {}, "en")).raw.rawPayload,
    );
    expect(ahead.getCell("A1").value).toBe("Two-week look-ahead");
    const codes = [];
    for (let r = 5; r <= ahead.rowCount; r++) codes.push(ahead.getCell(`A${r}`).value);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.length).toBeLessThan(8);

    const pdf = await post(owner, `/versions/${version.id}/report/delays`, { format: "pdf" }, "fr");
    const { text } = readPdf(dir, pdf.raw.rawPayload, "delays");
    expect(text[0]).toContain("Retards par rapport à la référence");
    const progress = await post(
      owner,
      `/versions/${version.id}/report/progress`,
      { from: "2025-02-01", to: "2025-01-01" },
      "en",
    );
    expect(progress.status).toBe(400);
    expect((await post(owner, `/versions/${version.id}/report/gantt`, {})).status).toBe(400);
  });

  it("runs a report over several versions as a job and keeps a ZIP of the files", async () => {
    const { owner, schedule, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 3);
    const second = (
      await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
        label: "Вторая",
        projectStart: "2025-03-03T08:00",
      })
    ).body.data;
    server.ctx.realtime.sent.length = 0;
    const started = await post(owner, "/batch-processing/report", {
      versionIds: [version.id, second.id],
      builtIn: "listing",
    });
    expect(started.status).toBe(200);
    await server.ctx.jobs.idle();
    const job = (await owner.call("GET", `/jobs/${started.body.data.jobId}`)).body.data;
    expect(job).toMatchObject({ type: "report_batch", status: "completed", progress: 100, result: { files: 2 } });
    const events = server.ctx.realtime.sent.filter(
      (e): e is Extract<ServerEvent, { type: "batch_report" }> => e.type === "batch_report",
    );
    expect(events.map((e) => e.status)).toEqual(["in_process", "in_process", "completed"]);
    const zip = await server.call("GET", `/storage/download/${job.result.fileId}`, {
      token: owner.token,
      headers: { "x-space-id": owner.spaceId },
    });
    expect(zip.status).toBe(200);
    expect(zip.raw.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("stops a batch between versions when asked: it ends early and keeps no file", async () => {
    const { owner, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 3);
    // many versions, so the stop arrives long before the last one whatever the machine's speed
    const versionIds = Array.from({ length: 40 }, () => version.id);
    const started = await post(owner, "/batch-processing/report", { versionIds, builtIn: "listing", format: "pdf" });
    expect(started.status).toBe(200);
    const jobId = started.body.data.jobId as string;
    const stop = await post(owner, "/batch-processing/stop", { jobId });
    expect(stop.body.data).toEqual({ jobId, stopping: true });
    await server.ctx.jobs.idle();

    const job = (await owner.call("GET", `/jobs/${jobId}`)).body.data;
    expect(job.status).toBe("completed");
    expect(job.result.stopped).toBe(true);
    expect(job.result.files).toBeLessThan(versionIds.length);
    expect(job.result.fileId).toBeUndefined();
    const ours = server.ctx.realtime.sent.filter(
      (e): e is Extract<ServerEvent, { type: "batch_report" | "batch_stop" }> =>
        (e.type === "batch_report" || e.type === "batch_stop") && e.jobId === jobId,
    );
    const reportEvents = ours.filter((e) => e.type === "batch_report");
    expect(reportEvents.at(-1)?.status).toBe("stopped");
    expect(reportEvents.filter((e) => e.status === "in_process").length).toBeLessThan(versionIds.length);
    expect(ours.filter((e) => e.type === "batch_stop").map((e) => [e.job, e.status])).toEqual([
      ["batch_report", "requested"],
      ["batch_report", "stopped"],
    ]);
    // a finished batch is not stopped any more
    expect((await post(owner, "/batch-processing/stop", { jobId })).body.data.stopping).toBe(false);
  });
});
