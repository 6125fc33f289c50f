import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * 3D models (issue 20): a planner uploads an IFC model into a project, waits for its conversion, opens it in the
 * viewer, clicks an element and reads its properties, isolates it. WebGL runs on SwiftShader (software), since the
 * shared configuration turns the GPU off. Search by attribute text selects an element too. Then the model is linked
 * to the schedule's version: the slab by the rule "Tag equals the work's code", the searched wall by hand; and the
 * 4D player plays the version, recolouring both (the slab done in fact, the wall late by plan).
 */
test.use({
  actionTimeout: 60_000,
  launchOptions: {
    executablePath: process.env.PLANUM_CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-dev-shm-usage"],
  },
});
test.setTimeout(600_000);

const SAMPLE = path.resolve("apps/server/src/modules/bim/fixtures/ifc2x3-example.ifc");

const TEXT = {
  en: {
    tab: "3D models",
    ready: "Ready",
    open: "Open",
    isolate: "Isolate",
    showAll: "Show all",
    fit: "Fit",
    search: "Search by attribute",
    chooseVersion: "Link to a schedule version…",
    byRule: "Tie by rule",
    chooseWork: "Choose a work",
    tie: "Tie to the work",
    tiedOne: "1 tie made",
    ties: "2 ties of this model",
    player: "4D player",
    play: "Play",
    inProgress: "In progress: 2",
    done: "Done: 1",
    late: "Late: 1",
  },
  ru: {
    tab: "3D-модели",
    ready: "Готова",
    open: "Открыть",
    isolate: "Изолировать",
    showAll: "Показать скрытые",
    fit: "Показать всё",
    search: "Поиск по атрибутам",
    chooseVersion: "Связать с версией графика…",
    byRule: "Связать по правилу",
    chooseWork: "Выберите работу",
    tie: "Связать с работой",
    tiedOne: "Создана 1 связь",
    ties: "2 связи этой модели",
    player: "4D-проигрыватель",
    play: "Воспроизвести",
    inProgress: "Выполняется: 2",
    done: "Выполнено: 1",
    late: "Просрочено: 1",
  },
} as const;

