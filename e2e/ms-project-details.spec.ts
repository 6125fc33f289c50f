import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { apiUser, openAs } from "./helpers/workspace-setup.js";

/**
 * An MS Project file's manually scheduled task shows its typed dates in the details, and a work's elapsed duration is
 * a box a planner ticks (the work then runs on the clock, and the grid shows its duration in 24-hour days). The file is mpxj's Project 2010 save of three manual tasks
 * typed 4–15 January 2016 (packages/formats/fidelity).
 */

const file = path.resolve("packages/formats/fidelity/mpxj/assignment-assignments-project2010-mspdi.xml");
const codeCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="0"]`);
const durationCell = (page: Page, pos: number) => page.locator(`[data-pos="${pos}"][data-col="2"]`);

test("a manually scheduled task shows its typed dates; elapsed duration is ticked in the details; screenshots", async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const user = await apiUser(request, "msp");
  const { call } = user;
  const space = await call("POST", "/space/create", { name: "MS Project", type: "site" });
  user.useSpace(space.id);
  const facility = await call("POST", "/facilities/create", { name: "Site" });
  const project = await call("POST", `/facilities/${facility.id}/project/create`, { name: "Project" });
  const schedule = await call("POST", `/projects/${project.id}/schedules/create`, { name: "Imported" });
  const uploaded = await request.post(`/api/v1/schedules/${schedule.id}/versions/upload/synchronous`, {
    headers: { Authorization: `Bearer ${user.token}`, "X-Space-Id": space.id },
    multipart: {
      file: { name: path.basename(file), mimeType: "application/xml", buffer: fs.readFileSync(file) },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  const versionId = (await uploaded.json()).data.versionId as string;
  const items = (await call("GET", `/versions/${versionId}/timetable`)).items as { id: number; code: string }[];
  const taskOne = items.find((row) => row.code === "1")!.id;

  const { context, page } = await openAs(browser, user.token, { language: "en" });
  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  await expect(codeCell(page, 0)).toHaveText("1", { timeout: 60_000 });
  await codeCell(page, 0).click();
  await expect(page.getByTestId("details-manual")).toBeChecked();
  await expect(page.getByTestId("details-manual-start")).toHaveValue("04.01.2016 08:00");
  await expect(page.getByTestId("details-manual-finish")).toHaveValue("15.01.2016 17:00");
  await expect(page.getByTestId("details-elapsed")).not.toBeChecked();
  // The grid's duration: 80 working hours are 10 days of the 8-hour calendar…
  await expect(durationCell(page, 0)).toHaveText("10");
  // Mantine's checkbox input lies under its label: click the label, as a person does.
  await page.getByText("Elapsed duration", { exact: true }).click();
  await expect(page.getByTestId("details-elapsed")).toBeChecked({ timeout: 30_000 });
  await expect.poll(async () => (await call("GET", `/versions/${versionId}/wbs/${taskOne}`)).elapsed).toBe(true);
  // …and 3.33 days of 24 hours once the duration is elapsed (MS Project's "3.33 ed").
  await expect(durationCell(page, 0)).toHaveText(/^3[.,]33$/, { timeout: 30_000 });
  await context.close();

  // how it looks: en, ru and fr, light and dark, 1440 and 600 px
  for (const language of ["en", "ru", "fr"])
    for (const scheme of ["light", "dark"])
      for (const width of [1440, 600]) {
        const view = await openAs(browser, user.token, { language, scheme, width });
        await view.page.goto(`/${space.id}/schedule/${schedule.id}`);
        await expect(codeCell(view.page, 0)).toHaveText("1", { timeout: 60_000 });
        await codeCell(view.page, 0).click();
        await view.page.getByTestId("details-manual-finish").scrollIntoViewIfNeeded();
        await expect(view.page.getByTestId("details-manual-start")).toBeVisible();
        await view.page.screenshot({
          path: `e2e/artifacts/msp-details-${language}-${width}-${scheme}.png`,
          fullPage: true,
        });
        await view.context.close();
      }
});
