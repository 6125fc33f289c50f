import { expect, type Page, test } from "@playwright/test";
import { apiAs, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(180_000);

const ROW = 28;

/** A phase (summary) of 40 (or `works`) works chained finish-to-start, 3 days each, a finish milestone after them; calculated. */
async function setUp(page: Page, language: "en" | "ru" | "fr", works = 40) {
  const user = await registerUser(page.request, "polish");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const api = await apiAs(page);
  const space = await api.call("POST", "/space/create", { name: "Polish", type: "site" });
  api.useSpace(space.id);
  await api.call("GET", `/localization/set/${language}`);
  const facility = await api.call("POST", "/facilities/create", { name: "Bridge" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "North span" });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "Main schedule" });
  const version = await api.call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-01-13T08:00",
  });
  const phase = await api.call("POST", `/versions/${version.id}/wbs/create`, { type: "sum", name: "Phase 1" });
  const ids: number[] = [];
  for (let i = 1; i <= works; i++) {
    const created = await api.call("POST", `/versions/${version.id}/wbs/create`, {
      type: "work",
      name: `Work ${i}`,
      duration: 480 * 3,
      parentId: phase.item.id,
    });
    ids.push(created.item.id);
  }
  const milestone = await api.call("POST", `/versions/${version.id}/wbs/create`, {
    type: "milestone_finish",
    name: "Phase 1 done",
    parentId: phase.item.id,
  });
  ids.push(milestone.item.id);
  for (let i = 1; i < ids.length; i++) {
    await api.call("POST", `/versions/${version.id}/relations`, { predecessorId: ids[i - 1], successorId: ids[i] });
  }
  await page.request.fetch(`/api/v1/versions/${version.id}/timetable/calculate`, {
    method: "PATCH",
    headers: await headers(page, space.id),
  });
  await expect
    .poll(async () => (await api.call("GET", `/versions/${version.id}`)).calcStatus, { timeout: 30_000 })
    .toBe("calculated");
  return { api, space, schedule, version, project, ids };
}

async function headers(page: Page, spaceId: string) {
  const state = await page.context().storageState();
  const token = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === "planum.auth-token")?.value;
  return { Authorization: `Bearer ${token}`, "X-Space-Id": spaceId };
}

/** The language this browser remembers (as the language menu stores it), read at the next page load. */
function saveLanguage(page: Page, language: string) {
  return page.evaluate((lang) => {
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
    storage.setItem("planum.language", lang);
  }, language);
}

const scroller = (page: Page) => page.locator(".pg-scroller");
const timeline = (page: Page) => page.locator("canvas.pg-canvas");

/** The dates at the left and right edges of the chart (the canvas writes them into data-span). */
async function chartSpan(page: Page): Promise<[string, string]> {
  const span = (await timeline(page).getAttribute("data-span")) ?? "/";
  return span.split("/") as [string, string];
}

/** True when the chart shows part of [from, to] (ISO days). */
async function chartShows(page: Page, from: string, to: string) {
  const [left, right] = await chartSpan(page);
  return from <= right && to >= left;
}

