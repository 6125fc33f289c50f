import { type Browser, expect, type Page, test } from "@playwright/test";
import { createAndEnterSpace, registerUser, shot, signIn, type TestUser } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

/** Creates a tree row through the toolbar's create menu and the "create node" form. */
async function createFromMenu(page: Page, item: string | RegExp, dialogTitle: string, name: string, key?: string) {
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await page.getByRole("menuitem", { name: item }).click();
  const dialog = page.getByRole("dialog", { name: dialogTitle });
  await dialog.getByLabel("Name").fill(name);
  if (key) await dialog.getByLabel("Key").fill(key);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
}

async function createAttribute(page: Page, name: string, type: string, listValues?: string) {
  await page.getByRole("button", { name: "Create an attribute" }).click();
  const dialog = page.getByRole("dialog", { name: "New attribute" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("combobox", { name: "Type" }).selectOption({ label: type });
  if (listValues) await dialog.getByLabel("List values").fill(listValues);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("table", { name: "Attributes" }).getByRole("cell", { name, exact: true })).toBeVisible();
}

async function openAs(browser: Browser, user: TestUser) {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  return { context, page };
}

const tree = (page: Page) => page.getByRole("tree", { name: "Structure tree" });
const row = (page: Page, name: string) => tree(page).getByRole("treeitem", { name, exact: true });

test("owner builds a structure, fills values and hides an attribute from a role; the member never sees it", async ({
  page,
  browser,
  request,
}) => {
  const owner = await registerUser(request, "own");
  const member = await registerUser(request, "mem");
  const spaceName = `Structure ${owner.login.slice(-6)}`;
  await signIn(page, owner);
  await createAndEnterSpace(page, spaceName);
  const spaceId = new URL(page.url()).pathname.split("/")[1];

  // the space's home is the structure tree now
  await expect(page.getByText("The structure is empty.")).toBeVisible();
  await createFromMenu(page, "Top-level node", "Create a node", "North region", "NR");
  await expect(row(page, "North region")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { level: 2, name: "North region" })).toBeVisible();
  await createFromMenu(page, "Facility in “North region”", "Create a facility", "Bridge 7");
  await expect(row(page, "Bridge 7")).toHaveAttribute("aria-level", "2");
  await createFromMenu(page, "Project in “Bridge 7”", "Create a project", "Deck");
  await createFromMenu(page, "Schedule in “Deck”", "Create a schedule", "Main schedule");
  await expect(page.getByRole("tab", { name: "Related schedules" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("link", { name: "Main schedule", exact: true })).toHaveAttribute(
    "href",
    new RegExp(`^/${spaceId}/schedule/`),
  );

  // the server refuses a duplicate key and the form says so beside the field
  await row(page, "North region").click();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await page.getByRole("menuitem", { name: "Top-level node" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a node" });
  await dialog.getByLabel("Name").fill("South region");
  await dialog.getByLabel("Key").fill("NR");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("This key is already used in the space")).toBeVisible();
  await dialog.getByLabel("Key").fill("SR");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(row(page, "South region")).toBeVisible();
  await shot(page, "structure-tree-owner");

  // attributes: a space-wide money value, a percentage the member will not see, a list
  await page.getByRole("navigation", { name: "Space sections" }).getByRole("link", { name: "Attributes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Attributes" })).toBeVisible();
  await createAttribute(page, "Budget", "Money");
  await createAttribute(page, "Secret margin", "Percentage");
  await createAttribute(page, "Stage", "List", "Design\nBuild");

  // a role that reads attribute values, given to the invited member
  await page.getByRole("link", { name: "Administration" }).click();
  await page.getByRole("button", { name: "Create a role" }).click();
  const roleDialog = page.getByRole("dialog", { name: "New role" });
  await roleDialog.getByLabel("Role name").fill("Viewer");
  await roleDialog.getByLabel("Read attribute values").check();
  await expect(roleDialog.getByLabel("See the structure")).toBeChecked();
  await roleDialog.getByRole("button", { name: "Create a role" }).click();
  await expect(
    page.getByRole("table", { name: "Roles" }).getByRole("cell", { name: "Viewer", exact: true }),
  ).toBeVisible();
  await page.getByLabel("Login or e-mail of the person to invite").fill(member.login);
  await page.getByRole("button", { name: "Invite" }).click();
  await page.getByRole("combobox", { name: `Role of ${member.login}` }).selectOption({ label: "Viewer" });
  await expect(page.getByText("Role given")).toBeVisible();
  await shot(page, "structure-admin");

  // the matrix: Viewer may not see "Secret margin"
  await page.getByRole("link", { name: "Attributes" }).click();
  const cell = page.getByRole("combobox", { name: "Secret margin — Viewer" });
  await expect(cell).toHaveValue("read");
  await cell.selectOption("none");
  await expect(cell).toHaveValue("none");
  await expect(page.getByRole("button", { name: "Back to the default: Secret margin — Viewer" })).toBeVisible();
  await shot(page, "structure-attributes");

  // values on the node, typed the way people type them
  await page.getByRole("link", { name: "Structure" }).click();
  await row(page, "North region").click();
  // the panel opens on analytics (the spec's default tab): the values are under Information
  await page.getByRole("tab", { name: "Information" }).click();
  const values = page.getByRole("region", { name: "Attributes" });
  const budget = values.getByRole("textbox", { name: "Budget" });
  await budget.fill("abc");
  await budget.press("Enter");
  await expect(page.getByText("Enter a number")).toBeVisible();
  await budget.fill("1250,5");
  await budget.press("Enter");
  await expect(budget).toHaveValue("1250.5");
  const margin = values.getByRole("textbox", { name: "Secret margin" });
  await margin.fill("12,5");
  await margin.press("Enter");
  await expect(margin).toHaveValue("12.5");
  await values.getByRole("combobox", { name: "Stage" }).click();
  await page.getByRole("option", { name: "Build" }).click();
  await page.reload();
  await expect(values.getByRole("textbox", { name: "Budget" })).toHaveValue("1250.5");
  await expect(values.getByRole("combobox", { name: "Stage" })).toHaveValue("Build");
  await shot(page, "structure-values-owner");

  // the member: sees the tree and the budget, read only; never the secret margin; cannot change the tree
  const second = await openAs(browser, member);
  await second.page.goto(`/${spaceId}?node=${new URL(page.url()).searchParams.get("node")}&tab=node_info`);
  await expect(second.page.getByRole("heading", { level: 1, name: spaceName })).toBeVisible();
  await expect(row(second.page, "North region")).toBeVisible();
  const memberBudget = second.page.getByRole("region", { name: "Attributes" }).getByRole("textbox", { name: "Budget" });
  await expect(memberBudget).toHaveValue("1,250.50");
  await expect(memberBudget).not.toBeEditable();
  await expect(second.page.getByText("Secret margin")).toHaveCount(0);
  await expect(second.page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);
  await shot(second.page, "structure-values-member");

  // live: the owner renames with F2, the member's tree follows without a reload
  await row(page, "North region").click();
  await tree(page).press("F2");
  await page.getByRole("textbox", { name: "New name" }).fill("North area");
  await page.getByRole("textbox", { name: "New name" }).press("Enter");
  await expect(row(page, "North area")).toBeVisible();
  await expect(row(second.page, "North area")).toBeVisible();
  await second.context.close();
});

test("tree: expand state, keyboard, search, drag to another parent and deleting several nodes", async ({
  page,
  request,
}) => {
  const owner = await registerUser(request, "tree");
  await signIn(page, owner);
  await createAndEnterSpace(page, `Tree ${owner.login.slice(-6)}`);
  await createFromMenu(page, "Top-level node", "Create a node", "Alpha", "A1");
  await createFromMenu(page, "Node in “Alpha”", "Create a node", "Alpha child");
  await createFromMenu(page, "Top-level node", "Create a node", "Beta", "B1");
  await createFromMenu(page, "Top-level node", "Create a node", "Gamma");

  // keyboard: Home goes to the first row, ArrowLeft closes Alpha, ArrowRight opens it again
  await tree(page).focus();
  await tree(page).press("Home");
  await expect(row(page, "Alpha")).toHaveAttribute("aria-selected", "true");
  await tree(page).press("ArrowLeft");
  await expect(row(page, "Alpha")).toHaveAttribute("aria-expanded", "false");
  await expect(row(page, "Alpha child")).toHaveCount(0);
  await tree(page).press("ArrowRight");
  await expect(row(page, "Alpha child")).toBeVisible();
  // the open branch is remembered across a reload (per user, on the server)
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(row(page, "Alpha child")).toBeVisible();

  // order: Gamma moves up above Beta
  await row(page, "Gamma").click();
  await page.getByRole("button", { name: "Move up" }).click();
  const names = () =>
    tree(page)
      .getByRole("treeitem")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  await expect.poll(names).toEqual(["Alpha", "Alpha child", "Gamma", "Beta"]);

  // drag Beta into the middle of Gamma: it becomes Gamma's child
  await row(page, "Beta").dragTo(row(page, "Gamma"));
  await expect(row(page, "Beta")).toHaveAttribute("aria-level", "2");
  await expect.poll(names).toEqual(["Alpha", "Alpha child", "Gamma", "Beta"]);

  // search by key finds Beta inside Gamma and shows only its path
  await page.getByRole("textbox", { name: "Search by name and key" }).fill("b1");
  await expect.poll(names).toEqual(["Gamma", "Beta"]);
  await page.getByRole("button", { name: "Clear the search" }).click();
  await expect(row(page, "Alpha")).toBeVisible();

  // delete two checked nodes with the confirmation dialog, which counts the whole subtrees
  await tree(page).getByRole("checkbox", { name: "Check “Alpha”" }).check();
  await tree(page).getByRole("checkbox", { name: "Check “Gamma”" }).check();
  await page.getByRole("button", { name: "Delete checked (2)" }).click();
  const confirmDialog = page.getByRole("dialog", { name: "Delete several nodes" });
  await expect(confirmDialog.getByText("Items to delete: 4.")).toBeVisible();
  await shot(page, "structure-delete-confirm");
  await confirmDialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Items deleted: 4")).toBeVisible();
  await expect(page.getByText("The structure is empty.")).toBeVisible();
});

test("gallery: upload a photo of a node, open it, delete it", async ({ page, request }) => {
  const owner = await registerUser(request, "gal");
  await signIn(page, owner);
  await createAndEnterSpace(page, `Gallery ${owner.login.slice(-6)}`);
  await createFromMenu(page, "Top-level node", "Create a node", "Site office");
  await page.getByRole("tab", { name: "Gallery" }).click();
  await expect(page.getByText("No photos yet")).toBeVisible();

  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload a photo" }).click();
  await (await chooser).setFiles({ name: "facade.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Open the photo “facade.png”" }).click();
  await expect(page.getByRole("dialog").getByRole("img", { name: "facade.png" })).toBeVisible();
  await shot(page, "structure-gallery");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Delete the photo “facade.png”" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Delete|OK/ })
    .click();
  await expect(page.getByText("No photos yet")).toBeVisible();
});
