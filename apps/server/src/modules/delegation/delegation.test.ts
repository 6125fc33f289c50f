import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { mondayWeeksAgo, seedTimesheets } from "../workspace/timesheets/timesheets.test-kit.js";
import { SITE_DAY as DAY, iso, TODAY, TOMORROW } from "../workspace/wdp/wdp.test-kit.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;
const inDays = (n: number) => iso(Date.now() + n * DAY_MS);

function inLanguage(actor: Actor, language: string, method: "GET" | "POST" | "DELETE", url: string, body?: unknown) {
  return server.call(method, url, { token: actor.token, body, language, headers: { "x-space-id": actor.spaceId } });
}

/**
 * A space where the owner approves work done, a site engineer (member) reports it, and a deputy — a member without
 * a role, who may only read — is the one the owner hands duties to. A version started two days ago with work A10.
 */
async function setUp() {
  const ws = await setUpWorkspace(server, ["schedule:read", "wdp:report"]);
  const { owner, schedule, space } = ws;
  const deputySession = await server.signUp();
  await server.call("POST", `/space/${space.id}/users/invite`, {
    token: owner.token,
    body: { login: deputySession.user.login },
  });
  const deputy: Actor = {
    token: deputySession.token,
    userId: deputySession.user.id,
    spaceId: space.id,
    call: (method, url, body) =>
      server.call(method, url, { token: deputySession.token, body, headers: { "x-space-id": space.id } }),
  };
  const cal = (
    await owner.call("POST", "/calendars", { name: "Без выходных", week: [DAY, DAY, DAY, DAY, DAY, DAY, DAY] })
  ).body.data.id;
  const v = (
    await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Текущая",
      projectStart: `${iso(Date.now() - 2 * DAY_MS)}T08:00`,
    })
  ).body.data.id as string;
  const a = await addItem(owner, v, {
    type: "work",
    name: "Бетон",
    code: "A10",
    duration: 2400,
    calendarId: cal,
    measure: "m3",
    plannedVolume: 50,
  });
  expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
  return { ...ws, deputy, engineer: ws.member, v, a, base: `/schedules/${schedule.id}/wdp` };
}

