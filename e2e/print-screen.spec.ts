import { execFileSync } from "node:child_process";
import fs from "node:fs";
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
  // the version was never calculated: the time scale opens at the project's start, not at 1970
  expect(text).not.toContain("1970");
  // the pages as pictures, to look at (Cyrillic, bands, bars and scale)
  fs.mkdirSync("e2e/artifacts", { recursive: true });
  execFileSync("pdftoppm", ["-png", "-r", "60", (await pdf.path()) as string, "e2e/artifacts/print-screen-ru-pdf"]);
  await context.close();

  // the same screen in French: the paper's words are the reader's
  const fr = await openAs(browser, token, { language: "fr", scheme: "dark", width: 600 });
  await fr.page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(fr.page.locator('[data-pos="0"][data-col="0"]')).toHaveText("K1", { timeout: 60_000 });
  await fr.page.getByRole("button", { name: "Format d’impression" }).click();
  const frDialog = fr.page.getByRole("dialog", { name: "Format d’impression" });
  await expect(frDialog.getByTestId("sheet-1")).toContainText("Корпус 3", { timeout: 60_000 });
  const frDownload = fr.page.waitForEvent("download", { timeout: 120_000 });
  await frDialog.getByRole("button", { name: "Télécharger le PDF" }).click();
  const frPdf = (await (await frDownload).path()) as string;
  const frText = execFileSync("pdftotext", ["-layout", frPdf, "-"]).toString("utf8");
  expect(frText).toContain("Штукатурка стен");
  expect(frText).not.toContain("1970");
  execFileSync("pdftoppm", ["-png", "-r", "60", frPdf, "e2e/artifacts/print-screen-fr-pdf"]);
  await fr.context.close();
});
