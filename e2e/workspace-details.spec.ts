import { decodeGantt } from "@planum/contracts";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { addItem, type Json, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/** The bits of a canvas element the marker finder reads (the e2e project compiles without the DOM library). */
interface CanvasLike {
  width: number;
  height: number;
  clientWidth: number;
  getContext(
    kind: "2d",
  ): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
  getBoundingClientRect(): { left: number; top: number; height: number };
}

/** A space with a schedule of three works A10 → A20, A30, calculated from Monday 13.01.2025. */
async function seed(request: APIRequestContext) {
  const setup = await spaceWithSchedule(request, "det", {
    space: "Details",
    facility: "Мост",
    project: "Пролёт",
    schedule: "График моста",
  });
  const { call, versionId } = setup;
  const ids: number[] = [];
  for (const [code, days] of [
    ["A10", 2],
    ["A20", 3],
    ["A30", 1],
  ] as const) {
    ids.push(await addItem(call, versionId, { type: "work", code, name: `Work ${code}`, duration: days * 480 }));
  }
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: ids[0], successorId: ids[1], type: "fs" });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  return { ...setup, ids };
}

const open = (browser: Browser, token: string, language: string, scheme: string, width: number) =>
  openAs(browser, token, { language, scheme, width });

const minutesText = (m: number) => new Date(m * 60_000).toISOString().slice(0, 16);
const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);

/** The x of the data date line on the time scale, found by its colour (violet in both schemes). */
async function dataDateX(page: Page) {
  return page.getByTestId("gantt-time-scale").evaluate((node) => {
    const canvas = node as unknown as CanvasLike;
    const scale = canvas.width / canvas.clientWidth;
    const y = Math.round(canvas.height - 3 * scale);
    const pixels = canvas.getContext("2d")!.getImageData(0, y, canvas.width, 1).data;
    for (let x = 0; x < canvas.width; x++) {
      const [r, g, b] = [pixels[x * 4], pixels[x * 4 + 1], pixels[x * 4 + 2]];
      if (b > 200 && r > 90 && r < 170 && g < 130) {
        const box = canvas.getBoundingClientRect();
        return { x: box.left + x / scale + 0.5, y: box.top + box.height - 6 };
      }
    }
    return null;
  });
}

