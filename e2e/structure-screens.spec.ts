import { type APIRequestContext, expect, test } from "@playwright/test";
import { registerUser } from "./helpers/planum-helpers.js";

/** Builds a small structure through the API (the screens, not the building, are under test here). */
async function seedSpace(request: APIRequestContext) {
  const user = await registerUser(request, "scr");
  const login = await request.post("/api/v1/auth/login", { data: { login: user.login, password: user.password } });
  const token = (await login.json()).data.token as string;
  const auth = { Authorization: `Bearer ${token}` };
  const space = await request.post("/api/v1/space/create", {
    headers: auth,
    data: { name: "Мост через Обь", type: "site" },
  });
  const spaceId = (await space.json()).data.id as string;
  const headers = { ...auth, "X-Space-Id": spaceId };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api/v1${path}`, { headers, data });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()).data;
  };
  const region = await post("/eps/create", { name: "Северо-Западный регион", key: "NW" });
  for (let i = 1; i <= 12; i++) await post("/eps/create", { name: `Участок строительства ${i}`, parentId: region.id });
  const facility = await post("/facilities/create", { name: "Мостовой переход", parentId: region.id, key: "BR-7" });
  const project = await post(`/facilities/${facility.id}/project/create`, { name: "Пролётное строение" });
  await post(`/projects/${project.id}/schedules/create`, { name: "Основной график" });
  const budget = await post(`/eps/${region.id}/attributes/create`, {
    name: "Бюджет",
    type: "money",
    spaceWide: true,
    settings: { unit: "₽" },
  });
  const ready = await post(`/eps/${region.id}/attributes/create`, {
    name: "Готовность",
    type: "percentage",
    spaceWide: true,
  });
  const start = await post(`/eps/${region.id}/attributes/create`, {
    name: "Начало работ",
    type: "date",
    spaceWide: true,
  });
  const stage = await post(`/eps/${region.id}/attributes/create`, {
    name: "Стадия",
    type: "list",
    spaceWide: true,
    listValues: ["Проектирование", "Строительство"],
  });
  await post("/roles", { name: "Наблюдатель", abilities: ["space:read", "eps:read", "attribute:read", "roles:read"] });
  const values = await request.put(`/api/v1/eps/${region.id}/values/update`, {
    headers,
    data: {
      values: [
        { attributeId: budget.id, value: "1250000,5" },
        { attributeId: ready.id, value: "42,5" },
        { attributeId: start.id, value: "01.03.2026" },
        { attributeId: stage.id, value: "Строительство" },
      ],
    },
  });
  expect(values.ok(), await values.text()).toBeTruthy();
  await request.put("/api/v1/eps/tree-state", { headers, data: { expanded: [region.id, facility.id] } });
  return { token, spaceId, regionId: region.id as string };
}

test("structure, attributes and admin at 1440 and 600 px, in English and Russian, light and dark", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, regionId } = await seedSpace(request);
  for (const width of [1440, 600])
    for (const language of ["en", "ru"])
      for (const scheme of ["light", "dark"]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-US" });
        await context.addInitScript(
          ([t, l, c]) => {
            // runs in the page; the e2e project compiles without the DOM library
            const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
              .localStorage;
            storage.setItem("planum.auth-token", t);
            storage.setItem("planum.language", l);
            storage.setItem("planum.color-scheme", c);
          },
          [token, language, scheme],
        );
        const page = await context.newPage();
        const name = `structure-${width}-${language}-${scheme}`;
        await page.goto(`/${spaceId}?node=${regionId}&tab=node_info`);
        await expect(page.getByRole("treeitem", { name: "Мостовой переход" })).toBeVisible();
        await expect(page.getByRole("region", { name: language === "ru" ? "Атрибуты" : "Attributes" })).toBeVisible();
        await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
        if (scheme === "light") {
          await page.goto(`/${spaceId}/attributes?node=${regionId}`);
          await expect(page.getByRole("table").first()).toBeVisible();
          await page.screenshot({ path: `e2e/artifacts/attributes-${width}-${language}.png`, fullPage: true });
          await page.goto(`/${spaceId}/admin`);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expect(page.getByText("Наблюдатель").first()).toBeVisible();
          await page.screenshot({ path: `e2e/artifacts/admin-${width}-${language}.png`, fullPage: true });
        }
        await context.close();
      }
});
