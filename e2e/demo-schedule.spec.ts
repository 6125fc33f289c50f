import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { registerUser } from "./helpers/planum-helpers.js";

// three demo spaces are created and opened, each on a loaded machine
test.setTimeout(300_000);

type Language = "en" | "ru" | "fr";

const TEXTS: Record<
  Language,
  {
    create: string;
    ready: string;
    schedule: string;
    works: string[];
    dataDate: string;
    today: string;
    attributes: string;
    crew: string;
  }
> = {
  en: {
    create: "Create demo space",
    ready: "The demo space is ready",
    schedule: "Master construction schedule",
    works: ["Construction start", "Site hoarding and access", "Bulk excavation", "Raft concrete pour"],
    dataDate: "Data date:",
    today: "Scroll to today",
    attributes: "Attributes",
    crew: "Deepdig Civils",
  },
  ru: {
    create: "Создать демо-пространство",
    ready: "Демо-пространство готово",
    schedule: "Генеральный график строительства",
    works: [
      "Начало строительства",
      "Ограждение площадки и въезды",
      "Разработка котлована",
      "Бетонирование фундаментной плиты",
    ],
    dataDate: "Дата актуализации:",
    today: "К сегодняшнему дню",
    attributes: "Атрибуты",
    crew: "ГеоСтрой",
  },
  fr: {
    create: "Créer un espace de démonstration",
    ready: "L'espace de démonstration est prêt",
    schedule: "Planning général des travaux",
    works: [
      "Démarrage des travaux",
      "Clôture et accès de chantier",
      "Terrassement en pleine masse",
      "Coulage du radier",
    ],
    dataDate: "Date d'avancement",
    today: "Aller à aujourd'hui",
    attributes: "Attributs",
    crew: "Géo Travaux",
  },
};

/** A new user whose profile and interface speak `language`, signed in. */
async function newUser(request: APIRequestContext, language: Language) {
  const user = await registerUser(request, `demo${language}`);
  const login = await request.post("/api/v1/auth/login", { data: { login: user.login, password: user.password } });
  const token = (await login.json()).data.token as string;
  const set = await request.get(`/api/v1/localization/set/${language}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(set.ok()).toBeTruthy();
  return token;
}

async function open(
  browser: Browser,
  token: string,
  language: Language,
  options: { width?: number; dark?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: 900 },
    locale: "en-US",
    colorScheme: options.dark ? "dark" : "light",
  });
  await context.addInitScript(
    ([t, l, scheme]) => {
      // runs in the page; the e2e project compiles without the DOM library
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      storage.setItem("planum.auth-token", t);
      storage.setItem("planum.language", l);
      storage.setItem("planum.color-scheme", scheme);
    },
    [token, language, options.dark ? "dark" : "light"],
  );
  return context.newPage();
}

/** The demo space's schedule with the building project, found as the user would by its name. */
async function demoSchedule(request: APIRequestContext, token: string, name: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const get = async (path: string, spaceId?: string) => {
    const response = await request.get(`/api/v1${path}`, {
      headers: { ...auth, ...(spaceId ? { "X-Space-Id": spaceId } : {}) },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()).data;
  };
  const space = ((await get("/users/spaces")) as { id: string; demo: boolean }[]).find((s) => s.demo)!;
  const { nodes } = await get("/eps", space.id);
  for (const project of (nodes as { id: string; kind: string }[]).filter((n) => n.kind === "project")) {
    const found = ((await get(`/projects/${project.id}/schedules`, space.id)) as { id: string; name: string }[]).find(
      (s) => s.name === name,
    );
    if (found) return { spaceId: space.id, scheduleId: found.id };
  }
  throw new Error(`no schedule "${name}" in the demo space`);
}

for (const language of ["en", "ru", "fr"] as const) {
  test(`a new user creates the demo space in ${language} and opens a schedule that reads like a real project`, async ({
    browser,
    request,
  }) => {
    const text = TEXTS[language];
    const token = await newUser(request, language);
    const page = await open(browser, token, language);
    await page.goto("/auth/select-space");
    await page.getByRole("button", { name: text.create }).click();
    await expect(page.getByText(text.ready)).toBeVisible({ timeout: 120_000 });

    const { spaceId, scheduleId } = await demoSchedule(request, token, text.schedule);
    const url = `/${spaceId}/schedule/${scheduleId}`;
    await page.goto(url);
    // The works of the building, in the user's language, in WBS order.
    for (const work of text.works)
      await expect(page.getByText(work, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    // Each work names its subcontractor (a work attribute of the schedule) in the details.
    await page.getByText(text.works[2], { exact: true }).first().click();
    await page.getByRole("tab", { name: text.attributes, exact: true }).click();
    // (the details edit attributes: the subcontractor is the value of the list's field)
    await expect(page.getByRole("tabpanel").getByRole("combobox").first()).toHaveValue(text.crew);
    await page.screenshot({ path: `e2e/artifacts/demo-schedule-1440-${language}.png` });
    // The status date is a working day's first hour; around it works are done, under way and not started.
    await expect(page.getByText(/\d\d\.\d\d\.\d{4} 08:00/).first()).toContainText(text.dataDate);
    await page.locator(".pg-scroller").evaluate((el) => {
      el.scrollTop = 40 * 28;
    });
    await page.getByRole("button", { name: text.today }).click();
    await page.screenshot({ path: `e2e/artifacts/demo-schedule-1440-${language}-data-date.png` });

    if (language === "en") {
      for (const [name, options] of [
        ["600-en", { width: 600 }],
        ["1440-en-dark", { dark: true }],
      ] as const) {
        const other = await open(browser, token, language, options);
        await other.goto(url);
        await expect(other.getByText(text.works[2], { exact: true }).first()).toBeVisible({ timeout: 30_000 });
        await other.screenshot({ path: `e2e/artifacts/demo-schedule-${name}.png` });
        await other.context().close();
      }
    }
    await page.context().close();
  });
}
