import { expect, type Page, test } from "@playwright/test";
import { ServerProcess } from "./helpers/server-process.js";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * Reconnect after a real server restart. The test runs a server of its own (its own port and data folder) so that it
 * can stop it by its process id and start it again on the same folder and port, while a signed-in page stays open.
 */
const server = new ServerProcess(Number(process.env.PLANUM_E2E_PORT || 3210) + 100);

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(600_000);
  await server.start();
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await server.dispose();
});

const cell = (page: Page, pos: number, col: number) => page.locator(`[data-pos="${pos}"][data-col="${col}"]`);

/** Counts every toast that appears from now on (the page is never reloaded, so the count survives navigation). */
async function countToasts(page: Page) {
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      planumToasts: number;
      MutationObserver: new (
        cb: (records: { addedNodes: ArrayLike<{ nodeType: number; matches?(s: string): boolean }> }[]) => void,
      ) => { observe(node: unknown, options: unknown): void };
      document: { body: unknown };
    };
    w.planumToasts = 0;
    new w.MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (node.nodeType === 1 && node.matches?.(".mantine-Notification-root")) w.planumToasts += 1;
    }).observe(w.document.body, { childList: true, subtree: true });
    (globalThis as unknown as { planumNotReloaded: boolean }).planumNotReloaded = true;
  });
}
const toastsSoFar = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { planumToasts: number }).planumToasts);

const TEXTS = {
  en: { title: "Connection lost", reconnect: "Reconnect", stillDown: /The server does not answer yet/ },
  ru: { title: "Соединение потеряно", reconnect: "Переподключиться", stillDown: /Сервер пока не отвечает/ },
} as const;

