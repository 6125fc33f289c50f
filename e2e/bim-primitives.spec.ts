import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * Site layout (issue 20): on a facility without a 3D model a planner places a box on the site plan, ties it to a
 * work, and the 4D player colours it by the work's status at the date (in progress on the first day). WebGL runs
 * on SwiftShader (software), as in bim.spec.ts.
 */
test.use({
  launchOptions: {
    executablePath: process.env.PLANUM_CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-dev-shm-usage"],
  },
});

/** Pixels of the site view in the 4D player's "in progress" yellow (#fab005). */
async function yellowPixels(page: Page) {
  return page
    .getByTestId("bim-site-canvas")
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
      let yellow = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (r > 120 && g > 80 && b < r * 0.4 && g > b * 2) yellow += 1;
      }
      return yellow;
    });
}

test("a box placed on a facility's site plan, tied to a work, coloured by the 4D player", async ({
  browser,
  request,
}) => {
  const { token, spaceId, facilityId, versionId, call } = await spaceWithSchedule(request, "bim-site", {
    space: "Site",
    facility: "Site A",
    project: "Block 1",
    schedule: "Plan",
  });
  await addItem(call, versionId, { type: "work", code: "CR-1", name: "Crane base", duration: 960 });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);

  const { context, page } = await openAs(browser, token, { language: "en" });
  await page.goto(`/${spaceId}?node=${facilityId}&tab=models_3d`);
  const layout = page.getByTestId("bim-site-layout");
  await layout.getByRole("button", { name: "Add a shape" }).click();
  const form = page.getByTestId("bim-primitive-form");
  await form.getByLabel("Name").fill("Crane base");
  await form.getByRole("combobox", { name: "Works it stands for" }).click();
  await page.getByRole("option", { name: "CR-1 · Crane base" }).click();
  // the list stays open for more works: a person closes it
  await page.keyboard.press("Escape");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(layout.getByTestId("bim-primitives")).toContainText("Crane baseBox · 1 work");
  await expect(page.getByTestId("bim-site-canvas")).toHaveAttribute("data-primitives", "1");
  const before = await yellowPixels(page);

  // Mantine lays the switch's transparent input over its label: a person's click on the label lands on it.
  const label = await page.getByTestId("bim-4d").getByText("4D player", { exact: true }).boundingBox();
  if (!label) throw new Error("the 4D switch has no label");
  await page.mouse.click(label.x + label.width / 2, label.y + label.height / 2);
  await expect(page.getByTestId("bim-4d-date")).toHaveText("13.01.2025");
  await expect(page.getByTestId("bim-4d-in_progress")).toHaveText("In progress: 1");
  await expect.poll(() => yellowPixels(page)).toBeGreaterThan(before + 200);
  await context.close();
});
