import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

test.setTimeout(300_000);

/**
 * A calculated schedule: under the summary "Каркас" A10 (2 d) → A20 (3 d) → A40 (1 d, at the root) is the critical
 * path; A10 → A30 (1 d) has float. Set up through the API, then looked at and edited in the network view.
 */
async function seed(request: APIRequestContext) {
  const setup = await spaceWithSchedule(request, "net", {
    space: "Сети",
    facility: "Объект",
    project: "Корпус",
    schedule: "Сетевой",
  });
  const { call, versionId: v } = setup;
  const add = async (body: Record<string, unknown>) => ({ id: await addItem(call, v, body) });
  const sum = await add({ type: "sum", name: "Каркас", code: "S1" });
  const a10 = await add({ type: "work", name: "Котлован", code: "A10", duration: 960, parentId: sum.id });
  const a20 = await add({ type: "work", name: "Фундамент", code: "A20", duration: 1440, parentId: sum.id });
  const a30 = await add({ type: "work", name: "Ограждение", code: "A30", duration: 480, parentId: sum.id });
  const a40 = await add({ type: "work", name: "Сдача", code: "A40", duration: 480 });
  for (const [from, to] of [
    [a10, a20],
    [a20, a40],
    [a10, a30],
  ]) {
    await call("POST", `/versions/${v}/relations`, { predecessorId: from.id, successorId: to.id });
  }
  await call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
  return { token: setup.token, spaceId: setup.spaceId, scheduleId: setup.scheduleId, versionId: v, call };
}

const open = (browser: Browser, token: string, language: string, width: number, scheme = "light") =>
  openAs(browser, token, { language, scheme, width });

/** The centre of a box on screen, from the list of boxes the view keeps for screen readers. */
async function boxCentre(page: Page, code: string) {
  const button = page.locator(`.pn-boxes button[data-code="${code}"]`);
  await expect(button).toHaveCount(1);
  const canvas = (await page.locator(".pn-canvas").boundingBox())!;
  const x = Number(await button.getAttribute("data-x"));
  const y = Number(await button.getAttribute("data-y"));
  return { x: canvas.x + x, y: canvas.y + y };
}

