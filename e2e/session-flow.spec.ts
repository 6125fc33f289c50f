import { expect, test } from "@playwright/test";
import { PASSWORD, shot, uniqueLogin } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US" });

test("register, sign in, create and enter a space, switch to Russian, log out", async ({ page }) => {
  const login = uniqueLogin();
  const spaceName = `Bridge ${login.slice(-6)}`;

  await page.goto("/auth/register");
  await expect(page.getByRole("heading", { level: 1, name: "Registration" })).toBeVisible();

  // the form refuses what the contracts refuse, field by field, before anything is sent
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("The field is required").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("short");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("The password must be at least 8 characters long")).toBeVisible();

  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("First name").fill("Anna");
  await page.getByLabel("E-mail").fill(`${login}@example.com`);
  await page.getByRole("textbox", { name: "Login", exact: true }).fill(login);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByLabel("Repeat the password").fill(PASSWORD);
  await page.getByRole("textbox", { name: "Secret question", exact: true }).fill("First pet?");
  await page.getByLabel("Answer to the secret question").fill("Rex");
  await page.getByLabel(/I accept the privacy policy/).check();
  await shot(page, "register-filled");
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Registration complete" })).toBeVisible();
  await page.getByRole("link", { name: "Go to sign-in" }).click();

  await page.getByLabel("Login or e-mail").fill(login);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong login or password")).toBeVisible();
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/auth\/select-space$/);
  await expect(page.getByRole("heading", { level: 1, name: "Spaces" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(spaceName);
  await page.getByRole("button", { name: "Create space" }).click();
  const row = page.getByRole("listitem").filter({ hasText: spaceName });
  await expect(row).toBeVisible();
  await shot(page, "select-space");
  await row.getByRole("link", { name: /^Enter/ }).click();

  // a space opens on its structure tree
  await expect(page.getByRole("heading", { level: 1, name: spaceName })).toBeVisible();
  await expect(page.getByText("The structure is empty. Create the first node with “Create”.")).toBeVisible();
  const spaceUrl = page.url();

  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Русский" }).click();
  await expect(page.getByText("Структура пуста. Создайте первый узел кнопкой «Создать».")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Разделы пространства" })).toBeVisible();
  await shot(page, "space-structure-ru");

  // the space's home sums the space up, in Russian now; the members themselves are managed on the admin page
  await page.goto(`${spaceUrl}/home`);
  await expect(page.getByRole("heading", { level: 1, name: spaceName })).toBeVisible();
  await expect(page.getByText("Ваша роль")).toBeVisible();
  await expect(page.getByText("Владелец", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Участники" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Структура" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await shot(page, "space-home-ru");
  await page.getByRole("link", { name: "Управлять участниками" }).click();
  await expect(page).toHaveURL(`${spaceUrl}/admin`);
  await expect(
    page.getByRole("table", { name: "Участники" }).getByRole("cell", { name: login, exact: true }),
  ).toBeVisible();

  // the last used space is remembered: the bare address goes straight into it
  await page.goto("/");
  await expect(page).toHaveURL(spaceUrl);
  await expect(page.getByRole("heading", { level: 1, name: spaceName })).toBeVisible();

  await page.getByRole("button", { name: "Меню пользователя" }).click();
  await page.getByRole("menuitem", { name: "Выйти" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();

  // signed out for real: a space address sends back to the login page
  await page.goto(spaceUrl);
  await expect(page).toHaveURL(/\/auth\/login$/);
});
