import { expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * A schedule's own donor: its planner copies a directory's norm into the schedule's own attribute from the work's
 * Directories tab (the directory defined by someone else, on the project), then links a work and sees the norm copied.
 */
test("a schedule's own donor: defined on the work's Directories tab, filling the schedule's attribute when a work is linked", async ({
  browser,
  request,
}) => {
  const s = await spaceWithSchedule(request, "sdonors", {
    space: "Schedule donors",
    facility: "Site",
    project: "Block 2",
    schedule: "Block schedule",
  });
  const { call } = s;
  const directory = await call("POST", `/eps/${s.projectId}/directory/create`, {
    name: "Work types",
    kind: "worktype",
    columns: [{ name: "Norm", type: "number" }],
  });
  const norm = directory.columns[0].id as string;
  await call("PUT", `/eps/${s.projectId}/directory/${directory.id}/update/all`, {
    create: [{ code: "BET", name: "Concreting", values: { [norm]: 0.8 } }],
  });
  const attribute = await call("POST", `/schedules/${s.scheduleId}/attributes`, { name: "Crew norm", type: "number" });
  const work = await addItem(call, s.versionId, { type: "work", code: "A10", name: "Foundation", duration: 480 });
  const { context, page } = await openAs(browser, s.token, { language: "en" });

  await page.goto(`/${s.spaceId}/schedule/${s.scheduleId}`);
  const code = page.locator('[data-pos="0"][data-col="0"]');
  await expect(code).toHaveText("A10", { timeout: 60_000 });
  await code.click();
  await page.getByRole("tab", { name: "Directories" }).click();
  await page.getByRole("button", { name: "Donors of this schedule…" }).click();
  const dialog = page.getByRole("dialog", { name: "Donors of this schedule" });
  // the only directory seen is chosen already; the attribute list offers the schedule's attributes of the column's type
  await dialog.getByRole("combobox", { name: "Column" }).click();
  await page.getByRole("option", { name: "Norm", exact: true }).click();
  await dialog.getByRole("combobox", { name: "Schedule attribute" }).click();
  await page.getByRole("option", { name: "Crew norm" }).click();
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(dialog.getByTestId("schedule-donors")).toHaveText(/Work types: Norm → Crew norm/);
  await dialog.getByRole("button", { name: "Close" }).click();

  // linking the work to a row copies the norm into the schedule's attribute at once
  const pick = page.getByRole("combobox", { name: "Row of Work types" });
  await pick.click();
  await pick.fill("BET");
  await page.getByRole("option", { name: "BET — Concreting" }).click();
  await expect
    .poll(async () => (await call("GET", `/versions/${s.versionId}/wbs/${work}`)).attrs, { timeout: 30_000 })
    .toEqual({ [attribute.id]: 0.8 });
  await context.close();
});
