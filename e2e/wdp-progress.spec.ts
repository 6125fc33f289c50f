import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * Progress from daily facts (issue 12): a planner types the site's facts into the work-done plan grid, opens the
 * project's planning tab, sees the work's % complete, actual start and remaining duration the facts make, calculates,
 * and the Gantt bar of the work (open in another window) grows to the new finish. Work A10: 15 working days,
 * 150 m³, from Monday 13.01.2025 on a 5×8 calendar with a holiday on Wednesday 15.01; data date 30.01.2025 08:00.
 * 60 + 50 m³ typed: 110 of 150 = 73.33 %; 110 m³ took 12 working days, so 40 m³ take 5760 × 40 / 110 = 2095 min
 * (4.36 days): A10 finishes on 05.02.2025 10:55 instead of 03.02.2025 17:00.
 */
test.setTimeout(400_000);

const DAY = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const TEXTS = {
  en: {
    tab: "Planning",
    calculate: "Calculate the schedule",
    percent: "73.33",
    remaining: "4.36 d",
    table: "Planning",
  },
  ru: {
    tab: "Планирование",
    calculate: "Рассчитать график",
    percent: "73,33",
    remaining: "4,36 д",
    table: "Планирование",
  },
} as const;

interface CanvasLike {
  width: number;
  clientWidth: number;
  getContext(
    kind: "2d",
  ): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}

/** The right end (canvas pixels) of the first row's critical (red) bar on the Gantt's timeline, or -1. */
function barEnd(page: Page) {
  return page.locator(".pg-scroller .pg-time-pane canvas").evaluate((node) => {
    const canvas = node as unknown as CanvasLike;
    const ctx = canvas.getContext("2d")!;
    const scale = canvas.width / canvas.clientWidth;
    const pixels = ctx.getImageData(0, Math.round(14 * scale), canvas.width, 1).data;
    let to = -1;
    for (let x = 0; x < canvas.width; x++)
      if (pixels[x * 4] > 180 && pixels[x * 4 + 1] < 120 && pixels[x * 4 + 2] < 120) to = x;
    return to;
  });
}

async function plannedSchedule(request: Parameters<typeof spaceWithSchedule>[0]) {
  const setup = await spaceWithSchedule(request, "wdpp", {
    space: "Progress",
    facility: "Дом",
    project: "Корпус",
    schedule: "Каркас",
  });
  const { call, versionId, scheduleId } = setup;
  const cal = await call("POST", "/calendars", {
    name: "Площадка",
    week: [DAY, DAY, DAY, DAY, DAY, [], []],
    exceptions: [{ date: "2025-01-15", intervals: [] }],
  });
  const a10 = await addItem(call, versionId, {
    type: "work",
    code: "A10",
    name: "Бетон",
    duration: 7200,
    calendarId: cal.id,
    measure: "m3",
    plannedVolume: 150,
  });
  const a20 = await addItem(call, versionId, {
    type: "work",
    code: "A20",
    name: "Кровля",
    duration: 960,
    calendarId: cal.id,
  });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: a10, successorId: a20 });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  await call("POST", `/schedules/${scheduleId}/wdp/distribute`, {
    versionId,
    itemIds: [a10],
    measure: "volume",
    mode: "evenly",
  });
  await call("PATCH", `/versions/${versionId}`, { dataDate: "2025-01-30T08:00" });
  const projectId = (await call("GET", `/schedules/${scheduleId}`)).projectId as string;
  return { ...setup, a10, projectId };
}

for (const language of ["en", "ru"] as const) {
  test(`facts typed in the grid set % complete and remaining; the calculation moves the Gantt bar (${language})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[language];
    const { token, call, spaceId, scheduleId, versionId, a10, projectId } = await plannedSchedule(request);

    // The Gantt, open in a second window, shows A10 as planned.
    const gantt = await openAs(browser, token, { language });
    await gantt.page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect.poll(() => barEnd(gantt.page), { timeout: 60_000 }).toBeGreaterThan(0);
    const plannedEnd = await barEnd(gantt.page);

    // The site's facts, typed into the grid like a planner does.
    const { context, page } = await openAs(browser, token, { language });
    await page.goto(`/${spaceId}/grid/${projectId}`);
    const fact = (day: string) => page.locator(`.wg-body [data-item="${a10}"][data-kind="fact"][data-day="${day}"]`);
    await expect(fact("2025-01-13")).toBeVisible({ timeout: 60_000 });
    await fact("2025-01-13").click();
    await page.keyboard.type("60");
    await page.keyboard.press("Enter");
    const factTotal = page.locator(`.wg-left [data-item="${a10}"][data-kind="fact"] [data-total]`);
    await expect(factTotal).toHaveText("60");
    // Enter moved down to the approved plan: back up to the fact line and one day right, by the keyboard.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type("50");
    await page.keyboard.press("Enter");
    await expect(factTotal).toHaveText("110");

    // The planning tab: what the facts make of the work, before and after the calculation.
    await page.goto(`/${spaceId}?node=${projectId}&tab=planning`);
    await expect(page.getByRole("tab", { name: texts.tab, exact: true })).toHaveAttribute("aria-selected", "true");
    const row = page.getByRole("table", { name: texts.table, exact: true }).locator(`[data-item="${a10}"]`);
    await expect(row.locator("[data-percent]")).toHaveText(texts.percent, { timeout: 30_000 });
    await expect(row).toContainText("13.01.2025 08:00");
    await expect(row).toContainText(texts.remaining);
    await page.getByRole("button", { name: texts.calculate }).click();
    await expect
      .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${a10}`)).status, { timeout: 60_000 })
      .toBe("in_progress");
    const work = await call("GET", `/versions/${versionId}/wbs/${a10}`);
    expect(work).toMatchObject({ actualStart: "2025-01-13T08:00", remaining: 2095 });
    expect(work.percentComplete).toBeCloseTo(73.33, 2);
    await page.screenshot({ path: `e2e/artifacts/wdp-progress-${language}.png`, fullPage: true });

    // The Gantt follows the calculation without a reload: A10's bar now ends later.
    await expect.poll(() => barEnd(gantt.page), { timeout: 60_000 }).toBeGreaterThan(plannedEnd);
    await gantt.page.screenshot({ path: `e2e/artifacts/wdp-progress-gantt-${language}.png` });
    await gantt.context.close();
    await context.close();
  });
}

