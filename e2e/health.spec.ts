import { expect, type Page, test } from "@playwright/test";
import { addItem, apiUser, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/** Schedule health (issue 21): the dock's Health tab lists the DCMA checks; a failing one selects its works. */
test.setTimeout(600_000);

const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);

const TEXT = {
  en: { tab: "Health", all: "All panels", select: "Select works (1)", fail: "Fail" },
  ru: { tab: "Качество графика", all: "Все панели", select: "Выделить работы (1)", fail: "Нарушение" },
  fr: { tab: "Santé du planning", all: "Tous les panneaux", select: "Sélectionner les tâches (1)", fail: "Échec" },
} as const;

test("the health tab names failing checks, selects the works behind one and takes the schedule's thresholds; en, ru, fr", async ({
  browser,
  request,
}) => {
  const setup = await spaceWithSchedule(request, "health", {
    space: "Health",
    facility: "Мост",
    project: "Пролёт",
    schedule: "График",
  });
  const { call, versionId, token, spaceId, scheduleId } = setup;
  const a10 = await addItem(call, versionId, { type: "work", code: "A10", name: "Котлован", duration: 960 });
  const a20 = await addItem(call, versionId, { type: "work", code: "A20", name: "Фундамент", duration: 1440 });
  // a work 60 days long with a hard constraint: high duration and hard constraints fail, each naming A30 alone
  await addItem(call, versionId, {
    type: "work",
    code: "A30",
    name: "Пролёт",
    duration: 60 * 480,
    startLimitType: "mandatory",
    startLimitDate: "2025-03-03T08:00",
  });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: a10, successorId: a20, type: "fs" });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);

  for (const [language, scheme, width] of [
    ["en", "light", 1440],
    ["ru", "dark", 600],
    ["fr", "dark", 600],
  ] as const) {
    const { context, page } = await openAs(browser, token, { language, scheme, width });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
    const text = TEXT[language];
    const tab = page.getByRole("tab", { name: text.tab, exact: true });
    if (width === 600) {
      await page.getByRole("button", { name: text.all }).click();
      await page.getByRole("menuitem", { name: text.tab }).click();
    } else await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    const duration = page.getByTestId("health-high_duration");
    await expect(duration).toContainText(text.fail, { timeout: 60_000 });
    await duration.getByRole("button", { name: text.select }).click();
    // A30 becomes the Gantt's selection
    await expect(page.locator('.pg-row[aria-selected="true"]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('.pg-row[aria-selected="true"]')).toContainText("A30");
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await page.screenshot({ path: `e2e/artifacts/health-${language}-${width}-${scheme}.png`, fullPage: true });
    if (language === "fr") {
      // The schedule's own threshold: one long work in three is 33 %, within a limit of 50 % the check passes.
      await page.getByTestId("health-edit-thresholds").click();
      // At 600 px the wide checks table scrolls by itself: the form's first field stays in view.
      const first = await page.getByTestId("health-threshold-logic").boundingBox();
      expect(first?.x ?? -1).toBeGreaterThanOrEqual(0);
      await page.getByTestId("health-threshold-high_duration").fill("50");
      await page.screenshot({ path: "e2e/artifacts/health-thresholds-fr-600-dark.png", fullPage: true });
      await page.getByTestId("health-thresholds-save").click();
      await expect(page.getByTestId("health-thresholds")).toHaveCount(0, { timeout: 30_000 });
      await expect(duration).toContainText("Réussi", { timeout: 30_000 });
      await expect(duration).toContainText("≤ 50%");
    }
    await context.close();
  }

  // A member who may only read the schedule sees its health, but no Thresholds button (the server would refuse).
  const reader = await apiUser(request, "hread");
  const me = await reader.call("GET", "/users/who-am-i");
  await call("POST", `/space/${spaceId}/users/invite`, { login: me.login });
  {
    const { context, page } = await openAs(browser, reader.token, { language: "en", scheme: "light", width: 1440 });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
    await page.getByRole("tab", { name: "Health", exact: true }).click();
    await expect(page.getByTestId("health-high_duration")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("health-score")).toBeVisible();
    await expect(page.getByTestId("health-edit-thresholds")).toHaveCount(0);
    await context.close();
  }

  // The project's dashboard rolls the health up: the schedule's kept score (its critical path test done by a job).
  for (const [language, scheme, width] of [
    ["en", "light", 1440],
    ["ru", "dark", 600],
    ["fr", "dark", 600],
  ] as const) {
    const { context, page } = await openAs(browser, token, { language, scheme, width });
    await page.goto(`/${spaceId}?node=${setup.projectId}`);
    const widget = page.getByTestId("widget-health");
    await expect(widget.getByTestId(`health-rollup-${scheduleId}`)).toBeVisible({ timeout: 60_000 });
    await expect(widget.getByTestId("health-rollup-score")).toHaveText(/\d/);
    await widget.scrollIntoViewIfNeeded();
    await widget.screenshot({ path: `e2e/artifacts/health-rollup-${language}-${width}-${scheme}.png` });
    await context.close();
  }
});
