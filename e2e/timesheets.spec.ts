import { readFile } from "node:fs/promises";
import { readXlsxTable } from "@planum/formats";
import { expect, test } from "@playwright/test";
import { PASSWORD, registerUser, shot } from "./helpers/planum-helpers.js";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

// Two people, two screens and three languages: longer than one page's test on a loaded machine.
test.setTimeout(300_000);

/**
 * A mason (a member whose user is the labour resource MASON-1) assigned 80 h on work A10, whose progress is measured by
 * units; the space's owner is A10's curator.
 */
async function seed(request: Parameters<typeof registerUser>[0]) {
  const owner = await spaceWithSchedule(request, "tso", {
    space: "Timesheets",
    facility: "Дом",
    project: "Корпус 1",
    schedule: "График дома",
  });
  const { call, spaceId, versionId } = owner;
  const a10 = await addItem(call, versionId, {
    type: "work",
    code: "A10",
    name: "Кладка стен",
    duration: 10 * 480,
    percentCompleteType: "units",
  });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  const mason = await registerUser(request, "tsm");
  const login = await (
    await request.post("/api/v1/auth/login", { data: { login: mason.login, password: PASSWORD } })
  ).json();
  await call("POST", `/space/${spaceId}/users/invite`, { login: mason.login });
  const resource = await call("POST", `/space/${spaceId}/resources`, {
    code: "MASON-1",
    name: "Иванов И.",
    kind: "labor",
    unit: "h",
    userId: login.data.user.id,
  });
  await call("POST", `/versions/${versionId}/assignment/wbs/save`, {
    wbsId: a10,
    resourceId: resource.id,
    budgetedUnits: 80,
  });
  const me = await call("GET", "/users/who-am-i");
  await call("PATCH", `/users/${me.id}/set-executor`, { versionId, wbsId: a10, role: "curator" });
  return { owner, masonToken: login.data.token as string };
}

test("a mason fills last week's hours and sends them, the curator approves, the work's progress follows (en, ru, fr)", async ({
  browser,
  request,
}) => {
  const { owner, masonToken } = await seed(request);
  const mason = await openAs(browser, masonToken, { language: "en" });
  await mason.page.goto(`/${owner.spaceId}/timesheets`);
  const line = mason.page.getByTestId("timesheet-line-A10");
  await expect(line).toBeVisible({ timeout: 60_000 });
  // Last week is finished: every day of it may be filled in.
  await mason.page.getByRole("button", { name: "Previous week" }).click();
  // Nothing typed yet: nothing to save or send.
  const saveButton = mason.page.getByRole("button", { name: "Save", exact: true });
  await expect(saveButton).toBeDisabled();
  await expect(mason.page.getByRole("button", { name: "Send for approval" })).toBeDisabled();
  await mason.page.getByRole("textbox", { name: "A10 Mon" }).fill("8");
  await expect(saveButton).toBeEnabled();
  await mason.page.getByRole("textbox", { name: "A10 Tue" }).fill("8");
  await mason.page.getByRole("button", { name: "Send for approval" }).click();
  await expect(mason.page.getByText("Timesheet sent for approval")).toBeVisible();
  await expect(line.getByText("Sent", { exact: true })).toBeVisible();
  await shot(mason.page, "timesheets-sent-en");

  // The curator sees the hours waiting for them (in Russian) and approves them.
  const curator = await openAs(browser, owner.token, { language: "ru", scheme: "dark" });
  await curator.page.goto(`/${owner.spaceId}/timesheets`);
  await curator.page.getByRole("button", { name: "Предыдущая неделя" }).click();
  await expect(curator.page.getByText(/A10 Кладка стен/)).toBeVisible({ timeout: 60_000 });
  await shot(curator.page, "timesheets-approve-ru-dark");
  // Everyone's week of the space in one sheet: the mason's 16 h on A10, still waiting.
  const download = curator.page.waitForEvent("download");
  await curator.page.getByRole("button", { name: "XLSX всех" }).click();
  const sheet = await readXlsxTable(new Uint8Array(await readFile(await (await download).path())));
  expect(sheet.rows.find((r) => r.includes("A10"))).toEqual(expect.arrayContaining([8, 16, "Отправлено"]));
  await curator.page.getByRole("button", { name: "Утвердить" }).click();
  await expect(curator.page.getByText("Часы утверждены")).toBeVisible();

  // Approved hours are the assignment's actual units: 16 of 80 h, 20 % of the work.
  await mason.page.reload();
  await mason.page.getByRole("button", { name: "Previous week" }).click();
  await expect(line.getByText("Approved", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(line).toContainText("16 of 80 h approved · 20 %");

  const french = await openAs(browser, masonToken, { language: "fr", scheme: "dark", width: 600 });
  await french.page.goto(`/${owner.spaceId}/timesheets`);
  await expect(french.page.getByTestId("timesheet-line-A10")).toBeVisible({ timeout: 60_000 });
  // At 600 px every day of the week is on screen, none behind a scrollbar.
  for (const day of ["Lun", "Mer", "Dim"])
    await expect(french.page.getByRole("textbox", { name: `A10 ${day}` })).toBeInViewport();
  await shot(french.page, "timesheets-fr-dark-600");
  await french.page.getByRole("button", { name: "Semaine précédente" }).click();
  await expect(french.page.getByTestId("timesheet-line-A10")).toContainText("Approuvé", { timeout: 60_000 });
  await shot(french.page, "timesheets-fr-dark-600-approved");
  for (const opened of [mason, curator, french]) await opened.context.close();
});
