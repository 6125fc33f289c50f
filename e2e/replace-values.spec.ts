import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addItem, apiUser, type Json, openAs } from "./helpers/workspace-setup.js";

/** A schedule with two work attributes (a text "Материал", a list "Класс") filled on three works A10, A20, A30. */
async function seed(request: APIRequestContext) {
  const user = await apiUser(request, "replace");
  const { call } = user;
  const space = await call("POST", "/space/create", { name: "Replacements", type: "site" });
  user.useSpace(space.id);
  const facility = await call("POST", "/facilities/create", { name: "Площадка" });
  const project = await call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус 3" });
  const schedule = await call("POST", `/projects/${project.id}/schedules/create`, { name: "График" });
  const version = await call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-01-13T08:00",
  });
  const material = await call("POST", `/schedules/${schedule.id}/attributes`, { name: "Материал", type: "string" });
  const grade = await call("POST", `/schedules/${schedule.id}/attributes`, {
    name: "Класс",
    type: "list",
    listValues: ["B25", "B30"],
  });
  const ids: number[] = [];
  for (const [code, m, g] of [
    ["A10", "бетон м200", "B25"],
    ["A20", "Бетон М300", "B25"],
    ["A30", "кирпич", "B30"],
  ])
    ids.push(
      await addItem(call, version.id, {
        type: "work",
        code,
        name: `Работа ${code}`,
        duration: 480,
        attrs: { [material.id]: m, [grade.id]: g },
      }),
    );
  return {
    token: user.token as string,
    call,
    spaceId: space.id as string,
    scheduleId: schedule.id as string,
    versionId: version.id as string,
    material: material.id as string,
    grade: grade.id as string,
    ids,
  };
}

const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);
const attrsOf = async (call: Json, versionId: string, id: number) =>
  (await call("GET", `/versions/${versionId}/wbs/${id}`)).attrs as Record<string, unknown>;

const TEXT = {
  ru: {
    tab: "Атрибуты",
    open: "Заменить значения…",
    title: "Замена значений атрибута",
    pattern: "По шаблону",
    list: "По списку",
    preview: "Предпросмотр",
    submit: "Заменить",
    summary: "Изменятся 2 значения",
    refused: "Работа A10: «B40» — недопустимое значение атрибута «Класс»; ничего не заменено",
  },
  en: {
    tab: "Attributes",
    open: "Replace values…",
    title: "Replace attribute values",
    pattern: "Pattern",
    list: "From a list",
    preview: "Preview",
    submit: "Replace",
    summary: "2 values change",
    refused: 'Work A10: "B40" is not a valid value of the attribute "Класс"; nothing was replaced',
  },
  fr: {
    tab: "Attributs",
    open: "Remplacer des valeurs…",
    title: "Remplacer des valeurs d’attribut",
    pattern: "Motif",
    list: "Depuis une liste",
    preview: "Aperçu",
    submit: "Remplacer",
    summary: "2 valeurs changent",
    refused: "Travail A10 : « B40 » n’est pas une valeur valide de l’attribut « Класс » ; rien n’a été remplacé",
  },
} as const;

/** Opens the replace dialog from the work A10's Attributes tab. */
async function openDialog(page: Page, s: Awaited<ReturnType<typeof seed>>, text: (typeof TEXT)[keyof typeof TEXT]) {
  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}`);
  await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
  await codeCell(page, 0).click();
  await page.getByRole("tab", { name: text.tab }).click();
  await page.getByRole("button", { name: text.open }).click();
  return page.getByRole("dialog", { name: text.title });
}

test("replace values with a preview in Russian, refused with a clear message; English and French dark", async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const s = await seed(request);
  const { call, versionId } = s;

  // Russian, light, wide: a pattern previewed (two works listed), then replaced — the works follow.
  {
    const text = TEXT.ru;
    const { context, page } = await openAs(browser, s.token, { language: "ru", scheme: "light", width: 1440 });
    const dialog = await openDialog(page, s, text);
    await dialog.getByText(text.pattern, { exact: true }).click();
    await dialog.getByTestId("replace-find").fill("бетон*");
    await dialog.getByTestId("replace-with").fill("Бетон B30");
    await dialog.getByRole("button", { name: text.preview }).click();
    await expect(dialog.getByTestId("replace-summary")).toHaveText(text.summary);
    const rows = dialog.getByTestId("replace-preview").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("бетон м200");
    await expect(rows.first()).toContainText("Бетон B30");
    await page.screenshot({ path: "e2e/artifacts/replace-values-preview-ru.png" });
    await dialog.getByRole("button", { name: text.submit }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await attrsOf(call, versionId, s.ids[1]))[s.material], { timeout: 30_000 })
      .toBe("Бетон B30");
    expect((await attrsOf(call, versionId, s.ids[2]))[s.material]).toBe("кирпич");
    await context.close();
  }

  // English and French, dark, wide and narrow: a list whose new value the list attribute lacks is refused, naming
  // the work; nothing changes.
  for (const [language, width] of [
    ["en", 1440],
    ["en", 600],
    ["fr", 600],
  ] as const) {
    const text = TEXT[language];
    const { context, page } = await openAs(browser, s.token, { language, scheme: "dark", width });
    const dialog = await openDialog(page, s, text);
    await dialog.getByTestId("replace-attribute").click();
    await page.getByRole("option", { name: "Класс" }).click();
    await dialog.getByText(text.list, { exact: true }).click();
    await dialog.getByTestId("replace-pairs").fill("B25 ; B40\nB30 ; B25");
    await dialog.getByRole("button", { name: text.preview }).click();
    await expect(dialog.getByTestId("replace-problem")).toHaveText(text.refused);
    await expect(dialog.getByRole("button", { name: text.submit })).toBeDisabled();
    await page.screenshot({ path: `e2e/artifacts/replace-values-refused-${language}-dark-${width}.png` });
    await context.close();
  }
  expect((await attrsOf(call, versionId, s.ids[0]))[s.grade]).toBe("B25");
});
