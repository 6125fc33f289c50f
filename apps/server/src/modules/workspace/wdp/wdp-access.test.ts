import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { setUpWorkspace } from "../workspace.test-kit.js";
import { seedWdpSchedule, seriesOf } from "./wdp.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("work-done plans: access", () => {
  it("lets nobody of another space read or change a work-done plan", async () => {
    const { owner, stranger, intruder, member, v, a, base, schedule } = await seedWdpSchedule(server);
    await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "evenly",
    });
    const reads = [
      `/schedules/${schedule.id}/limit-for-dp`,
      `/schedules/${schedule.id}/actual/info?versionId=${v}`,
      `/versions/${v}/wdp`,
      `/versions/${v}/wdp/report?from=2025-01-01&to=2025-02-01`,
      `/versions/${v}/update-volume-plan-at-day?date=2025-01-14`,
    ];
    for (const url of reads) {
      expect([403, 404]).toContain((await stranger.call("GET", url)).status);
      expect([403, 404]).toContain((await intruder.call("GET", url)).status);
      expect((await member.call("GET", url)).status).toBe(200);
    }
    const cell = { itemId: a.id, measure: "volume", kind: "plan", date: "2025-01-13", value: 99 };
    const writes: [string, string, unknown][] = [
      ["PATCH", `${base}/update`, { versionId: v, itemId: a.id, measure: "volume", kind: "plan", days: [cell] }],
      ["PATCH", `${base}/update-many`, { versionId: v, cells: [cell] }],
      ["POST", `${base}/distribute`, { versionId: v, itemIds: [a.id], measure: "volume", mode: "start" }],
      ["POST", `${base}/bulk-toggle-status`, { versionId: v, itemIds: [a.id], status: "disabled" }],
      ["POST", `${base}/bulk-clear-values`, { versionId: v, itemIds: [a.id] }],
      ["POST", `${base}/bulk-clear-wdp`, { versionId: v, itemIds: [a.id] }],
      [
        "POST",
        `/versions/${v}/wdp/allocate/plan`,
        { itemId: a.id, measure: "volume", total: 5, from: "2025-01-13", to: "2025-01-14" },
      ],
      [
        "POST",
        `/versions/${v}/wdp/allocate/fact`,
        { itemId: a.id, measure: "volume", total: 5, from: "2025-01-13", to: "2025-01-14" },
      ],
      [
        "POST",
        `/versions/${v}/wdp/transfer-value`,
        {
          measure: "volume",
          kind: "plan",
          from: { itemId: a.id, date: "2025-01-13" },
          to: { itemId: a.id, date: "2025-01-14" },
        },
      ],
      ["POST", `/versions/${v}/wdp/toggle-status`, { itemId: a.id }],
    ];
    for (const [method, url, body] of writes) {
      for (const who of [stranger, intruder, member]) {
        const answer = await who.call(method as "POST", url, body);
        expect([403, 404], `${method} ${url}`).toContain(answer.status);
      }
    }
    // The other space's own schedule cannot name this version either.
    const elsewhere = await setUpWorkspace(server);
    const foreign = await elsewhere.owner.call("PATCH", `/schedules/${elsewhere.schedule.id}/wdp/update-many`, {
      versionId: v,
      cells: [cell],
    });
    expect(foreign.status).toBe(404);
    const still = await seriesOf(owner, v, a.id);
    expect(Object.keys(still)).toEqual(["volume/plan"]);
    expect(still["volume/plan"].values).toEqual([20, 20, 0, 20, 20, 0, 0, 20]);
  });
});
