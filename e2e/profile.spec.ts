import { expect, test } from "@playwright/test";
import { createAndEnterSpace, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US" });

/** The smallest valid PNG: one transparent pixel. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test("profile: a new name shows in the header, an avatar can be uploaded and removed", async ({ page }) => {
  const user = await registerUser(page.request);
  await signIn(page, user);
  await createAndEnterSpace(page, `Profile ${user.login.slice(-6)}`);
  await expect(page.getByTestId("user-menu-name")).toHaveText("Anna Tester");

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

  const firstName = page.getByLabel("First name");
  await firstName.fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("The field is required")).toBeVisible();
  await firstName.fill("Maria");
  await page.getByLabel("Last name").fill("Renamed");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
  await expect(page.getByTestId("user-menu-name")).toHaveText("Maria Renamed");

  // the name is stored on the server, not only in the page
  await page.reload();
  await expect(page.getByTestId("user-menu-name")).toHaveText("Maria Renamed");

  await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PIXEL_PNG });
  await expect(page.getByRole("img", { name: "Preview of the new avatar" })).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Avatar updated")).toBeVisible();
  await expect(page.getByTestId("user-menu").locator("img")).toBeVisible();
  await shot(page, "profile");

  await page.getByRole("button", { name: "Delete avatar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("Avatar deleted")).toBeVisible();
  await expect(page.getByTestId("user-menu").locator("img")).toHaveCount(0);
});
