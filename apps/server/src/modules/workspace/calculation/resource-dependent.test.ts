import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/**
 * Work A10 of ten days (Monday 2025-01-13) with a crew assigned 80 h at 4 h a day: as a plain work it lasts its ten
 * days; as a resource-dependent one (P6 TT_Rsrc) it lasts as long as its crew needs, 80 ÷ 4 = 20 working days.
 */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, space, version } = ws;
  const a10 = await addItem(owner, version.id, {
    type: "work",
    code: "A10",
    name: "Кладка стен",
    duration: 10 * 480,
    durationType: "fixed_units",
  });
  const crew = await owner.call("POST", `/space/${space.id}/resources`, {
    code: "CREW-1",
    name: "Бригада",
    kind: "labor",
    unit: "h",
  });
  const saved = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
    wbsId: a10.id,
    resourceId: crew.body.data.id,
    budgetedUnits: 80,
  });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const slower = await owner.call("PATCH", `/schedules/${ws.schedule.id}/assignment/${saved.body.data.id}/update`, {
    revision: saved.body.data.revision,
    unitsPerDay: 4,
  });
  if (slower.status !== 200) throw new Error(JSON.stringify(slower.body));
  expect(slower.body.data).toMatchObject({ budgetedUnits: 80, remainingUnits: 80, unitsPerDay: 4 });
  return { ...ws, a10 };
}

async function finishOf(ws: Awaited<ReturnType<typeof setUp>>) {
  const calc = await ws.owner.call("PATCH", `/versions/${ws.version.id}/timetable/calculate/synchronous`);
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  const row = (await ws.owner.call("GET", `/versions/${ws.version.id}/wbs/${ws.a10.id}`)).body.data;
  return { finish: row.earlyFinish as string, row };
}

describe("resource-dependent works", () => {
  it("last as long as their resources need when marked, and their own duration when not", async () => {
    const ws = await setUp();
    expect((await finishOf(ws)).finish).toBe("2025-01-24T17:00");
    const { row } = await finishOf(ws);
    expect(row.resourceDependent).toBe(false);
    const marked = await ws.owner.call("PATCH", `/versions/${ws.version.id}/wbs/${ws.a10.id}/update`, {
      revision: row.revision,
      resourceDependent: true,
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.data.item.resourceDependent).toBe(true);
    expect((await finishOf(ws)).finish).toBe("2025-02-07T17:00");

    // The flag travels to P6 as TT_Rsrc.
    const exported = await ws.owner.call("POST", `/versions/${ws.version.id}/export/xer`);
    expect(exported.status).toBe(200);
    const file = await ws.owner.call("GET", `/storage/download/${exported.body.data.fileId}`);
    const text = (file as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload.toString("latin1");
    expect(text).toContain("TT_Rsrc");
  });

  it("refuses a flag that is not a yes or no, and another space's user cannot set it", async () => {
    const ws = await setUp();
    const { row } = await finishOf(ws);
    const bad = await ws.owner.call("PATCH", `/versions/${ws.version.id}/wbs/${ws.a10.id}/update`, {
      revision: row.revision,
      resourceDependent: "yes",
    });
    expect(bad.status).toBe(400);
    const intruded = await ws.intruder.call("PATCH", `/versions/${ws.version.id}/wbs/${ws.a10.id}/update`, {
      revision: row.revision,
      resourceDependent: true,
    });
    expect([403, 404]).toContain(intruded.status);
    const after = (await ws.owner.call("GET", `/versions/${ws.version.id}/wbs/${ws.a10.id}`)).body.data;
    expect(after).toMatchObject({ resourceDependent: false, revision: row.revision });
  });
});
