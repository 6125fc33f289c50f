import { decodeGantt } from "@planum/contracts";
import { expect, type Page, test } from "@playwright/test";
import { apiAs, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

/** The bits of a canvas element the bar finder reads (the e2e project compiles without the DOM library). */
interface CanvasLike {
  width: number;
  clientWidth: number;
  getContext(
    kind: "2d",
  ): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
  getBoundingClientRect(): { left: number; top: number };
}

/** The x range of a row's bar on the timeline canvas, found by its colour (critical bars are red). */
async function barOf(page: Page, row: number) {
  return page.locator(".pg-scroller .pg-time-pane canvas").evaluate((node, r: number) => {
    const canvas = node as unknown as CanvasLike;
    const ctx = canvas.getContext("2d")!;
    const scale = canvas.width / canvas.clientWidth;
    const y = Math.round((r * 28 + 14) * scale);
    const pixels = ctx.getImageData(0, y, canvas.width, 1).data;
    let from = -1;
    let to = -1;
    for (let x = 0; x < canvas.width; x++) {
      const [red, green, blue] = [pixels[x * 4], pixels[x * 4 + 1], pixels[x * 4 + 2]];
      if (red > 180 && green < 120 && blue < 120) {
        if (from < 0) from = x;
        to = x;
      }
    }
    const box = canvas.getBoundingClientRect();
    return from < 0 ? null : { x0: box.left + from / scale, x1: box.left + to / scale, y: box.top + r * 28 + 14 };
  }, row);
}

test("create a schedule, add works and relations, calculate, see the critical path, drag a bar, undo it, switch scale", async ({
  page,
}) => {
  const user = await registerUser(page.request, "sch");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const api = await apiAs(page);
  const space = await api.call("POST", "/space/create", { name: "Стройка", type: "site" });
  api.useSpace(space.id);
  const facility = await api.call("POST", "/facilities/create", { name: "Жилой комплекс" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус 1" });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "Основной график" });

  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Основной график" })).toBeVisible();
  await page.getByRole("button", { name: "Create the first version" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Project start").fill("13.01.2025");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("combobox", { name: "Schedule version" })).toHaveValue(/Main/);
  await expect(page.getByTestId("calc-status")).toHaveText("Not calculated");

  // three works, added from the toolbar like a planner does
  for (let i = 0; i < 3; i++) {
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("menuitem", { name: "Work", exact: true }).click();
    await expect(page.locator(`[data-pos="${i}"][data-col="0"]`)).toHaveText(`A${(i + 1) * 10}`);
  }
  // durations typed into the grid, in days
  for (const [pos, days] of [
    [0, "2"],
    [1, "3"],
    [2, "1,5"],
  ] as const) {
    await page.locator(`[data-pos="${pos}"][data-col="2"]`).click();
    await page.keyboard.type(days);
    await page.keyboard.press("Enter");
    await expect(page.locator(`[data-pos="${pos}"][data-col="2"]`)).toHaveText(/^(2|3|1[.,]5)$/);
  }

  // the bottom panel opens on the work's details; the relations tab is one of its tabs
  await page.getByRole("tab", { name: "Relations", exact: true }).click();
  // A10 → A20 → A30 through the relations tab
  for (const [pos, successor] of [
    [0, "A20"],
    [1, "A30"],
  ] as const) {
    await page.locator(`[data-pos="${pos}"][data-col="0"]`).click();
    await expect(page.getByText(new RegExp(`Relations of A${(pos + 1) * 10}`))).toBeVisible();
    await page.getByRole("combobox", { name: "Relation", exact: true }).click();
    await page.getByRole("option", { name: "Successor" }).click();
    await page.getByRole("combobox", { name: "Work", exact: true }).click();
    await page.getByRole("option", { name: new RegExp(`^${successor} `) }).click();
    await page.getByRole("button", { name: "Add relation" }).click();
    await expect(
      page.getByRole("table", { name: "Relations" }).getByRole("cell", { name: successor, exact: true }),
    ).toBeVisible();
  }

  // a relation closing a loop is refused with the loop named
  await page.locator('[data-pos="2"][data-col="0"]').click();
  await expect(page.getByText(/Relations of A30/)).toBeVisible();
  await page.getByRole("combobox", { name: "Relation", exact: true }).click();
  await page.getByRole("option", { name: "Successor" }).click();
  await page.getByRole("combobox", { name: "Work", exact: true }).click();
  await page.getByRole("option", { name: /^A10 / }).click();
  await page.getByRole("button", { name: "Add relation" }).click();
  await expect(page.getByText(/A10 → A20 → A30|A30 → A10/).first()).toBeVisible();

  await page.getByRole("button", { name: "Calculate schedule" }).click();
  await expect(page.getByTestId("calc-status")).toHaveText("Calculated", { timeout: 30_000 });
  const version = (await api.call("GET", `/schedules/${schedule.id}/versions`))[0];
  let gantt = decodeGantt(await api.call("GET", `/versions/${version.id}/gantt`));
  expect(gantt.critical).toEqual([1, 1, 1]);
  // 13.01.2025 08:00 + 2 + 3 + 1.5 working days of 8 h: A30 ends on Tuesday 21.01 at 12:00
  expect(new Date(gantt.earlyFinish[2] * 60_000).toISOString().slice(0, 16)).toBe("2025-01-21T12:00");
  await expect.poll(async () => (await barOf(page, 1)) !== null).toBeTruthy();
  await shot(page, "schedule-critical-en");

  // drag A20's bar four days to the right: a "not earlier" start limit
  const bar = (await barOf(page, 1))!;
  const grab = (bar.x0 + bar.x1) / 2;
  await page.mouse.move(grab, bar.y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(grab + step * 7, bar.y);
  await page.mouse.up();
  await expect
    .poll(async () => {
      gantt = decodeGantt(await api.call("GET", `/versions/${version.id}/gantt`));
      return gantt.startLimitType[1];
    })
    .toBe(1);
  await shot(page, "schedule-dragged-en");

  // Ctrl+Z takes the limit away again
  await page.keyboard.press("Control+z");
  await expect
    .poll(async () => {
      gantt = decodeGantt(await api.call("GET", `/versions/${version.id}/gantt`));
      return gantt.startLimitType[1];
    })
    .toBe(0);
  await expect(page.getByText(/Undone: change/)).toBeVisible();

  // the Gantt's own scale switcher
  await page.getByRole("combobox", { name: "Scale" }).click();
  await page.getByRole("option", { name: "Month" }).click();
  await expect(page.getByRole("combobox", { name: "Scale" })).toHaveValue("Month");
  await shot(page, "schedule-month-en");

  // the same screen in Russian
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Русский" }).click();
  await expect(page.getByRole("button", { name: "Рассчитать график" })).toBeVisible();
  await page.locator('[data-pos="1"][data-col="0"]').click();
  await expect(page.getByText(/Связи работы A20/)).toBeVisible();
  await shot(page, "schedule-ru");

  // locking makes the version read-only and says why
  await page.getByRole("button", { name: "Действия с версией" }).click();
  await page.getByRole("menuitem", { name: "Заблокировать" }).click();
  await expect(page.getByText(/заблокирована: изменения запрещены/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Добавить", exact: true })).toBeDisabled();
  await page.setViewportSize({ width: 600, height: 900 });
  await shot(page, "schedule-locked-ru-600");
});
