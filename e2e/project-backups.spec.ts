import { expect, test } from "@playwright/test";
import { openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

test("a project's backups from the structure: saved, previewed and restored after a loss, then deleted", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const names = { space: "Project backups site", facility: "Depot", project: "Hall 7", schedule: "Walls" };
  const setup = await spaceWithSchedule(request, "project-backup", names);
  const { page, context } = await openAs(browser, setup.token, { language: "en" });
  // The project chosen in the tree, as a person does
  await page.goto(`/${setup.spaceId}`);
  const tree = page.getByRole("tree", { name: "Structure tree" });
  await tree.getByRole("treeitem", { name: names.facility, exact: true }).click();
  await tree.press("ArrowRight");
  await tree.getByRole("treeitem", { name: names.project, exact: true }).click();
  await page.getByRole("button", { name: "Backups of the project" }).click();
  const dialog = page.getByRole("dialog", { name: `Backups of “${names.project}”` });
  await expect(dialog.getByText("No backups of this project yet.")).toBeVisible();

  await dialog.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText("Backup saved")).toBeVisible({ timeout: 60_000 });
  const list = dialog.getByRole("table", { name: "Saved backups" });
  await expect(list.getByRole("row")).toHaveCount(2);

  // The schedule is lost; the preview names what differs, and the restore in place brings it back.
  await setup.call("DELETE", `/schedules/${setup.scheduleId}`);
  await list.getByRole("button", { name: /^Restore the backup of / }).click();
  const restore = page.getByRole("dialog", { name: `Restore “${names.project}”` });
  await expect(
    restore.getByRole("table", { name: "Rows saved and today" }).getByText("schedules", { exact: true }),
  ).toBeVisible();
  await expect(restore.getByRole("radio", { name: "Put the project back as it was saved" })).toBeChecked();
  await restore.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText("The backup has been restored")).toBeVisible({ timeout: 60_000 });
  const schedules = (await setup.call("GET", `/projects/${setup.projectId}/schedules`)) as { name: string }[];
  expect(schedules.map((schedule) => schedule.name)).toEqual([names.schedule]);

  await list.getByRole("button", { name: /^Delete the backup of / }).click();
  await page.getByRole("dialog", { name: "Delete a backup" }).getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByText("No backups of this project yet.")).toBeVisible();
  await context.close();
});
