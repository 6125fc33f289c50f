import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versions } from "../../db/schema/index.js";
import { execRows } from "../../platform/sql.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";
import { seedDemoSchedule } from "./demo-schedule.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("demo schedule", () => {
  it("fills a schedule with a calculated building project, a target version and relations of every type", async () => {
    const { owner, space } = await setUpSpace(server);
    const { schedule } = await buildTree(owner);
    const versionId = await seedDemoSchedule(server.ctx.db, { spaceId: space.id, scheduleId: schedule.id });
    const list = (await owner.call("GET", `/schedules/${schedule.id}/versions`)).body.data;
    expect(list.map((v: { kind: string; calcStatus: string }) => [v.kind, v.calcStatus])).toEqual([
      ["actual", "calculated"],
      ["target", "calculated"],
    ]);
    const count = (await owner.call("GET", `/versions/${versionId}/wbs/count`)).body.data;
    expect(count.byType.work).toBeGreaterThanOrEqual(500);
    const types = await execRows(
      server.ctx.db,
      sql`select distinct type from relations where version_id = ${versionId}`,
    );
    expect((types.rows as { type: string }[]).map((r) => r.type).sort()).toEqual(["ff", "fs", "sf", "ss"]);
    expect((await owner.call("GET", "/calendars")).body.data).toHaveLength(2);
    const gantt = (await owner.call("GET", `/versions/${versionId}/gantt`)).body.data;
    expect(gantt.earlyStart.every((t: number) => t > 0)).toBe(true);
    expect(gantt.baselineStart.filter((t: number) => t > 0).length).toBeGreaterThan(500);
    const [row] = await server.ctx.db.select().from(versions).where(eq(versions.id, versionId));
    expect(row.finish! > "2025-09-01").toBe(true);
    // Seeding twice changes nothing.
    expect(await seedDemoSchedule(server.ctx.db, { spaceId: space.id, scheduleId: schedule.id })).toBe(versionId);
  });
});
