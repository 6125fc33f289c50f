import { expect, test } from "@playwright/test";
import { openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

test("an administrator issues a token, registers an installation with it and copies its space, then one of its projects; the guide; the admin page in three languages", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const names = { space: "Plant north", facility: "Site", project: "Hall 5", schedule: "Frame" };
  const setup = await spaceWithSchedule(request, "remote", names);
  const { page, context } = await openAs(browser, setup.token, { language: "en" });
  await page.goto(`/${setup.spaceId}/admin`);
  const card = page
    .getByRole("heading", { level: 2, name: "Copy between installations", exact: true })
    .locator("xpath=ancestor::*[contains(@class,'mantine-Paper-root')][1]");
  await expect(card.getByText("No installations registered yet.")).toBeVisible();

  // The space's token, shown once. (The installation copies from itself here: its own address is "another" one.)
  await card.getByRole("textbox", { name: "Who it is for" }).fill("Head office");
  await card.getByRole("button", { name: "Issue token" }).click();
  const token = (await card.getByLabel("Issued token", { exact: true }).textContent()) ?? "";
  expect(token.length).toBeGreaterThan(20);
  await expect(card.getByRole("table", { name: "Issued tokens" }).getByText("Head office")).toBeVisible();

  // A wrong token is refused with the other installation's reason, and nothing is registered.
  const form = card.getByRole("form", { name: "Register an installation" });
  await form.getByRole("textbox", { name: "Name" }).fill("Plant server");
  await form.getByRole("textbox", { name: "Address" }).fill(baseURL ?? "");
  await form.getByLabel("Token").fill("forged");
  await form.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("The other installation refused the token")).toBeVisible();
  await expect(card.getByText("No installations registered yet.")).toBeVisible();

  await form.getByLabel("Token").fill(token);
  await form.getByRole("button", { name: "Register" }).click();
  const sources = card.getByRole("table", { name: "Installations to copy from" });
  await expect(sources.getByText(names.space)).toBeVisible({ timeout: 30_000 });
  await sources.getByRole("button", { name: `Copy the space ${names.space}` }).click();
  await expect(page.getByText("The space has been copied")).toBeVisible({ timeout: 120_000 });
  const spaces = (await setup.call("GET", "/users/spaces")) as { id: string; name: string }[];
  const copy = spaces.find((space) => space.name === names.space && space.id !== setup.spaceId);
  expect(copy).toBeTruthy();
  const projects = (await (
    await request.get("/api/v1/eps", {
      headers: { Authorization: `Bearer ${setup.token}`, "X-Space-Id": copy?.id ?? "" },
    })
  ).json()) as { data: { nodes: { name: string }[] } };
  expect(projects.data.nodes.map((node) => node.name)).toContain(names.project);

  // One project of the other installation (this one, here), copied into this space: a second project of that name,
  // with its schedule.
  await sources.getByRole("button", { name: `Copy the project ${names.project} into this space` }).click();
  await expect(page.getByText("The project has been copied")).toBeVisible({ timeout: 120_000 });
  const here = (await setup.call("GET", "/eps")) as { nodes: { id: string; name: string }[] };
  const copies = here.nodes.filter((node) => node.name === names.project);
  expect(copies).toHaveLength(2);
  for (const copied of copies) {
    const held = (await setup.call("GET", `/projects/${copied.id}/schedules`)) as { name: string }[];
    expect(held.map((schedule) => schedule.name)).toEqual([names.schedule]);
  }

  // The system guide, from the user menu.
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Guide" }).click();
  await expect(
    page.getByRole("dialog", { name: "Planum guide" }).getByRole("heading", { name: "Administration" }),
  ).toBeVisible();
  await context.close();

  const titles = {
    en: "Copy between installations",
    ru: "Копирование между установками",
    fr: "Copie entre installations",
  };
  const guides = { en: "Planum guide", ru: "Руководство Planum", fr: "Guide de Planum" };
  const menu = { en: "Guide", ru: "Руководство", fr: "Guide" };
  for (const [language, width] of [
    ["en", 600],
    ["ru", 600],
    ["fr", 600],
    ["ru", 1440],
  ] as const) {
    const opened = await openAs(browser, setup.token, { language, width, scheme: "dark" });
    await opened.page.goto(`/${setup.spaceId}/admin`);
    const title = opened.page.getByRole("heading", { level: 2, name: titles[language], exact: true });
    await expect(title).toBeVisible();
    await expect(
      title.locator("xpath=ancestor::*[contains(@class,'mantine-Paper-root')][1]").getByRole("table").first(),
    ).toBeVisible({ timeout: 30_000 });
    await title.scrollIntoViewIfNeeded();
    await opened.page.screenshot({ path: `e2e/artifacts/admin-remote-${width}-${language}-dark.png` });
    await opened.page.screenshot({ path: `e2e/artifacts/admin-page-${width}-${language}-dark.png`, fullPage: true });
    await opened.page.getByTestId("user-menu").click();
    await opened.page.getByRole("menuitem", { name: menu[language] }).click();
    await expect(opened.page.getByRole("dialog", { name: guides[language] })).toBeVisible();
    await opened.page.screenshot({ path: `e2e/artifacts/guide-${width}-${language}-dark.png` });
    await opened.context.close();
  }
});
