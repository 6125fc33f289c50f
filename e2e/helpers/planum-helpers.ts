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

/** The session token the app stored after signing in, for API calls made on the user's behalf. */
async function tokenOf(page: Page): Promise<string | undefined> {
  const state = await page.context().storageState();
  return state.origins.flatMap((o) => o.localStorage).find((e) => e.name === "planum.auth-token")?.value;
}

/**
 * API calls as the signed-in user of the page: tests set up structure this way and then drive the screen under
 * test like a person. `useSpace` adds the X-Space-Id header that space-scoped calls need.
 */
export async function apiAs(page: Page) {
  const token = await tokenOf(page);
  expect(token).toBeTruthy();
  let spaceId = "";
  const call = async (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown) => {
    const response = await page.request.fetch(`/api/v1${path}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${token}`, ...(spaceId ? { "X-Space-Id": spaceId } : {}) },
    });
    const body = await response.json();
    expect(response.ok(), JSON.stringify(body)).toBeTruthy();
    return body.data;
  };
  return {
    call,
    useSpace: (id: string) => {
      spaceId = id;
    },
  };
}
