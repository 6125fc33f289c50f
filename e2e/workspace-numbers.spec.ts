import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * One set of numbers: a work's total float reads the same in the grid, in the activity details and in the relations
 * tab, in days by one rule (issue 10); and a summary's roll-ups follow an edit of one of its works.
 *
 * Under the summary S1: A10 (2 d) → A20 (3 d); A10 → A30 (half a day) has 2.5 days of float.
 */
test.setTimeout(400_000);

const cell = (page: Page, pos: number, col: number) => page.locator(`[data-pos="${pos}"][data-col="${col}"]`);
/** The default columns: code, name, duration, start, finish, total float, % complete. */
const COL = { code: 0, duration: 2, finish: 4, totalFloat: 5 } as const;

const TEXTS = {
  en: {
    status: "Status",
    general: "General",
    relations: "Relations",
    floatField: "Total float, days",
    float: "2.5",
    calculate: "Calculate schedule",
    calculated: "Calculated",
  },
  ru: {
    status: "Статус",
    general: "Общие",
    relations: "Связи",
    floatField: "Общий резерв, дн.",
    float: "2,5",
    calculate: "Рассчитать график",
    calculated: "Рассчитан",
  },
} as const;

async function seed(request: Parameters<typeof spaceWithSchedule>[0]) {
  const setup = await spaceWithSchedule(request, "num", {
    space: "Numbers",
    facility: "Мост",
    project: "Пролёт",
    schedule: "График",
  });
  const { call, versionId } = setup;
  const sum = await addItem(call, versionId, { type: "sum", code: "S1", name: "Каркас" });
  const a10 = await addItem(call, versionId, {
    type: "work",
    code: "A10",
    name: "Котлован",
    duration: 960,
    parentId: sum,
  });
  const a20 = await addItem(call, versionId, {
    type: "work",
    code: "A20",
    name: "Фундамент",
    duration: 1440,
    parentId: sum,
  });
  const a30 = await addItem(call, versionId, {
    type: "work",
    code: "A30",
    name: "Ограждение",
    duration: 240,
    parentId: sum,
  });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: a10, successorId: a20, type: "fs" });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: a10, successorId: a30, type: "fs" });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  return { ...setup, ids: { sum, a10, a20, a30 } };
}

for (const language of ["en", "ru"] as const) {
  test(`the same float in grid, details and relations; a summary follows its works (${language})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[language];
    const { token, call, spaceId, scheduleId, versionId, ids } = await seed(request);
    const { context, page } = await openAs(browser, token, { language });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    // rows: S1, A10, A20, A30
    await expect(cell(page, 3, COL.code)).toHaveText("A30", { timeout: 60_000 });

    // the grid
    await expect(cell(page, 3, COL.totalFloat)).toHaveText(texts.float);
    const inGrid = await cell(page, 3, COL.totalFloat).textContent();

    // the activity details (status tab)
    await cell(page, 3, COL.code).click();
    await page.getByRole("tab", { name: texts.status, exact: true }).click();
    const inDetails = page.getByRole("textbox", { name: texts.floatField });
    await expect(inDetails).toHaveValue(inGrid ?? "");

    // the relations tab of A10 lists its successor A30 with A30's float
    await cell(page, 1, COL.code).click();
    await page.getByRole("tab", { name: texts.relations, exact: true }).click();
    const table = page.getByRole("table", { name: texts.relations });
    const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: "A30", exact: true }) });
    await expect(row.getByRole("cell").nth(11)).toHaveText(inGrid ?? "");
    // the stored value, in days of the work's 8-hour calendar, is the same number
    expect((await call("GET", `/versions/${versionId}/wbs/${ids.a30}`)).totalFloat).toBe(1200);
    await page.screenshot({ path: `e2e/artifacts/numbers-float-${language}.png`, fullPage: true });

    // a summary's roll-ups after editing a child: A20 from 3 to 5 days makes S1 last 7 days and A30's float 4.5
    await expect(cell(page, 0, COL.duration)).toHaveText("5");
    await cell(page, 2, COL.code).click();
    await page.getByRole("tab", { name: texts.status, exact: true }).click();
    const duration = page.getByTestId("details-duration");
    await expect(duration).toHaveValue("3");
    await duration.fill("5");
    await duration.press("Enter");
    await expect
      .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${ids.a20}`)).duration, { timeout: 30_000 })
      .toBe(2400);
    await page.getByRole("button", { name: texts.calculate }).click();
    await expect(page.getByTestId("calc-status")).toHaveText(texts.calculated, { timeout: 60_000 });
    await expect(cell(page, 0, COL.duration)).toHaveText("7");
    await expect(cell(page, 0, COL.finish)).toHaveText(await cell(page, 2, COL.finish).innerText());
    const longer = language === "ru" ? "4,5" : "4.5";
    await expect(cell(page, 3, COL.totalFloat)).toHaveText(longer);
    // the summary's float is the least of its works' (the critical chain: 0)
    await expect(cell(page, 0, COL.totalFloat)).toHaveText("0");
    await cell(page, 3, COL.code).click();
    await expect(page.getByRole("textbox", { name: texts.floatField })).toHaveValue(longer);
    await page.screenshot({ path: `e2e/artifacts/numbers-rollup-${language}.png`, fullPage: true });
    await context.close();
  });
}
