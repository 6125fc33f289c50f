import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { PASSWORD, registerUser } from "./helpers/planum-helpers.js";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * Approval of work done (issue 12): a site engineer enters the day's done quantity on the phone page (390×844,
 * comma as the decimal point) and sends it; the grid marks the cell as waiting; the responsible person approves it
 * on their phone; the fact lands in the grid with its total and the behind-plan colour, and the engineer's page shows
 * the report approved — live, without reloading. Works started two days ago on a seven-day calendar, so "today"
 * always has a planned day.
 */
test.setTimeout(400_000);

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TODAY = iso(Date.now());
const TEXTS = {
  en: {
    send: "Send for approval",
    approve: "Approve",
    tab: "Approve",
    waiting: "Waiting for approval",
    approved: "Approved",
    typed: "7,5",
    shown: "7.5",
    button: "Approvals (1)",
    takeBack: "Take my decision back",
  },
  ru: {
    send: "Отправить на согласование",
    approve: "Подтвердить",
    tab: "Согласование",
    waiting: "Ждёт согласования",
    approved: "Подтверждён",
    typed: "7,5",
    shown: "7,5",
    button: "Согласование (1)",
    takeBack: "Отменить моё решение",
  },
  fr: {
    send: "Envoyer pour validation",
    approve: "Valider",
    tab: "Valider",
    waiting: "En attente de validation",
    approved: "Validé",
    typed: "7,5",
    shown: "7,5",
    button: "Validations (1)",
    takeBack: "Annuler ma décision",
  },
} as const;

const cell = (page: Page, item: number, kind: string, day: string) =>
  page.locator(`.wg-body [data-item="${item}"][data-kind="${kind}"][data-day="${day}"]`);
const total = (page: Page, item: number, kind: string) =>
  page.locator(`.wg-left [data-item="${item}"][data-kind="${kind}"] [data-total]`);

