import { expect, test } from "@playwright/test";
import { openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

test("an administrator backs up the space, loses a schedule, previews and restores it; the admin page in three languages", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const names = { space: "Backed-up site", facility: "Plant", project: "Hall 3", schedule: "Roofing" };
  const setup = await spaceWithSchedule(request, "backup", names);
  const { page, context } = await openAs(browser, setup.token, { language: "en" });
  await page.goto(`/${setup.spaceId}/admin`);
  const card = page
    .getByRole("heading", { level: 2, name: "Backups", exact: true })
    .locator("xpath=ancestor::*[contains(@class,'mantine-Paper-root')][1]");
  await expect(card.getByText("No backups yet.")).toBeVisible();

  // The whole space, saved now: the job ends with a message and the backup is listed.
  await expect(card.getByRole("combobox", { name: "What to save" }).first()).toHaveValue(
    `The whole space “${names.space}”`,
  );
  await card.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText("Backup saved")).toBeVisible({ timeout: 60_000 });
  const list = card.getByRole("table", { name: "Saved backups" });
  await expect(list.getByText(names.space)).toBeVisible();

  // The schedule is deleted afterwards; the preview shows what differs, the restore brings it back.
  await setup.call("DELETE", `/schedules/${setup.scheduleId}`);
  await card.getByRole("button", { name: `Restore the backup of ${names.space}` }).click();
  const dialog = page.getByRole("dialog", { name: `Restore “${names.space}”` });
  await expect(dialog.getByText(/Tables whose row count differs today: \d+/)).toBeVisible();
  await expect(
    dialog.getByRole("table", { name: "Rows saved and today" }).getByText("schedules", { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Put the space back as it was saved" })).toBeChecked();
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText("The backup has been restored")).toBeVisible({ timeout: 60_000 });
  const schedules = (await setup.call("GET", `/projects/${setup.projectId}/schedules`)) as { name: string }[];
  expect(schedules.map((schedule) => schedule.name)).toEqual([names.schedule]);

  // A periodic backup of the project.
  await card.getByRole("combobox", { name: "What to save" }).last().click();
  await page.getByRole("option", { name: `Project “${names.project}”` }).click();
  await card.getByRole("button", { name: "Add", exact: true }).click();
  await expect(card.getByRole("table", { name: "Periodic backups" }).getByText(names.project)).toBeVisible();
  await context.close();

  // The admin page as people see it: three languages, dark, 600 px (and English at 1440 px, light).
  const titles = { en: "Backups", ru: "Резервные копии", fr: "Sauvegardes" };
  const views = [
    ...(["en", "ru", "fr"] as const).map((language) => ({ language, width: 600, scheme: "dark" })),
    { language: "en" as const, width: 1440, scheme: "light" },
  ];
  for (const { language, width, scheme } of views) {
    const opened = await openAs(browser, setup.token, { language, width, scheme });
    await opened.page.goto(`/${setup.spaceId}/admin`);
    const title = opened.page.getByRole("heading", { level: 2, name: titles[language], exact: true });
    await expect(title).toBeVisible();
    const shown = title.locator("xpath=ancestor::*[contains(@class,'mantine-Paper-root')][1]");
    await expect(shown.getByRole("table").first()).toBeVisible();
    await opened.page.screenshot({
      path: `e2e/artifacts/admin-backups-${width}-${language}-${scheme}.png`,
      fullPage: true,
    });
    if (width === 600) {
      await shown
        .getByRole("button", { name: { en: "Restore", ru: "Восстановить", fr: "Restaurer" }[language] })
        .first()
        .click();
      await expect(opened.page.getByRole("dialog").getByRole("radio").first()).toBeVisible();
      await opened.page.screenshot({ path: `e2e/artifacts/admin-backups-restore-${width}-${language}-${scheme}.png` });
    }
    await opened.context.close();
  }
});
