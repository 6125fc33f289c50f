import path from "node:path";
import { decodeGantt } from "@planum/contracts";
import { expect, test } from "@playwright/test";
import { apiAs, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

const corpus = path.resolve(process.cwd(), "../shared/corpus");

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

/**
 * An uploaded version shows before its relations and details are in (the `import_details` job follows the upload):
 * what needs the whole network — an export — waits until the version says they are.
 */
async function detailsIn(api: Awaited<ReturnType<typeof apiAs>>, scheduleId: string, versionId: string) {
  await expect
    .poll(
      async () =>
        (
          (await api.call("GET", `/schedules/${scheduleId}/versions`)) as { id: string; detailsStatus: string | null }[]
        ).find((v) => v.id === versionId)?.detailsStatus,
      { timeout: 30_000 },
    )
    .toBeNull();
}

test("upload a P6 XER through the dialog and see its activities in the grid, then export it", async ({ page }) => {
  const user = await registerUser(page.request, "ich");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const api = await apiAs(page);
  const space = await api.call("POST", "/space/create", { name: "Импорт", type: "site" });
  api.useSpace(space.id);
  const facility = await api.call("POST", "/facilities/create", { name: "Объект" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Проект" });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "График из P6" });

  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "График из P6" })).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Upload a schedule file" });
  await dialog.locator('input[type="file"]').setInputFiles(path.join(corpus, "xer/MultiprojectWithExternal.xer"));
  await expect(dialog.getByTestId("interchange-format")).toHaveText("Primavera P6 XER");
  // the file holds two projects: the second one (two activities) becomes the version
  await dialog.getByRole("combobox", { name: "Project of the file" }).click();
  await page.getByRole("option", { name: /activities: 2/ }).click();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();

  // the job ends: the dialog tells what it read and stored, and the page switches to the new version
  await expect(dialog.getByTestId("import-report")).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId("import-count-activities")).toContainText("2");
  await expect(page.getByRole("combobox", { name: "Schedule version" })).toHaveValue(/MultiprojectWithExternal/);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  const versions = await api.call("GET", `/schedules/${schedule.id}/versions`);
  expect(versions).toHaveLength(1);
  const gantt = decodeGantt(await api.call("GET", `/versions/${versions[0].id}/gantt`));
  const names = (gantt.name as string[]).filter((_, k) => gantt.type[k] !== 0);
  expect(names.length).toBe(2);
  for (const name of names) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await shot(page, "interchange-upload");

  // the export menu downloads the version as a file, once its relations are in (the banner goes)
  await expect(page.getByTestId("details-importing")).toBeHidden({ timeout: 30_000 });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  await page.getByRole("menuitem", { name: "Primavera P6 XER" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xer$/);

  // a second version from another file of the corpus, then the comparison view of the two
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles(path.join(corpus, "xer/encoding1251.xer"));
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByTestId("import-report")).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Schedule version" })).toHaveValue(/encoding1251/);
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const compare = page.getByRole("dialog", { name: "Version comparison" });
  await compare.getByRole("button", { name: "Compare", exact: true }).click();
  await expect(compare.getByText(/^Added: \d+$/)).toBeVisible();
  await expect(compare.getByRole("table", { name: "Version comparison" })).toBeVisible();
  await shot(page, "interchange-compare");
});

test("a damaged file is refused in the dialog with the reason", async ({ page }) => {
  const user = await registerUser(page.request, "ich");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const api = await apiAs(page);
  const space = await api.call("POST", "/space/create", { name: "Импорт 2", type: "site" });
  api.useSpace(space.id);
  const facility = await api.call("POST", "/facilities/create", { name: "Объект" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Проект" });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "График" });

  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Upload a schedule file" });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "broken.xer",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("ERMHDR\t20.12\n%T\tTASK\n%F\ttask_id\n%R\t1\n"),
  });
  // the preview already says the file cannot be read, before anything is uploaded
  await expect(dialog.getByTestId("interchange-problem")).toContainText("%E");
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByTestId("interchange-error")).toContainText("cannot be read", { timeout: 30_000 });
  await shot(page, "interchange-error");
  expect(await api.call("GET", `/schedules/${schedule.id}/versions`)).toHaveLength(0);
});

