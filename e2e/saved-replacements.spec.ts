import { expect, type Page, test } from "@playwright/test";
import { addItem, apiUser, openAs } from "./helpers/workspace-setup.js";

/**
 * A replacement saved under a name, picked again and run over every unlocked version of the schedule (issue 14): the
 * preview names each change's version, both versions follow, and the saved rule shows its last run.
 */
test("save a replacement, pick it and run it over the whole schedule", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const user = await apiUser(request, "saved-replace");
  const { call } = user;
  const space = await call("POST", "/space/create", { name: "Saved replacements", type: "site" });
  user.useSpace(space.id);
  const facility = await call("POST", "/facilities/create", { name: "Site" });
  const project = await call("POST", `/facilities/${facility.id}/project/create`, { name: "Block 3" });
  const schedule = await call("POST", `/projects/${project.id}/schedules/create`, { name: "Schedule" });
  const material = await call("POST", `/schedules/${schedule.id}/attributes`, { name: "Material", type: "string" });
  const versions: string[] = [];
  const works: number[] = [];
  for (const label of ["Main", "Second"]) {
    const version = await call("POST", `/schedules/${schedule.id}/versions/create`, {
      label,
      projectStart: "2025-01-13T08:00",
    });
    versions.push(version.id);
    works.push(
      await addItem(call, version.id, {
        type: "work",
        code: "A10",
        name: "Wall",
        duration: 480,
        attrs: { [material.id]: "concrete m200" },
      }),
    );
  }
  const materialIn = async (k: number) =>
    (await call("GET", `/versions/${versions[k]}/wbs/${works[k]}`)).attrs[material.id] as string;

  const { context, page } = await openAs(browser, user.token, { language: "en", scheme: "light", width: 1440 });
  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  const code = page.locator('[data-pos="0"][data-col="0"]');
  await expect(code).toHaveText("A10", { timeout: 60_000 });
  await code.click();
  await page.getByRole("tab", { name: "Attributes" }).click();
  const open = async (): Promise<ReturnType<Page["getByRole"]>> => {
    await page.getByRole("button", { name: "Replace values…" }).click();
    return page.getByRole("dialog", { name: "Replace attribute values" });
  };

  // the rule typed and saved under a name
  let dialog = await open();
  await dialog.getByText("Pattern", { exact: true }).click();
  await dialog.getByTestId("replace-find").fill("concrete*");
  await dialog.getByTestId("replace-with").fill("Concrete C30");
  await dialog.getByTestId("replace-save").click();
  const ask = page.getByRole("dialog", { name: "Save the replacement" });
  await ask.getByLabel("Name").fill("Concrete by class");
  await ask.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByTestId("replace-last-run")).toHaveText("Not run yet");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // picked again in a new dialog: the form is filled; run over the whole schedule, the preview naming the versions
  dialog = await open();
  await dialog.getByTestId("replace-saved").click();
  await page.getByRole("option", { name: "Concrete by class (Material)" }).click();
  await expect(dialog.getByTestId("replace-find")).toHaveValue("concrete*");
  await dialog.getByText("In every unlocked version of the schedule").click();
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByTestId("replace-summary")).toHaveText("2 values change · versions: 2");
  const rows = dialog.getByTestId("replace-preview").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Main");
  await expect(rows.nth(1)).toContainText("Second");
  await dialog.getByRole("button", { name: "Replace", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => materialIn(1), { timeout: 30_000 }).toBe("Concrete C30");
  expect(await materialIn(0)).toBe("Concrete C30");

  // the saved rule tells its last run
  dialog = await open();
  await dialog.getByTestId("replace-saved").click();
  await page.getByRole("option", { name: "Concrete by class (Material)" }).click();
  await expect(dialog.getByTestId("replace-last-run")).toContainText("2 values in versions: 2");
  await context.close();
});
