import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/** The details dock under the Gantt: every tab reachable at any width, and the work's attributes edited there. */
test.setTimeout(600_000);

const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);

async function seed(request: Parameters<typeof spaceWithSchedule>[0]) {
  const setup = await spaceWithSchedule(request, "dock", {
    space: "Dock",
    facility: "Мост",
    project: "Пролёт",
    schedule: "График",
  });
  const { call, versionId, scheduleId } = setup;
  const a10 = await addItem(call, versionId, { type: "work", code: "A10", name: "Котлован", duration: 960 });
  const a20 = await addItem(call, versionId, { type: "work", code: "A20", name: "Фундамент", duration: 1440 });
  await call("POST", `/versions/${versionId}/relations`, { predecessorId: a10, successorId: a20, type: "fs" });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  const define = async (body: Record<string, unknown>) =>
    (await call("POST", `/schedules/${scheduleId}/attributes`, body)).id as string;
  const attrs = {
    weight: await define({ name: "Weight", type: "number" }),
    stage: await define({ name: "Stage", type: "list", listValues: ["Design", "Build"] }),
    approved: await define({ name: "Approved", type: "boolean" }),
    accepted: await define({ name: "Accepted", type: "date" }),
  };
  return { ...setup, a10, a20, attrs };
}

const TABS = {
  en: { relations: "Relations", attributes: "Attributes", all: "All panels" },
  ru: { relations: "Связи", attributes: "Атрибуты", all: "Все панели" },
  fr: { relations: "Liens", attributes: "Attributs", all: "Tous les panneaux" },
} as const;

test("at 600 px every tab of the dock is reachable (the strip scrolls, a menu lists them all); en, ru, fr", async ({
  browser,
  request,
}) => {
  const { token, spaceId, scheduleId } = await seed(request);
  // every language at both widths, each width in both schemes (a slow machine opens a page in about 30 s)
  const looks = [
    ["ru", "light", 600],
    ["ru", "dark", 600],
    ["ru", "light", 1440],
    ["en", "light", 600],
    ["en", "dark", 1440],
    ["fr", "dark", 600],
    ["fr", "light", 1440],
  ] as const;
  for (const [language, scheme, width] of looks) {
    const { context, page } = await openAs(browser, token, { language, scheme, width });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(codeCell(page, 0)).toHaveText("A10", { timeout: 60_000 });
    await codeCell(page, 0).click();
    const tabs = TABS[language];
    const last = page.getByRole("tab", { name: tabs.relations, exact: true });
    if (width === 600) {
      // the last tab does not fit: the menu of all panels opens it, and it scrolls into sight
      await page.getByRole("button", { name: tabs.all }).click();
      await page.getByRole("menuitem", { name: tabs.relations }).click();
      await expect(last).toHaveAttribute("aria-selected", "true");
      await expect(last).toBeInViewport({ ratio: 0.9 });
      await expect(page.getByRole("table", { name: tabs.relations })).toBeVisible();
    } else {
      // at 1440 the strip may still overflow in Russian (since the chat and timesheets tabs): the tab is reached
      // either way, the strip scrolling it into sight
      await last.click();
      await expect(last).toHaveAttribute("aria-selected", "true");
    }
    // the header is fixed: a full-page capture of a scrolled window would draw it mid-page
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await page.screenshot({ path: `e2e/artifacts/dock-${language}-${width}-${scheme}.png`, fullPage: true });
    await context.close();
  }
});

test("attributes are edited in the details dock, checked by type, undoable and live for the others", async ({
  browser,
  request,
}) => {
  const { token, call, spaceId, scheduleId, versionId, a10, attrs } = await seed(request);
  const stored = async () => (await call("GET", `/versions/${versionId}/wbs/${a10}`)).attrs;
  const open = async () => {
    const view = await openAs(browser, token, { language: "en" });
    await view.page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(codeCell(view.page, 0)).toHaveText("A10", { timeout: 60_000 });
    await codeCell(view.page, 0).click();
    await view.page.getByRole("tab", { name: "Attributes", exact: true }).click();
    return view;
  };
  const me = await open();
  const other = await open();
  const page = me.page;

  // a number refuses text beside the field and stores nothing; a number with a comma is taken
  const weight = page.getByTestId("details-attr-Weight");
  await weight.fill("heavy");
  await weight.press("Enter");
  await expect(page.getByText("Enter a number")).toBeVisible();
  expect(await stored()).toEqual({});
  await weight.fill("2,5");
  await weight.press("Enter");
  await expect.poll(stored, { timeout: 30_000 }).toEqual({ [attrs.weight]: 2.5 });
  await expect(weight).toHaveValue("2.5");

  const accepted = page.getByTestId("details-attr-Accepted");
  await accepted.fill("31.02.2025");
  await accepted.press("Enter");
  await expect(page.getByText("Enter a date as DD.MM.YYYY")).toBeVisible();
  await accepted.fill("20.01.2025");
  await accepted.press("Enter");
  await page.getByTestId("details-attr-Stage").click();
  await page.getByRole("option", { name: "Build" }).click();
  // ticked at once, while the list's save may still be in flight: both are stored
  await page.getByTestId("details-attr-Approved").check();
  await expect
    .poll(stored, { timeout: 30_000 })
    .toEqual({ [attrs.weight]: 2.5, [attrs.accepted]: "2025-01-20", [attrs.stage]: "Build", [attrs.approved]: true });
  await page.screenshot({ path: "e2e/artifacts/dock-attributes-en.png", fullPage: true });

  // the other user sees the values, and the next change arrives live
  const theirs = other.page.getByTestId("details-attr-Weight");
  await expect(theirs).toHaveValue("2.5", { timeout: 30_000 });
  await expect(other.page.getByTestId("details-attr-Stage")).toHaveValue("Build");
  await expect(other.page.getByTestId("details-attr-Approved")).toBeChecked();
  await weight.fill("3");
  await weight.press("Enter");
  await expect(theirs).toHaveValue("3", { timeout: 30_000 });

  // Ctrl+Z takes the last edit back
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect.poll(async () => (await stored())[attrs.weight], { timeout: 30_000 }).toBe(2.5);
  await expect(weight).toHaveValue("2.5");
  await expect(theirs).toHaveValue("2.5", { timeout: 30_000 });
  await me.context.close();
  await other.context.close();
});
