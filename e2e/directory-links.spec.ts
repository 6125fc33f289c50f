import { type Cell, writeXlsxRows } from "@planum/formats";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addItem, apiUser, type Json, openAs } from "./helpers/workspace-setup.js";

/**
 * A project with a work-type directory (unit, norm) of two rows, a work attribute "Норма работы" the norm can be
 * copied into, and a schedule of three works A10, A20, A30.
 */
async function seed(request: APIRequestContext, { rows: withRows = true } = {}) {
  const user = await apiUser(request, "dlinks");
  const { call } = user;
  const space = await call("POST", "/space/create", { name: "Directory links", type: "site" });
  user.useSpace(space.id);
  const facility = await call("POST", "/facilities/create", { name: "Площадка" });
  const project = await call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус 2" });
  const schedule = await call("POST", `/projects/${project.id}/schedules/create`, { name: "График корпуса" });
  const version = await call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-01-13T08:00",
  });
  const directory = await call("POST", `/eps/${project.id}/directory/create`, {
    name: "Виды работ",
    kind: "worktype",
    columns: [
      { name: "Единица", type: "list", listValues: ["м3", "т"] },
      { name: "Норма", type: "number" },
    ],
  });
  const [unit, norm] = directory.columns.map((c: { id: string }) => c.id);
  const base = `/eps/${project.id}/directory/${directory.id}`;
  // Without rows, the test uploads them from the workbook `directorySheet` through the screen.
  if (withRows)
    await call("PUT", `${base}/update/all`, {
      create: [
        { code: "BET", name: "Бетонирование", values: { [unit]: "м3", [norm]: 0.8 } },
        { code: "ARM", name: "Армирование", values: { [unit]: "т", [norm]: 12.5 } },
      ],
    });
  const normAttr = await call("POST", `/eps/${project.id}/attributes/create`, {
    name: "Норма работы",
    type: "number",
    target: "work",
    spaceWide: false,
  });
  // What the work types need (complex relations): crane hours and concrete, per m³ of a linked work's volume.
  const needs = await call("POST", `/eps/${project.id}/directory/create`, { name: "Ресурсы норм", columns: [] });
  await call("PUT", `/eps/${project.id}/directory/${needs.id}/update/all`, {
    create: [
      { code: "CRANE", name: "Кран" },
      { code: "MIX", name: "Бетонная смесь" },
    ],
  });
  const ids: number[] = [];
  for (const [code, plannedVolume] of [
    ["A10", 100],
    ["A20", 40],
    ["A30", 8],
  ] as const)
    ids.push(
      await addItem(call, version.id, { type: "work", code, name: `Работа ${code}`, duration: 480, plannedVolume }),
    );
  return {
    token: user.token as string,
    call,
    spaceId: space.id as string,
    scheduleId: schedule.id as string,
    versionId: version.id as string,
    directoryId: directory.id as string,
    needsId: needs.id as string,
    needsBase: `/eps/${project.id}/directory/${needs.id}`,
    base,
    norm: norm as string,
    /** The id of the row BET, once the directory has it. */
    concrete: async () =>
      ((await call("GET", `${base}/rows`)).rows as { id: string; code: string }[]).find((r) => r.code === "BET")!.id,
    normAttr: normAttr.id as string,
    ids,
  };
}

const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);

/** The grid cell of a row under the column whose header reads `title`. */
async function cellUnder(page: Page, pos: number, title: string) {
  const headers = page.locator('.pg-header-row [role="columnheader"]');
  await expect(headers.and(page.locator(`[title="${title}"]`))).toHaveCount(1);
  const index = (await headers.evaluateAll(
    (nodes, wanted) => nodes.findIndex((n) => (n as unknown as { title: string }).title === wanted),
    title,
  )) as number;
  return page.locator(`[data-pos="${pos}"][data-col="${index}"]`);
}

/** The seed's two rows as a workbook, with the header a user would write (mapped to the columns by name). */
const directorySheet: Cell[][] = [
  ["Код", "Название", "Единица", "Норма"],
  ["BET", "Бетонирование", "м3", 0.8],
  ["ARM", "Армирование", "т", 12.5],
];

