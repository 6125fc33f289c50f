import { type Cell, writeXlsxRows } from "@planum/formats";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
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

/** Hands a workbook to the upload dialog's file input. */
async function chooseSheet(page: Page, rows: Cell[][]) {
  await page
    .getByRole("dialog")
    .locator('input[type="file"]')
    .setInputFiles({
      name: "work-types.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await writeXlsxRows(rows, { header: 1 })),
    });
}

test("upload a directory from XLSX: preview, mapping found by headers and changed by hand, a duplicate code refused naming its row (en, ru)", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, call, spaceId, facilityId } = await seed(request);
  const directory = await call("POST", `/eps/${facilityId}/directory/create`, {
    name: "Work types",
    kind: "worktype",
    columns: [
      { name: "Unit", type: "list", listValues: ["m3", "t"] },
      { name: "Norm", type: "number" },
    ],
  });
  const [unit, norm] = directory.columns.map((c: { id: string }) => c.id);
  const { context, page } = await openAs(browser, token, { language: "en", scheme: "light", width: 1440 });
  await page.goto(`/${spaceId}/directories/${directory.id}`);
  await expect(page.getByRole("heading", { name: "Work types" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Directory actions" }).click();
  await page.getByRole("menuitem", { name: "Upload from XLSX or CSV" }).click();
  // "Rate" is not a column name: the norm is mapped to it by hand.
  await chooseSheet(page, [
    ["Code", "Name", "Parent", "Unit", "Rate"],
    ["10", "Earthworks", null, null, null],
    ["10.1", "Excavation", "10", "m3", 0.45],
    ["20", "Concrete", null, "m3", 3.2],
  ]);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Rows in the file: 3")).toBeVisible();
  await expect(dialog.getByRole("table", { name: "The file's first rows" })).toContainText("Excavation");
  await expect(dialog.getByRole("combobox", { name: "Code", exact: true })).toHaveValue("Code");
  await expect(dialog.getByRole("combobox", { name: "Unit", exact: true })).toHaveValue("Unit");
  await dialog.getByRole("combobox", { name: "Norm", exact: true }).click();
  await page.getByRole("option", { name: "Rate" }).click();
  await page.screenshot({ path: "e2e/artifacts/directories-upload-en.png" });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Rows added: 3, changed: 0")).toBeVisible();
  await expect(page.locator('[role="row"][data-code="10.1"]')).toContainText("0.45");
  const rows = await call("GET", `/eps/${facilityId}/directory/${directory.id}/rows`);
  expect(rows.rows.map((r: { code: string; depth: number }) => `${r.code}:${r.depth}`)).toEqual([
    "10:0",
    "10.1:1",
    "20:0",
  ]);
  expect(rows.rows[1].values).toEqual({ [unit]: "m3", [norm]: 0.45 });
  await context.close();

  // In Russian, dark: a file with a code twice is refused with the row named; nothing changes.
  const ru = await openAs(browser, token, { language: "ru", scheme: "dark", width: 600 });
  await ru.page.goto(`/${spaceId}/directories/${directory.id}`);
  await expect(ru.page.locator('[role="row"][data-code="20"]')).toBeVisible({ timeout: 60_000 });
  await ru.page.getByRole("button", { name: "Действия со справочником" }).click();
  await ru.page.getByRole("menuitem", { name: "Загрузить из XLSX или CSV" }).click();
  await chooseSheet(ru.page, [
    ["Код", "Название", "Норма"],
    ["30", "Кладка", 1],
    ["40", "Штукатурка", 2],
    ["30", "Кладка снова", 3],
  ]);
  await expect(ru.page.getByRole("dialog").getByText("Строк в файле: 3")).toBeVisible();
  await ru.page.screenshot({ path: "e2e/artifacts/directories-upload-ru-dark-600.png" });
  await ru.page.getByRole("dialog").getByRole("button", { name: "Загрузить", exact: true }).click();
  await expect(ru.page.getByText("Строка 4: код «30» уже есть в этом справочнике")).toBeVisible();
  expect((await call("GET", `/eps/${facilityId}/directory/${directory.id}/rows`)).total).toBe(3);
  await ru.context.close();
});
