import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, readGantt, setUpWorkspace } from "../workspace/workspace.test-kit.js";
import { call as callAs, countColour, format, readPdf as readPdfIn, seed } from "./print.test-kit.js";

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await createTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-print-"));
});
// closing the server closes its Chromium too (the module's onClose)
afterAll(async () => {
  await server.close();
  if (!process.env.PLANUM_KEEP_PRINTS) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`prints kept in ${dir}`);
});

const call = (actor: Actor, url: string, body: unknown) => callAs(server, actor, url, body);
const readPdf = (bytes: Buffer, name: string) => readPdfIn(dir, bytes, name);

describe("printing the workspace", () => {
  it("renders the grid and Gantt on A4 pages with the first header, the last footer, page numbers and Cyrillic", async () => {
    const { owner, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 60);
    const count = await call(owner, `/versions/${version.id}/print/count`, { format, pagesWide: 1 });
    expect(count.status).toBe(200);
    const { pages } = count.body.data;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(count.body.data).toMatchObject({ across: 1, down: pages });

    const printed = await call(owner, `/versions/${version.id}/print`, { format, pagesWide: 1 });
    expect(printed.status).toBe(200);
    expect(printed.headers["content-type"]).toBe("application/pdf");
    expect(printed.headers["x-print-pages"]).toBe(String(pages));
    const { images, text } = readPdf(printed.raw.rawPayload, "fit");
    expect(images).toHaveLength(pages);
    expect(text[0]).toContain("Цех 1");
    expect(text[0]).toContain("Утверждаю: главный инженер");
    expect(text[0]).toContain(`Лист 1 из ${pages}`);
    expect(text[0]).toContain("Монтаж конструкций этажа 1");
    expect(text[0]).toMatch(/Наименование\s+Начало\s+Окончание/);
    expect(text[1]).toMatch(/График\s+Базовая/);
    expect(text[1]).not.toContain("Утверждаю");
    // repeated column titles on the second page
    expect(text[1]).toMatch(/Наименование\s+Начало\s+Окончание/);
    const last = text[pages - 1];
    expect(last).toContain("Согласовано");
    expect(last).toContain(`Лист ${pages} из ${pages}`);
    expect(last).toContain("критическая работа");
    expect(last).toContain("Монтаж конструкций этажа 60");
    // the bars: red critical works on the chain and blue ones off it
    expect(countColour(images[0], [220, 38, 38])).toBeGreaterThan(50);
    expect(countColour(images[0], [59, 130, 246])).toBeGreaterThan(10);

    // split over sheets at the screen's scale: more pages across than fitted to one
    const split = await call(owner, `/versions/${version.id}/print/count`, { format, pagesWide: null });
    expect(split.body.data.across).toBeGreaterThan(1);
    expect(split.body.data.pages).toBe(split.body.data.across * split.body.data.down);

    const preview = await call(owner, `/versions/${version.id}/preview`, { format, pagesWide: 1, page: 1 });
    expect(preview.status).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/png");
    expect(preview.headers["x-print-pages"]).toBe(String(pages));
    expect(preview.raw.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    expect((await call(owner, `/versions/${version.id}/preview`, { page: 999 })).status).toBe(404);
  });

  it("prints with the caller's saved settings and keeps another space's member out", async () => {
    const { owner, stranger, intruder, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 3);
    await owner.call("POST", "/versions/print-settings/create", { versionId: version.id, format, pagesWide: 1 });
    const count = await call(owner, `/versions/${version.id}/print/count`, {});
    expect(count.body.data).toEqual({ pages: 1, across: 1, down: 1 });
    const printed = await call(owner, `/versions/${version.id}/print`, {});
    const { text } = readPdf(printed.raw.rawPayload, "saved");
    // one page is both the first and the last: its own header and its own footer
    expect(text[0]).toContain("Утверждаю: главный инженер");
    expect(text[0]).toContain("Согласовано");
    expect(text[0]).toContain("Лист 1 из 1");
    const refused = await call(owner, `/versions/${version.id}/print`, {
      format: { ...format, margins: { ...format.margins, left: -3 } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe("Поле не может быть отрицательным");
    expect((await call(stranger, `/versions/${version.id}/print`, {})).status).toBe(404);
    expect((await call(intruder, `/versions/${version.id}/print/count`, {})).status).toBe(403);
    expect((await call(stranger, `/versions/${version.id}/preview`, { page: 1 })).status).toBe(404);
  });

  it("prints what the screen shows: its columns, widths, rows after filters and groups, scale and relation lines", async () => {
    const { owner, version } = await setUpWorkspace(server);
    await seed(owner, version.id, 12);
    const gantt = await readGantt(owner, version.id);
    const byCode = new Map(gantt.code.map((code, k) => [code, gantt.ids[k]]));
    // the screen grouped by a value and filtered to four works of the chain, with its own column texts
    const shown = ["A001", "A002", "A003", "A004"];
    const screen = {
      columns: [
        { label: "Шифр работы", widthPx: 120 },
        { label: "Длительность, дн", widthPx: 150, align: "right" },
      ],
      rows: [
        { id: null, depth: 0, cells: ["Захватка 1 (4)", ""] },
        ...shown.map((code) => ({ id: byCode.get(code), depth: 1, cells: [`${code}-экран`, "3"] })),
      ],
      scale: "day",
      baseline: true,
      relations: true,
    };
    const printed = await call(owner, `/versions/${version.id}/print`, { format, pagesWide: null, screen });
    expect(printed.status).toBe(200);
    const { images, text } = readPdf(printed.raw.rawPayload, "screen");
    expect(text[0]).toMatch(/Шифр работы\s+Длительность, дн/);
    expect(text[0]).toContain("Захватка 1 (4)");
    expect(text[0]).toContain("A004-экран");
    // the rows the screen filtered out are not printed, nor the default columns
    expect(text.join("")).not.toContain("A005");
    expect(text[0]).not.toContain("Наименование");
    // the day scale: day numbers under the months
    expect(text[0]).toMatch(/(\b\d{1,2}\s+){10}/);
    // relation lines between the chain's bars (grey), bars of the chain (red)
    expect(countColour(images[0], [107, 114, 128])).toBeGreaterThan(10);
    expect(countColour(images[0], [220, 38, 38])).toBeGreaterThan(20);
    // the page count follows the screen's rows (the layout's tests compare the scales' widths)
    const counted = await call(owner, `/versions/${version.id}/print/count`, { format, pagesWide: 1, screen });
    expect(counted.body.data).toEqual({ pages: 1, across: 1, down: 1 });
    const refused = await call(owner, `/versions/${version.id}/print/count`, {
      format,
      screen: { ...screen, columns: [] },
    });
    expect(refused.status).toBe(400);
  });
});
