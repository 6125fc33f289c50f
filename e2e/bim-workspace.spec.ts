import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * The 3D view in the schedule workspace's dock (issue 20), tied to the Gantt both ways: a work selected in the Gantt
 * lights up its element in orange and the camera frames it; an element clicked in the view selects its work in the
 * Gantt. The facility's site layout (a crane placed on the project's parent) is drawn with the model. The model's
 * geometry streams in as in the project's viewer: on a slow network the dock says how much of it has come. WebGL runs
 * on SwiftShader, as in bim.spec.ts.
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
const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);
const selectedRows = (page: Page) => page.locator('.pg-row[aria-selected="true"]');

const TEXT = {
  en: { all: "All panels", status: "1 element of the selected works", loading: "Loading the model:" },
  ru: { all: "Все панели", status: "1 элемент выбранных работ", loading: "Загрузка модели:" },
  fr: {
    all: "Tous les panneaux",
    status: "1 élément des tâches sélectionnées",
    loading: "Chargement de la maquette :",
  },
} as const;

test("the workspace's 3D dock: a work selected in the Gantt frames its element, an element clicked selects its work; en, ru, fr", async ({
  browser,
  request,
}) => {
  const setup = await spaceWithSchedule(request, "bim-dock", {
    space: "BIM dock",
    facility: "Завод",
    project: "Корпус 2",
    schedule: "График",
  });
  const { token, spaceId, facilityId, projectId, scheduleId, versionId, call } = setup;
  const slab = await addItem(call, versionId, { type: "work", code: "670677", name: "Slab", duration: 960 });
  const walls = await addItem(call, versionId, { type: "work", code: "M-1", name: "Walls", duration: 2400 });
  await addItem(call, versionId, { type: "work", code: "F-1", name: "Fence", duration: 480 });
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  const uploaded = await request.post(`/api/v1/projects/${projectId}/3d/upload`, {
    headers: { Authorization: `Bearer ${token}`, "X-Space-Id": spaceId },
    multipart: { file: { name: "steel.ifc", mimeType: "application/octet-stream", buffer: readFileSync(SAMPLE) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  await expect
    .poll(async () => (await call("GET", `/projects/${projectId}/3d`))[0].status, { timeout: 180_000 })
    .toBe("completed");
  const modelId = (await call("GET", `/projects/${projectId}/3d`))[0].id as string;
  const link = await call("POST", `/projects/${projectId}/3d/link/save`, {
    name: "Steel",
    versionId,
    modelIds: [modelId],
  });
  // The slab by the rule (its Tag is the work's code), one wall by hand to the walls' work; the fence has nothing.
  await call("POST", `/versions/${versionId}/3d/link/${link.id}/create-relations`, {
    rule: { property: "Attributes.Tag", equals: "code" },
  });
  const found = await call("GET", `/projects/${projectId}/3d/${modelId}/attributes?text=929766`);
  const wall = found.elements.find((e: { name: string }) => e.name.includes("929766")).expressId as number;
  await call("POST", `/versions/${versionId}/3d/link/${link.id}/create-relations`, {
    modelId,
    expressIds: [wall],
    itemIds: [walls],
  });
  // The facility's site layout around the project: a crane tied to the slab, far enough not to hide the model.
  await call("POST", "/primitivesModels", {
    epsId: facilityId,
    name: "Tower crane",
    shape: "cylinder",
    size: [2, 2, 30],
    position: [400, 400, 0],
    rotation: [0, 0, 0],
    colour: "#868e96",
    itemIds: [slab],
  });

  for (const [language, scheme, width] of [
    ["en", "light", 1440],
    ["ru", "dark", 600],
    ["fr", "dark", 600],
  ] as const) {
    const text = TEXT[language];
    const { context, page } = await openAs(browser, token, { language, scheme, width });
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await expect(codeCell(page, 0)).toHaveText("670677", { timeout: 60_000 });
    // A slow network (20 kB/s) while the dock opens: the geometry arrives piece by piece, and the dock shows how much
    // of it has been read — a share under 100 % — before the whole model is there.
    const network = await context.newCDPSession(page);
    const throttle = (bytesPerSecond: number) =>
      network.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: -1,
      });
    await throttle(20_000);
    const tab = page.getByRole("tab", { name: "3D", exact: true });
    if (width === 600) {
      await page.getByRole("button", { name: text.all }).click();
      await page.getByRole("menuitem", { name: "3D", exact: true }).click();
    } else await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    const canvas = page.getByTestId("bim-canvas");
    const loading = page.getByTestId("bim-loading");
    await expect(loading).toHaveText(new RegExp(`^${text.loading} ([1-9]|[1-9][0-9])\\s?%$`), { timeout: 60_000 });
    await expect(canvas).toHaveAttribute("data-elements", "0");
    await page.screenshot({
      path: `e2e/artifacts/bim-dock-loading-${language}-${width}-${scheme}.png`,
      fullPage: true,
    });
    await throttle(-1);
    await expect(canvas).not.toHaveAttribute("data-elements", "0", { timeout: 120_000 });
    await expect(loading).toHaveCount(0);
    await expect(canvas).toHaveAttribute("data-primitives", "1");
    const whole = await orangePixels(page);

    // Gantt → 3D: the walls' work selected, its wall highlighted in the selection's orange and framed (it fills
    // more of the view than in the whole model's frame).
    await codeCell(page, 1).click();
    await expect(canvas).toHaveAttribute("data-highlighted", "1");
    await expect(page.getByTestId("bim-dock-status")).toHaveText(text.status);
    await expect.poll(() => orangePixels(page)).toBeGreaterThan(whole + 200);
    await page.screenshot({ path: `e2e/artifacts/bim-dock-${language}-${width}-${scheme}.png`, fullPage: true });

    // The fence has no elements: selecting it leaves the camera on the wall; a click at the view's centre picks the
    // wall, and its work becomes the Gantt's selection.
    await codeCell(page, 2).click();
    await expect(canvas).toHaveAttribute("data-highlighted", "0");
    await expect(selectedRows(page)).toContainText("Fence");
    const box = await canvas.boundingBox();
    if (!box) throw new Error("the 3D view has no size");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(selectedRows(page)).toHaveCount(1);
    await expect(selectedRows(page)).toContainText("Walls");
    await expect(canvas).toHaveAttribute("data-highlighted", "1");
    await context.close();
  }
});

/** Pixels of the 3D view in the selection's orange (#f59f00, lit). */
async function orangePixels(page: Page) {
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
      let orange = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (r > 120 && g > r * 0.4 && g < r * 0.85 && b < r * 0.35) orange += 1;
      }
      return orange;
    });
}
