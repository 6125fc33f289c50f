import { decodeGantt } from "@planum/contracts";
import { expect, type Page, test } from "@playwright/test";
import { apiAs, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });
// each test creates 60 works through the API first
test.setTimeout(120_000);

const ROW = 28;

/** API calls with any method as the signed-in user (the shared helper only posts and gets). */
async function send(page: Page, spaceId: string, method: "PUT" | "PATCH" | "DELETE", path: string, data?: unknown) {
  const state = await page.context().storageState();
  const token = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === "planum.auth-token")?.value;
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, "X-Space-Id": spaceId },
  });
  const body = await response.json();
  expect(response.ok(), JSON.stringify(body)).toBeTruthy();
  return body.data;
}

/** A schedule of 30 concrete works then 30 roofing works at the root, one version, calculated. */
async function setUp(page: Page) {
  const user = await registerUser(page.request, "view");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const api = await apiAs(page);
  const space = await api.call("POST", "/space/create", { name: "Виды", type: "site" });
  api.useSpace(space.id);
  const facility = await api.call("POST", "/facilities/create", { name: "Объект" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус" });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "График видов" });
  const version = await api.call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-01-13T08:00",
  });
  for (const [prefix, count] of [
    ["Бетон", 30],
    ["Кровля", 30],
  ] as const) {
    for (let i = 1; i <= count; i++) {
      await api.call("POST", `/versions/${version.id}/wbs/create`, {
        type: "work",
        name: `${prefix} ${i}`,
        duration: 480 * ((i % 5) + 1),
      });
    }
  }
  await send(page, space.id, "PATCH", `/versions/${version.id}/timetable/calculate`);
  await expect
    .poll(async () => (await api.call("GET", `/versions/${version.id}`)).calcStatus, { timeout: 30_000 })
    .toBe("calculated");
  return { api, space, schedule, version };
}

const scroller = (page: Page) => page.locator(".pg-scroller");
const timeScroll = (page: Page) => page.locator(".pg-bottom .pg-hscroll").nth(1);
const nameHeader = (page: Page) => page.locator('.pg-header-row [role="columnheader"][title="Name"]');
const rowCount = (page: Page) => page.getByRole("grid", { name: "Activity table" }).getAttribute("aria-rowcount");