for (const language of ["en", "ru"] as const) {
  const words = {
    en: { today: "Scroll to today", after: /Today \(.+\) is after the schedule/ },
    ru: { today: "К сегодняшнему дню", after: /Сегодня \(.+\) позже графика/ },
  }[language];

  test(`${language}: the chart follows scrolling and selection; today outside the schedule is told`, async ({
    page,
  }) => {
    const { space, schedule, ids } = await setUp(page, language);
    await saveLanguage(page, language);
    await page.goto(`/${space.id}/schedule/${schedule.id}`);
    await expect(page.locator('[data-pos="1"][data-col="1"]')).toHaveText("Work 1", { timeout: 60_000 });

    // at first the chart shows the start of the schedule: January 2025
    await expect.poll(() => chartShows(page, "2025-01-13", "2025-01-15")).toBe(true);

    // scrolling the rows down to works of May–June brings their bars into the chart
    await scroller(page).evaluate((el, top) => {
      el.scrollTop = top;
    }, 30 * ROW);
    await expect.poll(() => chartShows(page, "2025-05-14", "2025-06-27")).toBe(true);
    expect(await chartShows(page, "2025-01-13", "2025-01-15")).toBe(false);

    // the user scrolls the chart back to January; selecting the milestone at the bottom brings its diamond in
    await page
      .locator(".pg-bottom .pg-hscroll")
      .nth(1)
      .evaluate((el) => {
        el.scrollLeft = 0;
      });
    await expect.poll(() => chartShows(page, "2025-01-13", "2025-01-15")).toBe(true);
    await page.getByRole("gridcell", { name: "Phase 1 done" }).click();
    await expect.poll(() => chartShows(page, "2025-06-27", "2025-06-27")).toBe(true);

    // today (2026) is after the schedule: a notice says so, and the chart shows the schedule's finish
    await page.getByRole("button", { name: words.today }).click();
    await expect(page.getByRole("status").filter({ hasText: words.after })).toBeVisible();
    await expect.poll(() => chartShows(page, "2025-06-27", "2025-06-27")).toBe(true);
    expect(ids.length).toBe(41);
    await shot(page, `workspace-polish-follow-${language}`);
  });
}

/** Every visible control of a bar sits on one line: their vertical extents all overlap. */
async function oneLine(page: Page, testId: string) {
  const boxes = await page
    .getByTestId(testId)
    .locator("button, input, a")
    .evaluateAll((els) =>
      els
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => ({ top: r.top, bottom: r.bottom })),
    );
  expect(boxes.length).toBeGreaterThan(3);
  const lowestTop = Math.max(...boxes.map((b) => b.top));
  const highestBottom = Math.min(...boxes.map((b) => b.bottom));
  expect(lowestTop, `${testId}: controls on more than one line`).toBeLessThan(highestBottom);
}

test("at 1440 px the header and the toolbar keep to one line each and the Gantt keeps more than 7 rows, in ru, en and fr", async ({
  page,
}) => {
  const { space, schedule } = await setUp(page, "ru", 12);
  for (const language of ["ru", "en", "fr"] as const) {
    await saveLanguage(page, language);
    await page.goto(`/${space.id}/schedule/${schedule.id}`);
    await expect(page.locator('[data-pos="1"][data-col="1"]')).toHaveText("Work 1", { timeout: 60_000 });
    await expect(page.getByTestId("calc-mode")).toBeVisible();
    await oneLine(page, "workspace-header");
    await oneLine(page, "workspace-toolbar");
    // the relations panel is open, yet the chart shows more than 7 rows
    await expect(page.getByTestId("workspace-dock").getByRole("tabpanel")).toBeVisible();
    const rows = await scroller(page).evaluate((el) => Math.floor(el.clientHeight / 28));
    expect(rows).toBeGreaterThan(7);
    await shot(page, `workspace-polish-toolbar-${language}`);
  }
  // (in French now) the panel folds down to its tabs and gives the rows back; it stays folded after a reload
  const before = await scroller(page).evaluate((el) => el.clientHeight);
  await page.getByRole("button", { name: "Masquer le panneau" }).click();
  await expect.poll(() => scroller(page).evaluate((el) => el.clientHeight)).toBeGreaterThan(before + 100);
  await page.reload();
  await expect(page.getByRole("button", { name: "Afficher le panneau" })).toBeVisible({ timeout: 60_000 });
});

test("the language chosen on the login page survives the sign-in and is saved to the profile", async ({ page }) => {
  const user = await registerUser(page.request, "lang"); // the profile says English
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.locator('input[autocomplete="username"]').fill(user.login);
  await page.locator('input[autocomplete="current-password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const api = await apiAs(page);
  await expect.poll(async () => (await api.call("GET", "/users/who-am-i")).language).toBe("fr");
});
