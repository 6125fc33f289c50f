import fs from "node:fs";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

async function firstSheet(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(file) as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}

/**
 * A planner lays out a report of the version in the report master (a title, one more column, the critical works
 * only) and downloads it; from the structure they download the space report, a line per schedule.
 */
test("report master and space report", async ({ browser, request }) => {
  test.setTimeout(400_000);
  const { token, spaceId, scheduleId, versionId, call } = await spaceWithSchedule(request, "rmaster", {
    space: "Мастер",
    facility: "Микрорайон",
    project: "Дом 7",
    schedule: "График кровли",
  });
  const first = await addItem(call, versionId, { type: "work", code: "R10", name: "Стяжка", duration: 2 * 480 });
  const second = await addItem(call, versionId, { type: "work", code: "R20", name: "Кровля", duration: 3 * 480 });
  await addItem(call, versionId, { type: "work", code: "R30", name: "Водостоки", duration: 480 });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: first, successorId: second });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);

  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "dark", width: 1440 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("R10", { timeout: 60_000 });
  await page.getByRole("button", { name: "Отчёты" }).click();
  const dialog = page.getByRole("dialog", { name: "Отчёты" });
  await dialog.getByRole("tab", { name: "Мастер отчётов" }).click();
  await dialog.getByRole("textbox", { name: "Заголовок отчёта" }).fill("Критический путь кровли");
  await dialog.getByLabel("Столбцы").click();
  await page.getByRole("option", { name: "Критическая" }).click();
  // the list stays open for more columns: leaving the field closes it
  await dialog.getByRole("textbox", { name: "Заголовок отчёта" }).click();
  await expect(page.getByRole("option", { name: "Уровень" })).toBeHidden();
  await dialog.getByText("Только критические работы").click();
  await page.screenshot({ path: "e2e/artifacts/report-master-ru-dark-1440.png" });
  const downloading = page.waitForEvent("download", { timeout: 120_000 });
  await dialog.getByRole("button", { name: "Скачать", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Критический путь кровли.xlsx");
  const ws = await firstSheet((await download.path()) as string);
  expect(ws.getCell("A1").value).toBe("Критический путь кровли");
  expect(ws.getRow(4).values).toEqual([
    undefined,
    "Код",
    "Наименование",
    "Начало",
    "Окончание",
    "Длительность, дн",
    "Критическая",
  ]);
  // the two chained works are critical, the short one beside them is not
  expect([ws.getCell("A5").value, ws.getCell("A6").value, ws.getCell("A7").value]).toEqual(["R10", "R20", "Итого"]);
  await context.close();

  // the space report from the structure: one line per schedule
  const fr = await openAs(browser, token, { language: "fr", scheme: "light", width: 600 });
  await fr.page.goto(`/${spaceId}`);
  await fr.page.getByRole("button", { name: "Rapport de l’espace" }).click();
  const spaceReport = fr.page.waitForEvent("download", { timeout: 120_000 });
  await fr.page.getByRole("menuitem", { name: "Télécharger en XLSX" }).click();
  const sheet = await firstSheet((await (await spaceReport).path()) as string);
  expect(sheet.getCell("A1").value).toBe("Rapport de l’espace: Мастер");
  expect([sheet.getCell("A5").value, sheet.getCell("B5").value, sheet.getCell("C5").value]).toEqual([
    "Микрорайон",
    "Дом 7",
    "График кровли",
  ]);
  expect(sheet.getCell("F5").value).toBe(3);

  // French at 600 px: the master's labels fit
  await fr.page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(fr.page.locator('[data-pos="0"][data-col="0"]')).toHaveText("R10", { timeout: 60_000 });
  await fr.page.getByRole("button", { name: "Rapports" }).click();
  const box = fr.page.getByRole("dialog", { name: "Rapports" });
  await box.getByRole("tab", { name: "Assistant de rapport" }).click();
  await expect(box.getByText("Tâches critiques seulement")).toBeVisible();
  await fr.page.screenshot({ path: "e2e/artifacts/report-master-fr-600.png", fullPage: true });
  await fr.context.close();
});
