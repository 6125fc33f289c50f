import { expect, test } from "@playwright/test";
import {
  gridCell as cell,
  gridSchedule,
  gridPace as pace,
  pasteIntoGrid as paste,
  gridTotal as total,
} from "./helpers/wdp-setup.js";
import { openAs } from "./helpers/workspace-setup.js";

/**
 * The work-done plan grid (issue 12): a planner types plan and fact quantities of a day, pastes a 3×4 block copied
 * from a spreadsheet (comma decimals), sees the totals and the behind / ahead colours follow, undoes the paste; a
 * second browser sees each change live. Works of 5 days from Monday 13.01.2025 (all in the past: facts allowed).
 */
test.setTimeout(400_000);

const TEXTS = {
  en: { undo: "Undo", plan: "12.5", planTotal: "12.5", factTotal: "10", pasted: "2.5" },
  ru: { undo: "Отменить", plan: "12,5", planTotal: "12,5", factTotal: "10", pasted: "2,5" },
} as const;

for (const language of ["en", "ru"] as const) {
  test(`plan and fact typed and pasted into the grid, totals, colours, undo and a live second view (${language})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[language];
    const setup = await gridSchedule(
      request,
      "wdp",
      { space: "Plans", facility: "Мост", project: "Пролёт", schedule: "График" },
      [
        { type: "sum", code: "S1", name: "Каркас" },
        { type: "work", code: "A10", name: "Бетон", duration: 2400, under: "S1" },
        { type: "work", code: "A20", name: "Арматура", duration: 2400, under: "S1" },
      ],
    );
    const { token, call, versionId, gridUrl: url } = setup;
    const { A10: a10, A20: a20 } = setup.ids;

    const first = await openAs(browser, token, { language });
    const second = await openAs(browser, token, { language, width: 1280 });
    await first.page.goto(url);
    await second.page.goto(url);
    const page = first.page;
    await expect(cell(page, a10, "plan", "2025-01-13")).toBeVisible({ timeout: 60_000 });
    await expect(cell(second.page, a20, "plan", "2025-01-13")).toBeVisible({ timeout: 60_000 });

    // a plan typed with the language's decimal mark, then a fact below it
    await cell(page, a10, "plan", "2025-01-13").click();
    await page.keyboard.type(texts.plan);
    await page.keyboard.press("Enter");
    await expect(cell(page, a10, "plan", "2025-01-13")).toHaveText(texts.plan);
    await expect(total(page, a10, "plan")).toHaveText(texts.planTotal);
    // Enter moved down to the fact line
    await page.keyboard.type("10");
    await page.keyboard.press("Enter");
    await expect(total(page, a10, "fact")).toHaveText(texts.factTotal);
    await expect(pace(page, a10)).toHaveAttribute("data-pace", "behind");
    await expect(cell(page, a10, "fact", "2025-01-13")).toHaveClass(/pace-behind/);

    // a word is refused, naming the work and the day, and nothing is written
    await cell(page, a10, "plan", "2025-01-14").click();
    await page.keyboard.type("abc");
    await page.keyboard.press("Enter");
    await expect(page.getByText("A10 Бетон", { exact: false }).first()).toBeVisible();
    await expect(page.getByText("14.01.2025", { exact: false }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(total(page, a10, "plan")).toHaveText(texts.planTotal);

    // a 3×4 block from a spreadsheet over A20's plan, fact and approved plan: the approved plan is written by
    // approval only, so its row is skipped
    await cell(page, a20, "plan", "2025-01-13").click();
    await paste(page, "1\t2\t3\t4\r\n2,5\t2\t3\t4\r\n1\t1\t1\t1\r\n");
    await expect(total(page, a20, "plan")).toHaveText("10");
    await expect(total(page, a20, "fact")).toHaveText(language === "ru" ? "11,5" : "11.5");
    await expect(cell(page, a20, "fact", "2025-01-13")).toHaveText(texts.pasted);
    await expect(pace(page, a20)).toHaveAttribute("data-pace", "ahead");
    const stored = await call("GET", `/versions/${versionId}/wdp`);
    const fact = stored.series.find((s: { itemId: number; kind: string }) => s.itemId === a20 && s.kind === "fact");
    expect(fact.values).toEqual([2.5, 2, 3, 4]);
    expect(stored.series.some((s: { kind: string }) => s.kind === "approved_plan")).toBe(false);

    // the second browser sees it without reloading
    await expect(total(second.page, a20, "plan")).toHaveText("10", { timeout: 30_000 });
    await expect(pace(second.page, a20)).toHaveAttribute("data-pace", "ahead");
    await page.screenshot({ path: `e2e/artifacts/wdp-grid-${language}.png` });
    await second.page.screenshot({ path: `e2e/artifacts/wdp-grid-second-${language}.png` });

    // undo takes the block back, here and there
    await page.getByRole("button", { name: texts.undo, exact: true }).click();
    await expect(total(page, a20, "plan")).toHaveText("");
    await expect(total(page, a20, "fact")).toHaveText("");
    await expect(total(page, a10, "plan")).toHaveText(texts.planTotal);
    await expect(total(second.page, a20, "fact")).toHaveText("", { timeout: 30_000 });

    // weeks sum the days and cannot be typed into
    await page.getByText(language === "ru" ? "Недели" : "Weeks", { exact: true }).click();
    await expect(cell(page, a10, "plan", "2025-01-13")).toHaveText(texts.plan);
    await expect(cell(page, a10, "plan", "2025-01-13")).toHaveClass(/is-locked/);
    await page.screenshot({ path: `e2e/artifacts/wdp-grid-weeks-${language}.png` });
    await first.context.close();
    await second.context.close();
  });
}

test("the grid's screens in fr, dark, 1440 and 600 px", async ({ browser, request }) => {
  const setup = await gridSchedule(
    request,
    "wdps",
    { space: "Plans", facility: "Pont", project: "Travée", schedule: "Planning" },
    [
      { type: "work", code: "A10", name: "Béton", duration: 2400 },
      { type: "work", code: "A20", name: "Armatures", duration: 4800 },
    ],
  );
  const { token, call, scheduleId, versionId, gridUrl } = setup;
  const { A10: a10, A20: a20 } = setup.ids;
  const cells = [
    { itemId: a10, measure: "volume", kind: "plan", date: "2025-01-13", value: "4,5" },
    { itemId: a10, measure: "volume", kind: "fact", date: "2025-01-13", value: 3 },
    { itemId: a20, measure: "volume", kind: "plan", date: "2025-01-14", value: 2 },
    { itemId: a20, measure: "volume", kind: "fact", date: "2025-01-14", value: 2.75 },
  ];
  await call("PATCH", `/schedules/${scheduleId}/wdp/update-many`, { versionId, cells });
  for (const view of [
    { language: "fr", scheme: "dark", width: 1440 },
    { language: "fr", scheme: "light", width: 600 },
    { language: "en", scheme: "dark", width: 600 },
    { language: "ru", scheme: "dark", width: 1440 },
  ]) {
    const { context, page } = await openAs(browser, token, view);
    await page.goto(gridUrl);
    await expect(total(page, a20, "fact")).toHaveText(view.language === "en" ? "2.75" : "2,75", { timeout: 60_000 });
    await expect(pace(page, a10)).toHaveAttribute("data-pace", "behind");
    await page.screenshot({ path: `e2e/artifacts/wdp-grid-${view.language}-${view.scheme}-${view.width}.png` });
    await context.close();
  }
});

test("distribute a plan, the missing-volume warning, stop planning (en)", async ({ browser, request }) => {
  const setup = await gridSchedule(
    request,
    "wdpd",
    { space: "Plans", facility: "Bridge", project: "Span", schedule: "Schedule" },
    [
      { type: "work", code: "A10", name: "Concrete", duration: 2400 },
      { type: "work", code: "A20", name: "Rebar", duration: 2400 },
    ],
  );
  const { token, call, versionId, gridUrl } = setup;
  const { A10: a10, A20: a20 } = setup.ids;
  const { context, page } = await openAs(browser, token, { language: "en" });
  await page.goto(gridUrl);
  await expect(cell(page, a10, "plan", "2025-01-13")).toBeVisible({ timeout: 60_000 });

  // nothing checked and no cell picked yet is the active first cell's work: check A10 explicitly
  await page.getByRole("checkbox", { name: "Check work A10" }).check();
  await page.getByRole("button", { name: "Distribute…" }).click();
  const dialog = page.getByRole("dialog", { name: "Distribute the plan" });
  await dialog.getByRole("textbox", { name: "Quantity to spread" }).fill("20,5");
  await dialog.getByRole("button", { name: "Distribute", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(total(page, a10, "plan")).toHaveText("20.5");
  await expect(cell(page, a10, "plan", "2025-01-13")).toHaveText("4.1");

  // A20 has no plan and no planned volume: the spec's missing-volume warning names it
  await page.getByRole("checkbox", { name: "Check work A10" }).uncheck();
  await page.getByRole("checkbox", { name: "Check work A20" }).check();
  await page.getByRole("button", { name: "Distribute…" }).click();
  await dialog.getByRole("button", { name: "Distribute", exact: true }).click();
  await expect(page.getByText("Works without a volume to distribute: A20")).toBeVisible();

  // stop planning A20: its cells cannot be typed into any more
  await page.getByRole("button", { name: "Stop planning" }).click();
  await expect(cell(page, a20, "plan", "2025-01-14")).toHaveClass(/is-locked/);
  const stored = await call("GET", `/versions/${versionId}/wdp`);
  expect(stored.works.find((w: { itemId: number }) => w.itemId === a20).status).toBe("disabled");
  await page.screenshot({ path: "e2e/artifacts/wdp-grid-distributed-en.png" });
  await context.close();
});
