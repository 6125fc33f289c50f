import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * A crew of two masons (16 h a day) and two calculated works from Monday 13.01.2025: A10 of ten days, already
 * carrying 10 h a day of the crew, and A20 of five days that the test assigns the crew to.
 */
async function seed(request: APIRequestContext, prefix: string) {
  const setup = await spaceWithSchedule(request, prefix, {
    space: "Usage",
    facility: "Дом",
    project: "Корпус 1",
    schedule: "График дома",
  });
  const { call, versionId, spaceId } = setup;
  const a10 = await addItem(call, versionId, { type: "work", code: "A10", name: "Кладка стен", duration: 10 * 480 });
  await addItem(call, versionId, { type: "work", code: "A20", name: "Перемычки", duration: 5 * 480 });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  const crew = await call("POST", `/space/${spaceId}/resources`, {
    code: "CREW-1",
    name: "Бригада каменщиков",
    kind: "labor",
    unit: "h",
    availability: [{ from: "2025-01-01", maxUnitsPerDay: 16 }],
  });
  await call("POST", `/versions/${versionId}/assignment/wbs/save`, {
    wbsId: a10,
    resourceId: crew.id,
    unitsPerDay: 10,
  });
  return setup;
}

/** The works behind the first over-allocated day: both works, 10 h each. */
async function seeWorksOfOverload(page: Page, overloaded: RegExp, works: RegExp) {
  const over = page.getByRole("listitem").filter({ hasText: overloaded }).first();
  await expect(over).toBeVisible({ timeout: 60_000 });
  await over.click();
  const panel = page.getByTestId("bar-works");
  await expect(panel.getByRole("row").filter({ hasText: "A10" })).toContainText("10 h");
  await expect(panel.getByRole("row").filter({ hasText: "A20" })).toContainText("10 h");
  await expect(panel).toContainText(works);
}

test("assign a crew beyond its availability, open usage: the over-allocated days are marked, with the works that make them", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, spaceId, scheduleId } = await seed(request, "usage");
  const { context, page } = await openAs(browser, token, { language: "en", scheme: "light", width: 1440 });
  // Assign the crew to A20 as a planner does: the work's Resources tab.
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  const a20 = page.locator('[data-pos="1"][data-col="0"]');
  await expect(a20).toHaveText("A20", { timeout: 60_000 });
  await a20.click();
  await page.getByRole("tab", { name: "Resources", exact: true }).click();
  await page.getByRole("combobox", { name: "Resource", exact: true }).click();
  await page.getByRole("option", { name: "CREW-1 — Бригада каменщиков" }).click();
  await page.getByRole("textbox", { name: "Units per day" }).fill("10");
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Бригада каменщиков assigned")).toBeVisible();

  // The usage by day: 20 h demanded of 16 on each day of the first week.
  await page.goto(`/${spaceId}/resources?view=usage&scale=day`);
  await expect(page.getByRole("img", { name: "Resource usage: histogram and resource Gantt" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText("Бригада каменщиков is over-allocated:")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "20 / 16 h" })).toHaveCount(5);
  await seeWorksOfOverload(page, /01\/13\/2025: 20 \/ 16 h/, /Demand 20 of 16 h available/);
  await expect(page.getByTestId("bar-works").getByRole("link", { name: "График дома" }).first()).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/resource-usage-en.png", fullPage: true });

  // By week the first week is over-allocated (100 of 80 h), the second is not (50 of 80 h).
  await page.getByText("Week", { exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "100 / 80 h" })).toHaveCount(1, { timeout: 60_000 });
  await expect(page.getByRole("listitem").filter({ hasText: "50 / 80" })).toHaveCount(0);
  await context.close();

  for (const [language, scheme, width, worksText] of [
    ["ru", "dark", 1440, /Потребность 20 при доступных 16 h/],
    ["fr", "dark", 600, /Besoin 20 pour 16 h disponibles/],
    ["ru", "light", 600, /Потребность 20 при доступных 16 h/],
  ] as const) {
    const view = await openAs(browser, token, { language, scheme, width });
    await view.page.goto(`/${spaceId}/resources?view=usage&scale=day`);
    await seeWorksOfOverload(view.page, /13[./]01[./]2025: 20 \/ 16/, worksText);
    await view.page.screenshot({
      path: `e2e/artifacts/resource-usage-${language}-${scheme}-${width}.png`,
      fullPage: true,
    });
    await view.context.close();
  }
});

test("the usage opens as the user left it: scale and the versions picked, until the view is reset", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, spaceId, scheduleId, call } = await seed(request, "usage-layout");
  // A second, empty version of the same schedule: nothing is assigned in it.
  await call("POST", `/schedules/${scheduleId}/versions/create`, { label: "Draft", projectStart: "2025-01-13T08:00" });
  const { context, page } = await openAs(browser, token, { language: "en", scheme: "light", width: 1440 });
  await page.goto(`/${spaceId}/resources?view=usage`);
  await expect(page.getByRole("listitem").filter({ hasText: "100 / 80 h" })).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByText("Бригада каменщиков is not over-allocated")).toBeVisible({ timeout: 60_000 });
  await page.getByText("Day", { exact: true }).click();
  const picker = page.getByRole("combobox", { name: "Versions counted" });
  await picker.click();
  await page.getByRole("option", { name: "Main" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Counted: График дома · Main")).toBeVisible({ timeout: 60_000 });

  // Another visit without any parameter opens by day on the version picked: A10's 10 h a day fit in 16.
  await page.goto(`/${spaceId}/resources?view=usage`);
  await expect(page.getByRole("radio", { name: "Day" })).toBeChecked({ timeout: 60_000 });
  await expect(page.getByText("Counted: График дома · Main")).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: "e2e/artifacts/resource-usage-layout-en.png", fullPage: true });

  // Only the empty draft counted: no demand at all.
  await picker.click();
  await page.getByRole("option", { name: "Draft" }).click();
  await page.getByRole("option", { name: "Main" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Counted: График дома · Draft")).toBeVisible({ timeout: 60_000 });

  await page.getByRole("button", { name: "Reset view" }).click();
  await expect(page.getByRole("radio", { name: "Week" })).toBeChecked({ timeout: 60_000 });
  await expect(page.getByRole("button", { name: "Reset view" })).toHaveCount(0, { timeout: 60_000 });
  await context.close();

  for (const [language, scheme, width] of [
    ["ru", "dark", 600],
    ["fr", "dark", 1440],
  ] as const) {
    const view = await openAs(browser, token, { language, scheme, width });
    await view.page.goto(`/${spaceId}/resources?view=usage&scale=day&target=`);
    await expect(view.page.getByTestId("usage-chart")).toBeVisible({ timeout: 60_000 });
    await view.page.screenshot({ path: `e2e/artifacts/resource-usage-layout-${language}-${scheme}-${width}.png` });
    await view.context.close();
  }
});
