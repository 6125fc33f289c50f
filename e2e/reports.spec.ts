import fs from "node:fs";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/** A form as an organisation draws it: a title, one row per work, the total of durations. */
async function form() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Форма");
  ws.getCell("A1").value = "Отчёт: {{project}} — {{schedule}}";
  ws.getRow(3).values = ["Код", "Работа", "Дней"];
  ws.getRow(4).values = ["{{work.code}}", "{{work.name}}", "{{work.duration}}"];
  ws.getRow(5).values = ["Итого", "", "{{sum:work.duration}}"];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function firstSheet(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(file) as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}

/**
 * A planner uploads the organisation's report form for the project (a file that is not a workbook is refused with
 * the reason, in their language), runs it for the version and gets the works in it; a built-in report downloads too.
 */
test("reports: a form uploaded, refused when not XLSX, run into XLSX; a built-in report", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, spaceId, scheduleId, versionId, call } = await spaceWithSchedule(request, "reports", {
    space: "Отчёты",
    facility: "Дом",
    project: "Корпус 2",
    schedule: "График отделки",
  });
  await addItem(call, versionId, { type: "work", code: "B10", name: "Штукатурка стен", duration: 2 * 480 });
  await addItem(call, versionId, { type: "work", code: "B20", name: "Окраска стен", duration: 3 * 480 });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);

  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "dark", width: 600 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("B10", { timeout: 60_000 });
  await page.getByRole("button", { name: "Отчёты" }).click();
  const dialog = page.getByRole("dialog", { name: "Отчёты" });
  await expect(dialog.getByText("Форм пока нет")).toBeVisible({ timeout: 60_000 });

  const file = dialog.locator('input[type="file"]');
  await dialog.getByRole("textbox", { name: "Название" }).fill("Недельный");
  await file.setInputFiles({ name: "form.csv", mimeType: "text/csv", buffer: Buffer.from("код;работа") });
  await dialog.getByRole("button", { name: "Загрузить", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Файл «form.csv» не является книгой XLSX: загрузите шаблон отчёта в формате Excel (.xlsx)",
    { timeout: 60_000 },
  );
  await file.setInputFiles({
    name: "Недельный.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await form(),
  });
  await dialog.getByRole("button", { name: "Загрузить", exact: true }).click();
  await expect(page.getByText("Форма отчёта «Недельный» добавлена")).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole("alert")).toBeHidden();
  const run = dialog.getByRole("button", { name: "Скачать в XLSX: Недельный" });
  await expect(run).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: "e2e/artifacts/reports-ru-dark-600.png", fullPage: true });

  const downloading = page.waitForEvent("download", { timeout: 120_000 });
  await run.click();
  const xlsx = await downloading;
  expect(xlsx.suggestedFilename()).toBe("Недельный.xlsx");
  const ws = await firstSheet((await xlsx.path()) as string);
  expect(ws.getCell("A1").value).toBe("Отчёт: Корпус 2 — График отделки");
  expect([ws.getCell("A4").value, ws.getCell("B5").value]).toEqual(["B10", "Окраска стен"]);
  expect(ws.getCell("C6").value).toEqual({ formula: "SUM(C4:C5)", result: 5 });
  await context.close();

  // English, light, wide: a built-in report of the version downloads with its title
  const en = await openAs(browser, token, { language: "en", scheme: "light", width: 1440 });
  await en.page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(en.page.locator('[data-pos="0"][data-col="0"]')).toHaveText("B10", { timeout: 60_000 });
  await en.page.getByRole("button", { name: "Reports" }).click();
  const box = en.page.getByRole("dialog", { name: "Reports" });
  await expect(box.getByRole("button", { name: "Download as PDF: Недельный" })).toBeVisible({ timeout: 60_000 });
  await box.getByRole("combobox", { name: "Report" }).click();
  await en.page.getByRole("option", { name: "Delays against the baseline" }).click();
  await box.getByRole("combobox", { name: "Report" }).click();
  await en.page.getByRole("option", { name: "Schedule listing" }).click();
  await en.page.screenshot({ path: "e2e/artifacts/reports-en-light-1440.png" });
  const listing = en.page.waitForEvent("download", { timeout: 120_000 });
  await box.getByRole("button", { name: "Download", exact: true }).click();
  const listed = await firstSheet((await (await listing).path()) as string);
  expect(listed.getCell("A1").value).toBe("Schedule listing");
  expect(listed.getCell("B6").value).toBe("Окраска стен");
  await en.context.close();

  // French, dark: the longest labels still fit the dialog
  const fr = await openAs(browser, token, { language: "fr", scheme: "dark", width: 1440 });
  await fr.page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(fr.page.locator('[data-pos="0"][data-col="0"]')).toHaveText("B10", { timeout: 60_000 });
  await fr.page.getByRole("button", { name: "Rapports" }).click();
  const fbox = fr.page.getByRole("dialog", { name: "Rapports" });
  await expect(fbox.getByRole("button", { name: "Télécharger en XLSX: Недельный" })).toBeVisible({ timeout: 60_000 });
  await fr.page.screenshot({ path: "e2e/artifacts/reports-fr-dark-1440.png" });
  await fr.context.close();
});
