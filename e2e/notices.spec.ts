import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, registerUser, shot } from "./helpers/planum-helpers.js";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/** A member of the owner's space, signed in through the API: their login (to invite them) and token. */
async function memberOf(request: Parameters<typeof registerUser>[0]) {
  const user = await registerUser(request, "ntm");
  const login = await request.post("/api/v1/auth/login", { data: { login: user.login, password: PASSWORD } });
  const body = await login.json();
  return { login: user.login, token: body.data.token as string, userId: body.data.user.id as string };
}

const bell = (page: Page) => page.getByTestId("notices-bell");

// Three languages, a live notice, a setting added and edited: well over the default minute on a loaded machine.
test.setTimeout(300_000);

test("notices: one arrives live in the bell, is opened (to its schedule) and deleted; screens in en, ru, fr", async ({
  browser,
  request,
}) => {
  const owner = await spaceWithSchedule(request, "nto", {
    space: "Notices site",
    facility: "Plant",
    project: "Hall 1",
    schedule: "Main works",
  });
  const work = await addItem(owner.call, owner.versionId, {
    type: "work",
    name: "Pour the ground-floor slab",
    code: "S10",
  });
  await owner.call("POST", `/versions/${owner.versionId}/setActualStatus`);
  const member = await memberOf(request);
  await owner.call("POST", `/space/${owner.spaceId}/users/invite`, { login: member.login });
  const send = (kind: string, params: Record<string, string> = {}) =>
    owner.call("POST", "/notices/personal-area/create", {
      userId: member.userId,
      kind,
      versionId: owner.versionId,
      wbsId: work,
      params,
    });

  const { context, page } = await openAs(browser, member.token, { language: "en" });
  await page.goto(`/${owner.spaceId}`);
  await expect(bell(page)).toHaveAttribute("data-unread", "0");

  // Sent by someone else while the page is open: the bell counts it without a reload.
  await send("task_need_accept_daily_data", { date: "2026-11-26" });
  await expect(bell(page)).toHaveAttribute("data-unread", "1");
  await expect(page.getByRole("button", { name: "Notices: 1 unread" })).toBeVisible();
  await bell(page).click();
  const text = "Daily data of “Pour the ground-floor slab” for 26.11.2026 await your acceptance";
  await expect(page.getByText(text)).toBeVisible();
  await shot(page, "notices-bell-en");

  // Opening leads to the work's schedule (its actual version) and marks it read.
  await page.getByRole("button", { name: "Open the notice" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/${owner.spaceId}/schedule/${owner.scheduleId}\\?version=${owner.versionId}`),
  );
  await expect(bell(page)).toHaveAttribute("data-unread", "0");

  await page.goto(`/${owner.spaceId}/profile`);
  const area = page.getByTestId("personal-area");
  await expect(area.getByTestId("notice-item")).toHaveAttribute("data-status", "checked");
  await expect(area.getByText(/· read$/)).toBeVisible();
  await area.getByRole("button", { name: "Delete the notice" }).click();
  await expect(area.getByText("No notices")).toBeVisible();

  // A bad cron is named under its field; a good one is listed.
  await page.getByRole("combobox", { name: "Periodicity" }).click();
  await page.getByRole("option", { name: "Cron expression" }).click();
  await page.getByRole("textbox", { name: "Cron expression" }).fill("every monday");
  await page.getByRole("button", { name: "Add setting" }).click();
  await expect(page.getByText("“every monday” is not a cron expression").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Cron expression" }).fill("0 8 * * 1-5");
  await page.getByRole("button", { name: "Add setting" }).click();
  await expect(page.getByTestId("notice-setting")).toContainText("cron 0 8 * * 1-5");

  // Edited in place: the setting becomes a weekly e-mail digest of assignments only.
  await page.getByRole("button", { name: "Edit the setting" }).click();
  await expect(page.getByRole("textbox", { name: "Cron expression" })).toHaveValue("0 8 * * 1-5");
  await page.getByRole("combobox", { name: "Periodicity" }).click();
  await page.getByRole("option", { name: "Weekly" }).click();
  await page.getByRole("combobox", { name: "Kinds" }).click();
  await page.getByRole("option", { name: "New assignment" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save setting" }).click();
  const edited = page.getByTestId("notice-setting");
  await expect(edited).toHaveCount(1);
  await expect(edited).toContainText("E-mail · Weekly");
  await expect(edited).toContainText("New assignment");
  await expect(page.getByRole("button", { name: "Add setting" })).toBeVisible();
  await context.close();

  // Russian and French, dark, 600 px: the bell's list and the personal area hold their long texts.
  for (const language of ["ru", "fr", "en"] as const) {
    await send("assignment_date_change_plan", { date: "2026-12-14" });
    const view = await openAs(browser, member.token, { language, scheme: "dark", width: 600, height: 900 });
    await view.page.goto(`/${owner.spaceId}/profile`);
    await expect(view.page.getByTestId("personal-area").getByTestId("notice-item")).toHaveCount(1);
    await shot(view.page, `notices-profile-${language}-dark-600`);
    await bell(view.page).click();
    await expect(view.page.getByRole("dialog").getByTestId("notice-item")).toHaveCount(1);
    await shot(view.page, `notices-bell-${language}-dark-600`);
    // delete all from the bell
    await view.page.getByTestId("notices-delete-all").click();
    // the OK of the Russian dialog is written in Cyrillic letters
    await view.page.getByRole("button", { name: /^(OK|ОК)$/ }).click();
    await expect(bell(view.page)).toHaveAttribute("data-unread", "0");
    await view.context.close();
  }
});
