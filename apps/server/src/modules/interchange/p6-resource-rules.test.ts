import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace, uploadVersionFile } from "../workspace/workspace.test-kit.js";

/**
 * A real P6 22.12 export with resource-dependent activities (packages/formats/fidelity/exupery/MDL4RA.xer): their
 * assignments run on a worker's 08–16 calendar and an equipment's 01–12/13–24 calendar. P6 keeps such assignments to
 * the activity's own working time at its ends (engine scenario 060). The import says so in the schedule's calculate
 * settings, and the server's calculation then gives every activity and WBS node P6's own dates (nothing in the file
 * has started).
 */

const __dirname = path.dirname(fileURLToPath(import.meta.url));
const file = path.resolve(__dirname, "../../../../../packages/formats/fidelity/exupery/MDL4RA.xer");

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function upload(actor: Actor, scheduleId: string, bytes: Uint8Array, name: string) {
  return uploadVersionFile(server, actor, scheduleId, bytes, name);
}

interface Row {
  id: number;
  code: string;
  earlyStart: string | null;
  earlyFinish: string | null;
  lateStart: string | null;
  lateFinish: string | null;
}
const DATES = ["earlyStart", "earlyFinish", "lateStart", "lateFinish"] as const;
const datesOf = (rows: Row[]) =>
  Object.fromEntries(rows.map((r) => [r.code, Object.fromEntries(DATES.map((k) => [k, r[k]]))]));

describe("P6's rule for resource-dependent activities through an import", () => {
  it("an imported P6 file keeps assignments to the activity's hours, and the calculation gives P6's dates", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const uploaded = await upload(owner, schedule.id, new Uint8Array(readFileSync(file)), "MDL4RA.xer");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const v = uploaded.body.data.versionId as string;
    const url = `/schedules/${schedule.id}/calculate-settings`;
    expect((await owner.call("GET", url)).body.data.resourceRunsInActivityHours).toBe(true);

    const timetable = async () => (await owner.call("GET", `/versions/${v}/timetable`)).body.data.items as Row[];
    const p6 = datesOf(await timetable());
    expect(Object.keys(p6).length).toBeGreaterThan(50);
    // C2100 "Moving" follows a work finishing 16:00: P6 starts it at 08:00 next morning
    expect(p6.C2100.earlyStart).toBe("2023-10-16T08:00");

    const calculate = async () => {
      const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
      expect(calc.status, JSON.stringify(calc.body)).toBe(200);
      return datesOf(await timetable());
    };
    expect(await calculate()).toEqual(p6);

    // MS Project's rule: the equipment may start at 16:00 the same evening, and the dates leave P6's
    const put = await owner.call("PUT", url, { resourceRunsInActivityHours: false });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const msProject = await calculate();
    expect(msProject.C2100).toMatchObject({ earlyStart: "2023-10-15T16:00", earlyFinish: "2023-10-20T16:00" });
    expect(msProject).not.toEqual(p6);
  });

  it("a wrong value is refused and changes nothing; another space can neither read nor set it", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const url = `/schedules/${schedule.id}/calculate-settings`;
    const bad = await owner.call("PUT", url, { resourceRunsInActivityHours: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: "InvalidValue" });
    expect((await owner.call("GET", url)).body.data.resourceRunsInActivityHours).toBe(true);
    const other = await setUpWorkspace(server);
    expect([403, 404]).toContain((await other.owner.call("GET", url)).status);
    expect([403, 404]).toContain((await other.owner.call("PUT", url, { resourceRunsInActivityHours: false })).status);
    expect((await owner.call("GET", url)).body.data.resourceRunsInActivityHours).toBe(true);
  });
});
