import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { inEnglish, seedWdpSchedule } from "../workspace/wdp/wdp.test-kit.js";
import { addRoofSchedule, planA10, readUntil } from "./analytics.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Value = { key: string; value: number | null; colour: string | null; versions: number };
const byKey = (list: Value[]) => Object.fromEntries(list.map((v) => [v.key, v]));

describe("indicators", () => {
  it("computes formulas with thresholds per schedule, follows a fact, and refuses bad formulas writing nothing", async () => {
    const { owner, member, stranger, intruder, v, a, base, schedule, project } = await seedWdpSchedule(server);
    await planA10(owner, base, v, a.id);
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-14T17:00" })).status).toBe(200);
    // Monday: 20 m³ of A10's 100 done for 300 of its 1,000 — EV 200, PV 400, AC 300 (analytics.test.ts by hand).
    const fact = (cost: number) =>
      owner.call("PATCH", `${base}/update-many`, {
        versionId: v,
        cells: [
          { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 20 },
          { itemId: a.id, measure: "cost", kind: "fact", date: "2025-01-13", value: cost },
        ],
      });
    expect((await fact(300)).status).toBe(200);
    const perf = await owner.call("POST", `/projects/${project.id}/indicators/create`, {
      key: "Perf",
      name: "Темп, %",
      formula: "spi * 100",
      thresholds: [
        { from: 0, colour: "red" },
        { from: 90, colour: "green" },
      ],
    });
    expect(perf.status).toBe(200);
    expect(perf.body.data).toMatchObject({ key: "perf", projectId: project.id, scheduleId: null, weighting: "weight" });
    // A schedule's indicator reads the project's: cost per earned unit, against the pace.
    const overrun = await owner.call("POST", `/schedules/${schedule.id}/indicators/create`, {
      key: "overrun",
      name: "Перерасход",
      formula: "ac / ev * perf / 50",
      thresholds: [
        { from: 0, colour: "green" },
        { from: 1.1, colour: "red" },
      ],
    });
    expect(overrun.status).toBe(200);
    const url = `/analytics/schedule/${schedule.id}/indicator`;
    // The recounts queued by the plan, the data date and the fact may end in any order: wait for the figures of the
    // last state (a count of an earlier one has both values too, but another pace).
    const first = byKey(
      await readUntil(
        owner,
        url,
        (d: Value[]) => d.length === 2 && byKey(d).perf?.value === 50 && byKey(d).overrun?.value != null,
      ),
    );
    expect(first.perf).toMatchObject({ value: 50, colour: "red", versions: 1 });
    expect(first.overrun.value).toBeCloseTo(1.5, 10);
    expect(first.overrun.colour).toBe("red");

    // The fact's cost goes down to 200: the recount job recomputes, the overrun turns green.
    expect((await fact(200)).status).toBe(200);
    const after = byKey(await readUntil(owner, url, (d: Value[]) => byKey(d).overrun?.value === 1));
    expect(after.overrun.colour).toBe("green");

    // Bad formulas: a localized error each, nothing written.
    const listed = async () => (await owner.call("GET", `/schedules/${schedule.id}/indicators`)).body.data;
    const before = await listed();
    const create = (body: Record<string, unknown>) =>
      inEnglish(server, owner, "POST", `/schedules/${schedule.id}/indicators/create`, {
        key: "x",
        name: "X",
        ...body,
      });
    for (const [formula, code, status] of [
      ["spi *", "IndicatorFormulaSyntax", 400],
      ["spi # 2", "IndicatorFormulaSyntax", 400],
      ["ev / 0", "IndicatorDivisionByZero", 400],
      ["ev / (2 - 2)", "IndicatorDivisionByZero", 400],
      ["bricks * 2", "IndicatorUnknownName", 400],
      ["x + 1", "IndicatorCycle", 409],
    ] as const) {
      const bad = await create({ formula });
      expect(bad.status, formula).toBe(status);
      expect(bad.body.errors[0].code).toBe(code);
      expect(bad.body.errors[0].message).toMatch(/^[A-Z]/);
    }
    expect((await create({ key: "spi", formula: "1" })).body.errors[0].code).toBe("IndicatorKeyTaken");
    expect((await create({ key: "perf", formula: "1" })).body.errors[0].code).toBe("IndicatorKeyTaken");
    // A cycle through two indicators: z reads y, y would read z.
    const y = (
      await owner.call("POST", `/schedules/${schedule.id}/indicators/create`, { key: "y", name: "Y", formula: "cpi" })
    ).body.data;
    const z = await owner.call("POST", `/schedules/${schedule.id}/indicators/create`, {
      key: "z",
      name: "Z",
      formula: "y + 1",
    });
    expect(z.status).toBe(200);
    const loop = await inEnglish(server, owner, "PATCH", `/schedules/${schedule.id}/indicators/${y.id}/update`, {
      key: "y",
      name: "Y",
      formula: "z * 2",
    });
    expect(loop.status).toBe(409);
    expect(loop.body.errors[0].message).toContain("y → z → y");
    // y is read by z: it is neither deleted nor renamed.
    expect((await owner.call("DELETE", `/schedules/${schedule.id}/indicators/${y.id}/delete`)).status).toBe(409);
    expect((await listed()).map((i: { key: string }) => i.key)).toEqual([
      ...before.map((i: { key: string }) => i.key),
      "y",
      "z",
    ]);
    expect((await listed()).find((i: { key: string }) => i.key === "y").formula).toBe("cpi");

    // Another space's user neither reads nor changes; a read-only member reads but does not change.
    const id = overrun.body.data.id;
    for (const actor of [stranger, intruder]) {
      for (const [method, path, body] of [
        ["GET", `/schedules/${schedule.id}/indicators`, undefined],
        ["GET", `/projects/${project.id}/indicators`, undefined],
        ["GET", url, undefined],
        ["POST", `/projects/${project.id}/indicators/create`, { key: "q", name: "Q", formula: "1" }],
        ["PATCH", `/schedules/${schedule.id}/indicators/${id}/update`, { key: "q", name: "Q", formula: "1" }],
        ["DELETE", `/schedules/${schedule.id}/indicators/${id}/delete`, undefined],
      ] as const)
        expect([403, 404]).toContain((await actor.call(method, path, body)).status);
    }
    expect((await member.call("GET", url)).status).toBe(200);
    expect(
      (await member.call("POST", `/projects/${project.id}/indicators/create`, { key: "q", name: "Q", formula: "1" }))
        .status,
    ).toBe(403);
    expect((await listed()).find((i: { key: string }) => i.key === "overrun").formula).toBe("ac / ev * perf / 50");
  });

  it("rolls a project's schedules up by weight (their budgets) and by factor (a sum)", async () => {
    const { owner, v, a, base, project, root } = await seedWdpSchedule(server);
    await planA10(owner, base, v, a.id);
    // A second schedule in the same project, with its own version and 250 of cost planned on one work.
    await addRoofSchedule(owner, project.id);
    // Works per schedule (2 and 1) weighed by budgets (1,000 and 250): (2 × 1000 + 1 × 250) / 1250 = 1.8.
    await owner.call("POST", `/projects/${project.id}/indicators/create`, {
      key: "works_each",
      name: "W",
      formula: "works",
    });
    // Budgets in thousands, added up: (1000 + 250) / 1000.
    await owner.call("POST", `/projects/${project.id}/indicators/create`, {
      key: "budget_k",
      name: "B",
      formula: "plan_cost",
      weighting: "factor",
      factor: 0.001,
    });
    for (const url of [`/analytics/project/${project.id}/indicator`, `/eps/${root.id}/analytics/indicator`]) {
      const values = byKey(
        await readUntil(
          owner,
          url,
          // The roof's cost is counted by a job after its spread: until then both versions are read with its
          // budget still 0, so wait for the budget sum rather than for the version count alone.
          (d: Value[]) =>
            d.length === 2 &&
            d.every((x) => x.versions === 2 && x.value !== null) &&
            Math.abs((byKey(d).budget_k.value ?? Number.NaN) - 1.25) < 1e-9,
        ),
      );
      expect(values.works_each.value).toBeCloseTo(1.8, 10);
      expect(values.budget_k.value).toBeCloseTo(1.25, 10);
    }
  });
});
