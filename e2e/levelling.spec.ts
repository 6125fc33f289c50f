import { type APIRequestContext, expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * One crane (1 a day) and three calculated works from Monday 13.01.2025 that all need it: A10 (3 days), A20 and
 * A30 (2 days each). Levelled, A20 waits for A10 until Thursday 16.01 and A30 for A20 until Monday 20.01.
 */
async function seed(request: APIRequestContext, prefix: string) {
  const setup = await spaceWithSchedule(request, prefix, {
    space: "Levelling",
    facility: "Дом",
    project: "Корпус 1",
    schedule: "График монтажа",
  });
  const { call, versionId, spaceId } = setup;
  const ids: number[] = [];
  for (const [code, name, days] of [
    ["A10", "Монтаж колонн", 3],
    ["A20", "Монтаж ригелей", 2],
    ["A30", "Монтаж плит перекрытия", 2],
  ] as const) {
    ids.push(await addItem(call, versionId, { type: "work", code, name, duration: days * 480 }));
  }
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  const crane = await call("POST", `/space/${spaceId}/resources`, {
    code: "CRANE-1",
    name: "Кран КС-45717",
    kind: "equipment",
    unit: "h",
    availability: [{ from: "2025-01-01", maxUnitsPerDay: 1 }],
  });
  for (const wbsId of ids) {
    await call("POST", `/versions/${versionId}/assignment/wbs/save`, { wbsId, resourceId: crane.id, unitsPerDay: 1 });
  }
  return { ...setup, a20: ids[1] };
}

type Call = Awaited<ReturnType<typeof seed>>["call"];

async function startOf(call: Call, versionId: string, id: number): Promise<string> {
  const timetable = await call("GET", `/versions/${versionId}/timetable`);
  return (timetable.items as { id: number; earlyStart: string }[]).find((i) => i.id === id)?.earlyStart ?? "";
}

test("level resources with a preview: see why a work moves, apply, undo", async ({ browser, request }) => {
  test.setTimeout(400_000);
  const { token, spaceId, scheduleId, call, versionId, a20 } = await seed(request, "level");
  const { context, page } = await openAs(browser, token, { language: "en", scheme: "light", width: 1440 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(page.locator('[data-pos="1"][data-col="0"]')).toHaveText("A20", { timeout: 60_000 });

  await page.getByRole("button", { name: "Level resources" }).click();
  const dialog = page.getByTestId("levelling-dialog");
  await dialog.getByRole("button", { name: "Level", exact: true }).click();
  const moves = dialog.getByTestId("levelling-move");
  await expect(moves).toHaveCount(2, { timeout: 120_000 });
  await expect(moves.filter({ has: page.getByText("A20", { exact: true }) })).toContainText(
    "delayed 3 d: CRANE-1 used by A10",
  );
  await expect(moves.filter({ has: page.getByText("A30", { exact: true }) })).toContainText(
    "delayed 5 d: CRANE-1 used by A20",
  );
  await expect(dialog).toContainText("Resource-constrained critical path: A10 → A20 → A30");
  // Sorted by days, longest first.
  await dialog.getByRole("button", { name: "Sort by Days" }).click();
  await dialog.getByRole("button", { name: "Sort by Days" }).click();
  await expect(moves.first()).toContainText("A30");
  await page.screenshot({ path: "e2e/artifacts/levelling-preview-en.png", fullPage: true });
  expect(await startOf(call, versionId, a20)).toMatch(/^2025-01-13T/);

  await dialog.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByText(/Levelled dates applied to \d+ rows/)).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => startOf(call, versionId, a20), { timeout: 60_000 }).toMatch(/^2025-01-16T/);

  // One undo takes the levelling back.
  await page.getByRole("button", { name: "Undo (Ctrl+Z)" }).click();
  await expect.poll(() => startOf(call, versionId, a20), { timeout: 60_000 }).toMatch(/^2025-01-13T/);
  await context.close();

  for (const [language, scheme, width, reason] of [
    ["ru", "dark", 1440, "сдвиг на 3 дн.: CRANE-1 занят работами A10"],
    ["fr", "dark", 600, "décalée de 3 j : CRANE-1 occupé par A10"],
    ["ru", "dark", 600, "сдвиг на 3 дн.: CRANE-1 занят работами A10"],
  ] as const) {
    const view = await openAs(browser, token, { language, scheme, width });
    await view.page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(view.page.locator('[data-pos="1"][data-col="0"]')).toHaveText("A20", { timeout: 60_000 });
    await view.page
      .getByRole("button", { name: language === "ru" ? "Выровнять ресурсы" : "Niveler les ressources" })
      .click();
    const box = view.page.getByTestId("levelling-dialog");
    await box.getByRole("button", { name: language === "ru" ? "Выровнять" : "Niveler", exact: true }).click();
    await expect(
      box.getByTestId("levelling-move").filter({ has: view.page.getByText("A20", { exact: true }) }),
    ).toContainText(reason, {
      timeout: 120_000,
    });
    await view.page.screenshot({ path: `e2e/artifacts/levelling-${language}-${scheme}-${width}.png`, fullPage: true });
    await box.getByRole("button", { name: language === "ru" ? "Отменить" : "Abandonner", exact: true }).click();
    await expect(box).toBeHidden();
    await view.context.close();
  }
});

test("the resource-dependent flag in work details and the levelling priorities by attribute at 600 px (en, ru, fr, dark)", async ({
  browser,
  request,
}) => {
  test.setTimeout(400_000);
  const { token, spaceId, scheduleId, call } = await seed(request, "levpri");
  await call("POST", `/schedules/${scheduleId}/attributes`, { name: "Очерёдность монтажа захваток", type: "number" });
  for (const [language, general, flag, level, priority, group] of [
    ["en", "General", "Resource dependent", "Level resources", "Priority 1", "Attributes"],
    ["ru", "Общие", "Зависит от ресурсов", "Выровнять ресурсы", "Приоритет 1", "Атрибуты"],
    ["fr", "Général", "Dépend des ressources", "Niveler les ressources", "Priorité 1", "Attributs"],
  ] as const) {
    const view = await openAs(browser, token, { language, scheme: "dark", width: 600 });
    const { page } = view;
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    const code = page.locator('[data-pos="1"][data-col="0"]');
    await expect(code).toHaveText("A20", { timeout: 60_000 });
    await code.click();
    await page.getByRole("tab", { name: general, exact: true }).click();
    const checkbox = page.getByRole("checkbox", { name: flag });
    await expect(checkbox).toBeVisible({ timeout: 60_000 });
    await expect(checkbox).not.toBeChecked();
    await checkbox.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/artifacts/resource-dependent-${language}-dark-600.png` });

    await page.getByRole("button", { name: level }).click();
    const box = page.getByTestId("levelling-dialog");
    await box.getByRole("combobox", { name: priority, exact: true }).click();
    // The schedule's attributes are offered after the scheduling fields, under their own heading.
    await expect(page.getByRole("option", { name: "Очерёдность монтажа захваток" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(group, { exact: true }).last()).toBeAttached();
    await page.screenshot({ path: `e2e/artifacts/levelling-priorities-${language}-dark-600.png`, fullPage: true });
    await page.getByRole("option", { name: "Очерёдность монтажа захваток" }).click();
    await expect(box.getByRole("combobox", { name: priority, exact: true })).toHaveValue(
      "Очерёдность монтажа захваток",
    );
    await view.context.close();
  }
});
