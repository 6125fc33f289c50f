import { type APIRequestContext, expect, test } from "@playwright/test";
import { apiUser, openAs } from "./helpers/workspace-setup.js";

/** A space with a facility and a project under it; the directory is made on the screen. */
async function seed(request: APIRequestContext) {
  const user = await apiUser(request, "dirs");
  const space = await user.call("POST", "/space/create", { name: "Directories", type: "site" });
  user.useSpace(space.id);
  const facility = await user.call("POST", "/facilities/create", { name: "Площадка Север" });
  const project = await user.call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус 1" });
  return { ...user, spaceId: space.id as string, facilityId: facility.id as string, projectId: project.id as string };
}

test("make a work-type directory on the screen: a list column, rows edited in place, a duplicate code refused in Russian, search among 2,000 rows", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, call, spaceId, facilityId, projectId } = await seed(request);
  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "light", width: 1440 });
  await page.goto(`/${spaceId}/directories?node=${facilityId}`);
  await expect(page.getByText("Справочников пока нет")).toBeVisible({ timeout: 60_000 });

  await page.getByRole("button", { name: "Новый справочник" }).click();
  await page.getByRole("textbox", { name: "Название" }).fill("Виды работ");
  await page.getByRole("combobox", { name: "Вид" }).click();
  await page.getByRole("option", { name: "Виды работ" }).click();
  await page.getByRole("button", { name: "Создать" }).click();
  await expect(page.getByRole("heading", { name: "Виды работ" })).toBeVisible();
  await expect(page).toHaveURL(/\/directories\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Строк: 0 · хранится в узле Площадка Север")).toBeVisible();

  // A list column and a number column.
  for (const [name, type, list] of [
    ["Единица", "Список", "м3\nм2\nт"],
    ["Норма", "Число", ""],
  ] as const) {
    await page.getByRole("button", { name: "Действия со справочником" }).click();
    await page.getByRole("menuitem", { name: "Добавить столбец" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Название" }).fill(name);
    await dialog.getByRole("combobox", { name: "Тип" }).click();
    await page.getByRole("option", { name: type, exact: true }).click();
    if (list) await dialog.getByRole("textbox", { name: "Значения списка" }).fill(list);
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByRole("columnheader", { name })).toBeVisible();
  }

  await page.getByRole("button", { name: "Добавить строку", exact: true }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Код" }).fill("01");
  await page.getByRole("dialog").getByRole("textbox", { name: "Название" }).fill("Земляные работы");
  await page.getByRole("dialog").getByRole("button", { name: "Сохранить" }).click();
  const row = page.locator('[role="row"][data-code="01"]');
  await expect(row).toContainText("Земляные работы");

  // A child row, then values typed in place: a decimal comma, a list choice.
  await row.getByRole("button", { name: "Добавить строку внутрь" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Код" }).fill("01.01");
  await page.getByRole("dialog").getByRole("textbox", { name: "Название" }).fill("Разработка грунта");
  await page.getByRole("dialog").getByRole("button", { name: "Сохранить" }).click();
  const child = page.locator('[role="row"][data-code="01.01"]');
  await expect(child).toContainText("Разработка грунта");
  await child.getByRole("gridcell").nth(3).click();
  await child.getByRole("textbox", { name: "Норма" }).fill("1,25");
  await child.getByRole("textbox", { name: "Норма" }).press("Enter");
  await expect(child.getByRole("gridcell").nth(3)).toHaveText("1,25");
  await child.getByRole("gridcell").nth(2).click();
  await page.getByRole("option", { name: "м3" }).click();
  await expect(child.getByRole("gridcell").nth(2)).toHaveText("м3");

  const [directory] = await call("GET", "/directory");
  const [unit, norm] = directory.columns.map((c: { id: string }) => c.id);
  const stored = await call("GET", `/eps/${facilityId}/directory/${directory.id}/rows`);
  expect(stored.rows.map((r: { code: string; depth: number }) => `${r.code}:${r.depth}`)).toEqual(["01:0", "01.01:1"]);
  expect(stored.rows[1].values).toEqual({ [unit]: "м3", [norm]: 1.25 });

  // A second row with a code already used: refused with the Russian message naming it; nothing is added.
  await page.getByRole("button", { name: "Добавить строку", exact: true }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Код" }).fill("01");
  await page.getByRole("dialog").getByRole("textbox", { name: "Название" }).fill("Повтор");
  await page.getByRole("dialog").getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Строка 01: код «01» уже есть в этом справочнике")).toBeVisible();
  expect((await call("GET", `/eps/${facilityId}/directory/${directory.id}/rows`)).total).toBe(2);
  await page.screenshot({ path: "e2e/artifacts/directories-ru.png", fullPage: true });

  // 2,000 more rows: the table scrolls them in pages; the search finds one among them.
  await call("PUT", `/eps/${facilityId}/directory/${directory.id}/update/all`, {
    create: Array.from({ length: 2000 }, (_, k) => ({
      code: `W${String(k).padStart(4, "0")}`,
      name: `Работа ${k}`,
      values: { [norm]: k / 10 },
    })),
  });
  await expect(page.getByText("Строк: 2002 · хранится в узле Площадка Север")).toBeVisible();
  await page.getByRole("textbox", { name: "Поиск по кодам, названиям и значениям" }).fill("W1999");
  await expect(page.locator('[role="row"][data-code]')).toHaveCount(1);
  await expect(page.locator('[role="row"][data-code="W1999"]')).toContainText("199,9");
  await context.close();

  // Seen from the project below the facility in its node panel; the screen in en/fr, dark, wide and narrow.
  for (const [language, scheme, width, tab] of [
    ["en", "dark", 1440, "Directories"],
    ["fr", "dark", 600, "Répertoires"],
    ["ru", "light", 600, "Справочники"],
  ] as const) {
    const view = await openAs(browser, token, { language, scheme, width });
    await view.page.goto(`/${spaceId}?node=${projectId}&tab=directories`);
    await expect(view.page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true", {
      timeout: 60_000,
    });
    await expect(view.page.getByRole("link", { name: "Виды работ" })).toBeVisible();
    await view.page.screenshot({ path: `e2e/artifacts/directories-tab-${language}-${scheme}-${width}.png` });
    await view.page.getByRole("link", { name: "Виды работ" }).click();
    await expect(view.page.locator('[role="row"][data-code="01"]')).toBeVisible({ timeout: 60_000 });
    await view.page.screenshot({
      path: `e2e/artifacts/directories-${language}-${scheme}-${width}.png`,
      fullPage: true,
    });
    await view.context.close();
  }
});
