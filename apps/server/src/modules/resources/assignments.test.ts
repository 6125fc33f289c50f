import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A space with a calculated work A10 of 10 eight-hour days from Monday 2025-01-13, and a crew at 10 → 20 a unit. */
async function setUp() {
  const people = await setUpWorkspace(server);
  const { owner, space, version } = people;
  const work = await addItem(owner, version.id, { type: "work", name: "Кладка", code: "A10", duration: 10 * 480 });
  const calc = await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`);
  if (calc.status !== 200) throw new Error(JSON.stringify(calc.body));
  const crew = await owner.call("POST", `/space/${space.id}/resources`, {
    code: "CREW-1",
    name: "Бригада каменщиков",
    kind: "labor",
    unit: "h",
    // The rate doubles from the second week (Monday 2025-01-20).
    rates: [
      { from: "2025-01-01", pricePerUnit: 10 },
      { from: "2025-01-20", pricePerUnit: 20 },
    ],
  });
  return { ...people, work, crew: crew.body.data as { id: string } };
}

describe("assignments", () => {
  it("assigns a crew to a work, costs its units by the rate in force each day, updates and deletes", async () => {
    const { owner, version, schedule, work, crew, member } = await setUp();
    const saved = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
      wbsId: work.id,
      resourceId: crew.id,
      unitsPerDay: 40,
    });
    expect(saved.status).toBe(200);
    // 40 h a day over 10 days = 400 h; 200 h at 10 and 200 h at 20.
    expect(saved.body.data).toMatchObject({
      itemId: work.id,
      budgetedUnits: 400,
      remainingUnits: 400,
      actualUnits: 0,
      curve: "evenly",
      cost: { budgeted: 6000, actual: 0, remaining: 6000 },
      resource: { code: "CREW-1", unit: "h" },
      work: { code: "A10" },
    });
    const id = saved.body.data.id;
    const created = server.ctx.realtime.sent.find((e) => e.type === "assignment_created");
    expect(created).toMatchObject({ versionId: version.id, itemIds: [work.id], assignmentIds: [id] });

    // A front-loaded curve puts more hours in the cheaper first week.
    const front = await owner.call("PATCH", `/schedules/${schedule.id}/assignment/${id}/update`, {
      revision: 1,
      curve: "front_loaded",
      actualUnits: 100,
    });
    expect(front.body.data).toMatchObject({ revision: 2, actualUnits: 100, remainingUnits: 300, budgetedUnits: 400 });
    expect(front.body.data.cost.budgeted).toBeLessThan(6000);
    expect(front.body.data.cost.actual + front.body.data.cost.remaining).toBeCloseTo(front.body.data.cost.budgeted, 1);

    const listed = await member.call("GET", `/versions/${version.id}/assignment/wbs/${work.id}`);
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await member.call("GET", `/assignment?versionId=${version.id}`)).body.data).toHaveLength(1);
    expect((await member.call("GET", `/resource/${crew.id}/assignments`)).body.data[0].work.name).toBe("Кладка");
    expect(
      (await member.call("PATCH", `/schedules/${schedule.id}/assignment/${id}/update`, { revision: 2 })).status,
    ).toBe(403);

    expect((await owner.call("DELETE", `/schedules/${schedule.id}/assignment/${id}/delete`)).body.data).toEqual({ id });
    expect((await owner.call("GET", `/versions/${version.id}/assignment/wbs/${work.id}`)).body.data).toEqual([]);
  });

  it("refuses negative units, a resource of another space and a summary row, writing nothing", async () => {
    const { owner, version, work, stranger } = await setUp();
    const foreign = await stranger.call("POST", `/space/${stranger.spaceId}/resources`, {
      code: "ALIEN",
      name: "Чужой",
      kind: "labor",
    });
    const { crew } = { crew: (await owner.call("GET", `/space/${owner.spaceId}/resources`)).body.data[0] };
    const sum = await addItem(owner, version.id, { type: "sum", name: "Раздел" });
    const bad: [unknown, number, string][] = [
      [{ wbsId: work.id, resourceId: crew.id, budgetedUnits: -1 }, 400, "NegativeUnits"],
      [{ wbsId: work.id, resourceId: crew.id, unitsPerDay: -8 }, 400, "NegativeUnits"],
      [{ wbsId: work.id, resourceId: foreign.body.data.id, budgetedUnits: 8 }, 404, "ResourceNotFound"],
      [{ wbsId: sum.id, resourceId: crew.id, budgetedUnits: 8 }, 404, "NotFound"],
      [{ wbsId: work.id, resourceId: crew.id, curve: "zigzag" }, 400, "InvalidValue"],
    ];
    for (const [body, status, code] of bad) {
      const answer = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.errors[0].code).toBe(code);
    }
    expect((await owner.call("GET", `/assignment?versionId=${version.id}`)).body.data).toEqual([]);
  });

  it("applies the work's P6 duration type: units per day follow budgeted units on a fixed duration, not on fixed units/time", async () => {
    const { owner, version, schedule, work, crew } = await setUp();
    // A10 keeps the default, fixed duration and units/time: 10 days, so 160 h → 16 h a day, and 8 h a day → 80 h.
    const saved = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
      wbsId: work.id,
      resourceId: crew.id,
      budgetedUnits: 160,
    });
    expect(saved.body.data).toMatchObject({ budgetedUnits: 160, unitsPerDay: 16 });
    const id = saved.body.data.id;
    const url = `/schedules/${schedule.id}/assignment/${id}/update`;
    const rate = await owner.call("PATCH", url, { revision: 1, unitsPerDay: 8 });
    expect(rate.body.data).toMatchObject({ budgetedUnits: 80, unitsPerDay: 8, remainingUnits: 80 });
    // Fixed units/time: more units would lengthen the work, so the rate stays 8 h a day.
    const item = (await owner.call("GET", `/versions/${version.id}/wbs/${work.id}`)).body.data;
    const typed = await owner.call("PATCH", `/versions/${version.id}/wbs/${work.id}/update`, {
      revision: item.revision,
      durationType: "fixed_units_time",
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    const units = await owner.call("PATCH", url, { revision: 2, budgetedUnits: 120 });
    expect(units.body.data).toMatchObject({ budgetedUnits: 120, unitsPerDay: 8 });
  });

  it("lets another space's user neither read nor change assignments", async () => {
    const { owner, version, schedule, work, crew, stranger, intruder } = await setUp();
    const saved = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
      wbsId: work.id,
      resourceId: crew.id,
      budgetedUnits: 80,
    });
    const id = saved.body.data.id;
    for (const actor of [stranger, intruder]) {
      expect(
        (await actor.call("GET", `/versions/${version.id}/assignment/wbs/${work.id}`)).status,
      ).toBeGreaterThanOrEqual(403);
      expect((await actor.call("GET", `/assignment?versionId=${version.id}`)).body.data ?? []).toEqual([]);
      expect(
        (
          await actor.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
            wbsId: work.id,
            resourceId: crew.id,
          })
        ).status,
      ).toBeGreaterThanOrEqual(403);
      expect(
        (
          await actor.call("PATCH", `/schedules/${schedule.id}/assignment/${id}/update`, {
            revision: 1,
            budgetedUnits: 1,
          })
        ).status,
      ).toBeGreaterThanOrEqual(403);
      expect(
        (await actor.call("DELETE", `/schedules/${schedule.id}/assignment/${id}/delete`)).status,
      ).toBeGreaterThanOrEqual(403);
    }
    expect((await owner.call("GET", `/versions/${version.id}/assignment/wbs/${work.id}`)).body.data[0]).toMatchObject({
      budgetedUnits: 80,
      revision: 1,
    });
  });
});
