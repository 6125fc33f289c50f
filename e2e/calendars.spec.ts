import { expect, test } from "@playwright/test";
import { apiAs, registerUser, shot, signIn } from "./helpers/planum-helpers.js";

test.use({ locale: "en-US", viewport: { width: 1440, height: 1000 } });

test("calendar editor: create, edit the week, add exceptions, see the month preview, set default", async ({ page }) => {
  const user = await registerUser(page.request, "cal");
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  const space = await (await apiAs(page)).call("POST", "/space/create", { name: "Календари", type: "site" });

  await page.goto(`/${space.id}`);
  await page.getByRole("link", { name: "Calendars" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendars" })).toBeVisible();

  await page.getByLabel("New calendar").fill("Пятидневка");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Пятидневка");
  await expect(page.getByText("Per week: 40 h")).toBeVisible();

  // Saturday becomes a short working day; a bad shift is refused on the spot
  await page.getByRole("textbox", { name: "Saturday" }).fill("09:00-12:00, 11:00-13:00");
  await expect(page.getByText("Shifts overlap")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.getByRole("textbox", { name: "Saturday" }).fill("09:00-13:00");
  await expect(page.getByText("Per week: 44 h")).toBeVisible();

  // exceptions: an unknown date is refused, then a holiday and an extra working Sunday
  await page.getByRole("textbox", { name: "Date" }).fill("31.02.2025");
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Date not recognised: DD.MM.YYYY")).toBeVisible();
  await page.getByRole("textbox", { name: "Date" }).fill("09.05.2025");
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("cell", { name: "09.05.2025", exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Date" }).fill("11.5.25");
  await page.getByRole("combobox", { name: "Kind" }).click();
  await page.getByRole("option", { name: "Extra working day" }).click();
  await page.getByRole("textbox", { name: "Working hours" }).fill("08:00-17:00");
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("cell", { name: "11.05.2025", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Calendar saved")).toBeVisible();

  // the preview, moved to May 2025, shades days as the engine computes them
  const month = page.getByTestId("preview-month");
  for (let guard = 0; guard < 400 && !/May 2025/i.test((await month.textContent()) ?? ""); guard++) {
    const text = (await month.textContent()) ?? "";
    const year = Number(/\d{4}/.exec(text)?.[0]);
    await page
      .getByRole("button", {
        name: year > 2025 || (year === 2025 && !/Jan|Feb|Mar|Apr/.test(text)) ? "Previous month" : "Next month",
      })
      .click();
  }
  await expect(month).toHaveText(/May 2025/i);
  await expect(page.getByTestId("preview-day-9")).not.toHaveAttribute("data-working");
  await expect(page.getByTestId("preview-day-10")).toHaveAttribute("data-working", "true");
  await expect(page.getByTestId("preview-day-11")).toHaveAttribute("data-working", "true");
  await expect(page.getByTestId("preview-day-12")).toHaveAttribute("data-working", "true");
  await shot(page, "calendars-en");

  // a second calendar becomes the default one
  await page.getByLabel("New calendar").fill("Круглосуточно");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Круглосуточно");
  await page.getByRole("button", { name: "Make default" }).click();
  await expect(page.getByText("Default calendar changed")).toBeVisible();

  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Русский" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Календари" })).toBeVisible();
  await page.getByRole("navigation", { name: "Календари пространства" }).getByText("Пятидневка").click();
  await expect(page.getByText("Всего в неделю: 44 ч")).toBeVisible();
  await shot(page, "calendars-ru");
  await page.setViewportSize({ width: 600, height: 1000 });
  await shot(page, "calendars-ru-600");
});
