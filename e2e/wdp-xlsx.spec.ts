import { readFile } from "node:fs/promises";
import { type Cell, readXlsxTable, writeXlsxRows } from "@planum/formats";
import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * The work-done plan as a spreadsheet (issue 12): a planner exports the grid as XLSX, types the site's facts into
 * it as in Excel, imports it back and sees the grid change (one undo takes it back); a sheet with a word in a cell
 * is refused naming the cell and nothing changes. The report of a period shows plan against fact, takes a work's
 * fact of the period and downloads as XLSX. The space's settings screen sets the allowed entry period.
 * Works of 5 days from Monday 13.01.2025 (all in the past: facts allowed).
 */
test.setTimeout(400_000);

const TEXTS = {
  en: {
    fact: "Fact",
    export: "Export XLSX",
    import: "Import XLSX",
    undo: "Undo",
    uploaded: "2 cells taken from the file",
    refused: 'Cell I3 (work "A10 Concrete", 14.01.2025): "lots" is not a number',
    report: "Report",
    reportTitle: "Plan against fact",
    download: "Download XLSX",
    factOf: "Fact of A20 for the period",
    decimal: "12.5",
  },
  ru: {
    fact: "Факт",
    export: "Выгрузить XLSX",
    import: "Загрузить XLSX",
    undo: "Отменить",
    uploaded: "Из файла взяты 2 ячейки",
    refused: "Ячейка I3 (работа «A10 Concrete», 14.01.2025): «lots» — не число",
    report: "Отчёт",
    reportTitle: "План и факт",
    download: "Скачать XLSX",
    factOf: "Факт A20 за период",
    decimal: "12,5",
  },
} as const;

const cell = (page: Page, item: number, kind: string, day: string) =>
  page.locator(`.wg-body [data-item="${item}"][data-kind="${kind}"][data-day="${day}"]`);
const total = (page: Page, item: number, kind: string) =>
  page.locator(`.wg-left [data-item="${item}"][data-kind="${kind}"] [data-total]`);

/** Two works of 5 days with 100 and 50 m³ spread evenly (20 and 10 a day), calculated. */
async function planned(request: Parameters<typeof spaceWithSchedule>[0], prefix: string) {
  const setup = await spaceWithSchedule(request, prefix, {
    space: "Plans",
    facility: "Bridge",
    project: "Span",
    schedule: "Schedule",
  });
  const { call, scheduleId, versionId } = setup;
  const sum = await addItem(call, versionId, { type: "sum", code: "S1", name: "Frame" });
  const a10 = await addItem(call, versionId, {
    type: "work",
    code: "A10",
    name: "Concrete",
    duration: 2400,
    parentId: sum,
    measure: "m3",
    plannedVolume: 100,
  });
  const a20 = await addItem(call, versionId, {
    type: "work",
    code: "A20",
    name: "Rebar",
    duration: 2400,
    parentId: sum,
    measure: "t",
    plannedVolume: 50,
  });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  await call("POST", `/schedules/${scheduleId}/wdp/distribute`, {
    versionId,
    itemIds: [a10, a20],
    measure: "volume",
    mode: "evenly",
  });
  const projectId = (await call("GET", `/schedules/${scheduleId}`)).projectId as string;
  return { ...setup, a10, a20, projectId };
}

/** Clicks the export button and reads the downloaded workbook's rows. */
async function exportSheet(page: Page, label: string): Promise<{ name: string; rows: Cell[][] }> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: label, exact: true }).click();
  const file = await download;
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), rows: (await readXlsxTable(new Uint8Array(bytes))).rows };
}

/** Hands a workbook to the import button's file chooser. */
async function importSheet(page: Page, label: string, rows: Cell[][]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: label, exact: true }).click();
  await (await chooser).setFiles({
    name: "plan.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await writeXlsxRows(rows, { header: 1 })),
  });
}

const dateOf = (c: Cell) => (c instanceof Date ? c.toISOString().slice(0, 10) : "");

for (const language of ["en", "ru"] as const) {
  test(`export the plan as XLSX, type facts into it, import it back, undo; a bad sheet is refused (${language})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[language];
    const { token, spaceId, projectId, a10, a20, call, versionId } = await planned(request, `wdpx${language}`);
    const { context, page } = await openAs(browser, token, { language });
    await page.goto(`/${spaceId}/grid/${projectId}`);
    await expect(total(page, a10, "plan")).toHaveText("100", { timeout: 60_000 });

    const { name, rows } = await exportSheet(page, texts.export);
    expect(name).toMatch(/\.xlsx$/);
    const factLine = rows.findIndex((r) => r[1] === "A10" && r[5] === texts.fact);
    const column = (day: string) => rows[0].findIndex((c) => dateOf(c) === day);
    expect(rows[factLine - 1].slice(column("2025-01-13"), column("2025-01-17") + 1)).toEqual([20, 20, 20, 20, 20]);

    // the site's facts typed into the sheet: "12,5" as text (a comma), 18 as a number
    rows[factLine][column("2025-01-13")] = "12,5";
    rows[factLine][column("2025-01-14")] = 18;
    await importSheet(page, texts.import, rows);
    await expect(page.getByText(texts.uploaded)).toBeVisible();
    await expect(cell(page, a10, "fact", "2025-01-13")).toHaveText(texts.decimal);
    await expect(cell(page, a10, "fact", "2025-01-14")).toHaveText("18");
    await expect(total(page, a10, "fact")).toHaveText(language === "ru" ? "30,5" : "30.5");
    await page.screenshot({ path: `e2e/artifacts/wdp-xlsx-imported-${language}.png` });

    // a word in a cell: refused naming the cell (I3: A10's fact of 14.01.2025), nothing written
    const bad = rows.map((r) => [...r]);
    bad[factLine][column("2025-01-14")] = "lots";
    bad[factLine - 1][column("2025-01-15")] = 99;
    await importSheet(page, texts.import, bad);
    await expect(page.getByText(texts.refused)).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/wdp-xlsx-refused-${language}.png` });
    const stored = await call("GET", `/versions/${versionId}/wdp?itemIds=${a10}`);
    const plan = stored.series.find((s: { kind: string }) => s.kind === "plan");
    expect(plan.values).toEqual([20, 20, 20, 20, 20]);
    await expect(total(page, a10, "fact")).toHaveText(language === "ru" ? "30,5" : "30.5");

    // one undo takes the whole import back
    await page.getByRole("button", { name: texts.undo, exact: true }).click();
    await expect(total(page, a10, "fact")).toHaveText("");
    await expect(total(page, a20, "plan")).toHaveText("50");
    await context.close();
  });
}

