import path from "node:path";
import { expect, test } from "@playwright/test";
import { openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * 3D models (issue 20): a planner uploads an IFC model into a project, waits for its conversion, opens it in the
 * viewer, clicks an element and reads its properties, isolates it. WebGL runs on SwiftShader (software), since the
 * shared configuration turns the GPU off. Search by attribute text selects an element too.
 */
test.use({
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
    search: "Search by attribute",
  },
  ru: {
    tab: "3D-модели",
    ready: "Готова",
    open: "Открыть",
    isolate: "Изолировать",
    showAll: "Показать скрытые",
    search: "Поиск по атрибутам",
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
  const { token, spaceId, projectId } = setup;
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
    await context.close();
  }
});
