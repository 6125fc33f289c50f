import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import type { Actor } from "../../structure/structure.test-kit.js";
import { addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/**
 * A10: ten working days from Monday 2025-01-13 (two weeks, the weekend between) with a masons' crew of 10 h a day
 * (10 per hour until 2025-01-19, 20 from 2025-01-20) and a crane of 8 h a day (100 per hour); A20 has none; S is
 * a summary.
 */
async function setUp() {
  const people = await setUpWorkspace(server);
  const { owner, space, version } = people;
  const v = version.id;
  const sum = await addItem(owner, v, { type: "sum", name: "Коробка", code: "S" });
  const a10 = await addItem(owner, v, { type: "work", name: "Кладка стен", code: "A10", duration: 10 * 480 });
  const a20 = await addItem(owner, v, { type: "work", name: "Перемычки", code: "A20", duration: 5 * 480 });
  const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
  if (calc.status !== 200) throw new Error(JSON.stringify(calc.body));
  const base = `/space/${space.id}/resources`;
  const resource = async (body: Record<string, unknown>) => (await owner.call("POST", base, body)).body.data;
  const crew = await resource({
    code: "CREW-1",
    name: "Бригада каменщиков",
    kind: "labor",
    unit: "h",
    rates: [
      { from: "2025-01-01", pricePerUnit: 10 },
      { from: "2025-01-20", pricePerUnit: 20 },
    ],
  });
  const crane = await resource({
    code: "CRANE",
    name: "Кран",
    kind: "equipment",
    unit: "h",
    rates: [{ from: "2025-01-01", pricePerUnit: 100 }],
  });
  for (const [r, unitsPerDay] of [
    [crew, 10],
    [crane, 8],
  ] as const) {
    const saved = await owner.call("POST", `/versions/${v}/assignment/wbs/save`, {
      wbsId: a10.id,
      resourceId: r.id,
      unitsPerDay,
    });
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  }
  return { ...people, v, sum, a10, a20 };
}

async function plansOf(actor: Actor, v: string, itemId: number) {
  const list = (await actor.call("GET", `/versions/${v}/wdp?itemIds=${itemId}`)).body.data;
  const out: Record<string, { start: string; values: number[]; total: number }> = {};
  for (const s of list.series as { measure: string; kind: string; start: string; values: number[]; total: number }[])
    if (s.kind === "plan") out[s.measure] = { start: s.start, values: s.values, total: s.total };
  return out;
}

const twoWeeks = (first: number, second: number) => [
  ...[first, first, first, first, first, 0, 0],
  ...[second, second, second, second, second],
];

describe("update and distribute resource", () => {
  it("plans resources, labour and cost of each work day by day from its assignments, undoably", async () => {
    const { owner, v, a10, a20 } = await setUp();
    const answer = await owner.call("POST", `/versions/${v}/update-and-distribute-resource`, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Only the work with assignments is planned: three series of A10.
    expect(answer.body.data.series.map((s: { itemId: number; measure: string }) => [s.itemId, s.measure])).toEqual([
      [a10.id, "resources"],
      [a10.id, "labour"],
      [a10.id, "cost"],
    ]);
    const plans = await plansOf(owner, v, a10.id);
    expect(plans.resources).toEqual({ start: "2025-01-13", values: twoWeeks(18, 18), total: 180 });
    // labour counts the crew only (the crane is equipment)
    expect(plans.labour).toEqual({ start: "2025-01-13", values: twoWeeks(10, 10), total: 100 });
    // each day's cost at the rates in force that day: 10 h × 10 + 8 h × 100, then 10 h × 20 + 8 h × 100
    expect(plans.cost).toEqual({ start: "2025-01-13", values: twoWeeks(900, 1000), total: 9500 });
    expect(await plansOf(owner, v, a20.id)).toEqual({});

    // Only labour of a named work: the other plans stay.
    const crewOnly = await owner.call("POST", `/versions/${v}/update-and-distribute-resource`, {
      itemIds: [a10.id],
      measures: ["labour"],
    });
    expect(crewOnly.status).toBe(200);
    expect(crewOnly.body.data.series).toHaveLength(1);

    // One undo step takes the first change back (after the second one).
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect(await plansOf(owner, v, a10.id)).toEqual({});
  });

  it("refuses bad input in the user's language and writes nothing", async () => {
    const { owner, v, sum, a10 } = await setUp();
    const call = (body: unknown, language = "en") =>
      server.call("POST", `/versions/${v}/update-and-distribute-resource`, {
        token: owner.token,
        headers: { "x-space-id": owner.spaceId, "x-language": language },
        body,
      });
    const bad: [unknown, number, string][] = [
      [{ measures: ["volume"] }, 400, "InvalidValue"],
      [{ measures: [] }, 400, "Required"],
      [{ itemIds: [sum.id] }, 400, "InvalidValue"],
      [{ itemIds: [999_999] }, 404, "NotFound"],
    ];
    for (const [body, status, code] of bad) {
      const answer = await call(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.errors[0].code, JSON.stringify(body)).toBe(code);
    }
    expect((await call({ measures: ["volume"] }, "ru")).body.errors[0].message).toMatch(/[а-я]/);
    expect((await owner.call("POST", `/versions/${v}/setLocked`, { locked: true })).status).toBe(200);
    const locked = await call({}, "fr");
    expect(locked.body.errors[0].code).toBe("VersionLocked");
    expect(await plansOf(owner, v, a10.id)).toEqual({});
  });

  it("lets no one of another space plan or read this version", async () => {
    const { v, a10, stranger, intruder, member, owner } = await setUp();
    for (const who of [stranger, intruder])
      expect([403, 404]).toContain(
        (await who.call("POST", `/versions/${v}/update-and-distribute-resource`, {})).status,
      );
    // a member with the read-only default role may not change plans either
    expect((await member.call("POST", `/versions/${v}/update-and-distribute-resource`, {})).status).toBe(403);
    expect(await plansOf(owner, v, a10.id)).toEqual({});
  });
});
