import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const stage = (name: string, kind: string, start: string, finish: string, extra: Record<string, unknown> = {}) => ({
  name,
  kind,
  start,
  finish,
  ...extra,
});

describe("project pipeline", () => {
  it("keeps a project's stages with owners, relations and settings; refuses bad ones, writing nothing", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    const base = `/projects/${project.id}`;

    const empty = await owner.call("GET", `${base}/pipe`);
    expect(empty.body.data).toMatchObject({
      project: { id: project.id, name: project.name },
      stages: [],
      relations: [],
      settings: { view: "board", scale: "month", showDone: true },
      canWrite: true,
    });

    const design = await owner.call(
      "POST",
      `${base}/pipe`,
      stage("Проектирование", "design", "2026-01-12", "2026-03-27", { ownerId: member.userId }),
    );
    expect(design.status, JSON.stringify(design.body)).toBe(200);
    await owner.call("POST", `${base}/pipe`, stage("Строительство", "construction", "2026-04-01", "2026-12-25"));
    const buy = await owner.call(
      "POST",
      `${base}/pipe`,
      stage("Закупки", "procurement", "2026-03-02", "2026-05-29", { status: "in_progress" }),
    );
    const stages = buy.body.data.stages as { id: string; name: string; owner: unknown; status: string }[];
    expect(stages.map((s) => s.name)).toEqual(["Проектирование", "Закупки", "Строительство"]);
    expect(stages[0].owner).toMatchObject({ id: member.userId });
    expect(stages[1].status).toBe("in_progress");
    const [d, p, c] = stages.map((s) => s.id);

    // Relations: design → procurement → construction; a loop back is refused, named stage by stage.
    expect(
      (await owner.call("POST", `${base}/pipe-relations`, { fromStageId: d, toStageId: p, type: "SS", lag: 20 }))
        .status,
    ).toBe(200);
    const related = await owner.call("POST", `${base}/pipe-relations`, { fromStageId: p, toStageId: c });
    expect(related.body.data.relations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fromStageId: d, toStageId: p, type: "SS", lag: 20 }),
        expect.objectContaining({ fromStageId: p, toStageId: c, type: "FS", lag: 0 }),
      ]),
    );
    const loop = await server.call("POST", `${base}/pipe-relations`, {
      token: owner.token,
      language: "en",
      headers: { "x-space-id": owner.spaceId },
      body: { fromStageId: c, toStageId: d },
    });
    expect(loop.status).toBe(409);
    expect(loop.body.errors[0]).toMatchObject({
      code: "RelationLoop",
      message: "The relation would close a loop: Проектирование → Закупки → Строительство → Проектирование",
    });
    expect((await owner.call("POST", `${base}/pipe-relations`, { fromStageId: d, toStageId: p })).status).toBe(409);
    const self = await owner.call("POST", `${base}/pipe-relations`, { fromStageId: d, toStageId: d });
    expect([self.status, self.body.errors[0].code]).toEqual([400, "PipeRelationSelf"]);

    // Bad stages: a finish before the start, an owner from another space, an unknown kind — nothing is added.
    const bad = [
      [stage("X", "design", "2026-05-01", "2026-04-01"), "PipeStagePeriod"],
      [stage("X", "design", "2026-05-01", "2026-06-01", { ownerId: stranger.userId }), "PipeOwnerOutsideSpace"],
      [stage("X", "mining", "2026-05-01", "2026-06-01"), "InvalidValue"],
      [stage("", "design", "2026-05-01", "2026-06-01"), "Required"],
      [stage("X", "design", "01.05.2026", "2026-06-01"), "InvalidDate"],
    ] as const;
    for (const [body, code] of bad) {
      const answer = await owner.call("POST", `${base}/pipe`, body);
      expect(answer.status, code).toBe(400);
      expect(answer.body.errors.map((e: { code: string }) => e.code)).toContain(code);
    }
    const ru = await server.call("POST", `${base}/pipe`, {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
      body: bad[0][0],
    });
    expect(ru.body.errors[0].message).toBe("Этап должен заканчиваться не раньше дня начала");
    expect((await owner.call("GET", `${base}/pipe`)).body.data.stages).toHaveLength(3);

    // A change: construction starts, the settings form shows the timeline by quarters.
    const started = await owner.call(
      "PUT",
      `${base}/pipe/${c}`,
      stage("Строительство", "construction", "2026-04-01", "2026-12-25", {
        status: "in_progress",
        ownerId: owner.userId,
      }),
    );
    expect(started.body.data.stages[2]).toMatchObject({ status: "in_progress", owner: { id: owner.userId } });
    const settings = await owner.call("PUT", `${base}/pipe-settings`, {
      view: "timeline",
      scale: "quarter",
      showDone: false,
    });
    expect(settings.body.data.settings).toEqual({
      view: "timeline",
      scale: "quarter",
      showDone: false,
      gwbsCalculateAfter: false,
    });

    // A read-only member sees it and may change nothing.
    const seen = await member.call("GET", `${base}/pipe`);
    expect(seen.body.data).toMatchObject({ canWrite: false });
    expect(seen.body.data.stages).toHaveLength(3);
    expect((await member.call("POST", `${base}/pipe`, stage("Y", "other", "2026-01-01", "2026-01-02"))).status).toBe(
      403,
    );
    expect((await member.call("DELETE", `${base}/pipe/${d}`)).status).toBe(403);

    // Another space's user reads and changes nothing.
    expect((await intruder.call("GET", `${base}/pipe`)).status).toBe(403);
    expect((await stranger.call("GET", `${base}/pipe`)).status).toBe(404);
    expect((await stranger.call("DELETE", `${base}/pipe/${d}`)).status).toBe(404);
    expect(
      (await intruder.call("PUT", `${base}/pipe-settings`, { view: "board", scale: "week", showDone: true })).status,
    ).toBe(403);

    // Deleting a stage takes its relations with it.
    const removed = await owner.call("DELETE", `${base}/pipe/${p}`);
    expect(removed.body.data.stages.map((s: { id: string }) => s.id)).toEqual([d, c]);
    expect(removed.body.data.relations).toEqual([]);
    expect((await owner.call("DELETE", `${base}/pipe/${p}`)).status).toBe(404);
  });
});
