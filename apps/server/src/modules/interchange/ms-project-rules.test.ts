import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace, uploadVersionFile } from "../workspace/workspace.test-kit.js";

/**
 * An MS Project 2016+ file (BuildNumber 16) keeps its own rule after the import: start-to-start and start-to-finish
 * links do not bound the predecessor's late dates (engine scenario 049). The MSPDI reader reads it, the import stores
 * it in the schedule's calculate settings, and the calculation gives MS Project's slack.
 */

const __dirname = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(__dirname, "../../../../../../shared/corpus");

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function upload(actor: Actor, scheduleId: string, bytes: Uint8Array, name: string) {
  return uploadVersionFile(server, actor, scheduleId, bytes, name);
}

describe("MS Project's rules through an import", () => {
  it("an MS Project 2019 file sets 'SS/SF links bound late dates' off, and the calculation gives its 88 h of slack", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const bytes = new Uint8Array(readFileSync(path.join(corpus, "mspdi/task-links-project2019-mspdi.xml")));
    const uploaded = await upload(owner, schedule.id, bytes, "task-links-project2019-mspdi.xml");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const v = uploaded.body.data.versionId as string;
    const url = `/schedules/${schedule.id}/calculate-settings`;
    expect((await owner.call("GET", url)).body.data.startLinksBoundLate).toBe(false);
    // and MS Project's rule for resource-driven tasks: their assignments start at any time of the resource's calendar
    expect((await owner.call("GET", url)).body.data.resourceRunsInActivityHours).toBe(false);

    const list = (await owner.call("GET", `/versions/${v}/timetable`)).body.data.items as {
      id: number;
      code: string;
    }[];
    const id = Object.fromEntries(list.map((row) => [row.code, row.id]));
    const floatOf = async (code: string) =>
      (await owner.call("GET", `/versions/${v}/wbs/${id[code]}`)).body.data.totalFloat as number;
    const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    // UID 11 (SF+2d) and 13 (SS+2d): 88 h as MS Project 2019 stored them
    expect(await floatOf("11")).toBe(88 * 60);
    expect(await floatOf("13")).toBe(88 * 60);

    // P6's rule again (the default) on the same tasks scheduled automatically (every task of this save is manual, and
    // SS/SF links never bound a manual predecessor, scenario 065): the links bound the predecessors, 80 and 72 h as
    // MS Project 2010 had
    for (const row of list) {
      const item = (await owner.call("GET", `/versions/${v}/wbs/${row.id}`)).body.data;
      if (item.manualStart === null) continue;
      const automatic = await owner.call("PATCH", `/versions/${v}/wbs/${row.id}/update`, {
        revision: item.revision,
        manualStart: null,
        manualFinish: null,
      });
      expect(automatic.status, JSON.stringify(automatic.body)).toBe(200);
    }
    const put = await owner.call("PUT", url, { startLinksBoundLate: true });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    expect(await floatOf("11")).toBe(80 * 60);
    expect(await floatOf("13")).toBe(72 * 60);
  });

  it("a wrong value is refused (InvalidValue, a text in every language) and changes nothing; another space can neither read nor set it", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const url = `/schedules/${schedule.id}/calculate-settings`;
    const bad = await owner.call("PUT", url, { startLinksBoundLate: "no" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: "InvalidValue" });
    expect((await owner.call("GET", url)).body.data.startLinksBoundLate).toBe(true);
    const other = await setUpWorkspace(server);
    expect([403, 404]).toContain((await other.owner.call("GET", url)).status);
    expect([403, 404]).toContain((await other.owner.call("PUT", url, { startLinksBoundLate: false })).status);
    expect((await owner.call("GET", url)).body.data.startLinksBoundLate).toBe(true);
  });
});