for (const language of ["en", "ru"] as const) {
  test(`the page recovers by itself after the server restarts (${language})`, async ({ browser, playwright }) => {
    test.setTimeout(600_000);
    const texts = TEXTS[language];
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    const { token, call, spaceId, scheduleId, versionId } = await spaceWithSchedule(request, "rec", {
      space: "Reconnect",
      facility: "Мост",
      project: "Пролёт",
      schedule: "График",
    });
    const a10 = await addItem(call, versionId, { type: "work", code: "A10", name: "Excavation", duration: 960 });
    const a20 = await addItem(call, versionId, { type: "work", code: "A20", name: "Footings", duration: 1440 });
    await call("POST", `/versions/${versionId}/relations`, { predecessorId: a10, successorId: a20, type: "fs" });
    await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);

    const { context, page } = await openAs(browser, token, { language, baseURL: server.baseURL });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(cell(page, 0, 0)).toHaveText("A10", { timeout: 60_000 });
    await expect(cell(page, 1, 1)).toHaveText("Footings");
    await countToasts(page);

    // the server stops: one calm message, the reconnect page with its countdown, and no toast per failed call
    await server.stop();
    await expect(page.getByRole("heading", { level: 1, name: texts.title })).toBeVisible({ timeout: 30_000 });
    const reconnect = page.getByRole("button", { name: texts.reconnect });
    await expect(reconnect).toBeEnabled({ timeout: 20_000 });
    await page.screenshot({ path: `e2e/artifacts/reconnect-offline-${language}.png`, fullPage: true });

    // Reconnect while the server is still down: a short check, then a word that it keeps trying; no endless spinner
    await reconnect.click();
    await expect(page.getByTestId("disconnect-still-down")).toHaveText(texts.stillDown, { timeout: 15_000 });
    await expect(reconnect).not.toHaveAttribute("data-loading");
    await expect(reconnect).toBeEnabled();
    await expect(page).toHaveURL(/\/disconnect$/);
    await page.screenshot({ path: `e2e/artifacts/reconnect-still-down-${language}.png`, fullPage: true });
    expect(await toastsSoFar(page)).toBe(0);

    // the server comes back on the same folder and port: the page goes back to the schedule by itself, no reload
    await server.start();
    const back = Date.now();
    await expect(page).toHaveURL(new RegExp(`/${spaceId}/schedule/${scheduleId}$`), { timeout: 60_000 });
    await expect(cell(page, 0, 0)).toHaveText("A10", { timeout: 60_000 });
    // reported, not asserted: from the server's first healthy answer to the schedule on screen again
    const recovered = Date.now() - back;
    test.info().annotations.push({ type: "recovered after (ms)", description: String(recovered) });
    console.log(`reconnect (${language}): the schedule was back ${recovered} ms after the server answered`);
    await expect(cell(page, 1, 1)).toHaveText("Footings");
    expect(
      await page.evaluate(() => (globalThis as unknown as { planumNotReloaded?: boolean }).planumNotReloaded),
    ).toBe(true);
    expect(await toastsSoFar(page)).toBe(0);
    await expect(page.getByTestId("connection-banner")).toHaveCount(0);
    await page.screenshot({ path: `e2e/artifacts/reconnect-recovered-${language}.png`, fullPage: true });

    // live again, both ways: an edit made on the page is stored, and one made elsewhere shows on the page
    await cell(page, 1, 0).click();
    const name = page.getByTestId("details-name");
    await expect(name).toHaveValue("Footings");
    await name.fill("Footings, cast");
    await name.press("Enter");
    await expect
      .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${a20}`)).name, { timeout: 30_000 })
      .toBe("Footings, cast");
    const stored = await call("GET", `/versions/${versionId}/wbs/${a10}`);
    await call("PATCH", `/versions/${versionId}/wbs/${a10}/update`, {
      name: "Excavation, dug",
      revision: stored.revision,
    });
    await expect(cell(page, 0, 1)).toHaveText("Excavation, dug", { timeout: 30_000 });

    await context.close();
    await request.dispose();
  });
}

test("a session the restarted server no longer knows ends on the sign-in page", async ({ browser, playwright }) => {
  test.setTimeout(600_000);
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  const { token, spaceId, scheduleId, versionId, call } = await spaceWithSchedule(request, "rec", {
    space: "Reconnect",
    facility: "Мост",
    project: "Пролёт",
    schedule: "График",
  });
  await addItem(call, versionId, { type: "work", code: "A10", name: "Excavation", duration: 960 });
  const { context, page } = await openAs(browser, token, { language: "en", baseURL: server.baseURL });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(cell(page, 0, 0)).toHaveText("A10", { timeout: 60_000 });

  // the server comes back with an empty database: the page notices by itself and asks to sign in
  await server.stop();
  await expect(page.getByRole("heading", { level: 1, name: "Connection lost" })).toBeVisible({ timeout: 30_000 });
  server.freshData();
  await server.start();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 90_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/reconnect-session-lost-en.png", fullPage: true });
  await context.close();
  await request.dispose();
});

test("calls that reach no server show one calm message, no toast, and the edit goes through once it is back (ru)", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  const { token, spaceId, scheduleId, versionId, call } = await spaceWithSchedule(request, "rec", {
    space: "Reconnect",
    facility: "Мост",
    project: "Пролёт",
    schedule: "График",
  });
  const a10 = await addItem(call, versionId, { type: "work", code: "A10", name: "Котлован", duration: 960 });
  const { context, page } = await openAs(browser, token, { language: "ru", baseURL: server.baseURL });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(cell(page, 0, 0)).toHaveText("A10", { timeout: 60_000 });
  await cell(page, 0, 0).click();
  await countToasts(page);

  // the API stops answering (the socket stays up): an edit fails, and one banner says so instead of a toast
  await page.route("**/api/v1/**", (route) => route.abort("connectionrefused"));
  const name = page.getByTestId("details-name");
  await name.fill("Котлован, вырыт");
  await name.press("Enter");
  const banner = page.getByTestId("connection-banner");
  await expect(banner).toContainText("Нет связи с сервером");
  await expect(banner.getByRole("button", { name: "Переподключиться сейчас" })).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/reconnect-banner-ru.png", fullPage: true });
  // "reconnect now" while it is still down: a short check, the banner stays, no spinner left
  await banner.getByRole("button", { name: "Переподключиться сейчас" }).click();
  await expect(banner.getByRole("button", { name: "Переподключиться сейчас" })).not.toHaveAttribute("data-loading");
  await expect(banner).toBeVisible();
  expect(await toastsSoFar(page)).toBe(0);
  expect((await call("GET", `/versions/${versionId}/wbs/${a10}`)).name).toBe("Котлован");

  // the API answers again: the banner goes by itself, and the same edit is taken
  await page.unroute("**/api/v1/**");
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  await name.fill("Котлован, вырыт");
  await name.press("Enter");
  await expect
    .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${a10}`)).name, { timeout: 30_000 })
    .toBe("Котлован, вырыт");
  await expect(cell(page, 0, 1)).toHaveText("Котлован, вырыт");
  await context.close();
  await request.dispose();
});
