import fs from "node:fs";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

async function form() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Форма");
  ws.getCell("A1").value = "Отчёт: {{version}}";
  ws.getRow(3).values = ["{{work.code}}", "{{work.name}}"];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A planner runs one report over several versions of the project's schedules at once, watches it progress, gets
 * the ZIP; starts a bigger one and stops it; attaches the project's form to another node of the structure.
 */
test("report batch: run over versions with progress, stop, and a form attached to a node", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, spaceId, projectId, scheduleId, versionId, call } = await spaceWithSchedule(request, "rbatch", {
    space: "Пакеты",
    facility: "Квартал",
    project: "Корпус 3",
    schedule: "График каркаса",
  });
  await addItem(call, versionId, { type: "work", code: "K10", name: "Колонны", duration: 2 * 480 });
  const labels = ["Вторая", "Третья", "Четвёртая", "Пятая"];
  for (const label of labels)
    await call("POST", `/schedules/${scheduleId}/versions/create`, { label, projectStart: "2025-02-03T08:00" });
  const other = await call("POST", "/facilities/create", { name: "Склад" });
  const added = await request.post(`/api/v1/reports/add?epsId=${projectId}&name=Сводка&wbsDisplay=all`, {
    headers: { Authorization: `Bearer ${token}`, "X-Space-Id": spaceId },
    multipart: { file: { name: "Сводка.xlsx", mimeType: "application/octet-stream", buffer: await form() } },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const reportId = (await added.json()).data.id as string;

  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "dark", width: 1440 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("K10", { timeout: 60_000 });
  await page.getByRole("button", { name: "Отчёты" }).click();
  const dialog = page.getByRole("dialog", { name: "Отчёты" });
  await dialog.getByRole("tab", { name: "Пакетная обработка" }).click();

  // the open version is chosen; one more, the project's form, and the run ends with a ZIP of two files
  await expect(dialog.getByRole("checkbox", { name: "График каркаса · Main" })).toBeChecked({ timeout: 60_000 });
  await dialog.getByRole("checkbox", { name: "График каркаса · Вторая" }).check();
  await expect(dialog.getByText("Выбрано 2 версии")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Отчёт" }).click();
  await page.getByRole("option", { name: "Сводка" }).click();
  await dialog.getByRole("button", { name: "Запустить" }).click();
  await expect(dialog.getByText("Готово: 2 файла")).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: "e2e/artifacts/report-batch-ru-dark-1440.png" });
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await dialog.getByRole("button", { name: "Скачать ZIP" }).click();
  const zip = fs.readFileSync((await (await downloading).path()) as string);
  expect(zip.subarray(0, 2).toString()).toBe("PK");

  // every version, as PDF: stopped at once, it ends before the last version and keeps nothing
  for (const label of labels.slice(1))
    await dialog.getByRole("checkbox", { name: `График каркаса · ${label}` }).check();
  await dialog.getByText("PDF", { exact: true }).click();
  await dialog.getByRole("button", { name: "Запустить" }).click();
  await dialog.getByRole("button", { name: "Остановить" }).click();
  await expect(dialog.getByText("Остановлено: файл не сохранён")).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByRole("button", { name: "Скачать ZIP" })).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Запустить" })).toBeEnabled();

  // the form attached to the facility "Склад" as well, and detached from it again
  await dialog.getByRole("tab", { name: "Построить отчёт" }).click();
  await dialog.getByRole("button", { name: "Узлы структуры: Сводка" }).click();
  const nodes = page.getByRole("dialog", { name: "Узлы формы «Сводка»" });
  await expect(nodes.getByText(/Корпус 3$/)).toBeVisible({ timeout: 60_000 });
  await nodes.getByRole("combobox", { name: "Узел" }).fill("Скл");
  await page.getByRole("option", { name: "Склад" }).click();
  await nodes.getByRole("button", { name: "Привязать" }).click();
  await expect(nodes.getByText("Склад", { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: "e2e/artifacts/report-nodes-ru-dark-1440.png" });
  const atOther = await call("GET", `/reports/eps/${other.id}`);
  expect(atOther.map((r: { id: string }) => r.id)).toEqual([reportId]);
  await nodes.getByRole("button", { name: "Отвязать: Склад" }).click();
  await expect(nodes.getByText("Склад", { exact: true })).toBeHidden({ timeout: 60_000 });
  expect(await call("GET", `/reports/eps/${other.id}`)).toEqual([]);
  await context.close();

  // French at 600 px: the batch tab's labels fit
  const fr = await openAs(browser, token, { language: "fr", scheme: "light", width: 600 });
  await fr.page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(fr.page.locator('[data-pos="0"][data-col="0"]')).toHaveText("K10", { timeout: 60_000 });
  await fr.page.getByRole("button", { name: "Rapports" }).click();
  const box = fr.page.getByRole("dialog", { name: "Rapports" });
  await box.getByRole("tab", { name: "Traitement par lots" }).click();
  await expect(box.getByText("1 version choisie")).toBeVisible({ timeout: 60_000 });
  await fr.page.screenshot({ path: "e2e/artifacts/report-batch-fr-600.png", fullPage: true });
  await fr.context.close();
});