test("a CSV with its own column names: map the columns, save the mapping as a rule, reuse it", async ({ page }) => {
  const user = await registerUser(page.request, "ich");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const api = await apiAs(page);
  const space = await api.call("POST", "/space/create", { name: "Сметы", type: "site" });
  api.useSpace(space.id);
  const facility = await api.call("POST", "/facilities/create", { name: "Объект" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Проект" });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "График подрядчика" });
  const csv = {
    name: "contractor.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Выгрузка подрядчика\nШифр;Работа;Часы\nB1;Фундамент;16\nB2;Каркас;40\n"),
  };

  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Upload a schedule file" });
  await dialog.locator('input[type="file"]').setInputFiles(csv);
  await dialog.getByRole("textbox", { name: "Rows to skip" }).fill("1");
  await expect(dialog.getByRole("cell", { name: "Фундамент" })).toBeVisible();
  for (const [field, header] of [
    ["Activity ID", "Шифр"],
    ["Name", "Работа"],
    ["Duration", "Часы"],
  ]) {
    await dialog.getByRole("combobox", { name: field, exact: true }).click();
    await page.getByRole("option", { name: header, exact: true }).click();
  }
  await dialog.getByRole("textbox", { name: "Save this mapping as a rule" }).fill("Подрядчик");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  // saved: the dialog now offers it
  await expect(dialog.getByRole("combobox", { name: "Saved rule" })).toBeVisible();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByTestId("import-report")).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Фундамент", { exact: true }).first()).toBeVisible();

  // the next file of the same shape: the saved rule fills everything in
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ ...csv, name: "contractor-2.csv" });
  await dialog.getByRole("combobox", { name: "Saved rule" }).click();
  await page.getByRole("option", { name: "Подрядчик" }).click();
  await expect(dialog.getByRole("textbox", { name: "Rows to skip" })).toHaveValue("1");
  await shot(page, "interchange-rule");
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByTestId("import-report")).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  const versions = await api.call("GET", `/schedules/${schedule.id}/versions`);
  expect(versions).toHaveLength(2);
  for (const version of versions) {
    const gantt = decodeGantt(await api.call("GET", `/versions/${version.id}/gantt`));
    expect(gantt.name).toEqual(["Фундамент", "Каркас"]);
    expect(gantt.duration).toEqual([960, 2400]);
  }
});

test("an XLSX shows its first rows in the dialog like a CSV, its columns are mapped and it is uploaded", async ({
  page,
}) => {
  const user = await registerUser(page.request, "ich");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const api = await apiAs(page);
  const space = await api.call("POST", "/space/create", { name: "Excel", type: "site" });
  api.useSpace(space.id);
  const facility = await api.call("POST", "/facilities/create", { name: "Объект" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Проект" });
  const source = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "Источник" });
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "График из Excel" });

  // the workbook is Planum's own Excel export of a small schedule (our XLSX writer, our column names)
  const state = await page.context().storageState();
  const token = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === "planum.auth-token")?.value;
  const headers = { Authorization: `Bearer ${token}`, "X-Space-Id": space.id };
  const uploaded = await page.request.post(`/api/v1/schedules/${source.id}/versions/upload/synchronous`, {
    headers,
    multipart: {
      file: {
        name: "source.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("Activity ID;Activity Name;Duration (h);Predecessors\nK1;Котлован;24;\nK2;Сваи;56;K1\n"),
      },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  const sourceVersion = (await uploaded.json()).data.versionId as string;
  await detailsIn(api, source.id, sourceVersion);
  const exported = await api.call("POST", `/versions/${sourceVersion}/export/xlsx`);
  const workbook = await page.request.get(`/api/v1/storage/download/${exported.fileId}`, { headers });
  expect(workbook.ok()).toBeTruthy();

  await page.goto(`/${space.id}/schedule/${schedule.id}`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Upload a schedule file" });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "from-excel.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await workbook.body(),
  });
  await expect(dialog.getByTestId("interchange-format")).toHaveText("Excel (XLSX)");
  // the preview: the header row, then the activities, read on the server from the workbook
  const preview = dialog.getByRole("table", { name: "First rows of the file" });
  await expect(preview.getByRole("columnheader", { name: "Activity Name" })).toBeVisible();
  await expect(preview.getByRole("cell", { name: "Котлован" })).toBeVisible();
  await expect(preview.getByRole("cell", { name: "Сваи" })).toBeVisible();
  // the mapping offers the workbook's column names, and the preview marks the mapped column
  await dialog.getByRole("combobox", { name: "Name", exact: true }).click();
  await page.getByRole("option", { name: "Activity Name", exact: true }).click();
  await expect(preview.getByRole("columnheader", { name: "Activity Name Name" })).toBeVisible();
  await preview.scrollIntoViewIfNeeded();
  await shot(page, "interchange-xlsx-preview");
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByTestId("import-report")).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("combobox", { name: "Schedule version" })).toHaveValue(/from-excel/);
  for (const name of ["Котлован", "Сваи"]) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  const versions = await api.call("GET", `/schedules/${schedule.id}/versions`);
  expect(versions).toHaveLength(1);
  const gantt = decodeGantt(await api.call("GET", `/versions/${versions[0].id}/gantt`));
  const leaves = (gantt.name as string[]).filter((_, k) => gantt.type[k] !== 0);
  expect(leaves).toEqual(["Котлован", "Сваи"]);
  // its relation follows the version by the details job
  await detailsIn(api, schedule.id, versions[0].id);
  expect(decodeGantt(await api.call("GET", `/versions/${versions[0].id}/gantt`)).relations.from).toHaveLength(1);
});
