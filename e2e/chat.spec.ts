import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, registerUser, shot } from "./helpers/planum-helpers.js";
import { openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/** A second user signed in through the API: their login (to invite them), token and id. */
async function secondUser(request: Parameters<typeof registerUser>[0]) {
  const user = await registerUser(request, "cht");
  const login = await request.post("/api/v1/auth/login", { data: { login: user.login, password: PASSWORD } });
  const body = await login.json();
  return { login: user.login, token: body.data.token as string, userId: body.data.user.id as string };
}

// Two browsers, a conversation and three languages: longer than one page's test on a loaded machine.
test.setTimeout(240_000);

const block = (page: Page) => page.getByTestId("chat-block");

/** A 96×64 checked PNG: a real picture the server sniffs as an image. */
const PICTURE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAhklEQVR42u3aMQ0AMAgEQOQgsZqqpEqqoxoYoZf8/Ak3foi7s5Rcp5Tu/QEIECBAgAABAgQIECBAgAABAjQM6LeDq/2AAAECBAgQIECAAAECBAgQIEDTgAxmFkVAgAABAgQIECBAgAABAgQIkP8gg5lFERAgQIAAAQIECBAgQIAAAQI0FugBFU+CLIboebEAAAAASUVORK5CYII=",
  "base64",
);

async function write(page: Page, text: string) {
  await block(page).getByTestId("chat-input").fill(text);
  await block(page).getByTestId("chat-send").click();
  await expect(block(page).getByTestId("chat-input")).toHaveValue("");
}

test("chat: two users talk live on a node, the toast shows the newcomer's message, no script runs; en, ru, fr", async ({
  browser,
  request,
}) => {
  const owner = await spaceWithSchedule(request, "cho", {
    space: "Chat site",
    facility: "Plant",
    project: "Hall 1",
    schedule: "Main works",
  });
  const nodeId = (await owner.call("POST", "/eps/create", { name: "Block A" })).id as string;
  const colleague = await secondUser(request);
  await owner.call("POST", `/space/${owner.spaceId}/users/invite`, { login: colleague.login });

  const first = await openAs(browser, owner.token, { language: "en" });
  const second = await openAs(browser, colleague.token, { language: "en" });
  let alerts = 0;
  for (const { page } of [first, second]) page.on("dialog", (dialog) => void dialog.dismiss().then(() => alerts++));
  await first.page.goto(`/${owner.spaceId}?node=${nodeId}&tab=chat`);
  await second.page.goto(`/${owner.spaceId}?node=${nodeId}&tab=chat`);
  await expect(block(first.page).getByText("No messages yet: write the first one")).toBeVisible();
  await expect(block(second.page).getByText("No messages yet: write the first one")).toBeVisible();

  // The owner writes; the colleague's open chat shows it at once, and a toast bottom-left gives its first 40 characters.
  await write(
    first.page,
    "Concrete for the **slab** arrives tomorrow at 8:00, please prepare the pump <script>alert(1)</script>",
  );
  const arrived = block(second.page).getByTestId("chat-message");
  await expect(arrived).toHaveCount(1);
  await expect(arrived.locator("strong")).toHaveText("slab");
  await expect(arrived).toContainText("<script>alert(1)</script>");
  const toast = second.page.getByTestId("chat-toast");
  await expect(toast).toHaveText("Concrete for the **slab** arrives tomorr…");
  const box = await toast.boundingBox();
  expect(box && box.x < 700 && box.y > 450).toBe(true);
  await shot(second.page, "chat-toast-en");
  // The writer gets no toast of their own message.
  await expect(first.page.getByTestId("chat-toast")).toHaveCount(0);

  // The colleague answers with a mention; the owner sees it live, reacts, and the reaction reaches the colleague.
  await block(second.page).getByRole("button", { name: "Mention a member" }).click();
  await second.page.getByRole("menuitem", { name: /Anna/ }).first().click();
  await block(second.page).getByTestId("chat-input").pressSequentially("pump is booked");
  await block(second.page).getByTestId("chat-send").click();
  await expect(block(first.page).getByTestId("chat-message")).toHaveCount(2);
  await expect(first.page.getByTestId("chat-toast")).toContainText("mentioned you:");
  const answer = block(first.page).getByTestId("chat-message").nth(1);
  await answer.getByRole("button", { name: "React" }).click();
  await first.page.getByRole("menuitem", { name: "👍" }).click();
  await expect(block(second.page).getByTestId("chat-reaction")).toHaveText("👍 1");
  expect(alerts).toBe(0);
  await shot(first.page, "chat-node-en");

  // Only the author may change a message: the colleague's own has actions, the owner's has none for them.
  await expect(block(second.page).getByTestId("chat-message").nth(0).getByTestId("chat-message-actions")).toHaveCount(
    0,
  );
  await block(second.page).getByTestId("chat-message").nth(1).getByTestId("chat-message-actions").click();
  await second.page.getByRole("menuitem", { name: "Delete" }).click();
  await second.page.getByRole("button", { name: "OK" }).click();
  await expect(block(first.page).getByTestId("chat-message")).toHaveCount(1);

  // Files: a picture shows as a thumbnail that opens full size; a document as a chip with its type and size.
  await block(first.page)
    .locator('input[type="file"]')
    .setInputFiles([
      { name: "slab-pour.png", mimeType: "image/png", buffer: PICTURE },
      { name: "pour-plan.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(1536, 0x25) },
    ]);
  await write(first.page, "Photos of the **pour**");
  const withFiles = block(second.page).getByTestId("chat-message").nth(1);
  const picture = withFiles.getByTestId("chat-image").locator("img");
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(96);
  await expect(withFiles.getByTestId("chat-file")).toContainText("pour-plan.pdf");
  await expect(withFiles.getByTestId("chat-file-info")).toHaveText("PDF · 1.5 KB");
  await withFiles.getByTestId("chat-image").click();
  const full = second.page.getByTestId("chat-image-full").locator("img");
  await expect(full).toBeVisible();
  await expect.poll(() => full.evaluate((img) => (img as unknown as { naturalHeight: number }).naturalHeight)).toBe(64);
  await shot(second.page, "chat-image-en");
  await second.page.keyboard.press("Escape");
  await expect(second.page.getByTestId("chat-image-full")).toHaveCount(0);
  await first.context.close();
  await second.context.close();

  for (const language of ["ru", "fr"] as const) {
    const view = await openAs(browser, colleague.token, { language, scheme: "dark", width: 600, height: 900 });
    await view.page.goto(`/${owner.spaceId}?node=${nodeId}&tab=chat`);
    await expect(block(view.page).getByTestId("chat-message")).toHaveCount(2);
    await expect(block(view.page).getByTestId("chat-image").locator("img")).toBeVisible();
    await expect(block(view.page).getByTestId("chat-file-info")).toHaveText(
      language === "ru" ? "PDF · 1,5 КБ" : "PDF · 1,5 Ko",
    );
    await shot(view.page, `chat-node-${language}-dark-600`);
    await view.context.close();
  }
});
