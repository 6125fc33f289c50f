import { expect, type Page, test } from "@playwright/test";
import { OidcTestProvider } from "../apps/server/src/test/oidc-test-provider.js";
import { PASSWORD, registerUser } from "./helpers/planum-helpers.js";
import { ServerProcess } from "./helpers/server-process.js";

/**
 * Single sign-on in the browser: a real OpenID Connect provider on loopback, and a Planum server of the test's own
 * configured to trust it (the configuration's server has no provider). The person clicks "Sign in with …", types an
 * e-mail on the provider's page and lands signed in.
 */
const base = Number(process.env.PLANUM_E2E_PORT || 3210);
const server = new ServerProcess(base + 8);
const provider = new OidcTestProvider({
  port: base + 7,
  redirectUris: () => [`${server.baseURL}/api/v1/auth/openidconnect`],
});

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(600_000);
  await provider.start();
  Object.assign(server, {
    env: {
      PLANUM_PUBLIC_URL: server.baseURL,
      PLANUM_OIDC_ISSUER: provider.issuer,
      PLANUM_OIDC_CLIENT_ID: provider.clientId,
      PLANUM_OIDC_CLIENT_SECRET: provider.clientSecret,
      PLANUM_OIDC_NAME: "Test IdP",
    },
  });
  await server.start();
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await server.dispose();
  await provider.stop();
});

const TEXTS = {
  en: { button: "Sign in with Test IdP", spaces: "Spaces", accept: "Accept", failed: "Single sign-on failed" },
  ru: { button: "Войти через Test IdP", spaces: "Пространства", accept: "Принять", failed: "Не удалось войти" },
  fr: { button: "Se connecter avec Test IdP", spaces: "Espaces", accept: "Accepter", failed: "L'authentification" },
} as const;

async function openLogin(page: Page, language: keyof typeof TEXTS, dark = false) {
  await page.addInitScript(
    ([lang, scheme]) => {
      // runs in the page; the e2e project compiles without the DOM library
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      storage.setItem("planum.language", lang);
      storage.setItem("planum.color-scheme", scheme);
    },
    [language, dark ? "dark" : "light"],
  );
  await page.goto(`${server.baseURL}/auth/login`);
}

for (const language of ["en", "ru"] as const) {
  test(`a new person signs in through the identity provider (${language})`, async ({ browser }) => {
    test.setTimeout(300_000);
    const texts = TEXTS[language];
    const context = await browser.newContext({ locale: language });
    const page = await context.newPage();
    await openLogin(page, language);
    const button = page.getByRole("link", { name: texts.button });
    await expect(button).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: `e2e/artifacts/sso-login-${language}.png`, fullPage: true });
    await button.click();

    // the provider's own page
    await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible({ timeout: 60_000 });
    const email = `sso.${language}.${Date.now().toString(36)}@example.com`;
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();

    // back in Planum, signed in: a new account accepts the privacy policy first, then chooses a space
    await expect(page.getByRole("button", { name: texts.accept })).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: texts.accept }).click();
    await expect(page.getByRole("heading", { level: 1, name: texts.spaces })).toBeVisible({ timeout: 60_000 });
    expect(page.url()).not.toContain("token=");
    const me = await page.evaluate(async () => {
      const storage = (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage;
      const token = storage.getItem("planum.auth-token");
      const response = await fetch("/api/v1/users/who-am-i", { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { data: { email: string } }).data;
    });
    expect(me.email).toBe(email);
    await context.close();
  });
}

test("an existing account is reached through the provider by its e-mail", async ({ browser, playwright }) => {
  test.setTimeout(300_000);
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  const user = await registerUser(request, "sso");
  expect(user.password).toBe(PASSWORD);
  const context = await browser.newContext({ locale: "en" });
  const page = await context.newPage();
  await openLogin(page, "en");
  await page.getByRole("link", { name: TEXTS.en.button }).click();
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Continue" }).click();
  // a registered account has accepted the policy: straight to its spaces
  await expect(page.getByRole("heading", { level: 1, name: TEXTS.en.spaces })).toBeVisible({ timeout: 60_000 });
  await context.close();
});

test("a forged answer shows the localized refusal on the login page", async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [language, width, dark] of [
    ["en", 1440, false],
    ["ru", 1440, false],
    ["fr", 600, true],
    ["ru", 600, true],
  ] as const) {
    const context = await browser.newContext({ locale: language, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await openLogin(page, language, dark);
    await page.goto(`${server.baseURL}/api/v1/auth/openidconnect?code=stolen&state=forged-state`);
    await expect(page.getByRole("alert")).toContainText(TEXTS[language].failed, { timeout: 60_000 });
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByRole("link", { name: TEXTS[language].button })).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/sso-refused-${language}-${width}.png`, fullPage: true });
    await context.close();
  }
});