/** The colour drawn at a screen point of the canvas. */
async function pixel(page: Page, at: { x: number; y: number }) {
  return page.locator(".pn-canvas").evaluate((node, p) => {
    const canvas = node as unknown as {
      width: number;
      clientWidth: number;
      getBoundingClientRect(): { left: number; top: number };
      getContext(kind: "2d"): { getImageData(x: number, y: number, w: number, h: number): { data: number[] } };
    };
    const scale = canvas.width / canvas.clientWidth;
    const box = canvas.getBoundingClientRect();
    const d = canvas
      .getContext("2d")
      .getImageData(Math.round((p.x - box.left) * scale), Math.round((p.y - box.top) * scale), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, at);
}

const TEXT = {
  en: {
    view: "Network",
    relations: "Relations",
    of: /Relations of A30/,
    undo: "Undo (Ctrl+Z)",
    boxes: "Works on screen",
    linked: /relations: 4/,
    gantt: "Gantt",
    ofA10: /Relations of A10/,
  },
  ru: {
    view: "Сеть",
    relations: "Связи",
    of: /Связи работы A30/,
    undo: "Отменить (Ctrl+Z)",
    boxes: "Работы на экране",
    linked: /связей: 4/,
    gantt: "Гант",
    ofA10: /Связи работы A10/,
  },
} as const;

for (const language of ["en", "ru"] as const) {
  test(`network view (${language}): boxes, critical path, select, link by drag, undo`, async ({ browser, request }) => {
    const text = TEXT[language];
    const { token, spaceId, scheduleId, versionId, call } = await seed(request);
    const { context, page } = await open(browser, token, language, 1440);
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await page.getByText(text.view, { exact: true }).click();
    await expect(page).toHaveURL(/view=network/);

    const boxes = page.getByRole("list", { name: text.boxes }).getByRole("button");
    await expect(boxes).toHaveCount(4, { timeout: 60_000 });
    await expect(page.locator(".pn-boxes button[data-critical]")).toHaveCount(3);
    await expect(page.locator('.pn-boxes button[data-code="A30"][data-critical]')).toHaveCount(0);

    // critical boxes carry a red stripe at their left edge, the one with float a blue one (100 % zoom: 200 px wide)
    const a20 = await boxCentre(page, "A20");
    const a30 = await boxCentre(page, "A30");
    const stripe = (at: { x: number; y: number }) => pixel(page, { x: at.x - 98, y: at.y });
    await expect.poll(async () => (await stripe(a20))[0]).toBeGreaterThan(180);
    expect((await stripe(a20))[2]).toBeLessThan(120);
    const blue = await stripe(a30);
    expect(blue[2]).toBeGreaterThan(150);
    expect(blue[0]).toBeLessThan(120);

    // a click selects the box: the relations tab (the bottom panel opens on the details' General tab) shows them
    await page.getByRole("tab", { name: text.relations, exact: true }).click();
    await page.mouse.click(a30.x, a30.y);
    await expect(page.getByText(text.of)).toBeVisible();
    await expect(page.locator('.pn-boxes button[data-code="A30"]')).toHaveAttribute("aria-pressed", "true");
    const table = page.getByRole("table", { name: text.relations });
    await expect(table.getByRole("cell", { name: "A10", exact: true })).toBeVisible();
    await expect(table.getByRole("cell", { name: "A40", exact: true })).toHaveCount(0);

    // drag from A30 to A40: a finish-to-start relation, seen in the relations tab and by the server
    const a40 = await boxCentre(page, "A40");
    await page.mouse.move(a30.x, a30.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(a30.x + ((a40.x - a30.x) * step) / 10, a30.y + ((a40.y - a30.y) * step) / 10);
    }
    await page.mouse.up();
    await expect(table.getByRole("cell", { name: "A40", exact: true })).toBeVisible();
    const relations = await call("GET", `/versions/${versionId}/network-diagram/relations`);
    expect(relations.ids).toHaveLength(4);
    // the view reloads with the new relation
    await expect(page.getByText(text.linked)).toBeVisible();

    // undo takes it back
    await page.getByRole("button", { name: text.undo }).click();
    await expect(table.getByRole("cell", { name: "A40", exact: true })).toHaveCount(0);
    await expect
      .poll(async () => (await call("GET", `/versions/${versionId}/network-diagram/relations`)).ids.length)
      .toBe(3);

    // wheel zooms out; the selection survives going back to the Gantt
    const zoom = page.getByTestId("network-zoom");
    await expect(zoom).toHaveText("100 %");
    await page.mouse.move(a20.x, a20.y);
    await page.mouse.wheel(0, 300);
    await expect(zoom).not.toHaveText("100 %");
    await page.screenshot({ path: `e2e/artifacts/network-${language}.png`, fullPage: true });

    // one selection for both views: A30 picked here is the Gantt's selected row, A10 picked there is pressed here
    await page.getByText(text.gantt, { exact: true }).click();
    await expect(page.locator('.pg-row[aria-selected="true"]')).toHaveCount(1);
    await expect(page.locator('.pg-row[aria-selected="true"]')).toContainText("A30");
    await page.locator('[data-col="0"]').filter({ hasText: /^A10$/ }).click();
    await expect(page.getByText(text.ofA10)).toBeVisible();
    await page.getByText(text.view, { exact: true }).click();
    await expect(page.locator('.pn-boxes button[data-code="A10"]')).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('.pn-boxes button[data-code="A30"]')).toHaveAttribute("aria-pressed", "false");
    await context.close();
  });
}

test("network view at 1440 and 600 px, in French and Russian, light and dark", async ({ browser, request }) => {
  // eight pages opened one after another
  test.setTimeout(600_000);
  const { token, spaceId, scheduleId } = await seed(request);
  for (const width of [1440, 600])
    for (const language of ["fr", "ru"])
      for (const scheme of ["light", "dark"]) {
        const { context, page } = await open(browser, token, language, width, scheme);
        await page.goto(`/${spaceId}/schedule/${scheduleId}?view=network`);
        await expect(page.locator(".pn-boxes button")).toHaveCount(4, { timeout: 60_000 });
        await page.screenshot({ path: `e2e/artifacts/network-${width}-${language}-${scheme}.png`, fullPage: true });
        await context.close();
      }
});
