import { expect, test } from "@playwright/test";
import { shot } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US" });

test("the reconnect countdown lasts 10 s, survives a reload, then lets the user go back", async ({ page }) => {
  await page.goto("/disconnect");
  await expect(page.getByRole("heading", { level: 1, name: "Connection lost" })).toBeVisible();
  const reconnect = page.getByRole("button", { name: "Reconnect" });
  await expect(reconnect).toBeDisabled();
  await shot(page, "disconnect-waiting");

  await page.waitForTimeout(3000);
  await page.reload();
  // a reload does not restart the countdown
  const seconds = Number(await page.getByTestId("disconnect-countdown").textContent());
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(7);
  await expect(reconnect).toBeDisabled();

  await expect(reconnect).toBeEnabled({ timeout: 9000 });
  await expect(page.getByText("You can reconnect now")).toBeVisible();
  await shot(page, "disconnect-ready");
  await reconnect.click();
  // nobody is signed in, so going back ends on the login page
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("the reconnect page speaks Russian when the interface is Russian, English otherwise", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Русский" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();
  await page.goto("/disconnect");
  await expect(page.getByRole("heading", { level: 1, name: "Соединение потеряно" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Переподключиться" })).toBeDisabled();

  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Язык" }).click();
  await page.getByRole("menuitem", { name: "Français" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await page.goto("/disconnect");
  await expect(page.getByRole("heading", { level: 1, name: "Connection lost" })).toBeVisible();
});