async function chooseSheet(page: Page, rows: Cell[][], name = "assignment.xlsx") {
  await page
    .getByRole("dialog")
    .locator('input[type="file"]')
    .setInputFiles({
      name,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await writeXlsxRows(rows, { header: 1 })),
    });
}

const attrsOf = async (call: Json, versionId: string, id: number) =>
  (await call("GET", `/versions/${versionId}/wbs/${id}`)).attrs as Record<string, unknown>;
const linkCodes = async (call: Json, versionId: string) =>
  ((await call("GET", `/versions/${versionId}/directory`)).links as { itemId: number; code: string }[])
    .map((l) => l.code)
    .sort();

test("links to works in Russian: rows uploaded from XLSX, settings, a row picked on a work, links from a file, a changed norm followed, previewed and undone", async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const s = await seed(request, { rows: false });
  const { call, versionId } = s;
  const { context, page } = await openAs(browser, s.token, { language: "ru", scheme: "light", width: 1440 });

  // The empty directory gets its rows from a workbook: previewed, columns mapped by their headers, all written.
  await page.goto(`/${s.spaceId}/directories/${s.directoryId}`);
  await expect(page.getByRole("heading", { name: "Виды работ" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Действия со справочником" }).click();
  await page.getByRole("menuitem", { name: "Загрузить из XLSX или CSV" }).click();
  await chooseSheet(page, directorySheet, "виды работ.xlsx");
  const upload = page.getByRole("dialog", { name: "Загрузка строк в «Виды работ»" });
  await expect(upload.getByText("Строк в файле: 2")).toBeVisible({ timeout: 30_000 });
  await expect(upload.getByRole("table", { name: "Первые строки файла" })).toContainText("Бетонирование");
  await expect(upload.getByRole("combobox", { name: "Норма" })).toHaveValue("Норма");
  await page.screenshot({ path: "e2e/artifacts/directory-upload-ru.png" });
  await upload.getByRole("button", { name: "Загрузить", exact: true }).click();
  await expect(page.getByText("Добавлено строк: 2, изменено: 0")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("row").filter({ hasText: "Армирование" })).toContainText("12,5");
  const concrete = await s.concrete();

  // The directory's links to works: the norm shown on works (linked) and copied into "Норма работы" (donor).
  await page.getByRole("button", { name: "Действия со справочником" }).click();
  await page.getByRole("menuitem", { name: "Связи с работами…" }).click();
  const settings = page.getByRole("dialog", { name: "Связи с работами: Виды работ" });
  await settings.getByRole("combobox", { name: "Столбец" }).first().click();
  await page.getByRole("option", { name: "Норма", exact: true }).click();
  await settings.getByRole("button", { name: "Добавить" }).first().click();
  await expect(settings.getByTestId("linked-attributes")).toContainText("Норма");
  await settings.getByRole("combobox", { name: "Столбец" }).last().click();
  await page.getByRole("option", { name: "Норма", exact: true }).click();
  await settings.getByRole("combobox", { name: "Атрибут работы" }).click();
  await page.getByRole("option", { name: "Норма работы" }).click();
  await settings.getByRole("button", { name: "Добавить" }).last().click();
  await expect(settings.getByTestId("donors")).toContainText("Норма → Норма работы");
  await page.screenshot({ path: "e2e/artifacts/directory-links-settings-ru.png" });
  await settings.getByRole("button", { name: "Закрыть" }).click();

  // On the work A10: its Directories tab, the row found by typing its code; the donor fills its norm at once.
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}`);
  await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
  await codeCell(page, 0).click();
  await page.getByRole("tab", { name: "Справочники" }).click();
  const pick = page.getByRole("combobox", { name: "Строка справочника «Виды работ»" });
  await pick.click();
  await pick.fill("BET");
  await page.getByRole("option", { name: "BET — Бетонирование" }).click();
  await expect(page.getByTestId("linked-value-Норма")).toHaveText("Норма: 0,8");
  await expect.poll(() => attrsOf(call, versionId, s.ids[0]), { timeout: 30_000 }).toEqual({ [s.normAttr]: 0.8 });
  // the linked attribute is a read-only column of the grid
  await expect(await cellUnder(page, 0, "Норма")).toHaveText("0,8");

  // A20 and A30 from a file: its first rows previewed, the code columns picked, all linked at once.
  await page.getByRole("button", { name: "Привязать из файла…" }).click();
  await chooseSheet(page, [
    ["Работа", "Вид работ"],
    ["A20", "ARM"],
    ["A30", "BET"],
  ]);
  const assign = page.getByRole("dialog", { name: "Привязка работ к строкам из файла" });
  await expect(assign.getByText("Строк в файле: 2")).toBeVisible();
  await expect(assign.getByRole("combobox", { name: "Столбец кодов работ" })).toHaveValue("Работа");
  await expect(assign.getByRole("combobox", { name: "Столбец кодов строк" })).toHaveValue("Вид работ");
  await page.screenshot({ path: "e2e/artifacts/directory-links-assign-ru.png" });
  await assign.getByRole("button", { name: "Привязать", exact: true }).click();
  await expect(page.getByText("Привязано работ: 2")).toBeVisible();
  expect(await linkCodes(call, versionId)).toEqual(["ARM", "BET", "BET"]);
  await expect.poll(() => attrsOf(call, versionId, s.ids[1]), { timeout: 30_000 }).toEqual({ [s.normAttr]: 12.5 });

  // The norm of BET changes in the directory: the linked value follows at once, the donor value after a preview.
  await call("PUT", `${s.base}/update/all`, { update: [{ id: concrete, values: { [s.norm]: 0.95 } }] });
  await expect(page.getByTestId("linked-value-Норма")).toHaveText("Норма: 0,95", { timeout: 30_000 });
  await expect(await cellUnder(page, 0, "Норма")).toHaveText("0,95", { timeout: 30_000 });
  await page.getByRole("button", { name: "Обновить связанные значения…" }).click();
  const refresh = page.getByRole("dialog", { name: "Обновление значений работ из справочников" });
  await expect(refresh.getByTestId("refresh-summary")).toHaveText(/^Изменится значений: 2 /);
  const preview = refresh.getByTestId("refresh-preview");
  await expect(preview).toContainText("A10 — Работа A10");
  await expect(preview).toContainText("A30 — Работа A30");
  await expect(preview).not.toContainText("A20");
  await page.screenshot({ path: "e2e/artifacts/directory-links-refresh-ru.png" });
  expect(await attrsOf(call, versionId, s.ids[0])).toEqual({ [s.normAttr]: 0.8 });
  await refresh.getByRole("button", { name: "Обновить", exact: true }).click();
  await expect(page.getByText("Обновлено значений: 2")).toBeVisible();
  await expect.poll(() => attrsOf(call, versionId, s.ids[2]), { timeout: 30_000 }).toEqual({ [s.normAttr]: 0.95 });

  // Undone as one change.
  await page.getByRole("button", { name: "Отменить (Ctrl+Z)" }).click();
  await expect.poll(() => attrsOf(call, versionId, s.ids[0]), { timeout: 30_000 }).toEqual({ [s.normAttr]: 0.8 });
  expect(await attrsOf(call, versionId, s.ids[2])).toEqual({ [s.normAttr]: 0.8 });

  // Unlinked: the tab shows no row, the link is gone.
  await page.getByRole("button", { name: "Отвязать" }).click();
  await expect(pick).toHaveValue("");
  await expect.poll(() => linkCodes(call, versionId), { timeout: 30_000 }).toEqual(["ARM", "BET"]);

  // A complex relation: concrete work (BET) needs 0,8 crane hours per m³, entered on the directories screen.
  await page.goto(`/${s.spaceId}/directories/${s.directoryId}`);
  await expect(page.getByRole("heading", { name: "Виды работ" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Действия со справочником" }).click();
  await page.getByRole("menuitem", { name: "Комплексные связи…" }).click();
  const relations = page.getByRole("dialog", { name: "Комплексные связи: Виды работ" });
  await expect(relations.getByText("Зависимых справочников пока нет.")).toBeVisible();
  await relations.getByRole("combobox", { name: "Новый зависимый справочник" }).click();
  await page.getByRole("option", { name: /^Ресурсы норм/ }).click();
  await relations.getByRole("button", { name: "Добавить связь" }).click();
  await expect(relations.getByRole("combobox", { name: "Зависимый справочник", exact: true })).toHaveValue(
    "Ресурсы норм (0)",
  );
  await relations.getByRole("combobox", { name: "Строка", exact: true }).click();
  await page.getByRole("option", { name: "BET — Бетонирование" }).click();
  await relations.getByRole("combobox", { name: "Требует строку" }).click();
  await page.getByRole("option", { name: "CRANE — Кран" }).click();
  await relations.getByRole("textbox", { name: "Коэффициент", exact: true }).fill("0,8");
  await relations.getByRole("button", { name: "Добавить", exact: true }).click();
  await expect(relations.getByRole("textbox", { name: "Коэффициент BET → CRANE" })).toHaveValue("0,8");
  await expect(relations.getByRole("combobox", { name: "Зависимый справочник", exact: true })).toHaveValue(
    "Ресурсы норм (1)",
  );
  await page.screenshot({ path: "e2e/artifacts/directory-relations-ru.png" });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The graph of links: the norm shown on works and copied into "Норма работы", the relation to "Ресурсы норм".
  await page.getByRole("button", { name: "Действия со справочником" }).click();
  await page.getByRole("menuitem", { name: "Граф связей…" }).click();
  await expect(page.getByTestId("graph-edge")).toHaveCount(3);
  await expect(page.getByTestId("graph-node").filter({ hasText: "Норма работы" })).toHaveCount(1);
  await page.screenshot({ path: "e2e/artifacts/directory-graph-ru.png" });
  await page.keyboard.press("Escape");

  // The version's dependent resources: A30 (8 m³ of BET) needs 6,4 crane hours; recalculated into an assignment.
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}`);
  await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
  await codeCell(page, 0).click();
  await page.getByRole("tab", { name: "Справочники" }).click();
  await page.getByRole("button", { name: "Зависимые ресурсы…" }).click();
  const totals = page.getByRole("dialog", { name: "Зависимые ресурсы версии" });
  await expect(totals.getByTestId("relation-totals")).toContainText("CRANE — Кран");
  await expect(totals.getByTestId("relation-totals")).toContainText("6,4");
  await totals.getByRole("button", { name: "Пересчитать ресурсы" }).click();
  await expect(totals.getByTestId("relation-recalculated")).toHaveText(
    "Работ: 1; назначений создано 1, изменено 0, удалено 0. Новые ресурсы: CRANE.",
  );
  await page.screenshot({ path: "e2e/artifacts/directory-relations-totals-ru.png" });
  const assigned = (await call("GET", `/assignment?versionId=${versionId}`)) as {
    work: { code: string };
    resource: { code: string };
    budgetedUnits: number;
  }[];
  expect(assigned.map((a) => [a.work.code, a.resource.code, a.budgetedUnits])).toEqual([["A30", "CRANE", 6.4]]);
  await context.close();
});

