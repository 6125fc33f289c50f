import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * A big print runs as a job: the planner asks for the PDF, sees how far the print has come, finds it again after
 * reloading the page and may stop it; else the PDF downloads by itself when the server has drawn every page.
 */
test("print job: a print of many pages shows its progress, is found again, stops, and downloads the PDF when ready", async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const { token, spaceId, scheduleId, versionId, call } = await spaceWithSchedule(request, "printjob", {
    space: "Печать",
    facility: "Дом",
    project: "Корпус 2",
    schedule: "Большой график",
  });
  for (let i = 1; i <= 40; i++)
    await addItem(call, versionId, { type: "work", code: `B${i}`, name: `Кладка стен ${i}`, duration: 960 });
  // A4 fitted to 20 pages wide: more pages than a print answered at once
  const format = {
    paper: "A4",
    orientation: "landscape",
    widthMm: 297,
    heightMm: 210,
    margins: { top: 10, right: 10, bottom: 10, left: 10 },
    bands: {
      firstHeader: null,
      header: { left: "[project]", center: "[schedule]", right: "" },
      footer: { left: "", center: "", right: "[page] / [pages]" },
      lastFooter: null,
    },
    textSizePt: 9,
  };
  await call("POST", "/versions/print-settings/create", { versionId, format, pagesWide: 20 });
  const { pages } = await call("POST", `/versions/${versionId}/print/count`, {});
  expect(pages).toBeGreaterThan(30);

  // In Russian at 600 px: a print of hundreds of pages (a row a page) is started, the page reloaded, the print found
  // again in the dialog with its progress, and stopped.
  const long = { ...format, textSizePt: 24, margins: { top: 85, right: 10, bottom: 85, left: 10 } };
  await call("POST", "/versions/print-settings/update", { versionId, format: long, pagesWide: 20 });
  {
    const { context, page } = await openAs(browser, token, { language: "ru", scheme: "dark", width: 600 });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("B1", { timeout: 60_000 });
    await page.getByRole("button", { name: "Формат печати" }).click();
    let dialog = page.getByRole("dialog", { name: "Формат печати" });
    await expect(dialog.getByRole("combobox", { name: "Лист" })).toHaveValue("A4", { timeout: 60_000 });
    await dialog.getByRole("button", { name: "Скачать PDF" }).click();
    await expect(dialog.getByTestId("print-job")).toContainText("PDF скачается", { timeout: 60_000 });
    await page.reload();
    await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("B1", { timeout: 60_000 });
    await page.getByRole("button", { name: "Формат печати" }).click();
    dialog = page.getByRole("dialog", { name: "Формат печати" });
    // found again after the reload: still printing, with its progress and a way to stop it
    await expect(dialog.getByTestId("print-job")).toContainText("PDF скачается", { timeout: 60_000 });
    await dialog.getByTestId("print-job").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "e2e/artifacts/print-job-ru-dark-600-found.png" });
    await dialog.getByRole("button", { name: "Остановить" }).click();
    await expect(dialog.getByTestId("print-job")).toHaveText("Печать остановлена", { timeout: 120_000 });
    await page.screenshot({ path: "e2e/artifacts/print-job-ru-dark-600-stopped.png" });
    await context.close();
  }
  await call("POST", "/versions/print-settings/update", { versionId, format, pagesWide: 20 });

  for (const [language, width, title, download, done] of [
    ["en", 1440, "Print format", "Download PDF", `${pages} pages printed: the PDF is downloaded`],
  ] as const) {
    const { context, page } = await openAs(browser, token, { language, scheme: "dark", width });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("B1", { timeout: 60_000 });
    await page.getByRole("button", { name: title }).click();
    const dialog = page.getByRole("dialog", { name: title });
    // the saved settings have arrived: the sheet is A4
    await expect(dialog.getByRole("combobox", { name: /^(Лист|Sheet)$/ })).toHaveValue("A4", { timeout: 60_000 });
    const downloading = page.waitForEvent("download", { timeout: 300_000 });
    await dialog.getByRole("button", { name: download }).click();
    await expect(dialog.getByTestId("print-job")).toBeVisible({ timeout: 60_000 });
    await dialog.getByTestId("print-job").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/artifacts/print-job-${language}-dark-${width}-running.png` });
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toBe("Большой график.pdf");
    const bytes = fs.readFileSync((await pdf.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // every printed page is in the one file (pdfinfo: poppler-utils, as the server's print tests)
    const info = execFileSync("pdfinfo", [(await pdf.path()) as string]).toString();
    expect(info).toMatch(new RegExp(`Pages:\\s+${pages}\\n`));
    await expect(dialog.getByTestId("print-job")).toHaveText(done, { timeout: 60_000 });
    await page.screenshot({ path: `e2e/artifacts/print-job-${language}-dark-${width}-done.png` });
    await context.close();
  }
});
