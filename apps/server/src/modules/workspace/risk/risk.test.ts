import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

/** Risk analysis (issue 21): inputs of a version, a run as a job on worker threads, results kept per version. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY = 480;

type Run = {
  id: string;
  status: string;
  progress: number;
  p80: string | null;
  result: {
    iterations: number;
    uncertainWorks: number;
    finish: Record<string, string | number> & { histogram: { counts: number[] } };
    milestones: { itemId: number; p80: string }[];
    criticality: { itemId: number; code: string; index: number }[];
    sensitivity: { itemId: number; code: string; correlation: number }[];
    events: { name: string; share: number }[];
  } | null;
};

async function finished(
  actor: { call: (m: "GET", u: string) => Promise<{ body: { data: unknown } }> },
  v: string,
  id: string,
) {
  await server.ctx.jobs.idle();
  return (await actor.call("GET", `/versions/${v}/risk/runs/${id}`)).body.data as Run;
}

describe("risk analysis", () => {
  it("runs a version's three-point durations, events and groups, keeps each run, and refuses others", async () => {
    const { owner, member, stranger, version, space } = await setUpWorkspace(server);
    const v = version.id;
    const work = (code: string, days: number) =>
      addItem(owner, v, { type: "work", name: `Work ${code}`, code, duration: days * DAY });
    const a = await work("A10", 5);
    const b = await work("A20", 4);
    const c = await work("A30", 3);
    const end = await addItem(owner, v, { type: "milestone_finish", name: "Handover", code: "M1", duration: 0 });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await link(owner, v, { predecessorId: b.id, successorId: end.id });
    await link(owner, v, { predecessorId: c.id, successorId: end.id });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);

    // Nothing uncertain yet: refused before anything is queued.
    const empty = await owner.call("POST", `/versions/${v}/risk/runs`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].code).toBe("RiskNothingUncertain");

    const set = await owner.call("PUT", `/versions/${v}/risk/durations`, {
      set: [
        { itemId: a.id, min: 4 * DAY, likely: 5 * DAY, max: 9 * DAY, distribution: "triangular" },
        { itemId: b.id, min: 3 * DAY, likely: 4 * DAY, max: 6 * DAY, distribution: "pert" },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.durations).toHaveLength(2);
    // A rule gives every other work −10 % … +30 %: C gets one.
    await owner.call("PATCH", `/versions/${v}/risk/settings`, {
      iterations: 400,
      seed: 5,
      milestoneIds: [end.id],
      rules: [{ minPercent: 90, likelyPercent: 100, maxPercent: 130, distribution: "uniform" }],
    });
    const event = await owner.call("POST", `/versions/${v}/risk/events`, {
      name: "Late steel",
      probability: 0.25,
      impact: { min: DAY, likely: 2 * DAY, max: 3 * DAY, distribution: "triangular" },
      itemIds: [b.id],
    });
    expect(event.status, JSON.stringify(event.body)).toBe(200);
    const group = await owner.call("POST", `/versions/${v}/risk/correlations`, {
      name: "Same crew",
      coefficient: 0.6,
      itemIds: [a.id, b.id],
    });
    expect(group.status).toBe(200);

    // Bad input, in the caller's language, changes nothing.
    const before = (await owner.call("GET", `/versions/${v}/risk`)).body.data;
    const refuse = async (
      method: "PUT" | "POST" | "PATCH",
      url: string,
      body: unknown,
      code: string,
      language = "en",
    ) => {
      const answer = await server.call(method, url, {
        token: owner.token,
        body,
        headers: { "x-space-id": space.id, "x-language": language },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(code);
      return answer.body.errors[0].message as string;
    };
    await refuse(
      "PUT",
      `/versions/${v}/risk/durations`,
      { set: [{ itemId: c.id, min: 5 * DAY, likely: 4 * DAY, max: 6 * DAY, distribution: "pert" }] },
      "RiskThreePointOrder",
    );
    const ru = await refuse(
      "PUT",
      `/versions/${v}/risk/durations`,
      {
        set: [
          { itemId: c.id, min: DAY, likely: 2 * DAY, max: 3 * DAY, distribution: "pert" },
          { itemId: a.id, min: DAY, likely: 4 * DAY, max: 3 * DAY, distribution: "pert" },
        ],
      },
      "RiskThreePointOrder",
      "ru",
    );
    expect(ru).not.toBe("");
    const probability = await server.call("POST", `/versions/${v}/risk/events`, {
      token: owner.token,
      body: {
        name: "Flood",
        probability: 1.2,
        impact: { min: 0, likely: DAY, max: DAY, distribution: "pert" },
        itemIds: [a.id],
      },
      headers: { "x-space-id": space.id, "x-language": "fr" },
    });
    expect(probability.status).toBe(400);
    expect(JSON.stringify(probability.body)).toContain("La probabilité doit être comprise entre 0 et 1");
    await refuse(
      "POST",
      `/versions/${v}/risk/correlations`,
      { name: "Wrong", coefficient: -1.5, itemIds: [a.id, c.id] },
      "RiskCorrelationRange",
    );
    await refuse(
      "POST",
      `/versions/${v}/risk/correlations`,
      { name: "Twice", coefficient: 0.5, itemIds: [b.id, c.id] },
      "RiskTwoGroups",
    );
    await refuse(
      "PUT",
      `/versions/${v}/risk/durations`,
      { set: [{ itemId: end.id, min: 0, likely: 0, max: DAY, distribution: "pert" }] },
      "RiskNotAWork",
    );
    await refuse("POST", `/versions/${v}/risk/runs`, { iterations: 20_000 }, "RiskIterationsLimit");
    expect((await owner.call("GET", `/versions/${v}/risk`)).body.data).toEqual(before);
    expect((await owner.call("GET", `/versions/${v}/risk/runs`)).body.data).toEqual([]);

    // A run: queued, then completed with a result a planner reads.
    const started = await owner.call("POST", `/versions/${v}/risk/runs`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const run = await finished(owner, v, started.body.data.runId);
    expect(run.status).toBe("completed");
    expect(run.progress).toBe(100);
    const result = run.result!;
    expect(result.iterations).toBe(400);
    expect(result.uncertainWorks).toBe(3);
    // The deterministic finish is the calculated one: A (5 d) + B (4 d) from Monday 13 January: Thursday 23rd.
    expect(result.finish.deterministic).toBe("2025-01-23T17:00");
    const order = ["min", "p10", "p50", "p80", "p90", "max"].map((k) => String(result.finish[k]));
    expect([...order].sort()).toEqual(order);
    expect(result.finish.p80 >= result.finish.deterministic).toBe(true);
    expect(result.finish.histogram.counts.reduce((s, n) => s + n, 0)).toBe(400);
    expect(result.milestones[0]).toMatchObject({ itemId: end.id, p80: result.finish.p80 });
    // A and B make the long path nearly always; C (3 d against 9) never.
    const index = Object.fromEntries(result.criticality.map((w) => [w.code, w.index]));
    expect(index.A10).toBeGreaterThan(0.95);
    expect(index.A30 ?? 0).toBe(0);
    expect(result.sensitivity[0].code).toBe("A10");
    expect(result.events[0].name).toBe("Late steel");
    expect(result.events[0].share).toBeGreaterThan(0.1);
    expect(result.events[0].share).toBeLessThan(0.4);

    // Same seed, same answer; the list compares runs by P50/P80.
    const again = await owner.call("POST", `/versions/${v}/risk/runs`, {});
    const second = await finished(owner, v, again.body.data.runId);
    expect(second.result?.finish).toEqual(result.finish);
    const runs = (await member.call("GET", `/versions/${v}/risk/runs`)).body.data as Run[];
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r.p80 === result.finish.p80 && r.result === null)).toBe(true);

    // A member without write rights reads but cannot start; another space's user learns nothing.
    expect((await member.call("POST", `/versions/${v}/risk/runs`, {})).status).toBe(403);
    expect((await stranger.call("GET", `/versions/${v}/risk`)).status).toBe(404);
    expect((await stranger.call("GET", `/versions/${v}/risk/runs/${run.id}`)).status).toBe(404);
    expect((await stranger.call("POST", `/versions/${v}/risk/runs`, {})).status).toBe(404);
    expect((await stranger.call("PUT", `/versions/${v}/risk/durations`, { clear: [a.id] })).status).toBe(404);
    expect((await owner.call("GET", `/versions/${v}/risk`)).body.data.durations).toHaveLength(2);

    expect((await owner.call("DELETE", `/versions/${v}/risk/runs/${run.id}`)).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/risk/runs`)).body.data).toHaveLength(1);
  });
});
