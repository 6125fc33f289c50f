import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { seedWdpSchedule, seriesOf } from "../workspace/wdp/wdp.test-kit.js";
import type { Actor } from "../workspace/workspace.test-kit.js";
import { sampleMeasures, uploadedEstimate } from "./costr.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Curve = { kind: string; values: number[] };

/** Reads until the answer satisfies `done` (analytics counts in a job): no sleeps, a generous deadline. */
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are asserted by the test itself
async function readUntil(actor: Actor, url: string, done: (data: any) => boolean) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const response = await actor.call("GET", url);
    expect(response.status).toBe(200);
    if (done(response.body.data)) return response.body.data;
    if (Date.now() > deadline) throw new Error(`never came: ${JSON.stringify(response.body.data)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const planned = async (owner: Actor, v: string, id: number) => {
  const item = (await owner.call("GET", `/versions/${v}/wbs/${id}`)).body.data;
  const row = item.item ?? item;
  return { volume: row.plannedVolume, labour: row.plannedLabour, cost: row.plannedCost };
};

describe("estimates carried into a version's works", () => {
  it("update-costs puts money, labour and volume of linked positions into works and their plans, undoably", async () => {
    const { owner, intruder, project, v, a, b, base: wdp } = await seedWdpSchedule(server);
    await sampleMeasures(owner);
    const estimate = await uploadedEstimate(server, owner, project.id, "grand-smeta-local.xml");
    const base = `/projects/${project.id}/estimates/${estimate.id}`;
    const [dig, trench] = (await owner.call("GET", base)).body.data.sections[0].positions;
    const link = async (positionId: string, itemId: number, share: number) =>
      expect((await owner.call("POST", `${base}/links`, { positionId, versionId: v, itemId, share })).status).toBe(200);
    // The pit takes position 1 and half of position 2; A20 the other half.
    await link(dig.id, a.id, 1);
    await link(trench.id, a.id, 0.5);
    await link(trench.id, b.id, 0.5);
    // The pit's own resources plan is none of the estimates' business: update-costs writes its other measures only.
    const crew = await owner.call("PATCH", `${wdp}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "resources",
      kind: "plan",
      days: [{ date: "2025-01-14", value: 8 }],
    });
    expect(crew.status, JSON.stringify(crew.body)).toBe(200);
    const before = await seriesOf(owner, v, a.id);
    expect(Object.keys(before)).toEqual(["resources/plan"]);

    const done = await owner.call("POST", `/versions/${v}/update-costs`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const money = Math.round((dig.priced.total + trench.priced.total / 2) * 100) / 100;
    expect(done.body.data).toMatchObject({ works: 2, withoutPlan: 0 });
    // The estimate's other positions reached no work: named by norm code (else number), for the warning toast.
    const left = (await owner.call("GET", base)).body.data.sections
      .flatMap((s: { positions: { id: string; normCode: string; num: string; name: string }[] }) => s.positions)
      .filter((p: { id: string }) => p.id !== dig.id && p.id !== trench.id)
      .map((p: { normCode: string; num: string; name: string }) => p.normCode.trim() || p.num.trim() || p.name);
    expect(left.length).toBeGreaterThan(0);
    expect([...done.body.data.missingVolumeCodes].sort()).toEqual([...new Set(left)].sort());
    // What the works took, each rounded to the cent (a share of an odd cent rounds up in both halves).
    const half = Math.round((trench.priced.total / 2) * 100) / 100;
    expect(done.body.data.cost).toBe(Math.round((money + half) * 100) / 100);
    // 0.45 × 1000 m³ and half of 0.12 × 100 m³, in the base measure.
    expect(await planned(owner, v, a.id)).toEqual({
      volume: 456,
      labour: Math.round((dig.priced.labourHours + trench.priced.labourHours / 2) * 1000) / 1000,
      cost: money,
    });
    const plans = await seriesOf(owner, v, a.id);
    expect(plans["cost/plan"].total).toBeCloseTo(money, 2);
    expect(plans["distributed_price/plan"].total).toBeCloseTo(money, 2);
    expect(plans["volume/plan"].total).toBeCloseTo(456, 3);
    expect(plans["resources/plan"]).toEqual(before["resources/plan"]);
    // Spread over A10's five working days (the holiday skipped).
    expect(plans["cost/plan"].values.filter((x: number) => x > 0)).toHaveLength(5);

    // Analytics follows: the money S-curve ends at the estimates' money of the version.
    const curve = await readUntil(
      owner,
      `/analytics/version/${v}/series?measure=money`,
      (d) =>
        d.fresh &&
        Math.abs((d.curves.find((c: Curve) => c.kind === "plan")?.values.at(-1) ?? 0) - done.body.data.cost) < 0.01,
    );
    expect(curve.periods[0]).toBe("2025-01-13");

    // Carried again without the pit's half of position 2: its plans shrink; the undo puts them back as they were,
    // and the next undo the planned figures and no plans at all.
    const links = (await owner.call("GET", `${base}/links`)).body.data;
    const half2 = links.find(
      (l: { positionId: string; itemId: number }) => l.positionId === trench.id && l.itemId === a.id,
    );
    expect((await owner.call("DELETE", `${base}/links/${half2.id}`)).status).toBe(200);
    expect((await owner.call("POST", `/versions/${v}/update-costs`, {})).status).toBe(200);
    expect((await seriesOf(owner, v, a.id))["cost/plan"].total).toBeCloseTo(dig.priced.total, 2);
    const history = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
    expect(history[0]).toMatchObject({ action: "update_costs" });
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect(await seriesOf(owner, v, a.id)).toEqual(plans);
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect(await planned(owner, v, a.id)).toEqual({ volume: 100, labour: 50, cost: 1000 });
    expect(await seriesOf(owner, v, a.id)).toEqual(before);
    await link(trench.id, a.id, 0.5);

    // Estimated data: the planned figures alone, no plans.
    const data = await owner.call("PATCH", `/versions/${v}/update/estimated-data`, { itemIds: [b.id] });
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect(data.body.data.works).toBe(1);
    expect((await planned(owner, v, b.id)).volume).toBe(6);
    expect(await seriesOf(owner, v, b.id)).toEqual({});
    expect((await planned(owner, v, a.id)).cost).toBe(1000);

    // Another space's member neither changes nor clears anything.
    expect((await intruder.call("POST", `/versions/${v}/update-costs`, {})).status).toBe(403);
    expect((await intruder.call("PATCH", `/versions/${v}/update/estimated-data`, {})).status).toBe(403);
    expect((await intruder.call("POST", `/versions/${v}/wbs/clear-estimates`, {})).status).toBe(403);
    expect((await owner.call("GET", `${base}/links`)).body.data).toHaveLength(3);

    // Bad input changes nothing; clearing the version's estimates takes its links, after which nothing is carried.
    const bad = await server.call("POST", `/versions/${v}/update-costs`, {
      token: owner.token,
      language: "en",
      headers: { "x-space-id": owner.spaceId },
      body: { itemIds: ["x"] },
    });
    expect(bad.status).toBe(400);
    const cleared = await owner.call("POST", `/versions/${v}/wbs/clear-estimates`, { itemIds: [a.id] });
    expect(cleared.body.data).toEqual({ links: 2 });
    expect((await owner.call("GET", `${base}/links`)).body.data).toHaveLength(1);
    expect((await owner.call("POST", `/versions/${v}/wbs/clear-estimates`, {})).body.data).toEqual({ links: 1 });
    const none = await server.call("POST", `/versions/${v}/update-costs`, {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
      body: {},
    });
    expect([none.status, none.body.errors[0].code]).toEqual([409, "CostrNothingLinked"]);
    expect(none.body.errors[0].message).toContain("смет");
  });

  it("prices a position by its own coefficient; carried again unchanged, no plan is written", async () => {
    const { owner, project, v, a } = await seedWdpSchedule(server);
    await sampleMeasures(owner);
    const estimate = await uploadedEstimate(server, owner, project.id, "grand-smeta-local.xml");
    const base = `/projects/${project.id}/estimates/${estimate.id}`;
    const [dig] = (await owner.call("GET", base)).body.data.sections[0].positions;
    const winter = await owner.call("POST", "/costr/coefficients", {
      code: "ЗУ",
      name: "Зимнее удорожание",
      kind: "winter",
      value: 1.5,
      parts: ["wages", "machines", "materials"],
    });
    expect(winter.status).toBe(200);
    const applied = await owner.call("POST", `${base}/coefficients`, {
      coefficientId: winter.body.data.id,
      positionId: dig.id,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const priced = (await owner.call("GET", base)).body.data.sections[0].positions[0];
    expect(priced.id).toBe(dig.id);
    expect(priced.priced.total).toBeGreaterThan(dig.priced.total);
    const linked = await owner.call("POST", `${base}/links`, {
      positionId: dig.id,
      versionId: v,
      itemId: a.id,
      share: 1,
    });
    expect(linked.status).toBe(200);

    const first = await owner.call("POST", `/versions/${v}/update-costs`, {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.cost).toBe(priced.priced.total);
    expect((await planned(owner, v, a.id)).cost).toBe(priced.priced.total);
    const plans = await seriesOf(owner, v, a.id);
    expect(plans["cost/plan"].total).toBeCloseTo(priced.priced.total, 2);

    // Nothing changed since: the same figures, and no plan written (no event sends the screens to read plans again).
    server.ctx.realtime.sent.length = 0;
    const again = await owner.call("POST", `/versions/${v}/update-costs`, {});
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ works: 1, cost: priced.priced.total });
    expect(await seriesOf(owner, v, a.id)).toEqual(plans);
    expect(server.ctx.realtime.sent.filter((e) => e.type === "wdp_updated")).toEqual([]);
  });
});
