import { type APIRequestContext, expect, test } from "@playwright/test";
import { PASSWORD, registerUser } from "./helpers/planum-helpers.js";
import { concreteProject } from "./helpers/wdp-setup.js";
import { addItem, apiUser, openAs } from "./helpers/workspace-setup.js";

/**
 * The concrete project's plan of volume and cost distributed evenly, status on Tuesday 14.01.2025, and A10's Monday
 * done for 300 (20 m³).
 */
async function plannedProject(request: APIRequestContext) {
  const {
    user,
    call,
    spaceId,
    facilityId,
    projectId,
    scheduleId,
    versionId: v,
    a,
    b,
  } = await concreteProject(request, "analytics", true);
  for (const measure of ["volume", "cost"])
    await call("POST", `/schedules/${scheduleId}/wdp/distribute`, {
      versionId: v,
      itemIds: [a, b],
      measure,
      mode: "evenly",
    });
  await call("PATCH", `/versions/${v}`, { dataDate: "2025-01-14T17:00" });
  const fact = (cost: number, volume: number) =>
    call("PATCH", `/schedules/${scheduleId}/wdp/update-many`, {
      versionId: v,
      cells: [
        { itemId: a, measure: "cost", kind: "fact", date: "2025-01-13", value: cost },
        { itemId: a, measure: "volume", kind: "fact", date: "2025-01-13", value: volume },
      ],
    });
  await fact(300, 20);
  // A crew of 8 h a day takes 10 h a day of A10's five days: 50 h, over-allocated each day (the resource load).
  const crew = await call("POST", `/space/${spaceId}/resources`, {
    code: "CREW-1",
    name: "Бригада бетонщиков",
    kind: "labor",
    unit: "h",
    availability: [{ from: "2025-01-01", maxUnitsPerDay: 8 }],
  });
  await call("POST", `/versions/${v}/assignment/wbs/save`, { wbsId: a, resourceId: crew.id, unitsPerDay: 10 });
  // The project's pace: SPI in per cent, red below 90.
  await call("POST", `/projects/${projectId}/indicators/create`, {
    key: "pace",
    name: "Pace, %",
    formula: "spi * 100",
    thresholds: [
      { from: 0, colour: "red" },
      { from: 90, colour: "green" },
    ],
  });
  // A second project with one work of 250 planned in February 2025 and nothing done: SPI 0 (the scoreboard).
  const second = await call("POST", `/facilities/${facilityId}/project/create`, { name: "Корпус 2" });
  const schedule2 = await call("POST", `/projects/${second.id}/schedules/create`, { name: "Кровля" });
  const v2 = await call("POST", `/schedules/${schedule2.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-02-03T08:00",
  });
  const roof = await addItem(call, v2.id, {
    type: "work",
    name: "Кровля",
    code: "R10",
    duration: 960,
    plannedCost: 250,
  });
  await call("PATCH", `/versions/${v2.id}/timetable/calculate/synchronous`);
  await call("POST", `/schedules/${schedule2.id}/wdp/distribute`, {
    versionId: v2.id,
    itemIds: [roof],
    measure: "cost",
    mode: "evenly",
  });
  return { token: user.token, spaceId, projectId, facilityId, fact };
}

/** The last value of each curve, as the chart publishes them beside its canvas. */
const points = (value: Record<string, number>) => new RegExp(`"fact":${value.fact}\\b`);

test("a node's dashboard opens on analytics, its S-curve moves when a fact changes, a count opens its works", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const setup = await plannedProject(request);
  const url = `/${setup.spaceId}?node=${setup.projectId}`;

  const { context, page } = await openAs(browser, setup.token, { language: "en" });
  await page.goto(url);
  // The panel's default tab is analytics (spec §2).
  await expect(page.getByRole("tab", { name: "Analytics" })).toHaveAttribute("aria-selected", "true");
  const curve = page.getByTestId("s-curve");
  await expect(curve).toHaveAttribute("data-points", points({ fact: 300 }), { timeout: 60_000 });
  await expect(page.getByText("S-curve: Cost")).toBeVisible();
  // Per week: the two weeks of the works, cumulative.
  // The dashboard's period (the cost curves widget below keeps its own).
  await page.getByRole("radiogroup", { name: "Period" }).first().getByText("Week", { exact: true }).click();
  await expect(curve).toHaveAttribute("data-points", /"plan":1400\b/);
  await expect(page.getByTestId("widget-s-curve").getByText("Status date 14.01.2025")).toBeVisible();
  // By Tuesday A10 planned 400 and A20 all its 400; earned 200 (a fifth of A10) for 300: SPI 0.25, CPI 0.67.
  await expect(page.getByTestId("evm-spi")).toContainText("0.25");
  await expect(page.getByTestId("evm-cpi")).toContainText("0.67");
  // The curve's first week opens the works under way in it; SPI opens the works behind schedule (A20 not begun).
  const box = await curve.boundingBox();
  if (!box) throw new Error("the S-curve is not laid out");
  await curve.click({ position: { x: box.width * 0.15, y: box.height * 0.6 } });
  const week = page.getByRole("dialog", { name: "13.01.2025 – 19.01.2025: works" });
  await expect(week.getByRole("row").filter({ hasText: "A10" })).toBeVisible();
  await expect(week.getByRole("row").filter({ hasText: "A20" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(week).toBeHidden();
  await page.getByTestId("evm-spi").click();
  const behind = page.getByRole("dialog", { name: "Behind schedule: works" });
  await expect(behind.getByRole("row").filter({ hasText: "A20" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(behind).toBeHidden();

  // Somebody enters more of Monday's fact: the curve and the figures follow without a reload.
  await setup.fact(450, 40);
  await expect(curve).toHaveAttribute("data-points", points({ fact: 450 }), { timeout: 120_000 });
  // 40 m³ earn 400 for 450: SPI 0.50, CPI 0.89.
  await expect(page.getByTestId("evm-cpi")).toContainText("0.89", { timeout: 60_000 });
  await expect(page.getByTestId("evm-spi")).toContainText("0.50");
  // The project's indicator follows, red below its threshold.
  const pace = page.getByTestId("indicator-pace");
  await expect(pace).toContainText("50", { timeout: 60_000 });
  await expect(pace).toHaveAttribute("data-colour", "red");
  // An indicator added on the dashboard: a formula that does not parse is refused under the field, then saved.
  await page.getByRole("button", { name: "Add an indicator" }).click();
  const form = page.getByRole("dialog");
  await form.getByTestId("indicator-name").fill("Cost efficiency");
  await form.getByTestId("indicator-key").fill("eff");
  await form.getByTestId("indicator-formula").fill("cpi /");
  await form.getByRole("button", { name: "Add a colour" }).click();
  await form.getByTestId("threshold-from-0").fill("0.8");
  await form.getByTestId("indicator-save").click();
  await expect(form.getByText("The formula cannot be read at character 6")).toBeVisible();
  await form.getByTestId("indicator-formula").fill("cpi");
  await form.getByTestId("indicator-save").click();
  await expect(form).toBeHidden();
  // CPI 0.89 is above 0.8: green.
  await expect(page.getByTestId("indicator-eff")).toHaveAttribute("data-colour", "green", { timeout: 60_000 });
  await expect(page.getByTestId("indicator-eff")).toContainText("0.89");
  // The pace counts the works behind schedule: its button opens them (A20, not begun).
  await page.getByTestId("indicator-works-pace").click();
  const paceWorks = page.getByRole("dialog", { name: "Pace, %: works" });
  await expect(paceWorks.getByRole("row").filter({ hasText: "A20" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(paceWorks).toBeHidden();
  // One work of the schedule chosen: A10 alone earned its 400 planned to date — pace 100, green.
  await page.getByTestId("indicator-row").fill("A10");
  await page.getByRole("option", { name: /^A10 / }).click();
  await expect(pace).toContainText("100", { timeout: 60_000 });
  await expect(pace).toHaveAttribute("data-colour", "green");
  // The resource load: the crew's 50 h against its 8 h a day, over-allocated on A10's five days.
  await expect(page.getByTestId("resource-load-chart")).toHaveAttribute("data-total", "50", { timeout: 60_000 });
  await expect(page.getByTestId("resource-over")).toHaveText("Over-allocated 5 days");
  await page.screenshot({ path: "e2e/artifacts/analytics-en-light-1440.png", fullPage: true });
  // The print view of the project's dashboard on A4 landscape: its name, the curve, the indicators in colour.
  await page.goto(`/${setup.spaceId}/analytics/print/${setup.projectId}/a4-landscape`);
  const sheet = page.getByTestId("print-sheet");
  await expect(sheet.getByRole("heading", { name: "Корпус 1" })).toBeVisible({ timeout: 60_000 });
  await expect(sheet.getByTestId("s-curve")).toHaveAttribute("data-points", points({ fact: 450 }));
  await expect(sheet.getByTestId("print-indicator-pace")).toContainText("50");
  await page.screenshot({ path: "e2e/artifacts/analytics-print-en-light-1440.png", fullPage: true });
  await page.goto(`/${setup.spaceId}/analytics/print/${setup.projectId}/letter`);
  await expect(page.getByTestId("print-format-unknown")).toContainText("Unknown sheet “letter”");
  await page.goto(url);
  await expect(page.getByTestId("evm-spi")).toBeVisible({ timeout: 60_000 });

  // The count of works not started opens the works behind it.
  await page.getByTestId("count-not_started").click();
  const list = page.getByRole("dialog");
  await expect(list.getByRole("row").filter({ hasText: "A20" })).toBeVisible();
  await expect(list.getByRole("link", { name: "Open the schedule" })).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/analytics-works-en.png" });
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();

  // A dashboard kept as the user's setting shows only its widgets, survives a reload, and the default comes back.
  await page.getByRole("button", { name: "Save this dashboard as…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Works only");
  await dialog.getByRole("checkbox", { name: "S-curve" }).uncheck();
  await dialog.getByRole("checkbox", { name: "Earned value" }).uncheck();
  await dialog.getByRole("checkbox", { name: "Cost curves" }).uncheck();
  await dialog.getByTestId("setting-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("dashboard-setting")).toHaveValue("Works only");
  await expect(page.getByTestId("work-counts")).toBeVisible();
  await expect(page.getByTestId("widget-s-curve")).toBeHidden();
  await expect(page.getByTestId("evm-figures")).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("dashboard-setting")).toHaveValue("Works only", { timeout: 60_000 });
  await expect(page.getByTestId("work-counts")).toBeVisible();
  await expect(page.getByTestId("widget-s-curve")).toBeHidden();
  // Drawn per month now: the change is kept in the dashboard, which then matches it again.
  await page.getByText("Month", { exact: true }).click();
  const keep = page.getByRole("button", { name: "Keep these changes in this dashboard" });
  await keep.click();
  await expect(keep).toBeHidden();
  await page.getByTestId("dashboard-setting").click();
  await page.getByRole("option", { name: "Default dashboard" }).click();
  await expect(page.getByTestId("widget-s-curve")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("evm-figures")).toBeVisible();

  // The scoreboard: both projects put on it from its page, ranked by SPI, the kept order moved and kept.
  await page.getByRole("link", { name: "Scoreboard" }).click();
  await expect(page.getByRole("heading", { name: "Scoreboard" })).toBeVisible();
  const rows = page.getByTestId("scoreboard-row");
  for (const name of ["Корпус 2", "Корпус 1"]) {
    await page.getByTestId("scoreboard-node").fill(name);
    await page.getByRole("option", { name: `${name} (Project)` }).click();
    await page.getByTestId("scoreboard-add").click();
    await expect(rows.filter({ hasText: name })).toBeVisible();
  }
  await expect(rows.nth(0)).toContainText("Корпус 2");
  // Корпус 1 earns 400 of 800 planned by its status date: SPI 0.50; Корпус 2 nothing of its 250: 0.00.
  await expect(rows.nth(1).getByTestId("figure-spi")).toContainText("0.50", { timeout: 60_000 });
  await expect(rows.nth(0).getByTestId("figure-spi")).toContainText("0.00", { timeout: 60_000 });
  await expect(rows.nth(1).getByTestId("indicator-pace")).toHaveAttribute("data-colour", "red");
  await page.getByTestId("rank-spi").click();
  await expect(page.getByTestId("scoreboard-ranked")).toHaveText("Ranked by SPI, highest first");
  await expect(rows.nth(0)).toContainText("Корпус 1");
  await page.getByRole("button", { name: "Back to the kept order" }).click();
  await expect(rows.nth(0)).toContainText("Корпус 2");
  await page.getByRole("button", { name: "Move Корпус 1 up" }).click();
  await expect(rows.nth(0)).toContainText("Корпус 1");
  await page.reload();
  await expect(rows.nth(0)).toContainText("Корпус 1", { timeout: 60_000 });
  await expect(rows.nth(1)).toContainText("Корпус 2");
  await page.screenshot({ path: "e2e/artifacts/scoreboard-en-light-1440.png", fullPage: true });
  // A name opens the node's dashboard.
  await rows.nth(0).getByRole("link", { name: "Корпус 1" }).click();
  await expect(page.getByRole("tab", { name: "Analytics" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("evm-spi")).toContainText("0.50", { timeout: 60_000 });
  await context.close();

  for (const [language, scheme, width, title, saveAs] of [
    ["ru", "dark", 1440, "S-кривая: Стоимость", "Сохранить эту панель как…"],
    ["ru", "light", 600, "S-кривая: Стоимость", "Сохранить эту панель как…"],
    ["en", "dark", 600, "S-curve: Cost", "Save this dashboard as…"],
    ["fr", "dark", 1440, "Courbe en S : Coût", "Enregistrer ce tableau de bord sous…"],
  ] as const) {
    const opened = await openAs(browser, setup.token, { language, scheme, width });
    await opened.page.goto(url);
    await expect(opened.page.getByText(title)).toBeVisible({ timeout: 60_000 });
    await expect(opened.page.getByTestId("s-curve")).toHaveAttribute("data-points", points({ fact: 450 }), {
      timeout: 60_000,
    });
    await opened.page.screenshot({
      path: `e2e/artifacts/analytics-${language}-${scheme}-${width}.png`,
      fullPage: true,
    });
    // The dialog that keeps a dashboard, in this language and width.
    await opened.page.getByRole("button", { name: saveAs }).click();
    await expect(opened.page.getByTestId("setting-save")).toBeVisible();
    await opened.page.screenshot({ path: `e2e/artifacts/analytics-setting-${language}-${scheme}-${width}.png` });
    await opened.page.keyboard.press("Escape");
    await opened.page.goto(`/${setup.spaceId}/analytics/print/${setup.projectId}/a4`);
    await expect(opened.page.getByTestId("print-sheet").getByTestId("s-curve")).toBeVisible({ timeout: 60_000 });
    await opened.page.screenshot({
      path: `e2e/artifacts/analytics-print-${language}-${scheme}-${width}.png`,
      fullPage: true,
    });
    await opened.page.goto(`/${setup.spaceId}/scoreboard`);
    await expect(opened.page.getByTestId("scoreboard-row").first().getByTestId("figure-spi")).toContainText(
      language === "en" ? "0.50" : "0,50",
      { timeout: 60_000 },
    );
    await opened.page.screenshot({
      path: `e2e/artifacts/scoreboard-${language}-${scheme}-${width}.png`,
      fullPage: true,
    });
    await opened.context.close();
  }
});

test("an administrator reads the members' activity: members per day, time in use, a member's days, a day's details", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await apiUser(request, "activity");
  const space = await owner.call("POST", "/space/create", { name: "Activity", type: "site" });
  owner.useSpace(space.id);
  const member = await registerUser(request, "activitym");
  await owner.call("POST", `/space/${space.id}/users/invite`, { login: member.login });
  const login = await request.post("/api/v1/auth/login", { data: { login: member.login, password: PASSWORD } });
  const memberToken = (await login.json()).data.token as string;
  // The member reads the structure twice: two actions in the space today.
  for (let i = 0; i < 2; i++) {
    const read = await request.get("/api/v1/eps", {
      headers: { Authorization: `Bearer ${memberToken}`, "X-Space-Id": space.id },
    });
    expect(read.ok()).toBeTruthy();
  }
  const today = new Date().toISOString().slice(0, 10);
  const shown = `${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`;

  const { context, page } = await openAs(browser, owner.token, { language: "en" });
  await page.goto(`/${space.id}/admin`);
  const card = page.locator(".mantine-Paper-root", {
    has: page.getByRole("heading", { name: "Activity of the members" }),
  });
  await expect(card).toBeVisible();
  // Today's bar counts the owner and the member.
  await expect(card.getByTestId("activity-chart")).toHaveAttribute("data-users", /,2$/);
  const byMember = card.getByRole("table", { name: "Time in use by member" });
  await expect(byMember.getByRole("row")).toHaveCount(3);
  const memberRow = byMember.getByRole("row", { name: new RegExp(member.login) });
  await expect(memberRow.getByRole("cell").nth(3)).toHaveText("2");

  await memberRow.getByRole("button", { name: "Tester Anna" }).click();
  const days = card.getByTestId("activity-user");
  await expect(days.getByRole("row", { name: new RegExp(shown) })).toBeVisible();

  await card.getByRole("combobox", { name: "Details of a day" }).click();
  await page.getByRole("option", { name: `${shown} — 2 members` }).click();
  const day = card.getByTestId("activity-day");
  await expect(day.getByText(`Who used the space on ${shown}`)).toBeVisible();
  await expect(day.getByRole("row")).toHaveCount(3);
  await page.screenshot({ path: "e2e/artifacts/activity-en-1440.png", fullPage: true });
  await context.close();

  for (const [language, scheme, width] of [
    ["ru", "dark", 1440],
    ["fr", "light", 600],
    ["ru", "light", 600],
  ] as const) {
    const opened = await openAs(browser, owner.token, { language, scheme, width });
    await opened.page.goto(`/${space.id}/admin`);
    await expect(opened.page.getByTestId("activity-chart")).toBeVisible({ timeout: 30_000 });
    await opened.page.getByTestId("activity-chart").scrollIntoViewIfNeeded();
    await opened.page.screenshot({ path: `e2e/artifacts/activity-${language}-${scheme}-${width}.png`, fullPage: true });
    await opened.context.close();
  }
});

test("a node's dashboard draws the cost curves kept as the user's own and rolls up only the ticked projects", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const setup = await plannedProject(request);
  const { context, page } = await openAs(browser, setup.token, { language: "en" });
  await page.goto(`/${setup.spaceId}?node=${setup.facilityId}`);
  const widget = page.getByTestId("widget-cost-curves");
  const chart = widget.getByTestId("cost-curves-chart");
  // Both projects: EV 200 and AC 300 by the status date; PV ends with the roof's 250 in February.
  await expect(chart).toHaveAttribute("data-last", /"ev":200\b.*"ac":300\b/, { timeout: 60_000 });
  // The chart is the user's own: fewer curves, kept on the server.
  // A click on the chosen curves opens the list; choosing a chosen one takes it off.
  await widget.getByText("Current cost plan").click();
  await page.getByRole("option", { name: "Current cost plan" }).click();
  await page.keyboard.press("Escape");
  await expect(chart).not.toHaveAttribute("data-last", /"plan":/);
  await page.reload();
  await expect(chart).toHaveAttribute("data-last", /"ac":300\b/, { timeout: 60_000 });
  await expect(chart).not.toHaveAttribute("data-last", /"plan":/);

  // Ticking the second project keeps the facility's figures to it: its roof of 250, nothing spent.
  const navigator = page.getByTestId("widget-navigator");
  // The tick shows once the server kept it (the box follows the navigator's answer).
  const tick = navigator.getByRole("checkbox", { name: "Roll up Корпус 2" });
  await tick.click();
  await expect(tick).toBeChecked();
  await expect(navigator.getByText("Only the ticked ones are rolled up")).toBeVisible();
  await expect(chart).toHaveAttribute("data-last", /"pv":250\b/);
  await expect(chart).not.toHaveAttribute("data-last", /"ac":/);
  await page.screenshot({ path: "e2e/artifacts/cost-curves-en-1440.png", fullPage: true });
  await tick.click();
  await expect(tick).not.toBeChecked();
  await expect(chart).toHaveAttribute("data-last", /"ac":300\b/);
  await context.close();

  for (const [language, scheme, width] of [
    ["ru", "dark", 1440],
    ["fr", "light", 600],
  ] as const) {
    const opened = await openAs(browser, setup.token, { language, scheme, width });
    await opened.page.goto(`/${setup.spaceId}?node=${setup.facilityId}`);
    await expect(opened.page.getByTestId("cost-curves-chart")).toBeVisible({ timeout: 60_000 });
    await opened.page.screenshot({
      path: `e2e/artifacts/cost-curves-${language}-${scheme}-${width}.png`,
      fullPage: true,
    });
    await opened.context.close();
  }
});
