import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { registerUser, type TestUser } from "./helpers/planum-helpers.js";

async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const login = await request.post("/api/v1/auth/login", { data: { login: user.login, password: user.password } });
  return (await login.json()).data.token as string;
}

/** A space with a small structure and a second member, built through the API. */
async function seedSpace(request: APIRequestContext) {
  const owner = await registerUser(request, "own");
  const member = await registerUser(request, "mem");
  const token = await tokenOf(request, owner);
  const auth = { Authorization: `Bearer ${token}` };
  const space = await request.post("/api/v1/space/create", {
    headers: auth,
    data: { name: "Мост через Обь", type: "site" },
  });
  const spaceId = (await space.json()).data.id as string;
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api/v1${path}`, { headers: { ...auth, "X-Space-Id": spaceId }, data });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()).data;
  };
  const region = await post("/eps/create", { name: "Северо-Западный регион" });
  const facility = await post("/facilities/create", { name: "Мостовой переход", parentId: region.id });
  await post(`/facilities/${facility.id}/project/create`, { name: "Пролётное строение" });
  await post(`/space/${spaceId}/users/invite`, { login: member.login });
  return { spaceId, ownerToken: token, memberToken: await tokenOf(request, member) };
}

async function openAs(browser: Browser, token: string | null, language: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-US" });
  await context.addInitScript(
    ([t, l]) => {
      // runs in the page; the e2e project compiles without the DOM library
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      if (t) storage.setItem("planum.auth-token", t);
      storage.setItem("planum.language", l);
    },
    [token ?? "", language],
  );
  return context.newPage();
}

const TEXTS = {
  en: { members: "Members", manage: "Manage members", all: "All members", structure: "Structure", role: "Your role" },
  ru: {
    members: "Участники",
    manage: "Управлять участниками",
    all: "Все участники",
    structure: "Структура",
    role: "Ваша роль",
  },
} as const;

test("space home is a summary: counts and links, management only on the admin page", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { spaceId, ownerToken, memberToken } = await seedSpace(request);
  for (const language of ["en", "ru"] as const) {
    const text = TEXTS[language];
    for (const width of [1440, 600]) {
      const page = await openAs(browser, ownerToken, language, width);
      await page.goto(`/${spaceId}/home`);
      await expect(page.getByRole("heading", { level: 1, name: "Мост через Обь" })).toBeVisible();
      await expect(page.getByText(text.role)).toBeVisible();
      const members = page.getByRole("definition").filter({ hasText: /^2$/ });
      await expect(members).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 2, name: text.structure })).toBeVisible();
      // no member list, invitation or kick-out here
      await expect(page.getByRole("table")).toHaveCount(0);
      await expect(page.getByRole("textbox")).toHaveCount(0);
      await page.screenshot({ path: `e2e/artifacts/space-home-${width}-${language}.png`, fullPage: true });
      if (width === 1440) {
        await page.getByRole("link", { name: text.manage }).click();
        await expect(page).toHaveURL(new RegExp(`/${spaceId}/admin$`));
        await expect(page.getByRole("table", { name: text.members })).toBeVisible();
        await page.screenshot({ path: `e2e/artifacts/admin-summary-link-${language}.png`, fullPage: true });
      }
      await page.context().close();
    }
    // a member with the default role sees the summary without the way to manage
    const page = await openAs(browser, memberToken, language);
    await page.goto(`/${spaceId}/home`);
    await expect(page.getByRole("heading", { level: 1, name: "Мост через Обь" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: text.structure })).toBeVisible();
    await expect(page.getByRole("link", { name: text.manage })).toHaveCount(0);
    await page.screenshot({ path: `e2e/artifacts/space-home-member-${language}.png`, fullPage: true });
    await page.context().close();
  }
});

test("profile and the password screens in English and Russian", async ({ browser, request }) => {
  const { spaceId, ownerToken } = await seedSpace(request);
  for (const language of ["en", "ru"] as const) {
    const page = await openAs(browser, ownerToken, language);
    await page.goto(`/${spaceId}/profile`);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page.locator('input[autocomplete="new-password"]')).toHaveCount(2);
    await page.screenshot({ path: `e2e/artifacts/profile-${language}.png`, fullPage: true });
    await page.context().close();

    const guest = await openAs(browser, null, language);
    for (const [name, path] of [
      ["register", "/auth/register"],
      ["reset-link", "/auth/reset-password?token=x"],
    ]) {
      await guest.goto(path);
      await expect(guest.locator('input[autocomplete="new-password"]')).toHaveCount(2);
      await guest.locator('form button[type="submit"]').click();
      await guest.screenshot({ path: `e2e/artifacts/${name}-${language}.png`, fullPage: true });
    }
    await guest.context().close();
  }
});
