import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("costr catalogues: measures, coefficients, settings, PDC", () => {
  it("keeps measures with conversions and refuses bad ones, changing nothing", async () => {
    const { owner, member } = await setUpSpace(server);
    const kg = await owner.call("POST", "/costr/measures", { code: "кг", name: "Килограмм", kind: "volume" });
    expect(kg.status, JSON.stringify(kg.body)).toBe(200);
    const t = await owner.call("POST", "/costr/measures", {
      code: "т",
      name: "Тонна",
      kind: "volume",
      baseId: kg.body.data.id,
      factor: 1000,
    });
    expect(t.body.data).toMatchObject({ code: "т", baseId: kg.body.data.id, factor: 1000 });
    const centner = await owner.call("POST", "/costr/measures", {
      code: "ц",
      name: "Центнер",
      kind: "volume",
      baseId: kg.body.data.id,
      factor: 100,
    });
    const converted = await owner.call(
      "GET",
      `/costr/measures/convert?from=${t.body.data.id}&to=${centner.body.data.id}&quantity=2.5`,
    );
    expect(converted.body.data).toEqual({ quantity: 25 });

    const hour = await owner.call("POST", "/costr/measures", { code: "чел.-ч", name: "Человеко-час", kind: "labour" });
    const before = (await owner.call("GET", "/costr/measures")).body.data;
    expect(before.map((m: { code: string }) => m.code)).toEqual(["кг", "т", "ц", "чел.-ч"]);

    const refused: [Record<string, unknown>, number, string][] = [
      [{ code: "кг", name: "Дубль", kind: "volume" }, 409, "CostrCodeTaken"],
      [{ code: "г", name: "Грамм", kind: "volume", baseId: t.body.data.id, factor: 0.000001 }, 400, "CostrMeasureBase"],
      [{ code: "мин", name: "Минута", kind: "volume", baseId: hour.body.data.id, factor: 60 }, 400, "CostrMeasureBase"],
      [{ code: "x", name: "Без базы", kind: "volume", factor: 5 }, 400, "CostrMeasureBaseFactor"],
      [{ code: "y", name: "Отрицательный", kind: "volume", baseId: kg.body.data.id, factor: -1 }, 400, "InvalidValue"],
      [{ code: "z", name: "Вид", kind: "weight" }, 400, "InvalidValue"],
    ];
    for (const [body, status, code] of refused) {
      const answer = await owner.call("POST", "/costr/measures", body);
      expect([answer.status, answer.body.errors[0].code], JSON.stringify(body)).toEqual([status, code]);
    }
    const taken = await server.call("POST", "/costr/measures", {
      token: owner.token,
      language: "fr",
      headers: { "x-space-id": owner.spaceId },
      body: { code: "кг", name: "Дубль", kind: "volume" },
    });
    expect(taken.body.errors[0].message).toBe("Le code « кг » est déjà utilisé");
    const incompatible = await server.call(
      "GET",
      `/costr/measures/convert?from=${t.body.data.id}&to=${hour.body.data.id}&quantity=1`,
      { token: owner.token, language: "en", headers: { "x-space-id": owner.spaceId } },
    );
    expect([incompatible.status, incompatible.body.errors[0].message]).toEqual([
      400,
      '"т" cannot be converted to "чел.-ч": they have different bases',
    ]);
    // A base measure others convert to is neither deleted nor turned into a derived one.
    const used = await owner.call("DELETE", `/costr/measures/${kg.body.data.id}`);
    expect([used.status, used.body.errors[0].code]).toEqual([409, "CostrMeasureInUse"]);
    // A member without attribute:admin reads them but defines none.
    expect((await member.call("GET", "/costr/measures")).body.data).toHaveLength(4);
    expect((await member.call("POST", "/costr/measures", { code: "м", name: "Метр", kind: "volume" })).status).toBe(
      403,
    );
    expect((await owner.call("GET", "/costr/measures")).body.data).toEqual(before);

    expect((await owner.call("DELETE", `/costr/measures/${centner.body.data.id}`)).status).toBe(200);
    const renamed = await owner.call("PUT", `/costr/measures/${t.body.data.id}`, {
      code: "тн",
      name: "Тонна метрическая",
      kind: "volume",
      baseId: kg.body.data.id,
      factor: 1000,
    });
    expect(renamed.body.data).toMatchObject({ code: "тн", name: "Тонна метрическая" });
  });

  it("keeps cost coefficients and settings; refuses bad values", async () => {
    const { owner, member } = await setUpSpace(server);
    const regional = await owner.call("POST", "/costr/coefficients", {
      code: "К-рег",
      name: "Районный коэффициент",
      kind: "regional",
      value: 1.15,
      parts: ["wages", "machines"],
    });
    expect(regional.body.data).toMatchObject({ kind: "regional", value: 1.15, parts: ["wages", "machines"] });
    const overhead = await owner.call("POST", "/costr/coefficients", {
      code: "НР",
      name: "Накладные расходы",
      kind: "overhead",
      value: 12,
    });
    expect(overhead.status).toBe(200);
    for (const [body, code] of [
      [{ code: "K0", name: "Ноль", kind: "winter", value: 0 }, "InvalidValue"],
      [{ code: "K1", name: "Без частей", kind: "winter", value: 1.1, parts: [] }, "Required"],
      [{ code: "K2", name: "Вид", kind: "bonus", value: 1.1 }, "InvalidValue"],
      [{ code: "K3", name: "Текст", kind: "winter", value: "1,1" }, "InvalidNumber"],
    ] as const) {
      const answer = await owner.call("POST", "/costr/coefficients", body);
      expect([answer.status, answer.body.errors[0].code], JSON.stringify(body)).toEqual([400, code]);
    }
    const changed = await owner.call("PUT", `/costr/coefficients/${regional.body.data.id}`, {
      code: "К-рег",
      name: "Районный коэффициент (Север)",
      kind: "regional",
      value: 1.4,
      parts: ["wages"],
    });
    expect(changed.body.data).toMatchObject({ value: 1.4, parts: ["wages"] });
    expect((await member.call("GET", "/costr/coefficients")).body.data).toHaveLength(2);
    expect((await member.call("DELETE", `/costr/coefficients/${overhead.body.data.id}`)).status).toBe(403);
    expect((await owner.call("DELETE", `/costr/coefficients/${overhead.body.data.id}`)).status).toBe(200);

    expect((await owner.call("GET", "/costr/settings")).body.data).toEqual({
      currency: "RUB",
      decimals: 2,
      vatPercent: 20,
      checkOnUpload: true,
    });
    const saved = await owner.call("PUT", "/costr/settings", { currency: "EUR", decimals: 2, vatPercent: 5.5 });
    expect(saved.body.data).toEqual({ currency: "EUR", decimals: 2, vatPercent: 5.5, checkOnUpload: true });
    const bad = await owner.call("PUT", "/costr/settings", { currency: "euro", decimals: 9 });
    expect(bad.status).toBe(400);
    expect((await member.call("GET", "/costr/settings")).body.data.currency).toBe("EUR");
  });

  it("keeps a project's PDC sets", async () => {
    const { owner, member } = await setUpSpace(server);
    const { project, facility } = await buildTree(owner);
    const base = `/projects/${project.id}/costr/pdc`;
    const created = await owner.call("POST", base, { code: "ПД-01", name: "Проектная документация", stage: "design" });
    expect(created.body.data).toEqual([
      expect.objectContaining({ code: "ПД-01", stage: "design", note: "", estimateCount: 0 }),
    ]);
    await owner.call("POST", base, { code: "РД-01", name: "Рабочая документация", stage: "working" });
    const dup = await owner.call("POST", base, { code: "РД-01", name: "Дубль" });
    expect([dup.status, dup.body.errors[0].code]).toEqual([409, "CostrCodeTaken"]);
    const id = created.body.data[0].id;
    const updated = await owner.call("PUT", `${base}/${id}`, { code: "ПД-01", name: "ПД, стадия П", note: "том 5" });
    expect(updated.body.data.map((p: { name: string }) => p.name)).toEqual(["ПД, стадия П", "Рабочая документация"]);
    expect((await member.call("GET", base)).body.data).toHaveLength(2);
    expect((await member.call("POST", base, { code: "X", name: "X" })).status).toBe(403);
    // Only projects have PDC sets.
    expect((await owner.call("GET", `/projects/${facility.id}/costr/pdc`)).status).toBe(404);
    expect((await owner.call("DELETE", `${base}/${id}`)).body.data).toHaveLength(1);
  });

  it("shows another space's member nothing and lets them change nothing", async () => {
    const { owner, intruder, stranger } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    const kg = (await owner.call("POST", "/costr/measures", { code: "кг", name: "Килограмм", kind: "volume" })).body
      .data;
    const k = (
      await owner.call("POST", "/costr/coefficients", { code: "К", name: "Зимний", kind: "winter", value: 1.02 })
    ).body.data;
    const pdc = (await owner.call("POST", `/projects/${project.id}/costr/pdc`, { code: "П", name: "ПД" })).body.data[0];

    for (const [method, url, body] of [
      ["GET", "/costr/measures"],
      ["POST", "/costr/measures", { code: "м", name: "Метр", kind: "volume" }],
      ["DELETE", `/costr/measures/${kg.id}`],
      ["PUT", `/costr/coefficients/${k.id}`, { code: "К", name: "К", kind: "winter", value: 9 }],
      ["GET", "/costr/settings"],
      ["PUT", "/costr/settings", { currency: "USD" }],
      ["GET", `/projects/${project.id}/costr/pdc`],
      ["DELETE", `/projects/${project.id}/costr/pdc/${pdc.id}`],
    ] as const) {
      const answer = await intruder.call(method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
    // From their own space, the first space's rows are simply not there.
    expect((await stranger.call("GET", "/costr/measures")).body.data).toEqual([]);
    expect((await stranger.call("DELETE", `/costr/measures/${kg.id}`)).status).toBe(404);
    expect(
      (await stranger.call("PUT", `/costr/coefficients/${k.id}`, { code: "К", name: "К", kind: "winter", value: 9 }))
        .status,
    ).toBe(404);
    expect((await stranger.call("GET", `/projects/${project.id}/costr/pdc`)).status).toBe(404);

    expect((await owner.call("GET", "/costr/measures")).body.data).toHaveLength(1);
    expect((await owner.call("GET", "/costr/coefficients")).body.data[0]).toMatchObject({ value: 1.02 });
    expect((await owner.call("GET", "/costr/settings")).body.data.currency).toBe("RUB");
    expect((await owner.call("GET", `/projects/${project.id}/costr/pdc`)).body.data).toHaveLength(1);
  });
});
