import { expect, type Page, test } from "@playwright/test";
import { createAndEnterSpace, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US" });

/** The new-password pair says the same on every screen: too short first, then a repetition that does not match. */
async function checkPasswordPair(page: Page, newLabel: string, confirmLabel: string, submit: string) {
  await page.getByRole("textbox", { name: newLabel, exact: true }).fill("short");
  await page.getByRole("textbox", { name: confirmLabel, exact: true }).fill("short");
  await page.getByRole("button", { name: submit }).click();
  await expect(page.getByText("The password must be at least 8 characters long")).toBeVisible();
  await page.getByRole("textbox", { name: newLabel, exact: true }).fill("Another-pass-2");
  await page.getByRole("textbox", { name: confirmLabel, exact: true }).fill("Another-pass-3");
  await page.getByRole("button", { name: submit }).click();
  await expect(page.getByText("Password mismatch")).toBeVisible();
  await expect(page.getByText("The password must be at least 8 characters long")).toHaveCount(0);
  await page.getByRole("textbox", { name: confirmLabel, exact: true }).fill("Another-pass-2");
}

test("restore by secret question: the password pair is checked, then the new password signs in", async ({ page }) => {
  const user = await registerUser(page.request);
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Restore by secret question" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password restore" })).toBeVisible();
  await page.getByLabel("Login or e-mail").fill(user.login);
  await page.getByRole("button", { name: "Show the question" }).click();
  await expect(page.getByText("First pet?")).toBeVisible();
  await page.getByLabel("Answer to the secret question").fill("Rex");
  await checkPasswordPair(page, "New password", "Repeat the password", "Change the password");
  await shot(page, "restore-filled");
  await page.getByRole("button", { name: "Change the password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password changed" })).toBeVisible();

  await signIn(page, { login: user.login, password: "Another-pass-2" });
  await expect(page).toHaveURL(/\/auth\/select-space$/);
});

test("the e-mail link's form checks the pair the same way before asking the server", async ({ page }) => {
  await page.goto("/auth/reset-password?token=not-a-real-token");
  await expect(page.getByRole("heading", { level: 1, name: "New password" })).toBeVisible();
  await checkPasswordPair(page, "New password", "Repeat the password", "Set the password");
  await page.getByRole("button", { name: "Set the password" }).click();
  // only a well-formed pair reaches the server, which refuses the made-up token: the page stays, with a red toast
  await expect(page.getByText("The link is invalid or has expired")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "New password" })).toBeVisible();
});

test("profile: the password pair is checked, then the password changes", async ({ page }) => {
  const user = await registerUser(page.request);
  await signIn(page, user);
  await createAndEnterSpace(page, `Pass ${user.login.slice(-6)}`);
  await page.goto(`${page.url()}/profile`);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await page.getByLabel("Current password").fill(user.password);
  await checkPasswordPair(page, "New password", "Repeat the new password", "Change password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New password", exact: true })).toHaveValue("");
});