test("the report of a period: plan against fact, a fact typed for the period, XLSX (en, ru, fr, dark, 600 px)", async ({
  browser,
  request,
}) => {
  const { token, spaceId, projectId, a20, call, versionId } = await planned(request, "wdpr");
  const { context, page } = await openAs(browser, token, { language: "en" });
  await page.goto(`/${spaceId}/grid/${projectId}?from=2025-01-13&to=2025-01-14`);
  await expect(total(page, a20, "plan")).toHaveText("50", { timeout: 60_000 });
  await page.getByRole("button", { name: "Report", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Plan against fact" });
  const row = (code: string) => dialog.locator(`tr[data-code="${code}"]`);
  // two days of the period: A10 40 planned, A20 20, the summary 60
  await expect(row("S1")).toContainText("60");
  await expect(row("A10")).toContainText("40");
  await expect(row("A20")).toContainText("20");

  // 15 t of A20 done over the two days: spread 7.5 a day, 75 % of plan
  const fact = dialog.getByRole("textbox", { name: "Fact of A20 for the period" });
  await fact.fill("15");
  await fact.press("Enter");
  await expect(row("A20")).toContainText("75 %");
  await expect(row("S1")).toContainText("25 %");
  const stored = await call("GET", `/versions/${versionId}/wdp?itemIds=${a20}`);
  expect(stored.series.find((s: { kind: string }) => s.kind === "fact").values).toEqual([7.5, 7.5]);
  await page.screenshot({ path: "e2e/artifacts/wdp-report-en.png" });

  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download XLSX" }).click();
  const file = await download;
  const rows = (await readXlsxTable(new Uint8Array(await readFile(await file.path())))).rows;
  expect(rows[0][0]).toBe("Plan against fact, Volume, 13.01.2025 – 14.01.2025");
  expect(rows.find((r) => r[0] === "A20")?.slice(3, 8)).toEqual([20, 15, 0, -5, 75]);
  // the grid behind took the typed fact too
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(total(page, a20, "fact")).toHaveText("15");
  await context.close();

  for (const view of [
    { language: "ru", scheme: "dark", width: 1440, title: "План и факт" },
    { language: "fr", scheme: "light", width: 600, title: "Prévu et réalisé" },
    { language: "ru", scheme: "light", width: 600, title: "План и факт" },
  ]) {
    const opened = await openAs(browser, token, view);
    await opened.page.goto(`/${spaceId}/grid/${projectId}?from=2025-01-13&to=2025-01-14`);
    await expect(total(opened.page, a20, "fact")).toHaveText("15", { timeout: 60_000 });
    await opened.page.screenshot({
      path: `e2e/artifacts/wdp-xlsx-grid-${view.language}-${view.scheme}-${view.width}.png`,
    });
    await opened.page.getByRole("button", { name: view.language === "fr" ? "Rapport" : "Отчёт", exact: true }).click();
    const shown = opened.page.getByRole("dialog", { name: view.title });
    await expect(shown.locator('tr[data-code="A20"]')).toContainText("75");
    await opened.page.screenshot({
      path: `e2e/artifacts/wdp-report-${view.language}-${view.scheme}-${view.width}.png`,
    });
    await opened.context.close();
  }
});

test("the space's settings: the work-done plan entry period, set by the admin (en, ru, fr, dark, 600 px)", async ({
  browser,
  request,
}) => {
  const { token, spaceId, scheduleId, call } = await planned(request, "wdps");
  const { context, page } = await openAs(browser, token, { language: "en" });
  await page.goto(`/${spaceId}/admin`);
  const days = page.getByRole("textbox", { name: "Work-done plan: days open to entry" });
  await expect(days).toHaveValue("");
  await days.fill("-3");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter a number")).toBeVisible();
  await days.fill("30");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  expect((await call("GET", `/space/${spaceId}/settings`)).wdpEntryDays).toBe(30);
  // the grid's entry rules read it at once
  expect((await call("GET", `/schedules/${scheduleId}/limit-for-dp`)).entryDays).toBe(30);
  await page.screenshot({ path: "e2e/artifacts/space-settings-en.png", fullPage: true });
  await context.close();
  for (const view of [
    { language: "ru", scheme: "dark", width: 1440 },
    { language: "fr", scheme: "light", width: 600 },
    { language: "ru", scheme: "light", width: 600 },
  ]) {
    const opened = await openAs(browser, token, view);
    await opened.page.goto(`/${spaceId}/admin`);
    await expect(opened.page.locator("input[inputmode=numeric]").first()).toHaveValue("30", { timeout: 60_000 });
    await opened.page.screenshot({
      path: `e2e/artifacts/space-settings-${view.language}-${view.scheme}-${view.width}.png`,
      fullPage: true,
    });
    await opened.context.close();
  }
});