describe("delegation of duties", () => {
  it("gives, lists and withdraws a delegation; refuses bad ones in the caller's language, writing nothing", async () => {
    const { owner, deputy, engineer, stranger, intruder } = await setUp();

    const given = await owner.call("POST", "/delegation", {
      toUserId: deputy.userId,
      duties: ["notices", "approvals"],
      startsOn: TODAY,
      endsOn: inDays(6),
      comment: "Отпуск",
    });
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({
      from: { id: owner.userId },
      to: { id: deputy.userId },
      duties: ["approvals", "notices"],
      startsOn: TODAY,
      endsOn: inDays(6),
      comment: "Отпуск",
      active: true,
    });
    const id = given.body.data.id as string;
    expect((await owner.call("GET", "/delegation/given")).body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await owner.call("GET", "/delegation/received")).body.data).toEqual([]);
    expect((await deputy.call("GET", "/delegation/received")).body.data).toEqual([
      expect.objectContaining({ id, from: expect.objectContaining({ id: owner.userId }), active: true }),
    ]);
    expect((await deputy.call("GET", "/delegation/given")).body.data).toEqual([]);

    // Bad input: each refused with its message, and the lists stay as they were.
    const refusals: [unknown, number, string, string][] = [
      [
        { toUserId: owner.userId, duties: ["approvals"], startsOn: inDays(10), endsOn: inDays(12) },
        400,
        "DelegationToSelf",
        "Duties cannot be delegated to yourself: choose another member",
      ],
      [
        { toUserId: stranger.userId, duties: ["approvals"], startsOn: inDays(10), endsOn: inDays(12) },
        400,
        "DelegationOutsideSpace",
        "This person is not a member of the space: duties can be delegated only within it",
      ],
      [
        { toUserId: engineer.userId, duties: ["timesheets"], startsOn: inDays(3), endsOn: inDays(9) },
        409,
        "DelegationOverlap",
        `You have already delegated your duties to ${given.body.data.to.name} from ${TODAY.split("-").reverse().join(".")} to ${inDays(6).split("-").reverse().join(".")}: periods cannot overlap`,
      ],
      [
        { toUserId: engineer.userId, duties: ["timesheets"], startsOn: inDays(12), endsOn: inDays(10) },
        400,
        "DelegationPeriod",
        "The delegation must end on or after the day it starts",
      ],
      [
        { toUserId: engineer.userId, duties: [], startsOn: inDays(10), endsOn: inDays(12) },
        400,
        "DelegationNoDuties",
        "Choose at least one duty to delegate",
      ],
    ];
    for (const [body, status, code, message] of refusals) {
      const answer = await inLanguage(owner, "en", "POST", "/delegation", body);
      expect(answer.status, code).toBe(status);
      expect(answer.body.errors[0]).toMatchObject({ code, message });
    }
    const russian = await inLanguage(owner, "ru", "POST", "/delegation", refusals[0][0]);
    expect(russian.body.errors[0].message).toBe("Нельзя передать обязанности самому себе: выберите другого участника");
    expect((await owner.call("GET", "/delegation/given")).body.data).toHaveLength(1);

    // A period right after the first one is fine: periods touch, they do not overlap.
    const next = await owner.call("POST", "/delegation", {
      toUserId: engineer.userId,
      duties: ["timesheets"],
      startsOn: inDays(7),
      endsOn: inDays(9),
    });
    expect(next.status).toBe(200);
    expect(next.body.data.active).toBe(false);

    // Another space's user reads nothing and withdraws nothing; the delegate cannot withdraw it either.
    expect((await stranger.call("GET", "/delegation/given")).body.data).toEqual([]);
    expect((await stranger.call("GET", "/delegation/received")).body.data).toEqual([]);
    expect((await stranger.call("DELETE", `/delegation/${id}`)).status).toBe(404);
    expect((await intruder.call("GET", "/delegation/given")).status).toBe(403);
    expect((await intruder.call("DELETE", `/delegation/${id}`)).status).toBe(403);
    const notGiver = await inLanguage(deputy, "fr", "DELETE", `/delegation/${id}`);
    expect(notGiver.status).toBe(403);
    expect(notGiver.body.errors[0].code).toBe("DelegationNotGiver");
    expect((await owner.call("GET", "/delegation/given")).body.data).toHaveLength(2);

    // The giver withdraws it.
    expect((await owner.call("DELETE", `/delegation/${id}`)).body.data).toEqual({ deleted: 1 });
    expect((await deputy.call("GET", "/delegation/received")).body.data).toEqual([]);
    expect((await owner.call("DELETE", `/delegation/${id}`)).status).toBe(404);
  });

  it("lets the delegate approve work done for the giver and tells them what waits, recording for whom", async () => {
    const { owner, deputy, engineer, v, a, base } = await setUp();
    const report = async () =>
      (
        await engineer.call("POST", `/versions/${v}/mobile`, {
          cells: [{ itemId: a.id, measure: "volume", value: 4 }],
        })
      ).body.data.id as string;
    // Reported quantities wait under the same kind as sent hours; a delegation of timesheets does not bring them.
    const timesheetsOnly = await owner.call("POST", "/delegation", {
      toUserId: deputy.userId,
      duties: ["timesheets"],
      startsOn: TODAY,
      endsOn: TODAY,
    });
    const first = await report();
    const ownersFirst = (await owner.call("GET", "/notices/personal-area")).body.data.items;
    expect(ownersFirst).toEqual([expect.objectContaining({ kind: "task_need_accept_daily_data", wbsId: a.id })]);
    expect((await deputy.call("GET", "/notices/personal-area")).body.data.items).toEqual([]);
    await owner.call("DELETE", `/delegation/${timesheetsOnly.body.data.id}`);

    // Without a delegation the deputy, who may only read, cannot decide.
    expect((await deputy.call("GET", `${base}/approvals?versionId=${v}`)).body.data.canDecide).toBe(false);
    expect((await deputy.call("POST", `${base}/approvals`, { reportId: first, decision: "APPROVED" })).status).toBe(
      403,
    );
    // Neither can they under a delegation of other duties, nor one that begins tomorrow.
    await owner.call("POST", "/delegation", {
      toUserId: deputy.userId,
      duties: ["assignments"],
      startsOn: iso(Date.now() - 3 * DAY_MS),
      endsOn: iso(Date.now() - DAY_MS),
    });
    const later = await owner.call("POST", "/delegation", {
      toUserId: deputy.userId,
      duties: ["approvals"],
      startsOn: TOMORROW,
      endsOn: inDays(3),
    });
    expect((await deputy.call("POST", `${base}/approvals`, { reportId: first, decision: "APPROVED" })).status).toBe(
      403,
    );
    await owner.call("DELETE", `/delegation/${later.body.data.id}`);

    // The owner hands approvals and notices over for today: the next report is told to the deputy too, for the owner.
    expect(
      (
        await owner.call("POST", "/delegation", {
          toUserId: deputy.userId,
          duties: ["approvals", "notices"],
          startsOn: TODAY,
          endsOn: TODAY,
        })
      ).status,
    ).toBe(200);
    const second = await report();
    const told = (await deputy.call("GET", "/notices/personal-area")).body.data.items;
    expect(told).toEqual([
      expect.objectContaining({
        kind: "task_need_accept_daily_data",
        wbsId: a.id,
        forUser: expect.objectContaining({ id: owner.userId }),
      }),
    ]);
    const ownersOwn = (await owner.call("GET", "/notices/personal-area")).body.data.items;
    expect(ownersOwn.every((n: { forUser: unknown }) => n.forUser === null)).toBe(true);

    // The deputy approves in the owner's place: the fact is written, the report says who decided for whom.
    const inbox = (await deputy.call("GET", `${base}/approvals?versionId=${v}`)).body.data;
    expect(inbox.canDecide).toBe(true);
    const approved = await deputy.call("POST", `${base}/approvals`, { reportId: second, decision: "APPROVED" });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: "APPROVED",
      decidedBy: { id: deputy.userId },
      decidedFor: { id: owner.userId },
    });
    // The owner deciding in their own right is recorded as such.
    const own = await owner.call("POST", `${base}/approvals`, {
      reportId: first,
      decision: "DECLINED",
      comment: "Повтор",
    });
    expect(own.body.data).toMatchObject({ decidedBy: { id: owner.userId }, decidedFor: null });
  });

  it("lets the delegate decide timesheets for the curator, and no longer once withdrawn", async () => {
    const { owner, member, space, version, a10, save } = await seedTimesheets(server);
    const week = mondayWeeksAgo(1);
    const deputySession = await server.signUp();
    await server.call("POST", `/space/${space.id}/users/invite`, {
      token: owner.token,
      body: { login: deputySession.user.login },
    });
    const deputy: Actor = {
      token: deputySession.token,
      userId: deputySession.user.id,
      spaceId: space.id,
      call: (method, url, body) =>
        server.call(method, url, { token: deputySession.token, body, headers: { "x-space-id": space.id } }),
    };
    // The owner (A10's curator) hands over timesheets only; the mason hands nothing, so cannot decide their own.
    await owner.call("POST", "/delegation", {
      toUserId: deputy.userId,
      duties: ["timesheets"],
      startsOn: TODAY,
      endsOn: TODAY,
    });
    expect((await save(member, week, [{ wbsId: a10.id, hours: [8, 8, 0, 0, 0, 0, 0] }], true)).status).toBe(200);
    // The curator's notice of the hours waiting reaches the deputy too.
    const told = (await deputy.call("GET", "/notices/personal-area")).body.data.items;
    expect(told).toEqual([
      expect.objectContaining({
        kind: "task_need_accept_daily_data",
        forUser: expect.objectContaining({ id: owner.userId }),
      }),
    ]);
    const waiting = (await deputy.call("GET", `/versions/${version.id}/timesheet`)).body.data;
    expect(waiting).toMatchObject([{ itemId: a10.id, status: "submitted", canDecide: true }]);
    const decided = await deputy.call("PATCH", `/versions/${version.id}/timesheet`, {
      lineIds: [waiting[0].id],
      decision: "APPROVED",
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.data).toMatchObject([
      { status: "APPROVED", decidedBy: { id: deputy.userId }, decidedFor: { id: owner.userId } },
    ]);

    // Withdrawn, the deputy decides nothing more; handed approvals instead, neither the hours' notices nor their
    // decisions come with them.
    const [given] = (await owner.call("GET", "/delegation/given")).body.data;
    await owner.call("DELETE", `/delegation/${given.id}`);
    await owner.call("POST", "/delegation", {
      toUserId: deputy.userId,
      duties: ["approvals"],
      startsOn: TODAY,
      endsOn: TODAY,
    });
    expect(
      (await save(member, mondayWeeksAgo(2), [{ wbsId: a10.id, hours: [4, 0, 0, 0, 0, 0, 0] }], true)).status,
    ).toBe(200);
    const next = (await deputy.call("GET", `/versions/${version.id}/timesheet`)).body.data;
    expect(next).toMatchObject([{ status: "submitted", canDecide: false }]);
    const refused = await deputy.call("PATCH", `/versions/${version.id}/timesheet`, {
      lineIds: [next[0].id],
      decision: "APPROVED",
    });
    expect(refused.status).toBe(403);
    expect((await deputy.call("GET", "/notices/personal-area")).body.data.items).toHaveLength(1);
  });
});
