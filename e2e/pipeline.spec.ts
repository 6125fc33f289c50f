import { expect, test } from "@playwright/test";
import { addItem, apiUser, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * Project pipeline (issue 17): a project with design done and procurement under way; the owner opens the pipeline
 * from the project's schedules tab, adds the construction stage with its dates and owner, makes it follow
 * procurement, sees the board's columns, then the timeline by weeks set in the pipeline settings; last, adds the
 * general WBS item of the frame and sees it counted from the schedule's works, recounted after each calculation.
 */
test.setTimeout(300_000);

const TEXTS = {
  en: {
    tab: "Related schedules",
    link: "Project pipeline",
    kind: "Kind",
    construction: "Construction",
    add: "Add stage",
    name: "Name",
    start: "Start",
    finish: "Finish",
    owner: "Owner",
    save: "Save",
    stage: "Stage",
    addRelation: "Add",
    after: "after Procurement (FS 0 d)",
    timeline: "Timeline",
    settings: "Pipeline settings",
    scale: "Timeline scale",
    weeks: "Weeks",
    inProgress: "In progress · 1",
    planned: "Planned · 1",
    gwbsAdd: "Add item",
    gwbsCode: "Code",
    gwbsName: "Name",
    gwbsAfter: "Recount after each calculation",
  },
  ru: {
    tab: "Связанные графики",
    link: "Конвейер проекта",
    kind: "Вид",
    construction: "Строительство",
    add: "Добавить этап",
    name: "Название",
    start: "Начало",
    finish: "Окончание",
    owner: "Ответственный",
    save: "Сохранить",
    stage: "Этап",
    addRelation: "Добавить",
    after: "после «Procurement» (FS 0 дн.)",
    timeline: "Шкала времени",
    settings: "Настройки конвейера",
    scale: "Масштаб шкалы",
    weeks: "Недели",
    inProgress: "В работе · 1",
    planned: "Запланирован · 1",
    gwbsAdd: "Добавить элемент",
    gwbsCode: "Код",
    gwbsName: "Наименование",
    gwbsAfter: "Пересчитывать после каждого расчёта",
  },
  fr: {
    tab: "Plannings liés",
    link: "Pipeline du projet",
    kind: "Type",
    construction: "Construction",
    add: "Ajouter une étape",
    name: "Nom",
    start: "Début",
    finish: "Fin",
    owner: "Responsable",
    save: "Enregistrer",
    stage: "Étape",
    addRelation: "Ajouter",
    after: "après « Procurement » (FS 0 j)",
    timeline: "Chronologie",
    settings: "Paramètres du pipeline",
    scale: "Échelle de la chronologie",
    weeks: "Semaines",
    inProgress: "En cours · 1",
    planned: "Planifiée · 1",
    gwbsAdd: "Ajouter un élément",
    gwbsCode: "Code",
    gwbsName: "Nom",
    gwbsAfter: "Recompter après chaque calcul",
  },
} as const;

for (const view of [
  { language: "en", scheme: "light", width: 1440 },
  { language: "ru", scheme: "dark", width: 1440 },
  { language: "fr", scheme: "dark", width: 600 },
] as const) {
  test(`the pipeline board and timeline of a project (${view.language}, ${view.scheme}, ${view.width})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[view.language];
    const setup = await spaceWithSchedule(request, "pipe", {
      space: "Site",
      facility: "Корпус Г",
      project: "Жилой дом",
      schedule: "Каркас",
    });
    const { call, spaceId, scheduleId, versionId, token } = setup;
    const frame = await addItem(call, versionId, { type: "sum", name: "Каркас", code: "K1" });
    await addItem(call, versionId, { type: "work", name: "Бетон", code: "K1.1", parentId: frame, duration: 2400 });
    await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
    const projectId = (await call("GET", `/schedules/${scheduleId}`)).projectId as string;
    const petrov = await apiUser(request, "pown");
    const me = await petrov.call("PUT", "/users", { lastName: "Petrov", firstName: "Pavel" });
    await call("POST", `/space/${spaceId}/users/invite`, { login: me.login });
    await call("POST", `/projects/${projectId}/pipe`, {
      name: "Design",
      kind: "design",
      status: "done",
      start: "2026-01-12",
      finish: "2026-03-06",
    });
    await call("POST", `/projects/${projectId}/pipe`, {
      name: "Procurement",
      kind: "procurement",
      status: "in_progress",
      start: "2026-03-02",
      finish: "2026-04-24",
    });
    const tag = `${view.language}-${view.scheme}-${view.width}`;

    const { context, page } = await openAs(browser, token, {
      language: view.language,
      scheme: view.scheme,
      width: view.width,
    });
    await page.goto(`/${spaceId}/pipeline/${projectId}`);
    await expect(page.getByTestId("pipe-column-in_progress")).toContainText(texts.inProgress, { timeout: 60_000 });

    // A new stage: construction, after procurement, owned by Petrov.
    await page.getByRole("button", { name: texts.add }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: texts.name }).fill("Construction");
    await dialog.getByRole("combobox", { name: texts.kind, exact: true }).click();
    await page.getByRole("option", { name: texts.construction, exact: true }).click();
    await dialog.getByRole("textbox", { name: texts.start, exact: true }).fill("27.04.2026");
    await dialog.getByRole("textbox", { name: texts.finish, exact: true }).fill("18.12.2026");
    await dialog.getByRole("combobox", { name: texts.owner }).click();
    await page.getByRole("option", { name: "Petrov Pavel" }).click();
    await dialog.getByRole("button", { name: texts.save }).click();
    await expect(dialog).toHaveCount(0);
    const planned = page.getByTestId("pipe-column-planned");
    await expect(planned).toContainText(texts.planned);
    await expect(planned).toContainText("27.04.2026 – 18.12.2026");
    await expect(planned).toContainText("Petrov Pavel");

    await planned.getByTestId("pipe-stage").click();
    await dialog.getByRole("combobox", { name: texts.stage, exact: true }).click();
    await page.getByRole("option", { name: "Procurement" }).click();
    await dialog.getByRole("button", { name: texts.addRelation, exact: true }).click();
    await expect(dialog.getByTestId("stage-predecessors")).toContainText(texts.after);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(planned).toContainText(texts.after);
    await page.screenshot({ path: `e2e/artifacts/pipeline-board-${tag}.png`, fullPage: true });

    // The timeline, by weeks as the settings now say.
    await page.getByRole("button", { name: texts.settings }).click();
    await dialog.getByRole("combobox", { name: texts.scale }).click();
    await page.getByRole("option", { name: texts.weeks }).click();
    await dialog.getByRole("button", { name: texts.save }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByText(texts.timeline, { exact: true }).click();
    await expect(page.getByTestId("pipe-bar")).toHaveCount(3);
    await expect(page.getByTestId("pipe-timeline")).toContainText("27.04");
    await page.screenshot({ path: `e2e/artifacts/pipeline-timeline-${tag}.png`, fullPage: true });

    // The same pipeline after a reload keeps the relation and the scale.
    await page.reload();
    await page.getByText(texts.timeline, { exact: true }).click();
    await expect(page.getByTestId("pipe-timeline")).toContainText("27.04", { timeout: 60_000 });

    // The general WBS: the frame's code counts the schedule's concrete work (13.01–17.01.2025, 1 work).
    await page.getByRole("button", { name: texts.gwbsAdd }).click();
    await dialog.getByRole("textbox", { name: texts.gwbsCode }).fill("K1");
    await dialog.getByRole("textbox", { name: texts.gwbsName }).fill("Каркас корпуса");
    await dialog.getByRole("button", { name: texts.save }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId("gwbs-row");
    await expect(row).toContainText("13.01.2025");
    await expect(row).toContainText("17.01.2025");
    // Not check(): it reads the state at once, but the switch shows the choice only once the mutation's state has
    // been notified (a tick later); the assertion below waits for it.
    await page.getByRole("switch", { name: texts.gwbsAfter }).click();
    await expect(page.getByRole("switch", { name: texts.gwbsAfter })).toBeChecked();
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/artifacts/pipeline-gwbs-${tag}.png`, fullPage: true });
    await context.close();
  });
}
