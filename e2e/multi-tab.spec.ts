import { expect, test } from "@playwright/test";
import { createAndEnterSpace, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US" });

// Two pages of one context share localStorage and the BroadcastChannel, like two tabs of one browser.
test("a sign-in in one tab signs the other in; a logout in one tab logs out both", async ({ context, page }) => {
  const user = await registerUser(page.request);
  const second = await context.newPage();
  await second.goto("/auth/login");
  await expect(second.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  await signIn(page, user);
  await createAndEnterSpace(page, `Tabs ${user.login.slice(-6)}`);

  // the waiting tab received the token and moved on without anyone touching it
  await expect(second).not.toHaveURL(/\/auth\/login/);
  await second.goto("/");
  await expect(second.getByRole("heading", { level: 1, name: `Tabs ${user.login.slice(-6)}` })).toBeVisible();

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await expect(second).toHaveURL(/\/auth\/login$/);
  await expect(second.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await shot(second, "second-tab-logged-out");
});
