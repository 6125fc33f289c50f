import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/** The paper shows what the screen shows: the planner filters the grid, and the PDF holds the rows left. */
test("print of the screen: the grid's filter and columns reach the PDF", async ({ browser, request }) => {
  test.setTimeout(400_000);
  const { token, spaceId, scheduleId, versionId, call } = await spaceWithSchedule(request, "printscreen", {
    space: "Печать",
    facility: "Дом",
    project: "Корпус 3",
    schedule: "График отделки",
  });
  for (const [code, name] of [
    ["K1", "Кладка перегородок"],
    ["K2", "Кладка стен подвала"],
    ["S1", "Штукатурка стен"],
  ])
    await addItem(call, versionId, { type: "work", code, name, duration: 960 });

  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "dark", width: 1440 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("K1", { timeout: 60_000 });
  await page.getByRole("textbox", { name: "Фильтр: Наименование" }).fill("Кладка");
  // the filter applies a moment after typing stops: wait for the row it hides to go
  await expect(page.getByText("Штукатурка стен")).toBeHidden({ timeout: 60_000 });

  await page.getByRole("button", { name: "Формат печати" }).click();
  const dialog = page.getByRole("dialog", { name: "Формат печати" });
  await expect(dialog.getByTestId("sheet-1")).toContainText("Корпус 3", { timeout: 60_000 });
  const downloading = page.waitForEvent("download", { timeout: 120_000 });
  await dialog.getByRole("button", { name: "Скачать PDF" }).click();
  const pdf = await downloading;
  const text = execFileSync("pdftotext", ["-layout", (await pdf.path()) as string, "-"]).toString("utf8");
  expect(text).toContain("Кладка перегородок");
  expect(text).toContain("Кладка стен подвала");
  expect(text).not.toContain("Штукатурка");
  // the screen's columns with its titles, not the print's defaults only
  expect(text).toMatch(/Код\s+Наименование\s+Исх\. д/);
  expect(text).toContain("% вып.");
  await context.close();
});
