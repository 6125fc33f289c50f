import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { addItem, openAs, spaceWithSchedule } from "./helpers/workspace-setup.js";

/**
 * Cost estimates (issue 19): the owner opens the project's estimates, adds a base measure in the cost references, makes
 * a design documentation set (PDC) and uploads a GRAND-Smeta XML local estimate into it (its progress shown from the
 * job's events), sees its sections, positions, the total the file states and what the compliance rules found on upload,
 * then applies a winter coefficient to the whole estimate and sees the total grow (the coefficient renamed in the
 * references first, a multiplier of 0 refused beside its field); links position 1 to a calculated work by hand, updates
 * costs into the schedule's current version, links position 2 by a rule (norm code = work code) after its preview, and
 * sees the money carried as the project's S-curve plan and in the schedule grid's planned cost column (quantities and
 * shares written by the language: 0,12 in ru/fr).
 */
test.setTimeout(300_000);

const SAMPLE = fileURLToPath(
  new URL("../packages/formats/test/fixtures/estimates/grand-smeta-local.xml", import.meta.url),
);

const TEXTS = {
  en: {
    upload: "Upload estimate",
    coefficient: "Coefficient",
    apply: "Apply",
    position: "Position",
    work: "Work",
    link: "Link",
    update: "Update costs",
    carried: "Costs updated",
    notCarried: "Not carried into the schedule",
    andMore: "And 1 more.",
    references: "Measures and rules",
    code: "Code",
    name: "Name",
    add: "Add",
    coefficientsTab: "Cost coefficients",
    rulesTab: "Compliance rules",
    preview: "Preview",
    runRule: "Run the rule",
    toMake: "Links to make: 1 (positions matched: 1 of 4)",
    columns: "Columns",
    plannedCost: "Planned cost",
    required: "The field is required",
    invalid: "The value is not allowed",
    multiplier: "Multiplier",
    save: "Save",
    editWinter: "Edit ЗУ",
    pdcSet: "Design documentation set",
  },
  ru: {
    upload: "Загрузить смету",
    coefficient: "Коэффициент",
    apply: "Применить",
    position: "Позиция",
    work: "Работа",
    link: "Привязать",
    update: "Обновить стоимость",
    carried: "Стоимость обновлена",
    notCarried: "Не перенесено в график",
    andMore: "И ещё 1.",
    references: "Единицы и правила",
    code: "Шифр",
    name: "Наименование",
    add: "Добавить",
    coefficientsTab: "Коэффициенты",
    rulesTab: "Правила проверки",
    preview: "Предпросмотр",
    runRule: "Выполнить правило",
    toMake: "Будет создано связей: 1 (позиций с работами: 1 из 4)",
    columns: "Столбцы",
    plannedCost: "Плановая стоимость",
    required: "Поле обязательно для заполнения",
    invalid: "Недопустимое значение",
    multiplier: "Множитель",
    save: "Сохранить",
    editWinter: "Изменить ЗУ",
    pdcSet: "Комплект ПСД",
  },
  fr: {
    upload: "Importer un devis",
    coefficient: "Coefficient",
    apply: "Appliquer",
    position: "Position",
    work: "Tâche",
    link: "Lier",
    update: "Mettre à jour les coûts",
    carried: "Coûts mis à jour",
    notCarried: "Non reporté dans le planning",
    andMore: "Et 1 autre.",
    references: "Unités et règles",
    code: "Code",
    name: "Désignation",
    add: "Ajouter",
    coefficientsTab: "Coefficients de coût",
    rulesTab: "Règles de conformité",
    preview: "Aperçu",
    runRule: "Exécuter la règle",
    toMake: "Liens à créer : 1 (positions trouvées : 1 sur 4)",
    columns: "Colonnes",
    plannedCost: "Coût prévu",
    required: "Ce champ est obligatoire",
    invalid: "Valeur non autorisée",
    multiplier: "Multiplicateur",
    save: "Enregistrer",
    editWinter: "Modifier ЗУ",
    pdcSet: "Dossier d'études",
  },
} as const;
/** Totals as each language writes them (group separators differ: a comma, a no-break or a narrow no-break space). */
const STATED_TOTAL = /104[\s,]945[.,]93/;
const WINTER_TOTAL = /105[\s,]358[.,]99/;

