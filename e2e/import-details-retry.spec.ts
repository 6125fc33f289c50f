import { expect, type Page, test } from "@playwright/test";
import { shot } from "./helpers/planum-helpers.js";
import { openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * A version whose file details (relations, assignments, codes, UDF values) failed to import shows why, with a retry button.
 * The failure itself is made by the API tests (import-details.test.ts: the database refusing a step); here the
 * version list is answered as failed, and the button is checked against the real server (which has nothing failed
 * to retry and says so in the user's language) and against an accepted retry, after which the banner goes.
 */
const TEXT = {
  en: {
    title: "The file’s relationships, assignments, activity codes and user fields could not all be imported",
    retry: "Try again",
    refused: 'The version "Main" has no failed import',
  },
  ru: {
    title: "Не удалось загрузить все связи, назначения, коды работ и пользовательские поля файла",
    retry: "Повторить",
    refused: "У версии «Main» нет неудавшейся загрузки",
  },
  fr: {
    title: "Les liens, affectations, codes d’activité et champs utilisateur du fichier n’ont pas pu être tous importés",
    retry: "Réessayer",
    refused: "La version « Main » n'a pas d'import échoué",
  },
} as const;

const REASON = "Resource CRANE-1 of the file is gone";

/** Answers the schedule's versions as the server does, with "Main" failed while `state.failed`. */
async function failedWhile(page: Page, scheduleId: string, state: { failed: boolean }) {
  await page.route(`**/api/v1/schedules/${scheduleId}/versions`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (state.failed)
      for (const v of body.data) Object.assign(v, { detailsStatus: "details_failed", detailsError: REASON });
    await route.fulfill({ response, json: body });
  });
}

for (const language of ["en", "ru", "fr"] as const) {
  test(`a failed import of details is tried again from its banner (${language})`, async ({ browser, request }) => {
    const text = TEXT[language];
    const setup = await spaceWithSchedule(request, `dr${language}`, {
      space: "Retry",
      facility: "Site",
      project: "Block",
      schedule: "P6 import",
    });
    const narrow = language === "ru";
    const { context, page } = await openAs(browser, setup.token, {
      language,
      scheme: narrow ? "dark" : "light",
      width: narrow ? 600 : 1440,
    });
    const state = { failed: true };
    await failedWhile(page, setup.scheduleId, state);
    await page.goto(`/${setup.spaceId}/schedule/${setup.scheduleId}`);
    const banner = page.getByTestId("details-failed");
    // the first look waits for the workspace's load, as the other specs' first looks do (a loaded machine)
    await expect(banner).toContainText(text.title, { timeout: 60_000 });
    await expect(banner).toContainText(REASON);
    await shot(page, `details-retry-${language}${narrow ? "-600-dark" : ""}`);

    // the real server: nothing of "Main" failed, so nothing to retry — told in the user's language
    await banner.getByRole("button", { name: text.retry }).click();
    await expect(page.getByText(text.refused)).toBeVisible();
    await expect(banner).toBeVisible();

    // an accepted retry: the version is read again and, its details importing, the banner goes
    let asked = 0;
    await page.route(`**/api/v1/versions/${setup.versionId}/import-details/retry`, async (route) => {
      asked++;
      state.failed = false;
      await route.fulfill({ json: { success: true, data: { jobId: crypto.randomUUID() } } });
    });
    await banner.getByRole("button", { name: text.retry }).click();
    await expect(banner).toBeHidden();
    expect(asked).toBe(1);
    await context.close();
  });
}
