import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);

test("P6 constraints in the details: mandatory start holds against the logic, as late as possible needs no date", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, call, spaceId, scheduleId, versionId } = await spaceWithSchedule(request, "p6c", {
    space: "P6 rules",
    facility: "Site",
    project: "Block",
    schedule: "P6 rules",
  });
  const a = await addItem(call, versionId, { type: "work", code: "A10", name: "Excavation", duration: 5 * 480 });
  const b = await addItem(call, versionId, { type: "work", code: "A20", name: "Footings", duration: 480 });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: a, successorId: b, type: "fs" });
  const { context, page } = await openAs(browser, token, { language: "en", scheme: "dark", width: 1440 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(codeCell(page, 1)).toHaveText("A20", { timeout: 60_000 });
  await codeCell(page, 1).click();
  await page.getByRole("tab", { name: "Constraints" }).click();

  // mandatory start on Wednesday although A10 ends on Friday: the date holds, A10 gets negative float
  await page.getByRole("combobox", { name: "Primary constraint" }).click();
  await page.getByRole("option", { name: "Mandatory start" }).click();
  await expect(page.getByText("Enter the date of the constraint")).toBeVisible();
  await page.getByTestId("details-primary-date").fill("15.01.2025");
  await page.getByTestId("details-primary-date").press("Enter");
  await expect
    .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${b}`)).startLimitType)
    .toBe("mandatory");
  await page.getByRole("button", { name: "Calculate schedule" }).click();
  await expect(page.getByTestId("calc-status")).toHaveText("Calculated", { timeout: 60_000 });
  expect(await call("GET", `/versions/${versionId}/wbs/${b}`)).toMatchObject({ earlyStart: "2025-01-15T08:00" });
  expect((await call("GET", `/versions/${versionId}/wbs/${a}`)).totalFloat).toBeLessThan(0);

  // as late as possible as the secondary: stored at once, without a date, and shown first as P6 does
  await page.getByRole("combobox", { name: "Secondary constraint" }).click();
  await page.getByRole("option", { name: "As late as possible" }).click();
  await expect.poll(async () => (await call("GET", `/versions/${versionId}/wbs/${b}`)).alap).toBe(true);
  await expect(page.getByRole("combobox", { name: "Primary constraint" })).toHaveValue("As late as possible");
  await expect(page.getByRole("combobox", { name: "Secondary constraint" })).toHaveValue("Mandatory start");
  await expect(page.getByTestId("details-primary-date")).toBeDisabled();
  await page.screenshot({ path: "e2e/artifacts/details-p6-constraints-en-dark.png", fullPage: true });

  await context.close();

  // in Russian the kinds read in Russian
  const ru = await openAs(browser, token, { language: "ru", scheme: "dark", width: 1440 });
  const pageRu = ru.page;
  await pageRu.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(codeCell(pageRu, 1)).toHaveText("A20", { timeout: 60_000 });
  await codeCell(pageRu, 1).click();
  await pageRu.getByRole("tab", { name: "Ограничения" }).click();
  await expect(pageRu.getByRole("combobox", { name: "Основное ограничение" })).toHaveValue("Как можно позже");
  await expect(pageRu.getByRole("combobox", { name: "Дополнительное ограничение" })).toHaveValue("Обязательное начало");
  await pageRu.screenshot({ path: "e2e/artifacts/details-p6-constraints-ru-dark.png", fullPage: true });
  await ru.context.close();
});
