import { type APIRequestContext, expect, test } from "@playwright/test";
import { concreteProject } from "./helpers/wdp-setup.js";
import { openAs } from "./helpers/workspace-setup.js";

/**
 * The node panel's daily planning tab: the concrete project's volume plan distributed and facts entered through the
 * API; the tab shows plan against fact for the week of the last fact, a chosen period, and follows new facts live.
 */
async function plannedProject(request: APIRequestContext) {
  const { user, call, spaceId, projectId, scheduleId, versionId: v, a, b } = await concreteProject(request, "wdp");
  await call("POST", `/schedules/${scheduleId}/wdp/distribute`, {
    versionId: v,
    itemIds: [a, b],
    measure: "volume",
    mode: "evenly",
  });
  const fact = (date: string, value: number | string) =>
    call("PATCH", `/schedules/${scheduleId}/wdp/update`, {
      versionId: v,
      itemId: a,
      measure: "volume",
      kind: "fact",
      days: [{ date, value }],
    });
  await fact("2025-01-13", "18,5");
  await fact("2025-01-14", 21);
  return { token: user.token, spaceId, projectId, fact };
}

test("daily planning shows plan against fact for a period and follows new facts", async ({ browser, request }) => {
  const setup = await plannedProject(request);
  const url = `/${setup.spaceId}?node=${setup.projectId}&tab=daily_planning`;

  const { context, page } = await openAs(browser, setup.token, { language: "en" });
  await page.goto(url);
  const table = page.getByRole("table", { name: "Daily planning" });
  await expect(table).toBeVisible();
  // The week of the last fact (13–19 January): A10 planned 4 × 20, did 18.5 + 21.
  await expect(page.getByText("Facts from 13.01.2025 to 14.01.2025 on 1 work")).toBeVisible();
  const a10 = table.getByRole("row").filter({ hasText: "A10" });
  await expect(a10.getByRole("cell")).toHaveText([
    "A10",
    "Бетонирование плиты",
    "m3",
    "80",
    "39.5",
    "-40.5",
    "49.4",
    "100",
    "39.5",
  ]);
  await expect(table.getByRole("row").filter({ hasText: "Монолит" }).getByRole("cell").nth(3)).toHaveText("88");

  // Monday to Tuesday only: behind by half a cubic metre, 98.8 %.
  await page.getByLabel("To", { exact: true }).fill("14.01.2025");
  await expect(a10.getByRole("cell")).toHaveText([
    "A10",
    "Бетонирование плиты",
    "m3",
    "40",
    "39.5",
    "-0.5",
    "98.8",
    "100",
    "39.5",
  ]);
  await expect(a10.getByRole("cell").nth(5)).toHaveCSS("color", /rgb\(2\d\d, \d+, \d+\)/);

  // Somebody corrects Tuesday's fact: the table follows without a reload.
  await setup.fact("2025-01-14", 25);
  await expect(a10.getByRole("cell").nth(4)).toHaveText("43.5");
  await expect(a10.getByRole("cell").nth(5)).toHaveText("3.5");
  await page.screenshot({ path: "e2e/artifacts/wdp-daily-planning-en.png", fullPage: true });
  await context.close();

  for (const [language, scheme, width] of [
    ["ru", "light", 1440],
    ["fr", "dark", 1440],
    ["ru", "dark", 600],
  ] as const) {
    const opened = await openAs(browser, setup.token, { language, scheme, width });
    await opened.page.goto(url);
    const tab = opened.page.getByRole("table");
    const row = tab.getByRole("row").filter({ hasText: "A10" });
    await expect(row.getByRole("cell").nth(4)).toHaveText("43,5");
    await opened.page.screenshot({
      path: `e2e/artifacts/wdp-daily-planning-${language}-${scheme}-${width}.png`,
      fullPage: true,
    });
    await opened.context.close();
  }
});