/** A second member of the space holding a role of the given abilities; answers their token. */
async function memberWith(
  request: APIRequestContext,
  owner: { call: (m: "POST" | "PUT" | "GET", p: string, d?: unknown) => Promise<unknown> },
  spaceId: string,
  abilities: string[],
) {
  const user = await registerUser(request, "site");
  const login = await request.post("/api/v1/auth/login", { data: { login: user.login, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  const me = await request.get("/api/v1/users/who-am-i", { headers: { Authorization: `Bearer ${token}` } });
  const userId = (await me.json()).data.id as string;
  await owner.call("POST", `/space/${spaceId}/users/invite`, { login: user.login });
  const role = (await owner.call("POST", "/roles", { name: `Site ${userId.slice(0, 6)}`, abilities })) as {
    id: string;
  };
  await owner.call("PUT", `/space/${spaceId}/users/${userId}/role`, { roleId: role.id });
  return token;
}

async function setUp(request: APIRequestContext) {
  const setup = await spaceWithSchedule(request, "wdpok", {
    space: "Site",
    facility: "Корпус Б",
    project: "Секция 2",
    schedule: "Монолит",
  });
  const { call, spaceId, scheduleId } = setup;
  const DAY = [
    ["08:00", "12:00"],
    ["13:00", "17:00"],
  ];
  const calendar = await call("POST", "/calendars", {
    name: "Без выходных",
    week: [DAY, DAY, DAY, DAY, DAY, DAY, DAY],
  });
  const version = await call("POST", `/schedules/${scheduleId}/versions/create`, {
    label: "Текущая",
    projectStart: `${iso(Date.now() - 2 * DAY_MS)}T08:00`,
  });
  const versionId = version.id as string;
  const sum = await addItem(call, versionId, { type: "sum", code: "S1", name: "Перекрытие 3 этажа" });
  const a10 = await addItem(call, versionId, {
    type: "work",
    code: "A10",
    name: "Бетонирование плиты",
    duration: 2400,
    parentId: sum,
    calendarId: calendar.id,
    measure: "m3",
    plannedVolume: 50,
  });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  await call("POST", `/schedules/${scheduleId}/wdp/distribute`, {
    versionId,
    itemIds: [a10],
    measure: "volume",
    mode: "evenly",
  });
  const projectId = (await call("GET", `/schedules/${scheduleId}`)).projectId as string;
  const engineer = await memberWith(request, setup, spaceId, ["schedule:read", "wdp:report"]);
  return { ...setup, versionId, a10, projectId, engineer };
}

for (const view of [
  { language: "en", scheme: "light" },
  { language: "ru", scheme: "light" },
  { language: "fr", scheme: "dark" },
] as const) {
  test(`facts reported on the phone, approved by the responsible person, in the grid (${view.language}, ${view.scheme})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[view.language];
    const { token, engineer, spaceId, projectId, versionId, a10 } = await setUp(request);
    const phone = `/${spaceId}/mobile/${projectId}?version=${versionId}`;
    const tag = `${view.language}-${view.scheme}`;

    // The site engineer on a phone: today's work with its plan, the quantity typed with a comma.
    const site = await openAs(browser, engineer, {
      language: view.language,
      scheme: view.scheme,
      width: 390,
      height: 844,
    });
    await site.page.goto(phone);
    const field = site.page.getByRole("textbox", { name: /^A10 / });
    await expect(field).toBeVisible({ timeout: 60_000 });
    await expect(site.page.getByTestId("mobile-work")).toContainText("Бетонирование плиты");
    // Not a number: said under the field at once (the hint shows the comma form).
    await field.fill("abc");
    await expect(site.page.getByTestId("mobile-work")).toContainText("7,5");
    await field.fill(texts.typed);
    await site.page.getByRole("button", { name: texts.send }).click();
    const mine = site.page.getByTestId("my-report");
    await expect(mine).toContainText(texts.waiting);
    await expect(field).toHaveValue("");
    await expect(site.page.getByTestId("mobile-work")).toContainText(texts.shown);
    await site.page.screenshot({ path: `e2e/artifacts/wdp-mobile-report-${tag}-390.png`, fullPage: true });

    // The grid marks the waiting cell; the fact itself is still empty.
    const desk = await openAs(browser, token, { language: view.language, scheme: view.scheme, width: 1440 });
    await desk.page.goto(`/${spaceId}/grid/${projectId}?version=${versionId}`);
    const factToday = cell(desk.page, a10, "fact", TODAY);
    await expect(factToday).toHaveClass(/is-pending/, { timeout: 60_000 });
    await expect(factToday).toHaveAttribute("data-pending", texts.shown);
    await expect(desk.page.getByRole("button", { name: texts.button })).toBeVisible();
    await desk.page.screenshot({ path: `e2e/artifacts/wdp-approval-grid-${tag}-1440.png` });

    // The responsible person approves it on a phone.
    const boss = await openAs(browser, token, {
      language: view.language,
      scheme: view.scheme,
      width: 390,
      height: 844,
    });
    await boss.page.goto(`${phone}&view=approve`);
    const report = boss.page.getByTestId("approval-report");
    await expect(report).toContainText("Бетонирование плиты", { timeout: 60_000 });
    await expect(report).toContainText(texts.shown);
    await boss.page.screenshot({ path: `e2e/artifacts/wdp-mobile-approve-${tag}-390.png`, fullPage: true });
    await report.getByRole("button", { name: texts.approve, exact: true }).click();
    await expect(report).toHaveCount(0);

    // Live: the grid shows the approved fact with its total and the behind-plan colour; the engineer sees "approved".
    await expect(factToday).toHaveText(texts.shown);
    await expect(factToday).not.toHaveClass(/is-pending/);
    await expect(factToday).toHaveClass(/pace-behind/);
    await expect(total(desk.page, a10, "fact")).toHaveText(texts.shown);
    await expect(mine).toContainText(texts.approved);
    await desk.page.screenshot({ path: `e2e/artifacts/wdp-approval-grid-approved-${tag}-1440.png` });
    await site.page.screenshot({ path: `e2e/artifacts/wdp-mobile-approved-${tag}-390.png`, fullPage: true });

    // Approved by mistake: the responsible person takes the decision back; the report waits again, live everywhere,
    // and is approved once more.
    const takeBack = boss.page.getByTestId("take-back-decision");
    await expect(takeBack).toBeVisible({ timeout: 60_000 });
    await boss.page.screenshot({ path: `e2e/artifacts/wdp-mobile-take-back-${tag}-390.png`, fullPage: true });
    await takeBack.getByRole("button", { name: texts.takeBack }).click();
    await expect(report).toHaveCount(1, { timeout: 60_000 });
    await expect(takeBack).toHaveCount(0);
    await expect(factToday).toHaveClass(/is-pending/, { timeout: 60_000 });
    await expect(mine).toContainText(texts.waiting, { timeout: 60_000 });
    await report.getByRole("button", { name: texts.approve, exact: true }).click();
    await expect(report).toHaveCount(0);
    await expect(factToday).toHaveText(texts.shown, { timeout: 60_000 });
    await expect(mine).toContainText(texts.approved, { timeout: 60_000 });

    // The same page at the spec's small breakpoint (600 px) keeps its fields and buttons whole.
    await site.page.setViewportSize({ width: 600, height: 900 });
    await expect(site.page.getByRole("button", { name: texts.send })).toBeVisible();
    await site.page.screenshot({ path: `e2e/artifacts/wdp-mobile-${tag}-600.png`, fullPage: true });
    for (const ctx of [site, desk, boss]) await ctx.context.close();
  });
}

const PLAN_TEXTS = {
  en: {
    held: "1 plan change of an approved day waits for approval",
    badge: "Plan change",
    typed: "12,5",
    shown: "12.5",
    print: "Print format",
  },
  ru: {
    held: "1 изменение плана утверждённого дня ждёт согласования",
    badge: "Изменение плана",
    typed: "12,5",
    shown: "12,5",
    print: "Формат печати",
  },
  fr: {
    held: "1 modification du plan d’un jour validé attend la validation",
    badge: "Modification du plan",
    typed: "12,5",
    shown: "12,5",
    print: "Format d’impression",
  },
} as const;

for (const view of [
  { language: "en", scheme: "dark" },
  { language: "ru", scheme: "light" },
  { language: "fr", scheme: "dark" },
] as const) {
  test(`a plan change of an approved day waits for the responsible person (${view.language}, ${view.scheme})`, async ({
    browser,
    request,
  }) => {
    const texts = { ...TEXTS[view.language], ...PLAN_TEXTS[view.language] };
    const setup = await setUp(request);
    const { token, call, spaceId, projectId, versionId, scheduleId, a10 } = setup;
    // Today's 10 m³ were reported and approved: today is an approved day of A10.
    const report = (await call("POST", `/versions/${versionId}/mobile`, {
      cells: [{ itemId: a10, measure: "volume", value: 10 }],
    })) as { id: string };
    await call("POST", `/schedules/${scheduleId}/wdp/approvals`, { reportId: report.id, decision: "APPROVED" });
    const planner = await memberWith(request, setup, spaceId, ["schedule:read", "schedule:write"]);
    const grid = `/${spaceId}/grid/${projectId}?version=${versionId}`;
    const tag = `${view.language}-${view.scheme}`;

    // The planner types a new plan for today: it is not written, it waits, and the grid says so.
    const desk = await openAs(browser, planner, { language: view.language, scheme: view.scheme, width: 1440 });
    await desk.page.goto(grid);
    const planToday = cell(desk.page, a10, "plan", TODAY);
    await expect(planToday).toHaveText("10", { timeout: 60_000 });
    await planToday.click();
    await desk.page.keyboard.type(texts.typed);
    await desk.page.keyboard.press("Enter");
    await expect(desk.page.getByText(texts.held)).toBeVisible({ timeout: 60_000 });
    await expect(planToday).toHaveClass(/is-pending/, { timeout: 60_000 });
    await expect(planToday).toHaveAttribute("data-pending", texts.shown);
    await expect(planToday).toHaveText("10");
    await desk.page.screenshot({ path: `e2e/artifacts/wdp-plan-held-${tag}-1440.png` });
    // The planner, who may not read the structure, opens the print format dialog: the project is named from the
    // schedule's own answer, and the page is not sent to "The space cannot be opened".
    await desk.page.getByRole("button", { name: texts.print, exact: true }).click();
    await expect(desk.page.getByRole("dialog", { name: texts.print })).toBeVisible({ timeout: 30_000 });
    await desk.page.keyboard.press("Escape");
    await expect(desk.page).toHaveURL(/\/grid\//);
    await expect(planToday).toHaveText("10");

    // The responsible person finds it among the approvals as a plan change and approves it.
    const boss = await openAs(browser, token, { language: view.language, scheme: view.scheme, width: 1440 });
    await boss.page.goto(grid);
    await boss.page.getByRole("button", { name: texts.button }).click({ timeout: 60_000 });
    const card = boss.page.getByTestId("approval-report");
    await expect(card.getByTestId("plan-change")).toHaveText(texts.badge, { timeout: 60_000 });
    await expect(card).toContainText(texts.shown);
    await boss.page.screenshot({ path: `e2e/artifacts/wdp-plan-approval-${tag}-1440.png` });
    await boss.page.setViewportSize({ width: 600, height: 900 });
    await expect(card.getByRole("button", { name: texts.approve, exact: true })).toBeVisible();
    await boss.page.screenshot({ path: `e2e/artifacts/wdp-plan-approval-${tag}-600.png` });
    await card.getByRole("button", { name: texts.approve, exact: true }).click();
    await expect(card).toHaveCount(0, { timeout: 60_000 });

    // Live in the planner's grid: the new plan is in place, nothing waits any more.
    await expect(planToday).toHaveText(texts.shown, { timeout: 60_000 });
    await expect(planToday).not.toHaveClass(/is-pending/);
    await desk.page.screenshot({ path: `e2e/artifacts/wdp-plan-approved-${tag}-1440.png` });
    for (const ctx of [desk, boss]) await ctx.context.close();
  });
}