for (const view of [
  { language: "en", scheme: "light", width: 1440 },
  { language: "ru", scheme: "dark", width: 1440 },
  { language: "fr", scheme: "dark", width: 600 },
] as const) {
  test(`upload an estimate and apply a coefficient (${view.language}, ${view.scheme}, ${view.width})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[view.language];
    const { call, spaceId, scheduleId, versionId, token } = await spaceWithSchedule(request, "est", {
      space: "Site",
      facility: "Корпус Д",
      project: "Школа",
      schedule: "Каркас",
    });
    const projectId = (await call("GET", `/schedules/${scheduleId}`)).projectId as string;
    await call("POST", "/costr/coefficients", {
      code: "ЗУ",
      name: "Зимнее удорожание",
      kind: "winter",
      value: 1.02,
      parts: ["wages", "machines"],
    });
    // Checked on upload (the costr settings' default): every position should be linked to a work.
    await call("POST", "/costr/compliance-rules", {
      name: "Все позиции привязаны",
      kind: "position_linked",
      severity: "warning",
    });
    // A calculated work for the estimate's money: five days from Monday 13 January 2025.
    await addItem(call, versionId, { type: "work", name: "Котлован", code: "A10", duration: 2400 });
    // A work coded as position 2's norm, for the link by a rule.
    await addItem(call, versionId, { type: "work", name: "Траншея", code: "ГЭСН01-02-057-02", duration: 960 });
    await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
    const tag = `${view.language}-${view.scheme}-${view.width}`;

    const { context, page } = await openAs(browser, token, view);
    await page.goto(`/${spaceId}/estimates/${projectId}`);
    // The base measure through the cost references; the two converting to it through the API.
    await page.getByRole("button", { name: texts.references }).click();
    const measures = page.getByTestId("costr-measures");
    // An empty form is refused beside its fields, in the page's language, before anything is sent.
    await measures.getByRole("button", { name: texts.add }).click();
    await expect(measures.getByText(texts.required).first()).toBeVisible();
    await measures.getByRole("textbox", { name: texts.code }).fill("м3");
    await measures.getByRole("textbox", { name: texts.name }).fill("Кубический метр");
    await measures.getByRole("button", { name: texts.add }).click();
    await expect(measures.getByRole("cell", { name: "Кубический метр" })).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/estimates-references-${tag}.png` });
    // The coefficient and the rule made through the API are listed in their tabs.
    await page.getByRole("tab", { name: texts.coefficientsTab }).click();
    const coefficients = page.getByTestId("costr-coefficients");
    await expect(coefficients.getByRole("cell", { name: "ЗУ", exact: true })).toBeVisible();
    // Edited in place: a multiplier of 0 is refused beside the field; a new name is saved.
    await coefficients.getByRole("button", { name: texts.editWinter }).click();
    const multiplier = coefficients.getByRole("textbox", { name: texts.multiplier });
    await expect(multiplier).toHaveValue(view.language === "en" ? "1.02" : "1,02");
    await multiplier.fill("0");
    await coefficients.getByRole("button", { name: texts.save }).click();
    await expect(coefficients.getByText(texts.invalid)).toBeVisible();
    await multiplier.fill(view.language === "en" ? "1.02" : "1,02");
    await coefficients.getByRole("textbox", { name: texts.name }).fill("Зимнее удорожание, зона II");
    await coefficients.getByRole("button", { name: texts.save }).click();
    await expect(coefficients.getByRole("cell", { name: "Зимнее удорожание, зона II" })).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/estimates-coefficient-edited-${tag}.png` });
    await page.getByRole("tab", { name: texts.rulesTab }).click();
    await expect(
      page.getByTestId("costr-rules").getByRole("cell", { name: "Все позиции привязаны", exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/estimates-rules-${tag}.png` });
    await page.keyboard.press("Escape");
    const [m3] = await call("GET", "/costr/measures");
    for (const [code, factor] of [
      ["100 м3", 100],
      ["1000 м3", 1000],
    ] as const)
      await call("POST", "/costr/measures", { code, name: code, kind: "volume", baseId: m3.id, factor });
    // The project's design documentation set, made on the page, which the estimate is uploaded into.
    const pdc = page.getByTestId("pdc-panel");
    await pdc.getByRole("textbox", { name: texts.code }).fill("ПД-1");
    await pdc.getByRole("textbox", { name: texts.name }).fill("Подземная часть");
    await pdc.getByRole("button", { name: texts.add }).click();
    await expect(pdc.getByRole("cell", { name: "Подземная часть" })).toBeVisible();
    await page.getByRole("combobox", { name: texts.pdcSet }).click();
    await page.getByRole("option", { name: "ПД-1 Подземная часть" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: texts.upload }).click();
    await (await chooser).setFiles(SAMPLE);
    const total = page.getByTestId("estimate-total");
    await expect(total).toHaveText(STATED_TOTAL, { timeout: 60_000 });
    await expect(page.getByRole("cell", { name: "Раздел 2. Бетонные работы" })).toBeVisible();
    // The set now holds the estimate.
    await expect(pdc.getByRole("row").filter({ hasText: "ПД-1" }).getByRole("cell").nth(4)).toHaveText("1");
    await expect(page.getByRole("cell", { name: "ГЭСН01-01-013-02" })).toBeVisible();
    await expect(page.getByTestId("estimate-compliance")).toContainText("№ 4 ФСБЦ-04.1.02.05-0006");
    // The bar goes once the job has ended (it used to stay at 0 %).
    await expect(page.getByTestId("estimate-progress")).toHaveCount(0);
    // Quantities as the user's language writes them: 0,12 in Russian and French.
    await expect(page.getByRole("cell", { name: view.language === "en" ? "0.12" : "0,12", exact: true })).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/estimates-uploaded-${tag}.png`, fullPage: true });

    // Winter ×1.02 on wages and machines of every position: 10,562.08 and 10,090.75 grow by 413.06 in all.
    await page.getByRole("combobox", { name: texts.coefficient }).click();
    await page.getByRole("option", { name: /ЗУ/ }).click();
    await page.getByRole("button", { name: texts.apply }).click();
    await expect(total).toHaveText(WINTER_TOTAL);
    await page.screenshot({ path: `e2e/artifacts/estimates-coefficient-${tag}.png`, fullPage: true });

    // Position 1 to the work, by hand; its money carried into the work's plans; the project's S-curve shows it.
    const links = page.getByTestId("estimate-links");
    await links.getByRole("combobox", { name: texts.position }).click();
    await page.getByRole("option", { name: /№ 1 ГЭСН01-01-013-02/ }).click();
    await links.getByRole("combobox", { name: texts.work }).click();
    await page.getByRole("option", { name: /A10/ }).click();
    await links.getByRole("button", { name: texts.link }).click();
    await expect(links.getByRole("cell", { name: "A10 Котлован" })).toBeVisible();
    await page.getByRole("button", { name: texts.update }).click();
    await expect(page.getByText(texts.carried)).toBeVisible();
    // positions 2, 3 and 4 reached no work: the first two named, then one more
    const warning = page.getByText(texts.notCarried);
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(texts.andMore);
    await page.screenshot({ path: `e2e/artifacts/estimates-linked-${tag}.png`, fullPage: true });

    // By a rule: a position's norm code equal to a work's code. The preview says what would be linked; running it
    // links position 2 to the trench (position 1 is whole already, 3 and 4 find no work).
    const rule = page.getByTestId("link-rule");
    await rule.getByRole("button", { name: texts.preview }).click();
    await expect(page.getByTestId("link-rule-outcome")).toContainText(texts.toMake);
    await rule.getByRole("button", { name: texts.runRule }).click();
    await expect(
      page.getByTestId("estimate-link-list").getByRole("cell", { name: "ГЭСН01-02-057-02 Траншея" }),
    ).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/estimates-rule-${tag}.png`, fullPage: true });
    const [estimate] = await call("GET", `/projects/${projectId}/estimates`);
    const tree = await call("GET", `/projects/${projectId}/estimates/${estimate.id}`);
    const money = tree.sections[0].positions[0].priced.total as number;
    await page.goto(`/${spaceId}?node=${projectId}`);
    await expect(page.getByTestId("s-curve")).toHaveAttribute(
      "data-points",
      new RegExp(`"plan":${String(money).replace(".", "\\.")}\\b`),
      { timeout: 60_000 },
    );
    await page.screenshot({ path: `e2e/artifacts/estimates-scurve-${tag}.png`, fullPage: true });

    // The schedule's grid: the planned cost column, chosen among the columns, shows position 1's money on A10.
    await page.goto(`/${spaceId}/schedule/${scheduleId}`);
    await page.getByRole("button", { name: texts.columns }).click();
    await page.getByRole("checkbox", { name: texts.plannedCost }).check();
    await page.keyboard.press("Escape");
    const [whole, cents] = money.toFixed(2).split(".");
    const written = new RegExp(`^${whole.slice(0, -3)}[\\s,]${whole.slice(-3)}[.,]${cents}$`);
    const a10 = page.getByRole("row").filter({ has: page.getByRole("gridcell", { name: "A10", exact: true }) });
    const cost = a10.getByRole("gridcell", { name: written });
    await expect(cost).toBeVisible({ timeout: 60_000 });
    // The chosen column joins the end of the grid: its scroll bar moved to the end, as a person would.
    await page
      .locator(".pg-bottom .pg-hscroll")
      .first()
      .evaluate((bar) => {
        bar.scrollLeft = bar.scrollWidth;
      });
    await page.screenshot({ path: `e2e/artifacts/estimates-grid-cost-${tag}.png`, fullPage: true });
    await context.close();
  });
}
