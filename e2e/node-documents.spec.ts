import { expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * A planner keeps a built-in report's PDF with the project from the reports dialog and finds it again in the
 * project's Documents tab, where it downloads.
 */
test("node documents: a report kept on the project, found and downloaded from its Documents tab", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, spaceId, scheduleId, projectId, versionId, call } = await spaceWithSchedule(request, "documents", {
    space: "Документы",
    facility: "Дом",
    project: "Корпус 3",
    schedule: "График кровли",
  });
  await addItem(call, versionId, { type: "work", code: "K10", name: "Кровля", duration: 2 * 480 });

  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "dark", width: 1440 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("K10", { timeout: 60_000 });
  await page.getByRole("button", { name: "Отчёты" }).click();
  const reports = page.getByRole("dialog", { name: "Отчёты" });
  await reports.getByText("PDF", { exact: true }).first().click();
  await reports.getByRole("button", { name: "Сохранить в узле" }).click();
  const keep = page.getByRole("dialog", { name: "Сохранить файл в узле структуры" });
  // the schedule's project is offered first
  await expect(keep.getByLabel("Узел структуры").first()).toHaveValue("Дом / Корпус 3", {
    timeout: 30_000,
  });
  await keep.getByRole("button", { name: "Сохранить в узле" }).click();
  await expect(keep).toBeHidden({ timeout: 60_000 });

  await page.goto(`/${spaceId}?node=${projectId}&tab=documents`);
  const row = page.getByRole("table", { name: "Документы" }).getByRole("row");
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText("Отчёт");
  await expect(row).toContainText(".pdf");
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: /^Скачать: / }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await context.close();
});
