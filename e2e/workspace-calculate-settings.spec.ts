import { decodeGantt } from "@planum/contracts";
import { expect, type Page, test } from "@playwright/test";
import { apiAs, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

const cell = (page: Page, pos: number, col: number) => page.locator(`[data-pos="${pos}"][data-col="${col}"]`);
const DURATION = 2;
const START = 3;
const FINISH = 4;

test("calculation settings: edit and keep them, server errors beside the field, auto mode recalculates by itself, ru labels", async ({
  page,
  browser,
}) => {
  // A long walk through the dialog in three languages and two modes: a loaded CI machine needs more than a minute.
  test.setTimeout(240_000);
  const user = await registerUser(page.request, "cs");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const api = await apiAs(page);
  const space = await api.call("POST", "/space/create", { name: "Расчёт", type: "site" });
  api.useSpace(space.id);
  const facility = await api.call("POST", "/facilities/create", { name: "Объект" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус 2" });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "График расчёта" });
  const version = await api.call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-01-13T08:00",
  });
  const ids: number[] = [];
  for (const [name, days] of [
    ["Фундамент", 2],
    ["Каркас", 3],
    ["Кровля", 1],
  ] as const) {
    const created = await api.call("POST", `/versions/${version.id}/wbs/create`, {
      type: "work",
      name,
      duration: days * 480,
    });
    ids.push(created.item.id);
  }
  await api.call("POST", `/versions/${version.id}/relations`, {
    predecessorId: ids[0],
    successorId: ids[1],
    type: "fs",
    lag: 0,
  });
  const earlyFinish = async (i: number) => {
    const gantt = decodeGantt(await api.call("GET", `/versions/${version.id}/gantt`));
    const t = gantt.earlyFinish[i];
    return t === null || t === undefined ? null : new Date(t * 60_000).toISOString().slice(0, 16);
  };

  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "График расчёта" })).toBeVisible();
  await expect(cell(page, 2, 0)).toHaveText("A30");
  await expect(page.getByTestId("calc-mode")).toHaveText("Manual");
  await expect(page.getByTestId("calc-status")).toHaveText("Not calculated");

  // float type and critical float, saved and still there when the dialog opens again
  await page.getByRole("button", { name: "Calculation settings" }).click();
  let dialog = page.getByRole("dialog", { name: "Calculation settings", exact: true });
  await expect(dialog.getByRole("radio", { name: "Manual" })).toBeChecked();
  await dialog.getByRole("combobox", { name: "Compute total float as" }).click();
  await page.getByRole("option", { name: "Smallest of start float and finish float" }).click();
  await dialog.getByRole("textbox", { name: /^Critical if total float/ }).fill("1,5");
  await dialog.getByRole("textbox", { name: "Must finish by" }).fill("31.03.2025");
  // P6's other scheduling options: open ends critical, expected finish dates, start-to-start lag
  await dialog.getByRole("checkbox", { name: "Make open-ended activities critical" }).check();
  await dialog.getByRole("checkbox", { name: "Use expected finish dates" }).uncheck();
  await dialog.getByRole("checkbox", { name: /^Start-to-start and start-to-finish links bound/ }).uncheck();
  await dialog.getByRole("combobox", { name: "Calculate start-to-start lag from" }).click();
  await page.getByRole("option", { name: "Actual start" }).click();
  await shot(page, "calculate-settings-en");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Calculation settings saved")).toBeVisible();
  await expect(dialog).toBeHidden();
  const stored = await api.call("GET", `/schedules/${schedule.id}/calculate-settings`);
  expect(stored).toMatchObject({
    floatType: "smallest",
    criticalFloat: 720,
    mustFinishBy: "2025-03-31T23:59",
    openEndsCritical: true,
    useExpectedFinish: false,
    startLinksBoundLate: false,
    ssLagFrom: "actual_start",
  });

  await page.getByRole("button", { name: "Calculation settings" }).click();
  dialog = page.getByRole("dialog", { name: "Calculation settings", exact: true });
  await expect(dialog.getByRole("combobox", { name: "Compute total float as" })).toHaveValue(
    "Smallest of start float and finish float",
  );
  await expect(dialog.getByRole("textbox", { name: /^Critical if total float/ })).toHaveValue("1.5");
  await expect(dialog.getByRole("radio", { name: "days" })).toBeChecked();
  await expect(dialog.getByRole("textbox", { name: "Must finish by" })).toHaveValue("31.03.2025");
  await expect(dialog.getByRole("checkbox", { name: "Make open-ended activities critical" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Use expected finish dates" })).not.toBeChecked();
  await expect(
    dialog.getByRole("checkbox", { name: /^Start-to-start and start-to-finish links bound/ }),
  ).not.toBeChecked();
  await expect(dialog.getByRole("combobox", { name: "Calculate start-to-start lag from" })).toHaveValue("Actual start");

  // what only the server refuses (the range of minutes) shows beside the field, in the user's language
  await dialog.getByRole("textbox", { name: /^Critical if total float/ }).fill("300000");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("The value is not allowed")).toBeVisible();
  // and what the browser can tell at once
  await dialog.getByRole("textbox", { name: "Must finish by" }).fill("31.02.2025");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Enter a date as DD.MM.YYYY")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await api.call("GET", `/schedules/${schedule.id}/calculate-settings`)).criticalFloat).toBe(720);

  // auto mode: the server calculates the version, and again after each change, without Calculate being pressed
  await page.getByRole("button", { name: "Calculation settings" }).click();
  dialog = page.getByRole("dialog", { name: "Calculation settings", exact: true });
  await dialog.getByRole("textbox", { name: "Must finish by" }).fill("");
  await dialog.getByRole("radio", { name: "Automatic" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("calc-mode")).toHaveText("Auto");
  await expect(page.getByTestId("calc-status")).toHaveText("Calculated", { timeout: 30_000 });
  await expect.poll(() => earlyFinish(1), { timeout: 15_000 }).toBe("2025-01-17T17:00");
  await expect(cell(page, 1, FINISH)).toContainText("17.01");

  // a longer foundation moves the frame's finish: 4 + 3 working days from Monday 13.01
  await cell(page, 0, DURATION).click();
  await page.keyboard.type("4");
  await page.keyboard.press("Enter");
  await expect(cell(page, 1, FINISH)).toContainText("21.01", { timeout: 30_000 });
  expect(await earlyFinish(1)).toBe("2025-01-21T17:00");
  await expect(page.getByTestId("calc-status")).toHaveText("Calculated");

  // a new relation frame → roof moves the roof after the frame
  await expect(cell(page, 2, START)).toContainText("13.01");
  await page.getByRole("tab", { name: "Relations", exact: true }).click();
  await cell(page, 1, 0).click();
  await expect(page.getByText(/Relations of A20/)).toBeVisible();
  await page.getByRole("combobox", { name: "Relation", exact: true }).click();
  await page.getByRole("option", { name: "Successor" }).click();
  await page.getByRole("combobox", { name: "Work", exact: true }).click();
  await page.getByRole("option", { name: /^A30 / }).click();
  await page.getByRole("button", { name: "Add relation" }).click();
  await expect(cell(page, 2, START)).toContainText("22.01", { timeout: 30_000 });
  expect(await earlyFinish(2)).toBe("2025-01-22T17:00");
  // the calculate button was never pressed: no "calculated" toast of a manual calculation either
  await expect(page.getByText("Schedule calculated")).toHaveCount(0);
  await shot(page, "calculate-settings-auto-en");

  // reset to defaults asks first, then brings manual mode back
  await page.getByRole("button", { name: "Calculation settings" }).click();
  dialog = page.getByRole("dialog", { name: "Calculation settings", exact: true });
  await dialog.getByRole("button", { name: "Reset to defaults" }).click();
  const ask = page.getByRole("dialog", { name: "Reset calculation settings" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(page.getByText("Calculation settings reset to defaults")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Manual" })).toBeChecked();
  await expect(dialog.getByRole("combobox", { name: "Compute total float as" })).toHaveValue("Finish float");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("calc-mode")).toHaveText("Manual");
  expect(await api.call("GET", `/schedules/${schedule.id}/calculate-settings`)).toMatchObject({
    calculationMode: "manual",
    floatType: "finish",
    criticalFloat: 0,
    mustFinishBy: null,
    openEndsCritical: false,
    useExpectedFinish: true,
    startLinksBoundLate: true,
    ssLagFrom: "early_start",
  });

  // a member without schedule:write (the default read-only role) sees the settings but cannot change them
  const member = await registerUser(page.request, "csm");
  await api.call("POST", `/space/${space.id}/users/invite`, { login: member.login });
  const reader = await (
    await browser.newContext({ locale: "en-US", viewport: { width: 1440, height: 900 } })
  ).newPage();
  await signIn(reader, member);
  await expect(reader).not.toHaveURL(/\/auth\/login/);
  await reader.goto(`/${space.id}/schedule/${schedule.id}`);
  await expect(reader.getByTestId("calc-mode")).toHaveText("Manual");
  await reader.getByRole("button", { name: "Calculation settings" }).click();
  const readOnly = reader.getByRole("dialog", { name: "Calculation settings", exact: true });
  await expect(readOnly.getByTestId("calc-settings-readonly")).toBeVisible();
  await expect(readOnly.getByRole("combobox", { name: "Compute total float as" })).toBeDisabled();
  await expect(readOnly.getByRole("radio", { name: "Automatic" })).toBeDisabled();
  await expect(readOnly.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(readOnly.getByRole("button", { name: "Reset to defaults" })).toHaveCount(0);
  await reader.keyboard.press("Escape");
  await expect(readOnly).toBeHidden();
  // the owner switches the schedule to auto: the member's badge follows without a reload
  await api.call("PUT", `/schedules/${schedule.id}/calculate-settings`, { calculationMode: "auto" });
  await expect(reader.getByTestId("calc-mode")).toHaveText("Auto");
  await api.call("PUT", `/schedules/${schedule.id}/calculate-settings`, { calculationMode: "manual" });
  await expect(reader.getByTestId("calc-mode")).toHaveText("Manual");
  await reader.context().close();

  // Russian: the long labels fit, and the server's refusal speaks Russian
  await page.evaluate(() => {
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      "planum.language",
      "ru",
    );
  });
  await page.reload();
  await page.getByRole("button", { name: "Параметры расчёта" }).click();
  dialog = page.getByRole("dialog", { name: "Параметры расчёта" });
  await dialog.getByRole("textbox", { name: /^Критическая, если полный резерв/ }).fill("300000");
  await dialog.getByRole("button", { name: "Сохранить" }).click();
  await expect(dialog.getByText("Недопустимое значение")).toBeVisible();
  await shot(page, "calculate-settings-ru");

  // French on a narrow dark screen: the long label of the MS Project rule wraps inside the dialog
  await page.setViewportSize({ width: 600, height: 900 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => {
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
    storage.setItem("planum.language", "fr");
    storage.setItem("planum.color-scheme", "dark");
  });
  await page.reload();
  await page.getByRole("button", { name: "Paramètres de calcul" }).click();
  dialog = page.getByRole("dialog", { name: "Paramètres de calcul" });
  const msRule = dialog.getByRole("checkbox", { name: /^Les liaisons début-début et début-fin/ });
  await msRule.scrollIntoViewIfNeeded();
  await expect(msRule).toBeChecked();
  await shot(page, "calculate-settings-fr-600-dark");
});