test("the view stays put while edits bring new data: scroll, column width, selection", async ({ page }) => {
  const { api, space, schedule, version } = await setUp(page);
  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  await expect(page.locator('[data-pos="0"][data-col="1"]')).toHaveText("Бетон 1", { timeout: 30_000 });

  await page.getByRole("tab", { name: "Relations", exact: true }).click();

  // scroll down 20 rows and along the timeline, widen the Name column
  await scroller(page).evaluate((el, top) => {
    el.scrollTop = top;
  }, 20 * ROW);
  let left = await timeScroll(page).evaluate((el) => {
    el.scrollLeft += 260;
    return el.scrollLeft;
  });
  const handle = nameHeader(page).locator(".pg-resize");
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const width = (await nameHeader(page).boundingBox())!.width;
  expect(width).toBeGreaterThan(280);

  // select row 24 (Бетон 25) and type a new duration: the server answers, the Gantt reloads
  const cell = page.locator('[data-pos="24"][data-col="2"]');
  await cell.click();
  await expect(page.getByText(/Relations of A250/)).toBeVisible();
  // selecting a row brings its bar into view (the chart follows the selection); from here on nothing may move it
  await page.waitForTimeout(300);
  left = await timeScroll(page).evaluate((el) => el.scrollLeft);
  const reloaded = page.waitForResponse((r) => r.url().endsWith(`/versions/${version.id}/gantt`) && r.ok());
  await page.keyboard.type("7");
  await page.keyboard.press("Enter");
  await reloaded;
  await expect(cell).toHaveText("7");
  // the edit was sent once: a second send of the same revision would be refused as a conflict
  await page.waitForTimeout(500);
  await expect(page.getByText("The data has changed")).toHaveCount(0);

  expect(await scroller(page).evaluate((el) => el.scrollTop)).toBe(20 * ROW);
  expect(Math.abs((await timeScroll(page).evaluate((el) => el.scrollLeft)) - left)).toBeLessThanOrEqual(1);
  expect((await nameHeader(page).boundingBox())!.width).toBeCloseTo(width, 0);
  await expect(page.locator('[role="row"][aria-selected="true"] [data-col="0"]')).toHaveText(["A250"]);
  await expect(page.getByText(/Relations of A250/)).toBeVisible();

  // someone deletes two works above the screen: the rows on screen stay where they were, the selection too
  const gantt = await page.request
    .fetch(`/api/v1/versions/${version.id}/gantt`, {
      headers: {
        Authorization: `Bearer ${
          (await page.context().storageState()).origins
            .flatMap((o) => o.localStorage)
            .find((e) => e.name === "planum.auth-token")?.value
        }`,
        "X-Space-Id": space.id,
      },
    })
    .then(async (r) => decodeGantt((await r.json()).data));
  const items = [0, 1].map((k) => ({ id: gantt.ids[k], revision: gantt.revision[k] }));
  const topBefore = await page.locator(`[data-pos="20"][data-col="1"]`).textContent();
  const again = page.waitForResponse((r) => r.url().endsWith(`/versions/${version.id}/gantt`) && r.ok());
  await send(page, space.id, "DELETE", `/versions/${version.id}/wbs`, { items });
  await again;
  await expect(page.locator('[data-pos="18"][data-col="1"]')).toHaveText(topBefore ?? "");
  expect(await scroller(page).evaluate((el) => el.scrollTop)).toBe(18 * ROW);
  await expect(page.locator('[role="row"][aria-selected="true"] [data-col="0"]')).toHaveText(["A250"]);
  await expect(page.locator(`[data-pos="22"][data-col="2"]`)).toHaveAttribute("data-active", "true");
  await shot(page, "schedule-view-kept-en");

  // target=: another version's dates as the baseline bars, named above the chart; clearing it goes back
  const copy = await api.call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Plan B",
    kind: "target",
    copyFromId: version.id,
  });
  const targetLoaded = page.waitForResponse((r) => r.url().endsWith(`/versions/${copy.id}/gantt`) && r.ok());
  await page.goto(`/${space.id}/schedule/${schedule.id}?version=${version.id}&target=${copy.id}`);
  await targetLoaded;
  await expect(page.getByTestId("baseline-indicator")).toHaveText("Baseline: Plan B");
  await expect(page.getByRole("combobox", { name: "Baseline version" })).toHaveValue("Plan B");
  await shot(page, "schedule-baseline-target-en");
  await page.getByRole("button", { name: "Show the stored target dates" }).click();
  await expect(page).not.toHaveURL(/target=/);
  await expect(page.getByTestId("baseline-indicator")).toHaveCount(0);
});