test("an IFC model uploaded, converted, opened; an element clicked shows its properties, isolated; en and ru", async ({
  browser,
  request,
}) => {
  const setup = await spaceWithSchedule(request, "bim", {
    space: "BIM",
    facility: "Завод",
    project: "Корпус 1",
    schedule: "График",
  });
  const { token, spaceId, projectId, versionId, call } = setup;
  // The slab's Tag is 670677: its work carries that code (the rule's match) and was done on 13–14.01 in fact.
  // The walls' work, five days from 13.01 by plan, is not done: late once 17.01 17:00 has passed.
  const slab = await addItem(call, versionId, { type: "work", code: "670677", name: "Slab", duration: 960 });
  await addItem(call, versionId, { type: "work", code: "M-1", name: "Walls", duration: 2400 });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  await call("PATCH", `/versions/${versionId}/wbs/${slab}/update`, {
    revision: (await call("GET", `/versions/${versionId}/wbs/${slab}`)).revision,
    actualStart: "2025-01-13T08:00",
    actualFinish: "2025-01-14T17:00",
  });
  for (const [language, scheme, width] of [
    ["en", "light", 1440],
    ["ru", "dark", 600],
  ] as const) {
    const text = TEXT[language];
    const { context, page } = await openAs(browser, token, { language, scheme, width });
    await page.goto(`/${spaceId}?node=${projectId}&tab=models_3d`);
    await expect(page.getByRole("tab", { name: text.tab })).toHaveAttribute("aria-selected", "true", {
      timeout: 60_000,
    });
    if (language === "en") {
      await page.locator('input[type="file"]').setInputFiles(SAMPLE);
    }
    const row = page.getByTestId("bim-model-row").filter({ hasText: "ifc2x3-example.ifc" });
    await expect(row.getByText(text.ready)).toBeVisible({ timeout: 180_000 });
    await expect(row).toContainText("IFC2X3");
    await row.getByRole("button", { name: text.open }).click();
    const canvas = page.getByTestId("bim-canvas");
    await expect(canvas).not.toHaveAttribute("data-elements", "0", { timeout: 120_000 });
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error("the viewer has no size");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const properties = page.getByTestId("bim-properties");
    await expect(properties).toContainText("GlobalId", { timeout: 60_000 });
    await expect(properties).toContainText("Attributes.Name");
    // Search by attribute text selects the wall with Tag 929766 (whatever the click at this width hit).
    const search = page.getByRole("textbox", { name: text.search });
    await search.fill("929766");
    await search.press("Enter");
    await page.getByTestId("bim-search-results").getByText("Basic Wall:150 Concrete:929766").click();
    await expect(properties).toContainText("929766", { timeout: 60_000 });
    await page.getByRole("button", { name: text.isolate }).click();
    await page.screenshot({ path: `e2e/artifacts/bim-${language}-${width}-${scheme}.png`, fullPage: true });
    await page.getByRole("button", { name: text.showAll }).click();
    await page.getByRole("button", { name: text.fit }).click();

    if (language === "en") {
      // Linking: the model to the version, the slab by the rule, the selected wall by hand to the walls' work.
      await page.getByRole("combobox", { name: text.chooseVersion }).click();
      await page.getByRole("option", { name: "График · Main" }).click();
      await page.getByRole("button", { name: text.byRule }).click();
      await expect(page.getByRole("status").filter({ hasText: text.tiedOne })).toBeVisible();
      await page.getByRole("combobox", { name: text.chooseWork }).click();
      await page.getByRole("option", { name: "M-1 Walls" }).click();
      await page.getByRole("button", { name: text.tie }).click();
      await expect(page.getByTestId("bim-linked-work")).toHaveText("M-1 Walls (1)");
    }
    await expect(page.getByTestId("bim-links-count")).toHaveText(text.ties);
    const before = await colourPixels(page);

    // The 4D player: on at the first day (both works under way), played to the last (the slab done, the wall late).
    // Mantine lays the switch's transparent input over its label: a person's click on the label lands on it.
    const switchLabel = page.getByTestId("bim-4d").getByText(text.player, { exact: true });
    await switchLabel.scrollIntoViewIfNeeded();
    const label = await switchLabel.boundingBox();
    if (!label) throw new Error("the 4D switch has no label");
    await page.mouse.click(label.x + label.width / 2, label.y + label.height / 2);
    await expect(page.getByRole("switch", { name: text.player })).toBeChecked();
    await expect(page.getByTestId("bim-4d-date")).toHaveText("13.01.2025");
    await expect(page.getByTestId("bim-4d-in_progress")).toHaveText(text.inProgress);
    // at the first day the slab is in progress (yellow; the selected wall was orange already), drawn by the
    // player's screen pass over the id target, not by drawing the model again
    const frame = canvas.locator("canvas");
    await expect(frame).toHaveAttribute("data-frame", /^(ids|screen)$/);
    await expect.poll(async () => (await colourPixels(page)).yellow).toBeGreaterThan(before.yellow + 50);
    await page.getByRole("button", { name: text.play }).click();
    await expect(page.getByTestId("bim-4d-date")).toHaveText("17.01.2025", { timeout: 30_000 });
    await expect(page.getByTestId("bim-4d-done")).toHaveText(text.done);
    await expect(page.getByTestId("bim-4d-late")).toHaveText(text.late);
    // The scene shows it: green (done) and red (late) appeared where the model had neither — the wall once a
    // click on the empty lower corner of the view has taken the selection's colour off it.
    await expect.poll(async () => (await colourPixels(page)).green).toBeGreaterThan(before.green + 50);
    await canvas.scrollIntoViewIfNeeded();
    const view = await canvas.boundingBox();
    if (view) await page.mouse.click(view.x + 8, view.y + view.height - 8);
    await expect.poll(async () => (await colourPixels(page)).red).toBeGreaterThan(before.red + 50);
    // The screen pass looks as the model drawn again does: the frame of colours only, then the same view drawn
    // whole (Fit puts the camera where it is), pixel by pixel.
    await expect(frame).toHaveAttribute("data-frame", /^(ids|screen)$/);
    // a screen pass at a lower resolution while the colours were changing gives way to the full one
    await expect(frame).toHaveAttribute("data-scale", "1");
    await snapshot(page, "screen");
    await page.getByRole("button", { name: text.fit }).click();
    await expect(frame).toHaveAttribute("data-frame", "whole");
    await snapshot(page, "whole");
    const differing = await page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the snapshots kept on the page
      const shots = (globalThis as any).__bimShots as Record<string, number[]>;
      const [a, b] = [shots.screen!, shots.whole!];
      let far = 0;
      for (let i = 0; i < a.length; i += 4)
        if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 24) far++;
      return far / (a.length / 4);
    });
    expect(differing).toBeLessThan(0.01);
    await page.screenshot({ path: `e2e/artifacts/bim-4d-${language}-${width}-${scheme}.png`, fullPage: true });
    await context.close();
  }
});

/**
 * Pixels of the viewer's canvas that are clearly green (the 4D "done"), clearly red ("late"), and of the model at
 * all (unlike the background of the corner).
 */
