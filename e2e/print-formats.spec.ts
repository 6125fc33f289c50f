import { expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * A planner sets the print format of a schedule: refused sheet and margins say why in their language, a preset is
 * saved once (a second one of the same name is refused), the sheet preview shows the filled headers and footers.
 */
test("print format: sheet minimums, headers and footers with values, presets with unique names", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, spaceId, scheduleId, versionId, call } = await spaceWithSchedule(request, "print", {
    space: "Печать",
    facility: "Дом",
    project: "Корпус 1",
    schedule: "График монтажа",
  });
  await addItem(call, versionId, { type: "work", code: "A10", name: "Монтаж колонн", duration: 960 });

  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "dark", width: 1440 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(page.locator('[data-pos="0"][data-col="0"]')).toHaveText("A10", { timeout: 60_000 });
  await page.getByRole("button", { name: "Формат печати" }).click();
  const dialog = page.getByRole("dialog", { name: "Формат печати" });
  // the default: A3 landscape, page numbers in the footer
  await expect(dialog.getByRole("textbox", { name: "Ширина, мм" })).toHaveValue("420", { timeout: 60_000 });
  await expect(dialog.getByTestId("sheet-1")).toContainText("Корпус 1");
  await expect(dialog.getByTestId("sheet-1")).toContainText("1 / 2");
  await expect(dialog.getByTestId("sheet-2")).toContainText("2 / 2");

  // a custom sheet below 297 × 210 mm and a negative margin are refused on their fields
  await dialog.getByRole("combobox", { name: "Лист" }).click();
  await page.getByRole("option", { name: "Свой размер" }).click();
  await dialog.getByRole("textbox", { name: "Ширина, мм" }).fill("250");
  await dialog.getByRole("textbox", { name: "Высота, мм" }).fill("200");
  await dialog.getByRole("textbox", { name: "Левое поле, мм" }).fill("-5");
  await dialog.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(dialog.getByText("Ширина листа должна быть не меньше 297 мм")).toBeVisible();
  await expect(dialog.getByText("Высота листа должна быть не меньше 210 мм")).toBeVisible();
  await expect(dialog.getByText("Поле не может быть отрицательным")).toBeVisible();

  await dialog.getByRole("combobox", { name: "Лист" }).click();
  await page.getByRole("option", { name: "A1" }).click();
  await expect(dialog.getByRole("textbox", { name: "Ширина, мм" })).toHaveValue("841");
  await dialog.getByRole("textbox", { name: "Левое поле, мм" }).fill("12,5");

  // the first page's own header: typed text and a value inserted at the caret's field
  await dialog.getByRole("checkbox", { name: "Особый верхний колонтитул первой страницы" }).check();
  const firstCentre = dialog.getByRole("textbox", {
    name: "Особый верхний колонтитул первой страницы — По центру",
  });
  await firstCentre.fill("Утверждаю: ГПР");
  await dialog.getByRole("button", { name: "График", exact: true }).click();
  await expect(firstCentre).toHaveValue("Утверждаю: ГПР [schedule]");
  await expect(dialog.getByTestId("sheet-1")).toContainText("Утверждаю: ГПР График монтажа");
  await expect(dialog.getByTestId("sheet-2")).not.toContainText("Утверждаю");

  const asPreset = page.getByRole("dialog", { name: "Сохранить как шаблон" });
  await dialog.getByRole("button", { name: "Сохранить как шаблон" }).click();
  await asPreset.getByRole("textbox", { name: "Название шаблона" }).fill("План А1");
  await asPreset.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(page.getByText("Шаблон «План А1» сохранён")).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole("combobox", { name: "Шаблон" })).toHaveValue("План А1");
  await dialog.getByRole("button", { name: "Сохранить как шаблон" }).click();
  await asPreset.getByRole("textbox", { name: "Название шаблона" }).fill("план а1");
  await asPreset.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(page.getByText("Формат с таким названием уже существует")).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: "e2e/artifacts/print-format-ru-dark-1440.png" });

  // the server's preview of page 1 with the page count, then the PDF itself
  await dialog.getByRole("button", { name: "Предпросмотр" }).click();
  await expect(dialog.getByTestId("print-page-count")).toHaveText("1 страница (1 по ширине × 1 по высоте)", {
    timeout: 120_000,
  });
  await expect(dialog.getByRole("img", { name: "Печатная страница 1" })).toBeVisible();
  await dialog.getByTestId("print-preview-image").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e/artifacts/print-preview-ru-dark-1440.png" });
  const downloading = page.waitForEvent("download", { timeout: 120_000 });
  await dialog.getByRole("button", { name: "Скачать PDF" }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toBe("График монтажа.pdf");
  const fs = await import("node:fs");
  expect(
    fs
      .readFileSync((await pdf.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  await dialog.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(page.getByText("Настройки печати сохранены")).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  const saved = await call("GET", `/versions/print-settings/${versionId}`);
  expect(saved.format).toMatchObject({ paper: "A1", widthMm: 841, margins: { left: 12.5 } });
  expect(saved.format.bands.firstHeader.center).toBe("Утверждаю: ГПР [schedule]");
  const presets = await call("GET", "/versions/print-presets/get");
  expect(presets.map((p: { name: string }) => p.name)).toEqual(["План А1"]);
  await context.close();

  // English: the same refusals in English; the saved settings come back
  const en = await openAs(browser, token, { language: "en", scheme: "light", width: 1440 });
  await en.page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(en.page.locator('[data-pos="0"][data-col="0"]')).toHaveText("A10", { timeout: 60_000 });
  await en.page.getByRole("button", { name: "Print format" }).click();
  const box = en.page.getByRole("dialog", { name: "Print format" });
  await expect(box.getByRole("textbox", { name: "Width, mm" })).toHaveValue("841", { timeout: 60_000 });
  await expect(box.getByRole("textbox", { name: "Left margin, mm" })).toHaveValue("12.5");
  await box.getByRole("textbox", { name: "Top margin, mm" }).fill("-1");
  await box.getByRole("button", { name: "Save", exact: true }).click();
  await expect(box.getByText("A margin cannot be negative")).toBeVisible();
  await box.getByRole("combobox", { name: "Sheet" }).click();
  await en.page.getByRole("option", { name: "Custom" }).click();
  await box.getByRole("textbox", { name: "Height, mm" }).fill("150");
  await box.getByRole("button", { name: "Save", exact: true }).click();
  await expect(box.getByText("The sheet height must be at least 210 mm")).toBeVisible();
  await en.page.screenshot({ path: "e2e/artifacts/print-format-en-light-1440.png" });
  await en.context.close();

  for (const [language, width, title] of [
    ["fr", 600, "Format d’impression"],
    ["ru", 600, "Формат печати"],
    ["fr", 1440, "Format d’impression"],
  ] as const) {
    const view = await openAs(browser, token, { language, scheme: "dark", width });
    await view.page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(view.page.locator('[data-pos="0"][data-col="0"]')).toHaveText("A10", { timeout: 60_000 });
    await view.page.getByRole("button", { name: title }).click();
    const shown = view.page.getByRole("dialog", { name: title });
    await expect(shown.getByTestId("sheet-1")).toContainText("Корпус 1", { timeout: 60_000 });
    await view.page.screenshot({ path: `e2e/artifacts/print-format-${language}-dark-${width}.png` });
    await shown.getByTestId("sheet-preview").scrollIntoViewIfNeeded();
    await view.page.screenshot({ path: `e2e/artifacts/print-format-${language}-dark-${width}-preview.png` });
    await view.context.close();
  }
});