test("a layout with a filter from the link shows fewer rows, marks the filter and keeps the user's changes", async ({
  page,
}) => {
  const { api, space, schedule } = await setUp(page);
  const layout = await api.call("POST", `/schedules/${schedule.id}/version-layout`, {
    name: "Кровля",
    settings: {
      columns: ["code", "name", "duration", "start", "finish"],
      widths: { name: 300 },
      grouping: [],
      filters: [{ key: "name", text: "Кровля" }],
      ganttScale: "month",
      extra: { sort: { key: "name", direction: -1 } },
    },
  });
  await api.call("POST", `/schedules/${schedule.id}/version-layout-template`, {
    name: "Бетон по типу",
    settings: {
      columns: ["code", "name", "type", "duration"],
      widths: {},
      grouping: ["type"],
      filters: [{ key: "name", text: "Бетон" }],
      ganttScale: "week",
      extra: {},
    },
  });

  await page.goto(`/${space.id}/schedule/${schedule.id}?filter=${layout.id}&filter_indicator=1`);
  await expect.poll(() => rowCount(page)).toBe("30");
  await expect(page.getByTestId("filter-indicator")).toContainText("Кровля");
  await expect(page.getByRole("columnheader")).toHaveCount(5);
  await expect(page.getByRole("combobox", { name: "Scale" })).toHaveValue("Month");
  // sorted by name, descending, numbers in order
  await expect(page.locator('[data-pos="0"][data-col="1"]')).toHaveText("Кровля 30");
  expect((await nameHeader(page).boundingBox())!.width).toBeCloseTo(300, 0);
  await shot(page, "schedule-layout-filter-en");

  // clearing the filter shows every row and is saved back into the layout
  await page.getByRole("button", { name: "Clear the filter" }).click();
  await expect.poll(() => rowCount(page)).toBe("60");
  await expect(page.getByTestId("filter-indicator")).toHaveCount(0);
  await expect
    .poll(async () => {
      const mine = await api.call("GET", `/schedules/${schedule.id}/version-layout`);
      return mine[0].settings.filters.length;
    })
    .toBe(0);

  // a template from the layout menu: its filter, grouping and columns
  await page.getByRole("combobox", { name: "Layout" }).click();
  await page.getByRole("option", { name: "Бетон по типу" }).click();
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByRole("columnheader")).toHaveCount(4);
  await expect.poll(() => rowCount(page)).toBe("31"); // one group header + 30 works
  await expect(page.getByTestId("filter-indicator")).toContainText("Бетон по типу");

  // the view saved as a new layout: an empty name is refused only once Save is pressed
  await page.getByRole("button", { name: "Save the view" }).click();
  await page.getByRole("menuitem", { name: "Save as a new layout…" }).click();
  let ask = page.getByRole("dialog", { name: "Save as a new layout…" });
  await expect(ask.getByText("Enter a name")).toHaveCount(0);
  await ask.getByRole("button", { name: "Save" }).click();
  await expect(ask.getByText("Enter a name")).toBeVisible();
  await ask.getByRole("textbox", { name: "Name" }).fill("  Бетон мой  ");
  await ask.getByRole("button", { name: "Save" }).click();
  await expect(ask).toBeHidden();
  await expect
    .poll(async () =>
      (await api.call("GET", `/schedules/${schedule.id}/version-layout`)).map((l: { name: string }) => l.name),
    )
    .toContain("Бетон мой");
  // it holds the template's view that was on screen, not the layout shown before
  const saved = (await api.call("GET", `/schedules/${schedule.id}/version-layout`)).find(
    (l: { name: string }) => l.name === "Бетон мой",
  );
  expect(saved.settings).toMatchObject({ columns: ["code", "name", "type", "duration"], grouping: ["type"] });
  expect(saved.settings.filters).toEqual([{ key: "name", text: "Бетон" }]);

  // renaming the version: an emptied label is refused while typing and Save waits for a valid one
  await page.getByRole("button", { name: "Version actions" }).click();
  await page.getByRole("menuitem", { name: "Rename version" }).click();
  ask = page.getByRole("dialog", { name: "Rename version" });
  const label = ask.getByRole("textbox", { name: "Version label" });
  await expect(label).toHaveValue("Main");
  await label.fill("");
  await expect(ask.getByText("Enter a label")).toBeVisible();
  await expect(ask.getByRole("button", { name: "Save" })).toBeDisabled();
  await label.fill("Main 2");
  await ask.getByRole("button", { name: "Save" }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText("Version label changed")).toBeVisible();
  await expect
    .poll(async () =>
      (await api.call("GET", `/schedules/${schedule.id}/versions`)).map((v: { label: string }) => v.label),
    )
    .toContain("Main 2");

  // back to the template for the Russian screen
  await page.getByRole("combobox", { name: "Layout" }).click();
  await page.getByRole("option", { name: "Бетон по типу" }).click();
  await expect(page.getByTestId("filter-indicator")).toContainText("Бетон по типу");

  // the same in Russian
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      "planum.language",
      "ru",
    ),
  );
  await page.reload();
  await expect(page.getByTestId("filter-indicator")).toContainText("Фильтр «Бетон по типу»");
  await shot(page, "schedule-layout-filter-ru");
});
