import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { sampleMeasures, uploadedEstimate } from "../../costr/costr.test-kit.js";
import { seedWdpSchedule } from "../wdp/wdp.test-kit.js";
import { addItem, readGantt } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const cents = (x: number) => Math.round(x * 100) / 100;

describe("the Gantt's cost columns", () => {
  it("carry the works' money, labour and volume, summed into their summaries, and follow update-costs", async () => {
    const { owner, intruder, project, v, s, a, b } = await seedWdpSchedule(server);
    // A summary inside S with a work of its own, and a draft whose money no summary counts.
    const inner = await addItem(owner, v, { type: "sum", name: "Отделка", code: "S2", parentId: s.id });
    const c = await addItem(owner, v, { type: "work", name: "Штукатурка", code: "C10", parentId: inner.id });
    await addItem(owner, v, { type: "draft", name: "Черновик", code: "D1", parentId: s.id, plannedCost: 999 });
    const put = await owner.call("PATCH", `/versions/${v}/wbs/${c.id}/update`, {
      revision: c.revision,
      plannedCost: 250.5,
      actualCost: 100.25,
      plannedLabour: 4.125,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const at = (g: Awaited<ReturnType<typeof readGantt>>, id: number) => g.ids.indexOf(id);
    const before = await readGantt(owner, v);
    expect(before.plannedCost[at(before, a.id)]).toBe(1000);
    expect(before.plannedCost[at(before, b.id)]).toBeNull();
    expect(before.plannedCost[at(before, inner.id)]).toBe(250.5);
    expect(before.actualCost[at(before, inner.id)]).toBe(100.25);
    // S: A10's 1000 and S2's 250.5; the draft's 999 is not counted.
    expect(before.plannedCost[at(before, s.id)]).toBe(1250.5);
    expect(before.actualCost[at(before, s.id)]).toBe(100.25);
    expect(before.plannedVolume[at(before, s.id)]).toBe(108);
    expect(before.plannedLabour[at(before, s.id)]).toBe(54.125);
    expect(before.actualVolume[at(before, s.id)]).toBeNull();

    // An estimate's positions linked to A10 and A20 and carried in: the Gantt read after shows their money.
    await sampleMeasures(owner);
    const estimate = await uploadedEstimate(server, owner, project.id, "grand-smeta-local.xml");
    const base = `/projects/${project.id}/estimates/${estimate.id}`;
    const [dig, trench] = (await owner.call("GET", base)).body.data.sections[0].positions;
    for (const [positionId, itemId] of [
      [dig.id, a.id],
      [trench.id, b.id],
    ] as const) {
      const linked = await owner.call("POST", `${base}/links`, { positionId, versionId: v, itemId, share: 1 });
      expect(linked.status).toBe(200);
    }
    expect((await owner.call("POST", `/versions/${v}/update-costs`, {})).status).toBe(200);
    const after = await readGantt(owner, v);
    expect(after.plannedCost[at(after, a.id)]).toBe(cents(dig.priced.total));
    expect(after.plannedCost[at(after, b.id)]).toBe(cents(trench.priced.total));
    expect(after.plannedCost[at(after, s.id)]).toBe(
      cents(cents(dig.priced.total) + cents(trench.priced.total) + 250.5),
    );
    // 0.45 × 1000 m³ and 0.12 × 100 m³ in the base measure, with S2's none.
    expect(after.plannedVolume[at(after, s.id)]).toBe(462);

    // Another space's member reads no Gantt of the version.
    const foreign = await intruder.call("GET", `/versions/${v}/gantt`);
    expect([403, 404]).toContain(foreign.status);
    expect(JSON.stringify(foreign.body)).not.toContain("plannedCost");
  });
});
