import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { createAndEnterSpace, PASSWORD, signIn } from "./helpers/planum-helpers.js";

/** Named system administrator of the e2e server (PLANUM_SYSTEM_ADMINS in playwright.config.ts). */
const ADMIN_LOGIN = "e2e-licences";

test("a space asks for a licence, the vendor's command line issues it, the system administrator loads it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const registered = await request.post("/api/v1/users/register", {
    data: {
      login: ADMIN_LOGIN,
      email: `${ADMIN_LOGIN}@example.com`,
      firstName: "Irina",
      lastName: "Admin",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      secretQuestion: "First pet?",
      secretAnswer: "Rex",
      acceptPrivacyPolicy: true,
      language: "en",
    },
  });
  // A retry on the same server finds the account already there.
  expect([200, 409]).toContain(registered.status());
  await signIn(page, { login: ADMIN_LOGIN, password: PASSWORD });
  await createAndEnterSpace(page, `Licensed ${Date.now().toString(36)}`);
  const spaceId = new URL(page.url()).pathname.split("/")[1];
  await page.goto(`/${spaceId}/admin`);

  const card = page
    .getByRole("heading", { level: 2, name: "Licence", exact: true })
    .locator("xpath=ancestor::*[contains(@class,'mantine-Paper-root')][1]");
  await expect(card.getByText("Free", { exact: true })).toBeVisible();
  await expect(card.getByText(/A free space: no licence is loaded/)).toBeVisible();

  // The checkout form: what the space wants, sent to the vendor; the answer shows the request's code.
  await card.getByRole("button", { name: "Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a licence" });
  await dialog.getByRole("textbox", { name: "Organisation" }).fill("");
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(dialog.getByText("The field is required")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Organisation" }).fill("Mostostroy");
  await dialog.getByRole("textbox", { name: "Paid users" }).fill("3");
  await dialog.getByRole("textbox", { name: "Estimate users" }).fill("1");
  await dialog.getByRole("button", { name: "Send the request" }).click();
  const codeBlock = dialog.getByTestId("licence-request-code");
  await expect(codeBlock).toBeVisible();
  const code = (await codeBlock.textContent())?.trim() ?? "";
  expect(code.length).toBeGreaterThan(40);
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // The vendor signs the request with its key (a test key whose public half the e2e server trusts).
  const token = execFileSync(
    "node",
    [
      "apps/server/bin/planum.js",
      "licence",
      "issue",
      "--key",
      "e2e/fixtures/licence-vendor-test-key.pem",
      "--request",
      code,
    ],
    { encoding: "utf8" },
  ).trim();

  // A damaged token is refused with the spec's message and nothing changes.
  const installation = page
    .getByRole("heading", { level: 2, name: "Licences of the installation" })
    .locator("xpath=ancestor::*[contains(@class,'mantine-Paper-root')][1]");
  await installation.getByRole("textbox", { name: "Licence token" }).fill(`${token.slice(0, -4)}AAAA`);
  await installation.getByRole("button", { name: "Load the licence" }).click();
  await expect(page.getByText(/The licence token cannot be decrypted/)).toBeVisible();
  await expect(card.getByText("Free", { exact: true })).toBeVisible();

  await installation.getByRole("textbox", { name: "Licence token" }).fill(token);
  await installation.getByRole("button", { name: "Load the licence" }).click();
  await expect(page.getByText(/Licence PL-.* loaded for/)).toBeVisible();
  await expect(card.getByText("Paid", { exact: true })).toBeVisible();
  await expect(card.getByText("1 / 3")).toBeVisible();
  await expect(installation.getByText("In force").first()).toBeVisible();

  // Seats: one estimate seat is in the licence, BIM is not.
  const estimate = card.getByRole("checkbox", { name: `Estimates for ${ADMIN_LOGIN}` });
  // The box follows the server's answer (it is controlled), so it is clicked and then waited for.
  await estimate.click();
  await expect(estimate).toBeChecked();
  await expect(card.getByText("1 / 1")).toBeVisible();
  await card.getByRole("checkbox", { name: `BIM for ${ADMIN_LOGIN}` }).click();
  await expect(page.getByText("The licence does not include BIM functionality")).toBeVisible();
  await expect(card.getByRole("checkbox", { name: `BIM for ${ADMIN_LOGIN}` })).not.toBeChecked();

  // The admin page as people see it: three languages, two widths, light and dark.
  const stored = await page.context().storageState();
  const authToken = stored.origins.flatMap((o) => o.localStorage).find((e) => e.name === "planum.auth-token")?.value;
  expect(authToken).toBeTruthy();
  const titles = { en: "Licences of the installation", ru: "Лицензии установки", fr: "Licences de l’installation" };
  for (const width of [1440, 600])
    for (const language of ["en", "ru", "fr"] as const)
      for (const scheme of ["light", "dark"]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-US" });
        await context.addInitScript(
          ([t, l, c]) => {
            // runs in the page; the e2e project compiles without the DOM library
            const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
              .localStorage;
            storage.setItem("planum.auth-token", t);
            storage.setItem("planum.language", l);
            storage.setItem("planum.color-scheme", c);
          },
          [authToken as string, language, scheme],
        );
        const screen = await context.newPage();
        await screen.goto(`/${spaceId}/admin`);
        await expect(screen.getByRole("heading", { level: 2, name: titles[language] })).toBeVisible();
        await expect(screen.getByText("1 / 3")).toBeVisible();
        await screen.screenshot({ path: `e2e/artifacts/licences-${width}-${language}-${scheme}.png`, fullPage: true });
        if (scheme === "light" && width === 600) {
          await screen
            .getByRole("button", { name: { en: "Checkout", ru: "Заказать", fr: "Commander" }[language] })
            .click();
          await expect(screen.getByRole("dialog")).toBeVisible();
          await screen.screenshot({ path: `e2e/artifacts/licences-checkout-${width}-${language}.png` });
        }
        await context.close();
      }
});
