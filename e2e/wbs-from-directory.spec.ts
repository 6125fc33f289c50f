import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiUser, openAs } from "./helpers/workspace-setup.js";

/** A project with a work-type directory of two branches (a norm donated to a work attribute) and an empty version. */
async function seed(request: APIRequestContext) {
  const user = await apiUser(request, "dwbs");
  const { call } = user;
  const space = await call("POST", "/space/create", { name: "WBS from a directory", type: "site" });
  user.useSpace(space.id);
  const facility = await call("POST", "/facilities/create", { name: "Площадка" });
  const project = await call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус 3" });
  const schedule = await call("POST", `/projects/${project.id}/schedules/create`, { name: "График корпуса" });
  const version = await call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-01-13T08:00",
  });
  const directory = await call("POST", `/eps/${project.id}/directory/create`, {
    name: "Виды работ",
    kind: "worktype",
    columns: [{ name: "Норма", type: "number" }],
  });
  const norm = directory.columns[0].id as string;
  const base = `/eps/${project.id}/directory/${directory.id}`;
  const made = await call("PUT", `${base}/update/all`, {
    create: [
      { ref: "e", code: "01", name: "Земляные работы" },
      { parentRef: "e", ref: "d", code: "01.01", name: "Разработка грунта", values: { [norm]: 1.2 } },
      { parentRef: "e", code: "01.02", name: "Обратная засыпка", values: { [norm]: 0.6 } },
      { ref: "c", code: "02", name: "Бетонные работы" },
      { parentRef: "c", code: "02.01", name: "Плита", values: { [norm]: 0.8 } },
    ],
  });
  const [earth, dig] = (made.created as { id: string }[]).map((r) => r.id);
  const normAttr = await call("POST", `/eps/${project.id}/attributes/create`, {
    name: "Норма работы",
    type: "number",
    target: "work",
    spaceWide: false,
  });
  await call("POST", `${base}/donor/create`, { columnId: norm, attributeId: normAttr.id });
  return {
    token: user.token as string,
    call,
    spaceId: space.id as string,
    scheduleId: schedule.id as string,
    versionId: version.id as string,
    base,
    norm,
    earth: earth as string,
    dig: dig as string,
  };
}

const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);

test("a WBS built from a directory in Russian, kept in step after the directory changed, and undone", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const s = await seed(request);
  const { context, page } = await openAs(browser, s.token, { language: "ru", scheme: "dark", width: 1440 });
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}`);
  await expect(page.getByTestId("workspace-toolbar")).toBeVisible({ timeout: 60_000 });

  // Add → From a directory: the directory's two branches become sums with their works
  await page.getByRole("button", { name: "Добавить", exact: true }).click();
  await page.getByRole("menuitem", { name: "Из справочника…" }).click();
  const dialog = page.getByRole("dialog", { name: "СДР из справочника" });
  await expect(dialog.getByTestId("wbs-directory")).toHaveValue("Виды работ");
  await expect(dialog.getByText("В начало версии (верхний уровень)")).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/wbs-from-directory-ru-dark.png" });
  await dialog.getByRole("button", { name: "Построить СДР" }).click();
  await expect(page.getByText("Построено: суммарных — 2, работ — 3")).toBeVisible({ timeout: 30_000 });
  await expect(codeCell(page, 0)).toHaveText("01", { timeout: 30_000 });
  await expect(codeCell(page, 1)).toHaveText("01.01");
  await expect(codeCell(page, 4)).toHaveText("02.01");

  // The directory changes: a row renamed, a row added under "01"; the sync previews both, then applies them
  await s.call("PUT", `${s.base}/update/all`, {
    create: [{ parentId: s.earth, code: "01.03", name: "Планировка", values: { [s.norm]: 0.3 } }],
    update: [{ id: s.dig, name: "Разработка грунта экскаватором" }],
  });
  await page.getByRole("button", { name: "Добавить", exact: true }).click();
  await page.getByRole("menuitem", { name: "Из справочника…" }).click();
  await dialog.getByRole("tab", { name: "Синхронизировать" }).click();
  await expect(dialog.getByTestId("sync-summary")).toHaveText(
    "Переименовано: 1, добавлено: 1, удалено: 0, изменится значений: 0",
  );
  const preview = dialog.getByTestId("sync-preview");
  await expect(preview).toContainText("01.01 — Разработка грунта экскаватором");
  await expect(preview).toContainText("01.03 — Планировка");
  await expect(preview).toContainText("в 01");
  await page.screenshot({ path: "e2e/artifacts/wbs-sync-ru-dark.png" });
  await dialog.getByTestId("sync-apply").click();
  await expect(page.getByText("СДР приведена в соответствие со справочником")).toBeVisible({ timeout: 30_000 });
  await expect(codeCell(page, 3)).toHaveText("01.03", { timeout: 30_000 });
  await expect(page.getByText("Разработка грунта экскаватором").first()).toBeVisible();

  // Undo puts the WBS back as it was before the sync
  await page.getByRole("button", { name: "Отменить (Ctrl+Z)" }).click();
  await expect(codeCell(page, 3)).toHaveText("02", { timeout: 30_000 });
  await context.close();
});

test("the WBS from a directory dialog in French on a narrow screen", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const s = await seed(request);
  const { context, page } = await openAs(browser, s.token, { language: "fr", scheme: "light", width: 600 });
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}`);
  await expect(page.getByTestId("workspace-toolbar")).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await page.getByRole("menuitem", { name: "Depuis un répertoire…" }).click();
  const dialog = page.getByRole("dialog", { name: "WBS depuis un répertoire" });
  await expect(dialog.getByText("Au premier niveau de la version")).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/wbs-from-directory-fr-600.png" });
  await dialog.getByRole("tab", { name: "Synchroniser" }).click();
  await expect(dialog.getByTestId("sync-summary")).toHaveText("La WBS est synchronisée avec le répertoire.");
  await page.screenshot({ path: "e2e/artifacts/wbs-sync-fr-600.png" });
  await context.close();
});
