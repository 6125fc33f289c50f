import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * The cyclogram: a planner opens it from the workspace, sees a line per work type through the floors with the crews'
 * crossings and waits counted, and paints a line in another colour.
 */
test("cyclogram: lines per work type through the floors, crossings and waits, a colour changed", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { token, spaceId, scheduleId, versionId, call } = await spaceWithSchedule(request, "cyclogram", {
    space: "Циклограмма",
    facility: "Дом",
    project: "Корпус 4",
    schedule: "Поточный график",
  });
  const floor = (
    await call("POST", `/schedules/${scheduleId}/attributes`, {
      name: "Этаж",
      type: "list",
      listValues: ["1 этаж", "2 этаж", "3 этаж", "4 этаж"],
    })
  ).id as string;
  const kinds = ["Кладка", "Штукатурка", "Стяжка"];
  const ids: number[][] = kinds.map(() => []);
  for (const f of ["1 этаж", "2 этаж", "3 этаж", "4 этаж"])
    for (const [k, name] of kinds.entries())
      ids[k].push(await addItem(call, versionId, { type: "work", name, duration: 2 * 480, attrs: { [floor]: f } }));
  for (const [k, line] of ids.entries())
    for (let f = 0; f < line.length; f++) {
      // each crew goes floor by floor; each trade follows the previous one on its floor
      // the screed crew of floor 3 does not wait for its floor 2 work: it starts with the plaster there
      if (f > 0 && !(k === 2 && f === 2))
        await call("POST", `/versions/${versionId}/relations`, { predecessorId: line[f - 1], successorId: line[f] });
      if (k > 0)
        await call("POST", `/versions/${versionId}/relations`, {
          predecessorId: ids[k - 1][f],
          successorId: line[f],
          // the screed is pulled in on floor 3: it starts with the plaster there (two crews at once)
          ...(k === 2 && f === 2 ? { type: "ss" } : {}),
        });
    }
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);

  const { context, page } = await openAs(browser, token, { language: "ru", scheme: "dark", width: 600 });
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await page.getByRole("link", { name: "Циклограмма" }).click();
  await expect(page.getByRole("heading", { name: "Циклограмма" })).toBeVisible({ timeout: 60_000 });
  const summary = page.getByTestId("cyclogram-summary");
  await expect(summary).toContainText("Видов работ: 3, мест: 4", { timeout: 60_000 });
  await expect(summary).toContainText("пересечений бригад: 1");
  await expect(page.getByTestId("cyclogram-canvas")).toHaveAttribute("data-drawn", "3");
  await expect(page.getByRole("img", { name: "Циклограмма по атрибуту Этаж" })).toBeVisible();
  const legend = page.getByTestId("cyclogram-legend");
  for (const name of kinds) await expect(legend).toContainText(name);
  await page.screenshot({ path: "e2e/artifacts/cyclogram-ru-dark-600.png", fullPage: true });

  // a new colour for the plaster is kept for the schedule
  await page.getByLabel("Цвет: Штукатурка").fill("#aa3300");
  await expect
    .poll(async () => {
      const chart = await call("GET", `/versions/${versionId}/cyclogram/${floor}`);
      return chart.lines.find((l: { workType: string }) => l.workType === "Штукатурка").color;
    })
    .toBe("#aa3300");

  // the last screed is dragged a week later along its line: a start limit through the work update call
  const before = await call("GET", `/versions/${versionId}/cyclogram/${floor}`);
  const screed = before.lines.find((l: { workType: string }) => l.workType === "Стяжка");
  const last = screed.segments[screed.segments.length - 1];
  const canvas = page.getByTestId("cyclogram-canvas");
  const box = (await canvas.boundingBox())!;
  // the chart's layout (cyclogram-draw.ts): names column, a 36 px scale, rows sharing the height, days across
  const label = Math.min(140, box.width / 3);
  const pxPerDay = (box.width - label - 16) / ((before.to - before.from) / 1440);
  const rowHeight = Math.max(14, (box.height - 36) / before.locations.length);
  const xOf = (minutes: number) => box.x + label + 8 + ((minutes - before.from) / 1440) * pxPerDay;
  const atY = box.y + 36 + (last.location + 0.5) * rowHeight;
  const atX = (xOf(last.start) + xOf(last.finish)) / 2;
  await page.mouse.move(atX, atY);
  await page.mouse.down();
  for (let step = 1; step <= 7; step++) await page.mouse.move(atX + step * pxPerDay, atY);
  await page.mouse.up();
  await expect
    .poll(
      async () => {
        await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
        const after = await call("GET", `/versions/${versionId}/cyclogram/${floor}`);
        const line = after.lines.find((l: { workType: string }) => l.workType === "Стяжка");
        return line.segments[line.segments.length - 1].start - last.start;
      },
      { timeout: 60_000 },
    )
    .toBe(7 * 1440);

  // printed: the screen's drawing on the caller's sheet, framed by the print format
  const printing = page.waitForEvent("download", { timeout: 120_000 });
  await page.getByRole("button", { name: "Печать" }).click();
  const pdf = await printing;
  expect(pdf.suggestedFilename()).toBe("Циклограмма.pdf");
  expect(
    fs
      .readFileSync((await pdf.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await context.close();

  const en = await openAs(browser, token, { language: "en", scheme: "light", width: 1440 });
  await en.page.goto(`/${spaceId}/schedule/${scheduleId}/cyclogram`);
  await expect(en.page.getByTestId("cyclogram-summary")).toContainText(
    "Work types: 3, locations: 4 · crew crossings: 1",
    {
      timeout: 60_000,
    },
  );
  await expect(en.page.getByTestId("cyclogram-canvas")).toHaveAttribute("data-drawn", "3");
  await en.page.screenshot({ path: "e2e/artifacts/cyclogram-en-light-1440.png", fullPage: true });
  await en.context.close();
  const fr = await openAs(browser, token, { language: "fr", scheme: "dark", width: 1440 });
  await fr.page.goto(`/${spaceId}/schedule/${scheduleId}/cyclogram`);
  await expect(fr.page.getByTestId("cyclogram-canvas")).toHaveAttribute("data-drawn", "3", { timeout: 60_000 });
  await fr.page.screenshot({ path: "e2e/artifacts/cyclogram-fr-dark-1440.png", fullPage: true });
  await fr.context.close();
});
