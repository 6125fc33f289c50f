import { type APIRequestContext, expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * A schedule with one work A10 of ten 8-hour days from Monday 13.01.2025 (calculated), and a masons' crew in the
 * directory whose price per hour goes from 10 to 20 on Monday 20.01.2025.
 */
async function seed(request: APIRequestContext, prefix: string) {
  const setup = await spaceWithSchedule(request, prefix, {
    space: "Resources",
    facility: "Дом",
    project: "Корпус 1",
    schedule: "График дома",
  });
  const { call, versionId, spaceId } = setup;
  const workId = await addItem(call, versionId, { type: "work", code: "A10", name: "Кладка стен", duration: 10 * 480 });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  const crew = await call("POST", `/space/${spaceId}/resources`, {
    code: "CREW-1",
    name: "Бригада каменщиков",
    kind: "labor",
    unit: "h",
    availability: [{ from: "2025-01-01", maxUnitsPerDay: 40 }],
    rates: [
      { from: "2025-01-01", pricePerUnit: 10 },
      { from: "2025-01-20", pricePerUnit: 20 },
    ],
  });
  return { ...setup, workId, crewId: crew.id as string };
}

test("assign a crew to a work in the assignments tab and see it listed with its cost (en, ru)", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, call, spaceId, projectId, scheduleId, versionId, workId } = await seed(request, "res");
  const { context, page } = await openAs(browser, token, { language: "en", scheme: "light", width: 1440 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  const code = page.locator('[data-pos="0"][data-col="0"]');
  await expect(code).toHaveText("A10", { timeout: 60_000 });
  await code.click();
  await page.getByRole("tab", { name: "Resources", exact: true }).click();
  await expect(page.getByText("No resources assigned to this work")).toBeVisible();

  await page.getByRole("combobox", { name: "Resource", exact: true }).click();
  await page.getByRole("option", { name: "CREW-1 — Бригада каменщиков" }).click();
  await page.getByRole("textbox", { name: "Units per day" }).fill("40");
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Бригада каменщиков assigned")).toBeVisible();
  // 40 h a day for ten days: 200 h at 10 and 200 h at 20.
  const row = page.getByTestId("assignment-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("400 h");
  await expect(page.getByTestId("assignment-cost")).toHaveText("6,000");
  await expect(page.getByTestId("assignments-total")).toHaveText("Budgeted cost of the work: 6,000");
  const stored = await call("GET", `/versions/${versionId}/assignment/wbs/${workId}`);
  expect(stored).toMatchObject([{ budgetedUnits: 400, cost: { budgeted: 6000 } }]);
  await page.screenshot({ path: "e2e/artifacts/resources-assignments-en.png", fullPage: true });

  // The version's resource Gantt under the chart: the crew's row (the directory's other resources stay out).
  await page.getByRole("tab", { name: "Resource Gantt", exact: true }).click();
  const gantt = page.getByTestId("version-resource-gantt");
  await expect(gantt.getByRole("img")).toBeVisible();
  await expect(gantt.getByRole("link", { name: "Resource usage of the space" })).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/resources-version-gantt-en.png" });

  // The work-done plan from the assignment: 40 h a day into the labour plan, the cost at each day's rate.
  await page.goto(`/${spaceId}/grid/${projectId}`);
  await expect(page.getByRole("checkbox", { name: "Check work A10" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "From resources…" }).click();
  await page.getByRole("dialog", { name: "Plans from resources" }).getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("Planned from resources: 1 work")).toBeVisible();
  const plans = await call("GET", `/versions/${versionId}/wdp?itemIds=${workId}`);
  const planOf = (measure: string) =>
    plans.series.find((s: { measure: string; kind: string }) => s.measure === measure && s.kind === "plan")?.total;
  expect([planOf("labour"), planOf("cost")]).toEqual([400, 6000]);
  await context.close();

  // The same work in Russian, dark: listed with its cost in the Russian number format.
  const ru = await openAs(browser, token, { language: "ru", scheme: "dark", width: 1440 });
  await ru.page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(ru.page.locator('[data-pos="0"][data-col="0"]')).toHaveText("A10", { timeout: 60_000 });
  await ru.page.locator('[data-pos="0"][data-col="0"]').click();
  await ru.page.getByRole("tab", { name: "Ресурсы", exact: true }).click();
  await expect(ru.page.getByTestId("assignment-cost")).toHaveText(/6\s000/);
  await expect(ru.page.getByText("Плановая стоимость работы")).toBeVisible();
  await ru.page.screenshot({ path: "e2e/artifacts/resources-assignments-ru-dark.png", fullPage: true });
  await ru.page.getByRole("tab", { name: "Ресурсная диаграмма", exact: true }).click();
  await expect(ru.page.getByTestId("version-resource-gantt").getByRole("img")).toBeVisible();
  await ru.page.screenshot({ path: "e2e/artifacts/resources-version-gantt-ru-dark.png" });
  await ru.context.close();
});

test("the resource directory: create a resource with rates by period, a negative availability is refused (ru, en, fr)", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, call, spaceId } = await seed(request, "dir");
  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "light", width: 1440 });
  await page.goto(`/${spaceId}/resources`);
  await expect(page.getByRole("treeitem", { name: /CREW-1/ })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Новый ресурс" }).click();
  await page.getByRole("textbox", { name: "Код", exact: true }).fill("CRANE-25");
  await page.getByRole("textbox", { name: "Название", exact: true }).fill("Автокран 25 т");
  await page.getByRole("combobox", { name: "Тип", exact: true }).click();
  await page.getByRole("option", { name: "Техника" }).click();
  await page.getByRole("textbox", { name: "Единица", exact: true }).fill("маш-ч");
  // A negative availability: the server refuses it with the Russian message, nothing is created.
  await page.getByRole("button", { name: "Период", exact: true }).first().click();
  await page.getByRole("textbox", { name: "Доступность по периодам: Макс. количество в день" }).fill("-1");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Количество и цена не могут быть меньше нуля")).toBeVisible();
  expect((await call("GET", `/space/${spaceId}/resources`)).map((r: { code: string }) => r.code)).toEqual(["CREW-1"]);

  await page.getByRole("textbox", { name: "Доступность по периодам: Макс. количество в день" }).fill("8");
  await page.getByRole("button", { name: "Период", exact: true }).nth(1).click();
  await page.getByRole("textbox", { name: "Расценки по периодам: Цена за единицу" }).fill("4500");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Ресурс сохранён")).toBeVisible();
  await expect(page.getByRole("treeitem", { name: /CRANE-25/ })).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/[0-9a-f-]{36}$/);
  const crane = (await call("GET", `/space/${spaceId}/resources`)).find((r: { code: string }) => r.code === "CRANE-25");
  expect(crane).toMatchObject({
    kind: "equipment",
    unit: "маш-ч",
    availability: [{ maxUnitsPerDay: 8 }],
    rates: [{ pricePerUnit: 4500 }],
  });
  await page.screenshot({ path: "e2e/artifacts/resources-directory-ru.png", fullPage: true });
  await context.close();

  for (const [language, scheme, width] of [
    ["en", "dark", 1440],
    ["fr", "dark", 600],
    ["ru", "light", 600],
  ] as const) {
    const view = await openAs(browser, token, { language, scheme, width });
    await view.page.goto(`/${spaceId}/resources/${crane.id}`);
    await expect(view.page.getByRole("heading", { name: "CRANE-25 — Автокран 25 т" })).toBeVisible({ timeout: 60_000 });
    await view.page.screenshot({
      path: `e2e/artifacts/resources-directory-${language}-${scheme}-${width}.png`,
      fullPage: true,
    });
    await view.context.close();
  }
});
