import { type APIRequestContext, expect, test } from "@playwright/test";
import { addItem, apiUser, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * Delegation of duties (issue 17): the approver, going away, hands her approvals to a deputy in her profile (the
 * deputy may only read the schedule). A second, overlapping delegation is refused under the dates in the user's
 * language. The deputy sees it among the received ones, approves the site engineer's report on the phone page, and
 * the engineer's page says who decided for whom. Works started two days ago on a seven-day calendar.
 */
test.setTimeout(400_000);

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shown = (day: string) => day.split("-").reverse().join(".");
const TODAY = iso(Date.now());
const IN_WEEK = iso(Date.now() + 6 * DAY_MS);
const TEXTS = {
  en: {
    to: "To",
    from: "From",
    ends: "To (inclusive)",
    submit: "Delegate",
    given: "To Petrov Pavel",
    received: "From Ivanova Olga",
    overlap: "periods cannot overlap",
    approve: "Approve",
    decided: "Decided by Petrov Pavel for Ivanova Olga",
  },
  ru: {
    to: "Кому",
    from: "С",
    ends: "По (включительно)",
    submit: "Передать",
    given: "Кому: Petrov Pavel",
    received: "От кого: Ivanova Olga",
    overlap: "Периоды не могут пересекаться",
    approve: "Подтвердить",
    decided: "Решение: Petrov Pavel за Ivanova Olga",
  },
  fr: {
    to: "À",
    from: "Du",
    ends: "Au (inclus)",
    submit: "Déléguer",
    given: "À Petrov Pavel",
    received: "De Ivanova Olga",
    overlap: "les périodes ne peuvent pas se chevaucher",
    approve: "Valider",
    decided: "Décidé par Petrov Pavel pour Ivanova Olga",
  },
} as const;

/** Owner (Ivanova Olga, the approver), a site engineer who reports, a deputy who only reads; one report waiting. */
async function setUp(request: APIRequestContext) {
  const setup = await spaceWithSchedule(request, "deleg", {
    space: "Site",
    facility: "Корпус В",
    project: "Секция 3",
    schedule: "Каркас",
  });
  const { call, spaceId, scheduleId } = setup;
  await call("PUT", "/users", { lastName: "Ivanova", firstName: "Olga" });
  const people = async (prefix: string, lastName: string, firstName: string, abilities: string[] | null) => {
    const person = await apiUser(request, prefix);
    const me = await person.call("PUT", "/users", { lastName, firstName });
    await call("POST", `/space/${spaceId}/users/invite`, { login: me.login });
    if (abilities) {
      const role = await call("POST", "/roles", { name: `${prefix} ${me.id.slice(0, 6)}`, abilities });
      await call("PUT", `/space/${spaceId}/users/${me.id}/role`, { roleId: role.id });
    }
    person.useSpace(spaceId);
    return person;
  };
  const engineer = await people("site", "Sidorov", "Semyon", ["schedule:read", "wdp:report"]);
  const deputy = await people("dep", "Petrov", "Pavel", null);
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
  const a10 = await addItem(call, versionId, {
    type: "work",
    code: "A10",
    name: "Монтаж колонн",
    duration: 2400,
    calendarId: calendar.id,
    measure: "pcs",
    plannedVolume: 20,
  });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  await engineer.call("POST", `/versions/${versionId}/mobile`, {
    cells: [{ itemId: a10, measure: "volume", value: 3 }],
  });
  const projectId = (await call("GET", `/schedules/${scheduleId}`)).projectId as string;
  return { ...setup, versionId, projectId, engineer, deputy };
}

for (const view of [
  { language: "en", scheme: "light", width: 1440 },
  { language: "ru", scheme: "dark", width: 600 },
  { language: "fr", scheme: "dark", width: 600 },
] as const) {
  test(`a delegation given in the profile is honoured by an approval (${view.language}, ${view.scheme}, ${view.width})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[view.language];
    const { token, spaceId, projectId, versionId, engineer, deputy } = await setUp(request);
    const tag = `${view.language}-${view.scheme}-${view.width}`;

    // The approver delegates her approvals for a week to the deputy.
    const owner = await openAs(browser, token, { language: view.language, scheme: view.scheme, width: view.width });
    await owner.page.goto(`/${spaceId}/profile`);
    const to = owner.page.getByRole("combobox", { name: texts.to, exact: true });
    await expect(to).toBeVisible({ timeout: 60_000 });
    await to.click();
    await owner.page.getByRole("option", { name: "Petrov Pavel" }).click();
    await owner.page.getByTestId("delegation-starts").fill(shown(TODAY));
    await owner.page.getByTestId("delegation-ends").fill(shown(IN_WEEK));
    await owner.page.getByRole("button", { name: texts.submit, exact: true }).click();
    const given = owner.page.getByTestId("delegations-given");
    await expect(given).toContainText(texts.given);
    await expect(given).toContainText(`${shown(TODAY)} – ${shown(IN_WEEK)}`);

    // A second one over the same days is refused, said under the dates; nothing is added.
    await to.click();
    await owner.page.getByRole("option", { name: "Sidorov Semyon" }).click();
    await owner.page.getByTestId("delegation-starts").fill(shown(TODAY));
    await owner.page.getByTestId("delegation-ends").fill(shown(TODAY));
    await owner.page.getByRole("button", { name: texts.submit, exact: true }).click();
    await expect(owner.page.getByText(texts.overlap).first()).toBeVisible();
    await expect(given.getByTestId("delegation")).toHaveCount(1);
    await given.scrollIntoViewIfNeeded();
    await owner.page.screenshot({ path: `e2e/artifacts/delegation-profile-${tag}.png`, fullPage: true });

    // The deputy sees what they received, then approves the waiting report on the phone page.
    const dep = await openAs(browser, deputy.token, {
      language: view.language,
      scheme: view.scheme,
      width: view.width,
    });
    await dep.page.goto(`/${spaceId}/profile`);
    await expect(dep.page.getByTestId("delegations-received")).toContainText(texts.received, { timeout: 60_000 });
    await dep.page.goto(`/${spaceId}/mobile/${projectId}?version=${versionId}&view=approve`);
    const report = dep.page.getByTestId("approval-report");
    await expect(report).toContainText("Монтаж колонн", { timeout: 60_000 });
    await report.getByRole("button", { name: texts.approve, exact: true }).click();
    await expect(report).toHaveCount(0);

    // The engineer's page says the deputy decided, for the approver.
    const site = await openAs(browser, engineer.token, { language: view.language, scheme: view.scheme, width: 390 });
    await site.page.goto(`/${spaceId}/mobile/${projectId}?version=${versionId}`);
    await expect(site.page.getByTestId("report-decided-by")).toHaveText(texts.decided, { timeout: 60_000 });
    await site.page.screenshot({ path: `e2e/artifacts/delegation-decided-${tag}-390.png`, fullPage: true });
    for (const ctx of [owner, dep, site]) await ctx.context.close();
  });
}
