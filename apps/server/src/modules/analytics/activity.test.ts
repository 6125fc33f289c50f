import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { setUpSpace } from "../structure/structure.test-kit.js";
import { inEnglish } from "../workspace/wdp/wdp.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const today = () => new Date().toISOString().slice(0, 10);

describe("activity analytics", () => {
  it("counts each member's calls per day and time in use, for the space's administrators only", async () => {
    const { owner, member, stranger, intruder, space } = await setUpSpace(server);
    for (let i = 0; i < 3; i++) expect((await member.call("GET", "/eps")).status).toBe(200);
    expect((await owner.call("GET", "/eps")).status).toBe(200);

    const perDay = (await owner.call("GET", `/activities/users-per-day?from=${today()}&to=${today()}`)).body.data;
    expect(perDay.days).toHaveLength(1);
    expect(perDay.days[0].users).toBe(2);
    // The member's three calls and at least the owner's own (this read included).
    expect(perDay.days[0].calls).toBeGreaterThanOrEqual(5);

    const durations = (await owner.call("GET", "/activities/users-use-duration")).body.data;
    const memberRow = durations.users.find((u: { id: string }) => u.id === member.userId);
    expect(memberRow).toMatchObject({ calls: 3, days: 1, lastDay: today(), name: "Petrova Anna" });
    // Three calls in a row fill one five-minute slot (two if they straddle a slot's end).
    expect([5, 10]).toContain(memberRow.minutes);
    // The default period is the last 30 days up to today.
    expect(durations.to).toBe(today());
    expect(Date.parse(durations.to) - Date.parse(durations.from)).toBe(29 * 86_400_000);

    const one = (await owner.call("GET", `/activities/user-activity/${member.userId}`)).body.data;
    expect(one.user.id).toBe(member.userId);
    expect(one.days).toEqual([expect.objectContaining({ day: today(), calls: 3, minutes: memberRow.minutes })]);

    // A member without space:admin sees nothing of it; a stranger neither, in their own space nothing of this one.
    expect((await member.call("GET", "/activities/users-per-day")).status).toBe(403);
    expect((await member.call("GET", "/activities/details")).status).toBe(403);
    expect((await intruder.call("GET", "/activities/users-use-duration")).status).toBe(403);
    const theirs = (await stranger.call("GET", "/activities/details")).body.data;
    expect(theirs.rows.map((r: { user: { id: string } }) => r.user.id)).toEqual([stranger.userId]);
    // Another space's user is not found through this space.
    expect((await owner.call("GET", `/activities/user-activity/${stranger.userId}`)).status).toBe(404);
    // The intruder's refused calls were not counted in the space.
    const after = (await owner.call("GET", "/activities/details")).body.data;
    expect(after.rows.map((r: { user: { id: string } }) => r.user.id).sort()).toEqual(
      [owner.userId, member.userId].sort(),
    );
    expect(space.id).toBe(owner.spaceId);
  });

  it("adds the counts of several processes: calls summed, a slot seen by both counted once", async () => {
    const { owner, member, space } = await setUpSpace(server);
    const second = await createTestServer({}, { database: server.database });
    try {
      const at = (time: string) => Date.parse(`2026-01-15T${time}:00Z`);
      server.ctx.activity.record(space.id, member.userId, at("09:02"));
      server.ctx.activity.record(space.id, member.userId, at("09:07"));
      second.ctx.activity.record(space.id, member.userId, at("09:04"));
      second.ctx.activity.record(space.id, member.userId, at("17:58"));
      second.ctx.activity.record(space.id, member.userId, at("17:59"));
      await second.ctx.activity.flush();
      await server.ctx.activity.flush();
      // Flushed twice: the second flush has nothing left to add.
      await second.ctx.activity.flush();
      const query = "from=2026-01-14&to=2026-01-16";
      const one = (await owner.call("GET", `/activities/user-activity/${member.userId}?${query}`)).body.data;
      // Slots 09:00, 09:05 and 17:55: 15 minutes in use over five calls, from 09:00 to 18:00.
      expect(one.days).toEqual([{ day: "2026-01-15", calls: 5, minutes: 15, firstAt: "09:00", lastAt: "18:00" }]);
      const perDay = (await owner.call("GET", `/activities/users-per-day?${query}`)).body.data;
      expect(perDay.days).toEqual([
        { day: "2026-01-14", users: 0, calls: 0 },
        { day: "2026-01-15", users: 1, calls: 5 },
        { day: "2026-01-16", users: 0, calls: 0 },
      ]);
      const details = (await owner.call("GET", `/activities/details?${query}`)).body.data;
      expect(details).toMatchObject({
        more: false,
        rows: [{ day: "2026-01-15", minutes: 15, user: { id: member.userId } }],
      });
    } finally {
      await second.close();
    }
  });

  it("refuses a period backwards or longer than a year, in the caller's language", async () => {
    const { owner } = await setUpSpace(server);
    const backwards = await inEnglish(server, owner, "GET", "/activities/users-per-day?from=2026-02-01&to=2026-01-01");
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({
      code: "ActivityPeriod",
      message: "The period must end on or after its first day and last at most 366 days",
    });
    const long = await owner.call("GET", "/activities/details?from=2024-01-01&to=2025-12-31");
    expect(long.body.errors[0].code).toBe("ActivityPeriod");
    const bad = await owner.call("GET", "/activities/details?from=yesterday");
    expect(bad.status).toBe(400);
  });
});