test("the planning tab in fr, ru and en, dark, at 1440 and 600 px", async ({ browser, request }) => {
  const { token, call, spaceId, scheduleId, versionId, a10, projectId } = await plannedSchedule(request);
  await call("PATCH", `/schedules/${scheduleId}/wdp/update-many`, {
    versionId,
    cells: [
      { itemId: a10, measure: "volume", kind: "fact", date: "2025-01-13", value: 60 },
      { itemId: a10, measure: "volume", kind: "fact", date: "2025-01-28", value: 50 },
    ],
  });
  for (const [language, width] of [
    ["fr", 1440],
    ["fr", 600],
    ["ru", 600],
    ["en", 600],
  ] as const) {
    const { context, page } = await openAs(browser, token, { language, scheme: "dark", width });
    await page.goto(`/${spaceId}?node=${projectId}&tab=planning`);
    await expect(page.locator(`[data-item="${a10}"] [data-percent]`)).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: `e2e/artifacts/wdp-progress-${language}-dark-${width}.png`, fullPage: true });
    await context.close();
  }
});

test("facts reported on the phone and approved make the progress; the calculation moves the Gantt bar", async ({
  browser,
  request,
}) => {
  const { token, call, spaceId, scheduleId, versionId, a10, projectId } = await plannedSchedule(request);
  const gantt = await openAs(browser, token, { language: "en" });
  await gantt.page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect.poll(() => barEnd(gantt.page), { timeout: 60_000 }).toBeGreaterThan(0);
  const plannedEnd = await barEnd(gantt.page);

  // The site reports Monday's 110 m³ on the phone page; it waits, so nothing counts yet.
  const phone = `/${spaceId}/mobile/${projectId}?schedule=${scheduleId}&version=${versionId}&date=2025-01-13`;
  const site = await openAs(browser, token, { language: "en", width: 390, height: 844 });
  await site.page.goto(phone);
  const field = site.page.getByRole("textbox", { name: /^A10 / });
  await expect(field).toBeVisible({ timeout: 60_000 });
  await field.fill("110");
  await site.page.getByRole("button", { name: "Send for approval" }).click();
  await expect(site.page.getByTestId("my-report")).toContainText("Waiting for approval");
  const { context, page } = await openAs(browser, token, { language: "en" });
  await page.goto(`/${spaceId}?node=${projectId}&tab=planning`);
  await expect(page.getByRole("tab", { name: "Planning", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No work of this schedule has facts yet.")).toBeVisible({ timeout: 60_000 });

  // The responsible person approves it: the planning tab shows what the fact makes, live.
  await site.page.goto(`${phone}&view=approve`);
  const report = site.page.getByTestId("approval-report");
  await expect(report).toContainText("110", { timeout: 60_000 });
  await report.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(report).toHaveCount(0);
  const row = page.getByRole("table", { name: "Planning", exact: true }).locator(`[data-item="${a10}"]`);
  await expect(row.locator("[data-percent]")).toHaveText("73.33", { timeout: 60_000 });
  await expect(row).toContainText("13.01.2025 08:00");

  // Calculated, the Gantt (open in another window) follows without a reload: A10's bar ends later.
  await page.getByRole("button", { name: "Calculate the schedule" }).click();
  await expect
    .poll(async () => (await call("GET", `/versions/${versionId}/wbs/${a10}`)).remaining, { timeout: 60_000 })
    .toBe(2095);
  await expect.poll(() => barEnd(gantt.page), { timeout: 60_000 }).toBeGreaterThan(plannedEnd);
  await gantt.page.screenshot({ path: "e2e/artifacts/wdp-progress-approved-gantt-en.png" });
  for (const ctx of [gantt, site, { context }]) await ctx.context.close();
});
