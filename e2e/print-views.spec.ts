import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { type Download, expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

test.setTimeout(300_000);

/** A chain A10 → A20 → A30 under "Каркас", calculated, with A10's volume spread over its days (20 m³ a day). */
async function seed(request: Parameters<typeof spaceWithSchedule>[0]) {
  const setup = await spaceWithSchedule(request, "pviews", {
    space: "Печать видов",
    facility: "Объект",
    project: "Корпус",
    schedule: "Сетевой",
  });
  const { call, versionId: v } = setup;
  const sum = await addItem(call, v, { type: "sum", name: "Каркас", code: "S1" });
  const a10 = await addItem(call, v, {
    type: "work",
    name: "Котлован",
    code: "A10",
    duration: 2400,
    parentId: sum,
    plannedVolume: 100,
  });
  const a20 = await addItem(call, v, { type: "work", name: "Фундамент", code: "A20", duration: 1440, parentId: sum });
  const a30 = await addItem(call, v, { type: "work", name: "Сдача", code: "A30", duration: 480 });
  await call("POST", `/versions/${v}/relations`, { predecessorId: a10, successorId: a20 });
  await call("POST", `/versions/${v}/relations`, { predecessorId: a20, successorId: a30 });
  await call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
  await call("POST", `/schedules/${setup.scheduleId}/wdp/distribute`, {
    versionId: v,
    itemIds: [a10],
    measure: "volume",
    mode: "evenly",
  });
  return setup;
}

const TEXT = {
  en: { format: "Print format", save: "Save and download PDF", network: "Network" },
  ru: { format: "Формат печати", save: "Сохранить и скачать PDF", network: "Сеть" },
  fr: { format: "Format d’impression", save: "Enregistrer et télécharger le PDF", network: "Réseau" },
} as const;

/** The downloaded PDF's text page by page (pdftotext) and its page count. */
async function readPdf(download: Download) {
  const file = (await download.path()) as string;
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8").split("\f").slice(0, -1);
}

/** Prints the shown view from the print format dialog: the format is saved, then the PDF downloads. */
async function printFromDialog(page: Page, text: (typeof TEXT)[keyof typeof TEXT]) {
  await page.getByRole("button", { name: text.format, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: text.format });
  const save = dialog.getByRole("button", { name: text.save });
  await expect(save).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent("download", { timeout: 120_000 });
  await save.click();
  return downloading;
}

test("the network diagram and the work-done plan grid print from the print format dialog", async ({
  browser,
  request,
}) => {
  const { token, spaceId, scheduleId, projectId } = await seed(request);
  const ru = await openAs(browser, token, { language: "ru", scheme: "light", width: 1440 });
  const { page } = ru;
  await page.goto(`/${spaceId}/schedule/${scheduleId}?view=network`);
  await expect(page.locator(".pn-boxes button")).toHaveCount(3, { timeout: 60_000 });
  const network = await printFromDialog(page, TEXT.ru);
  expect(network.suggestedFilename()).toBe("Сетевой.pdf");
  const networkPages = await readPdf(network);
  expect(networkPages.length).toBeGreaterThanOrEqual(1);
  // framed by the default bands: the schedule's name, page N of M
  expect(networkPages[0]).toContain("Сетевой");
  expect(networkPages[0]).toMatch(/1\s*\/\s*\d+|1 из \d+/);

  await page.goto(`/${spaceId}/grid/${projectId}?from=2025-01-13&to=2025-01-24`);
  await expect(page.getByText("Котлован").first()).toBeVisible({ timeout: 60_000 });
  const grid = await printFromDialog(page, TEXT.ru);
  expect(grid.suggestedFilename()).toBe("СДП.pdf");
  const gridPages = await readPdf(grid);
  expect(gridPages[0]).toContain("СДП: Объём, 13.01.2025 – 24.01.2025");
  expect(gridPages[0]).toMatch(/A10\s+Котлован/);
  expect(gridPages[0]).toMatch(/План\s+100\s+20\s+20\s+20\s+20\s+20/);
  await ru.context.close();

  // the dialog as a French and an English user see it over each view, dark, wide and narrow
  for (const language of ["fr", "en"] as const) {
    for (const width of [1440, 600]) {
      const opened = await openAs(browser, token, { language, scheme: "dark", width });
      await opened.page.goto(`/${spaceId}/grid/${projectId}?from=2025-01-13&to=2025-01-24`);
      await expect(opened.page.getByText("Котлован").first()).toBeVisible({ timeout: 60_000 });
      await opened.page.getByRole("button", { name: TEXT[language].format, exact: true }).click();
      const save = opened.page.getByRole("button", { name: TEXT[language].save });
      await save.scrollIntoViewIfNeeded();
      await expect(save).toBeVisible({ timeout: 30_000 });
      await opened.page.screenshot({ path: `e2e/artifacts/print-views-grid-${language}-${width}.png` });
      await opened.context.close();
    }
  }
});
