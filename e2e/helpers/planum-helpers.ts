import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const PASSWORD = "Secret-pass-1";

/** A login no other test (or earlier run on the same server) uses. */
export function uniqueLogin(prefix = "u"): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export interface TestUser {
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** Registers through the API, for tests whose subject is not registration itself. */
export async function registerUser(request: APIRequestContext, prefix = "u"): Promise<TestUser> {
  const login = uniqueLogin(prefix);
  const user: TestUser = {
    login,
    email: `${login}@example.com`,
    firstName: "Anna",
    lastName: "Tester",
    password: PASSWORD,
  };
  const response = await request.post("/api/v1/users/register", {
    data: {
      ...user,
      passwordConfirm: user.password,
      secretQuestion: "First pet?",
      secretAnswer: "Rex",
      acceptPrivacyPolicy: true,
      language: "en",
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return user;
}

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, user: Pick<TestUser, "login" | "password">): Promise<void> {
  await page.goto("/auth/login");
  await page.getByLabel("Login or e-mail").fill(user.login);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Creates a space on the space-choice page and enters it. */
export async function createAndEnterSpace(page: Page, name: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Spaces" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("button", { name: "Create space" }).click();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: /^Enter/ }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

export function shot(page: Page, name: string) {
  return page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}
