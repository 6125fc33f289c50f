import { expect, test } from "@playwright/test";
import { shot } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US" });

test("an unknown address shows the 404 page with a way home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("/no/such/page")).toBeVisible();
  await shot(page, "not-found");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  // home for a guest is the login page
  await expect(page).toHaveURL(/\/auth\/login$/);
});