test("links to works seen in English and French, dark, wide and narrow", async ({ browser, request }) => {
  test.setTimeout(480_000);
  const s = await seed(request);
  const { call, versionId } = s;
  const concreteId = await s.concrete();
  await call("POST", `${s.base}/linked-attribute/create`, { columnId: s.norm });
  await call("POST", `${s.base}/donor/create`, { columnId: s.norm, attributeId: s.normAttr });
  await call("POST", `/versions/${versionId}/directory/${s.directoryId}/assign`, {
    links: [
      { workCode: "A10", rowCode: "ARM" },
      { workCode: "A20", rowCode: "BET" },
    ],
  });
  const relation = await call("POST", "/directory-complex-relations/create-relation-between-directories", {
    sourceId: s.directoryId,
    targetId: s.needsId,
  });
  const needRows = (await call("GET", `${s.needsBase}/rows`)).rows as { id: string; code: string }[];
  await call("POST", `/directory-complex-relations/assign-directory-relation-rows/${relation.id}`, {
    rows: needRows.map((r) => ({
      sourceRowId: concreteId,
      targetRowId: r.id,
      coefficient: r.code === "CRANE" ? 0.8 : 1.02,
    })),
  });
  for (const [language, width, tab, norm, settingsItem, uploadItem, relationsItem, totalsButton] of [
    [
      "en",
      1440,
      "Directories",
      "Норма: 12.5",
      "Links to works…",
      "Upload from XLSX or CSV",
      "Complex relations…",
      "Dependent resources…",
    ],
    [
      "en",
      600,
      "Directories",
      "Норма: 12.5",
      "Links to works…",
      "Upload from XLSX or CSV",
      "Complex relations…",
      "Dependent resources…",
    ],
    [
      "fr",
      600,
      "Répertoires",
      "Норма: 12,5",
      "Liens avec les travaux…",
      "Importer depuis XLSX ou CSV",
      "Relations complexes…",
      "Ressources dépendantes…",
    ],
  ] as const) {
    const { context, page } = await openAs(browser, s.token, { language, scheme: "dark", width });
    await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}`);
    await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
    await codeCell(page, 0).click();
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByTestId("work-directories")).toContainText("Виды работ");
    await expect(page.getByTestId("linked-value-Норма")).toHaveText(norm);
    await page.screenshot({ path: `e2e/artifacts/directory-links-tab-${language}-dark-${width}.png` });
    // A20 (40 m³ of BET): 32 crane hours, 40.8 m³ of concrete
    await page.getByRole("button", { name: totalsButton }).click();
    await expect(page.getByRole("dialog").getByTestId("relation-totals")).toContainText("MIX — Бетонная смесь");
    await page.screenshot({ path: `e2e/artifacts/directory-relations-totals-${language}-dark-${width}.png` });
    await page.keyboard.press("Escape");
    await page.goto(`/${s.spaceId}/directories/${s.directoryId}`);
    await expect(page.getByRole("heading", { name: "Виды работ" })).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: language === "en" ? "Directory actions" : "Actions du répertoire" }).click();
    await page.getByRole("menuitem", { name: settingsItem }).click();
    await expect(page.getByRole("dialog").getByTestId("donors")).toContainText("Норма → Норма работы");
    await page.screenshot({ path: `e2e/artifacts/directory-links-settings-${language}-dark-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: language === "en" ? "Directory actions" : "Actions du répertoire" }).click();
    await page.getByRole("menuitem", { name: relationsItem }).click();
    await expect(page.getByRole("dialog").getByTestId("relation-rows")).toContainText("CRANE — Кран");
    await page.screenshot({ path: `e2e/artifacts/directory-relations-${language}-dark-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: language === "en" ? "Directory actions" : "Actions du répertoire" }).click();
    await page.getByRole("menuitem", { name: language === "en" ? "Graph of links…" : "Graphe des liens…" }).click();
    await expect(page.getByTestId("graph-edge")).toHaveCount(3);
    await page.screenshot({ path: `e2e/artifacts/directory-graph-${language}-dark-${width}.png` });
    // The upload dialog's preview and mapping, looked at (not sent: the rows are there already).
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: language === "en" ? "Directory actions" : "Actions du répertoire" }).click();
    await page.getByRole("menuitem", { name: uploadItem }).click();
    await chooseSheet(page, directorySheet, "types.xlsx");
    await expect(page.getByRole("dialog").getByRole("table").first()).toContainText("Бетонирование", {
      timeout: 30_000,
    });
    await page.screenshot({ path: `e2e/artifacts/directory-upload-${language}-dark-${width}.png` });
    await context.close();
  }
});