async function colourPixels(page: Page) {
  return page
    .getByTestId("bim-canvas")
    .locator("canvas")
    .evaluate((element) => {
      // runs in the page; the e2e project compiles without the DOM library
      // biome-ignore lint/suspicious/noExplicitAny: the canvas and document of the page
      const [canvas, document] = [element as any, (globalThis as any).document];
      const copy = document.createElement("canvas");
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext("2d");
      context.drawImage(canvas, 0, 0);
      const data: number[] = context.getImageData(0, 0, copy.width, copy.height).data;
      let green = 0;
      let red = 0;
      let yellow = 0;
      let model = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.abs(r - data[0]!) + Math.abs(g - data[1]!) + Math.abs(b - data[2]!) > 24) model += 1;
        if (g > 60 && g > r * 1.4 && g > b * 1.4) green += 1;
        if (r > 80 && r > g * 1.6 && r > b * 1.6) red += 1;
        if (r > 150 && g > 90 && g > b * 3 && r > g) yellow += 1;
      }
      return { green, red, yellow, model };
    });
}

/** Keeps the canvas's pixels on the page under `name` (compared there: they are too many to carry back). */
async function snapshot(page: Page, name: string) {
  await page
    .getByTestId("bim-canvas")
    .locator("canvas")
    .evaluate((element, name) => {
      // biome-ignore lint/suspicious/noExplicitAny: the canvas and document of the page
      const [canvas, document, global] = [element as any, (globalThis as any).document, globalThis as any];
      const copy = document.createElement("canvas");
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext("2d");
      context.drawImage(canvas, 0, 0);
      global.__bimShots ??= {};
      global.__bimShots[name] = context.getImageData(0, 0, copy.width, copy.height).data;
    }, name);
}

test("the viewer's tools: a measure between two points, a section, an appearance profile, the view saved and restored in French", async ({
  browser,
  request,
}) => {
  const setup = await spaceWithSchedule(request, "bim-tools", {
    space: "BIM outils",
    facility: "Usine",
    project: "Bâtiment 1",
    schedule: "Planning",
  });
  const { token, spaceId, projectId, call } = setup;
  const uploaded = await request.post(`/api/v1/projects/${projectId}/3d/upload`, {
    headers: { Authorization: `Bearer ${token}`, "X-Space-Id": spaceId },
    multipart: { file: { name: "steel.ifc", mimeType: "application/octet-stream", buffer: readFileSync(SAMPLE) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  await expect
    .poll(async () => (await call("GET", `/projects/${projectId}/3d`))[0].status, { timeout: 180_000 })
    .toBe("completed");

  const open = async (language: string, scheme: string, width: number) => {
    const opened = await openAs(browser, token, { language, scheme, width });
    await opened.page.goto(`/${spaceId}?node=${projectId}&tab=models_3d`);
    await opened.page.getByTestId("bim-model-row").getByRole("button").first().click();
    await expect(opened.page.getByTestId("bim-canvas")).not.toHaveAttribute("data-elements", "0", {
      timeout: 120_000,
    });
    return opened;
  };
  const { context, page } = await open("en", "light", 1440);
  const canvas = page.getByTestId("bim-canvas");
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the viewer has no size");

  // Measure: two points of the model, a distance in metres.
  await page.getByRole("button", { name: "Measure" }).click();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2 + 30, box.y + box.height / 2 + 10);
  await expect(page.getByTestId("bim-measure")).toHaveText(/^Distance: \d[\d,.]* m$/);
  await page.getByRole("button", { name: "Measure" }).click();
  await expect(page.getByTestId("bim-measure")).toBeHidden();

  // A section across X at its middle leaves less of the model drawn.
  const whole = (await colourPixels(page)).model;
  await page.getByText("X", { exact: true }).click();
  await expect.poll(async () => (await colourPixels(page)).model).toBeLessThan(whole * 0.9);

  // A profile of the space: slabs in red.
  const red = (await colourPixels(page)).red;
  await page.getByRole("button", { name: "New appearance profile" }).click();
  const dialog = page.getByRole("dialog", { name: "New appearance profile" });
  await dialog.getByLabel("Name").fill("Slabs red");
  await dialog.getByRole("combobox", { name: "Add an IFC type…" }).click();
  await page.getByRole("option", { name: "Slab", exact: true }).click();
  await dialog.getByRole("textbox", { name: "Colour of IfcSlab" }).fill("#fa5252");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Appearance profile" })).toHaveValue("Slabs red");
  await expect.poll(async () => (await colourPixels(page)).red).toBeGreaterThan(red + 50);
  await page.getByRole("button", { name: "Save view" }).click();
  await expect(page.getByText("The view is saved")).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/bim-tools-en-1440-light.png", fullPage: true });
  await context.close();

  // The same user in French on a narrow dark screen: the view comes back with its section and profile.
  const french = await open("fr", "dark", 600);
  await expect(french.page.getByRole("combobox", { name: "Profil d’apparence" })).toHaveValue("Slabs red");
  await expect(french.page.getByRole("radio", { name: "X" })).toBeChecked();
  await expect.poll(async () => (await colourPixels(french.page)).red).toBeGreaterThan(50);
  await french.page.screenshot({ path: "e2e/artifacts/bim-tools-fr-600-dark.png", fullPage: true });
  await french.context.close();
});