test("details in English: a constraint moves the dates, relationships reach the relations tab, the data date moves", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, call, spaceId, scheduleId, versionId, ids } = await seed(request);
  const { context, page } = await open(browser, token, "en", "light", 1440);
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(codeCell(page, 1)).toHaveText("A20", { timeout: 60_000 });
  await codeCell(page, 1).click();
  await expect(page.getByRole("tab", { name: "General" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("details-code")).toHaveValue("A20");

  // a constraint type without its date is refused beside the field; with the date it is stored
  await page.getByRole("tab", { name: "Constraints" }).click();
  await page.getByRole("combobox", { name: "Primary constraint" }).click();
  await page.getByRole("option", { name: "Start on or after" }).click();
  await expect(page.getByText("Enter the date of the constraint")).toBeVisible();
  const date = page.getByTestId("details-primary-date");
  await date.fill("27.01.2025");
  await date.press("Enter");
  await expect
    .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${ids[1]}`)).startLimitType)
    .toBe("not_earlier");
  await page.getByRole("button", { name: "Calculate schedule" }).click();
  await expect(page.getByTestId("calc-status")).toHaveText("Calculated", { timeout: 60_000 });
  expect((await call("GET", `/versions/${versionId}/wbs/${ids[1]}`)).earlyStart).toBe("2025-01-27T08:00");
  await expect(page.locator('[data-pos="1"][data-col="3"]')).toContainText("27.01"); // the start column
  await page.screenshot({ path: "e2e/artifacts/details-constraint-en.png", fullPage: true });

  // relationships: add A30 as a successor and give the predecessor A10 one day of lag, in the details
  await page.getByRole("tab", { name: "Predecessors / successors" }).click();
  await page.getByRole("combobox", { name: "Add a successor" }).click();
  await page.getByRole("option", { name: /^A30 / }).click();
  await page.getByTestId("details-successors").getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("details-successors").getByRole("cell", { name: "A30", exact: true })).toBeVisible();
  const lag = page.getByRole("textbox", { name: "Lag of the relation with A10, days" });
  await lag.fill("1");
  await lag.press("Enter");
  await expect
    .poll(async () => (await call("GET", `/versions/${versionId}/relations?itemId=${ids[1]}`)).map((r: Json) => r.lag))
    .toContain(480);
  await page.getByRole("tab", { name: "Relations", exact: true }).click();
  const table = page.getByRole("table", { name: "Relations" });
  await expect(table.getByRole("cell", { name: "A30", exact: true })).toBeVisible();
  await expect(table.getByRole("cell", { name: "A10", exact: true })).toBeVisible();

  // the data date: the dialog moves it to Wednesday and updates progress as planned, then the schedule recalculates
  await page.getByTestId("data-date-button").click();
  await page.getByTestId("data-date-input").fill("15.01.2025 08:00");
  await page.getByTestId("data-date-apply").click();
  await expect(page.getByTestId("data-date-button")).toContainText("15.01.2025 08:00");
  await expect(page.getByTestId("calc-status")).toHaveText("Calculated", { timeout: 60_000 });
  const a10 = await call("GET", `/versions/${versionId}/wbs/${ids[0]}`);
  expect(a10).toMatchObject({ status: "completed", actualFinish: "2025-01-14T17:00" });

  // … and dragging its line on the time scale two days on opens the dialog there
  const line = await dataDateX(page);
  expect(line).not.toBeNull();
  const gantt = decodeGantt(await call("GET", `/versions/${versionId}/gantt`));
  expect(minutesText(gantt.dataDate)).toBe("2025-01-15T08:00");
  await page.mouse.move(line!.x, line!.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(line!.x + step * 6, line!.y);
  await page.mouse.up();
  const input = page.getByTestId("data-date-input");
  await expect(input).toBeVisible();
  const proposed = await input.inputValue();
  expect(proposed).not.toBe("15.01.2025 08:00");
  await page.getByTestId("data-date-progress").uncheck();
  await page.getByTestId("data-date-apply").click();
  await expect(page.getByTestId("data-date-button")).toContainText(proposed);
  await page.screenshot({ path: "e2e/artifacts/details-data-date-en.png", fullPage: true });

  // Ctrl+Z brings the data date back
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("data-date-button")).toContainText("15.01.2025 08:00");
  await context.close();
});

test("details in Russian: the status tab checks dates in Russian, notes, a constraint, the data date; screenshots", async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const { token, call, spaceId, scheduleId, versionId, ids } = await seed(request);
  const { context, page } = await open(browser, token, "ru", "light", 1440);
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
  await codeCell(page, 0).click();

  await page.getByRole("tab", { name: "Статус" }).click();
  // the box follows the stored work: it turns checked once the server has the actual date
  await page.getByTestId("details-started").click();
  await expect(page.getByTestId("details-started")).toBeChecked({ timeout: 30_000 });
  await expect(page.getByTestId("details-actual-start")).toHaveValue("13.01.2025 08:00");
  // the box follows the stored work: it turns checked once the server has the actual date
  await page.getByTestId("details-finished").click();
  await expect(page.getByTestId("details-finished")).toBeChecked({ timeout: 30_000 });
  const finish = page.getByTestId("details-actual-finish");
  await expect(finish).not.toHaveValue("");
  await finish.fill("10.01.2025 17:00");
  await finish.press("Enter");
  await expect(page.getByText("Фактическое окончание не может быть раньше фактического начала")).toBeVisible();
  expect((await call("GET", `/versions/${versionId}/wbs/${ids[0]}`)).actualFinish).not.toBe("2025-01-10T17:00");

  await page.getByRole("tab", { name: "Заметки" }).click();
  await page.getByTestId("details-notes").fill("Кран 50 т заказан");
  await page.getByRole("tab", { name: "Ограничения" }).click();
  await expect
    .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${ids[0]}`)).notes)
    .toBe("Кран 50 т заказан");

  await codeCell(page, 2).click();
  await page.getByRole("combobox", { name: "Основное ограничение" }).click();
  await page.getByRole("option", { name: "Окончание не позднее" }).click();
  await page.getByTestId("details-primary-date").fill("14.01.2025");
  await page.getByTestId("details-primary-date").press("Enter");
  await expect
    .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${ids[2]}`)).finishLimitDate)
    .toBe("2025-01-14T17:00");
  await page.getByRole("button", { name: "Рассчитать график" }).click();
  await expect(page.getByTestId("calc-status")).toHaveText("Рассчитан", { timeout: 60_000 });
  expect((await call("GET", `/versions/${versionId}/wbs/${ids[2]}`)).lateFinish).toBe("2025-01-14T17:00");

  await page.getByTestId("data-date-button").click();
  await page.getByTestId("data-date-input").fill("16.01.2025");
  await page.getByTestId("data-date-apply").click();
  await expect(page.getByTestId("data-date-button")).toContainText("16.01.2025 08:00");
  await page.screenshot({ path: "e2e/artifacts/details-ru-1440-light.png", fullPage: true });
  await context.close();

  // how it looks: ru and fr, light and dark, 1440 and 600 px
  for (const language of ["ru", "fr"])
    for (const scheme of ["light", "dark"])
      for (const width of [1440, 600]) {
        const view = await open(browser, token, language, scheme, width);
        await view.page.goto(`/${spaceId}/schedule/${scheduleId}`);
        await expect(codeCell(view.page, 1)).toHaveText("A20", { timeout: 60_000 });
        await codeCell(view.page, 1).click();
        await view.page.getByRole("tab").nth(1).click();
        await expect(view.page.getByTestId("details-duration")).toBeVisible();
        await view.page.screenshot({
          path: `e2e/artifacts/details-${language}-${width}-${scheme}.png`,
          fullPage: true,
        });
        await view.context.close();
      }
});
