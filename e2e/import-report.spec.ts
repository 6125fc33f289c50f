import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { apiAs, PASSWORD, shot, uniqueLogin } from "./helpers/planum-helpers.js";

/** Three activities of project TOWER; A1020 also has a predecessor (task 999) in a project the file does not hold. */
const fixture = path.resolve(process.cwd(), "e2e/fixtures/missing-predecessor.xer");

const TEXT = {
  ru: {
    login: "Логин или e-mail",
    password: "Пароль",
    signIn: "Войти",
    import: "Импорт",
    dialog: "Загрузка графика из файла",
    upload: "Загрузить",
    close: "Закрыть",
    warning: "Связь 999 → A1020 (FS) пропущена: работы 999 нет в файле (связь с другим проектом)",
    place: "таблица TASKPRED, строка 3",
    reportButton: "Отчёт об импорте · предупреждений: 1",
    reportTitle: "Отчёт об импорте",
  },
  en: {
    login: "Login or e-mail",
    password: "Password",
    signIn: "Sign in",
    import: "Import",
    dialog: "Upload a schedule file",
    upload: "Upload",
    close: "Close",
    warning: "Relation 999 → A1020 (FS) was dropped: activity 999 is not in the file (a link to another project)",
    place: "table TASKPRED, row 3",
    reportButton: "Import report · warnings: 1",
    reportTitle: "Import report",
  },
} as const;

async function signUpAndIn(page: Page, language: "ru" | "en") {
  const login = uniqueLogin("irp");
  const registered = await page.request.post("/api/v1/users/register", {
    data: {
      login,
      email: `${login}@example.com`,
      firstName: "Anna",
      lastName: "Tester",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      secretQuestion: "First pet?",
      secretAnswer: "Rex",
      acceptPrivacyPolicy: true,
      language,
    },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const text = TEXT[language];
  await page.goto("/auth/login");
  await page.getByLabel(text.login).fill(login);
  await page.getByRole("textbox", { name: text.password, exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: text.signIn }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);
}

for (const language of ["ru", "en"] as const) {
  test.describe(language, () => {
    test.use({ locale: language === "ru" ? "ru-RU" : "en-US", viewport: { width: 1440, height: 900 } });

    test(`an import tells what it read, stored and dropped, and the version keeps it (${language})`, async ({
      page,
    }) => {
      const text = TEXT[language];
      await signUpAndIn(page, language);
      const api = await apiAs(page);
      const space = await api.call("POST", "/space/create", { name: `Report ${language}`, type: "site" });
      api.useSpace(space.id);
      const facility = await api.call("POST", "/facilities/create", { name: "Tower" });
      const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Block A" });
      const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "P6 import" });

      await page.goto(`/${space.id}/schedule/${schedule.id}`);
      await page.getByRole("button", { name: text.import, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: text.dialog });
      await dialog.locator('input[type="file"]').setInputFiles(fixture);
      await dialog.getByRole("button", { name: text.upload, exact: true }).click();

      // the job ends: the summary, read against stored, and the dropped relation with its reason and place
      const report = dialog.getByTestId("import-report");
      await expect(report).toBeVisible({ timeout: 30_000 });
      await expect(report.getByTestId("import-count-activities").getByRole("cell")).toHaveText([/./, "3", "3"]);
      await expect(report.getByTestId("import-count-relations").getByRole("cell")).toHaveText([/./, "3", "2"]);
      const warning = report.getByTestId("import-warnings").getByRole("listitem");
      await expect(warning).toHaveCount(1);
      await expect(warning).toContainText(text.warning);
      await expect(warning).toContainText(text.place);
      await shot(page, `import-report-dialog-${language}`);
      await dialog.getByRole("button", { name: text.close, exact: true }).click();
      await expect(dialog).toBeHidden();

      // later, after a reload: the version still has its report
      await page.reload();
      await page.getByRole("button", { name: text.reportButton }).click();
      const kept = page.getByRole("dialog", { name: text.reportTitle });
      await expect(kept.getByTestId("import-warnings").getByRole("listitem")).toContainText(text.warning);
      await shot(page, `import-report-version-${language}`);
    });
  });
}
