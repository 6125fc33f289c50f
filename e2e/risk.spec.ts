import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/** Risk analysis (issue 21): a planner gives a work a three-point estimate, runs the analysis and reads P80. */
test.setTimeout(600_000);

const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);

const TEXT = {
  en: {
    tab: "Risk",
    all: "All panels",
    save: "Save",
    apply: "Apply",
    estimates: "2 works have their own estimate",
    columns: "Columns",
    max: "Max duration (d)",
  },
  ru: {
    tab: "Риски",
    all: "Все панели",
    save: "Сохранить",
    apply: "Применить",
    estimates: "Своя оценка у 2 работ",
    columns: "Столбцы",
    max: "Макс. длительность (д)",
  },
  fr: {
    tab: "Risques",
    all: "Tous les panneaux",
    save: "Enregistrer",
    apply: "Appliquer",
    estimates: "2 tâches ont leur propre estimation",
    columns: "Colonnes",
    max: "Durée max. (j)",
  },
} as const;

/** The eighth grid column: the maximum of the three-point estimate, once chosen. */
const maxCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="7"]`);

/** Chooses the "maximum duration" column in the grid's column chooser. */
async function showMaxColumn(page: Page, language: keyof typeof TEXT) {
  await page.getByRole("button", { name: TEXT[language].columns, exact: true }).click();
  await page.getByLabel(TEXT[language].max).check();
  await page.keyboard.press("Escape");
}

/** Opens the dock's tab: a tab at 1440 px, the "All panels" menu at 600. */
async function openTab(page: Page, language: keyof typeof TEXT, width: number) {
  const text = TEXT[language];
  const tab = page.getByRole("tab", { name: text.tab, exact: true });
  if (width === 600) {
    await page.getByRole("button", { name: text.all }).click();
    await page.getByRole("menuitem", { name: text.tab }).click();
  } else await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
}

test("a three-point estimate and a rule, a milestone to follow, a run, its P80 read, the same again in ru and fr", async ({
  browser,
  request,
}) => {
  const setup = await spaceWithSchedule(request, "risk", {
    space: "Risk",
    facility: "Мост",
    project: "Пролёт",
    schedule: "График",
  });
  const { call, versionId, token, spaceId, scheduleId } = setup;
  const a10 = await addItem(call, versionId, { type: "work", code: "A10", name: "Котлован", duration: 5 * 480 });
  const a20 = await addItem(call, versionId, { type: "work", code: "A20", name: "Фундамент", duration: 4 * 480 });
  await addItem(call, versionId, { type: "work", code: "A30", name: "Подъезд", duration: 3 * 480 });
  const m1 = await addItem(call, versionId, {
    type: "milestone_finish",
    code: "M1",
    name: "Фундамент готов",
    duration: 0,
  });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: a10, successorId: a20, type: "fs" });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: a20, successorId: m1, type: "fs" });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);

  let p80 = "";
  for (const [language, scheme, width] of [
    ["en", "light", 1440],
    ["ru", "dark", 600],
    ["fr", "dark", 1440],
  ] as const) {
    const text = TEXT[language];
    const { context, page } = await openAs(browser, token, { language, scheme, width });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
    await openTab(page, language, width);
    if (language === "en") {
      // A10 active: its estimate 4 … 5 … 9 days, PERT; every other work −10 % … +30 %.
      await codeCell(page, 0).click();
      await expect(page.getByText("Three-point estimate of A10")).toBeVisible({ timeout: 30_000 });
      await page.getByTestId("risk-estimate-min").fill("4");
      await page.getByTestId("risk-estimate-max").fill("9");
      await page.getByTestId("risk-estimate-save").click();
      await expect(page.getByTestId("risk-estimates-count")).toHaveText("1 work has its own estimate", {
        timeout: 30_000,
      });
      // The estimates are grid columns too, offered by the column chooser: A10's maximum reads 9 days there, and
      // typing A20's maximum (four days planned) gives it an estimate of 4 … 4 … 6 days.
      await showMaxColumn(page, language);
      await expect(maxCell(page, 0)).toHaveText("9", { timeout: 30_000 });
      await expect(maxCell(page, 1)).toHaveText("");
      await maxCell(page, 1).click();
      await page.keyboard.type("6");
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("risk-estimates-count")).toHaveText(text.estimates, { timeout: 30_000 });
      await expect(maxCell(page, 1)).toHaveText("6");
      await expect(page.getByText("Three-point estimate of A20")).toBeVisible();
      await codeCell(page, 0).click();
      await page.getByRole("button", { name: text.apply }).click();
      await expect(page.getByRole("button", { name: "Update" })).toBeVisible({ timeout: 30_000 });
      // The run also follows the milestone M1, chosen from the version's milestones.
      await page.getByTestId("risk-milestones").click();
      await page.getByRole("option", { name: "M1 Фундамент готов" }).click();
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("risk-milestones").locator("..")).toContainText("M1 Фундамент готов", {
        timeout: 30_000,
      });
    } else {
      await expect(page.getByTestId("risk-estimates-count")).toHaveText(text.estimates, { timeout: 30_000 });
      await showMaxColumn(page, language);
      await expect(maxCell(page, 1)).toHaveText("6");
    }

    await page.getByTestId("risk-run").click();
    const cell = page.getByTestId("risk-shown-p80");
    // The planned finish is 23.01.2025 (nine working days from 13.01); P80 comes later with a wider A10.
    await expect(cell).toHaveText(/\d\d\.\d\d\.2025/, { timeout: 120_000 });
    await expect(page.getByTestId("risk-shown-deterministic")).toHaveText("23.01.2025");
    const read = (await cell.textContent()) ?? "";
    const [d, m, y] = read.split(".").map(Number);
    expect(Date.UTC(y, m - 1, d)).toBeGreaterThan(Date.UTC(2025, 0, 23));
    // The same seed repeats the run exactly: the second language reads the same P80.
    if (p80) expect(read).toBe(p80);
    p80 = read;
    // M1's dates have their own row: its P80 is no later than the project's.
    await expect(page.getByTestId(`risk-m${m1}-p80`)).toHaveText(/\d\d\.\d\d\.2025/);
    await expect(page.getByTestId("risk-distribution").locator("canvas")).toHaveCount(1);
    await page.screenshot({ path: `e2e/artifacts/risk-${language}-${width}-${scheme}.png`, fullPage: true });
    await context.close();
  }
});
