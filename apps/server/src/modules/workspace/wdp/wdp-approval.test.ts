import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";
import { SITE_DAY as DAY, iso, TODAY, TOMORROW } from "./wdp.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;
const YESTERDAY = iso(Date.now() - DAY_MS);
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

function inEnglish(actor: Actor, method: "GET" | "POST", url: string, body?: unknown) {
  return server.call(method, url, {
    token: actor.token,
    body,
    language: "en",
    headers: { "x-space-id": actor.spaceId },
  });
}

/**
 * A space whose member is a site engineer (may report work done, not change plans), a read-only member, the owner
 * as the approver; a version started two days ago on a seven-day calendar with work A10 (5 days, 50 m³ spread
 * evenly: 10 a day, today among them).
 */
async function setUp(memberAbilities = ["schedule:read", "wdp:report"]) {
  const ws = await setUpWorkspace(server, memberAbilities);
  const { owner, schedule, space } = ws;
  const readerSession = await server.signUp();
  await server.call("POST", `/space/${space.id}/users/invite`, {
    token: owner.token,
    body: { login: readerSession.user.login },
  });
  const reader: Actor = {
    token: readerSession.token,
    userId: readerSession.user.id,
    spaceId: space.id,
    call: (method, url, body) =>
      server.call(method, url, { token: readerSession.token, body, headers: { "x-space-id": space.id } }),
  };
  const cal = (
    await owner.call("POST", "/calendars", { name: "Без выходных", week: [DAY, DAY, DAY, DAY, DAY, DAY, DAY] })
  ).body.data.id;
  const created = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Текущая",
    projectStart: `${iso(Date.now() - 2 * DAY_MS)}T08:00`,
  });
  const v = created.body.data.id as string;
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
  const base = `/schedules/${schedule.id}/wdp`;
  const spread = await owner.call("POST", `${base}/distribute`, {
    versionId: v,
    itemIds: [a.id],
    measure: "volume",
    mode: "evenly",
  });
  expect(spread.status).toBe(200);
  return { ...ws, reader, engineer: ws.member, v, a, base };
}

async function factOf(actor: Actor, v: string, itemId: number, kind = "fact") {
  const list = (await actor.call("GET", `/versions/${v}/wdp?itemIds=${itemId}`)).body.data;
  const s = list.series.find((x: { measure: string; kind: string }) => x.measure === "volume" && x.kind === kind);
  return s ? { start: s.start as string, values: s.values as number[], total: s.total as number } : null;
}

describe("approval of work done", () => {
  it("takes a site engineer's report from the phone page, lets the approver approve it into the facts, undoes", async () => {
    const { owner, engineer, v, a, base, schedule } = await setUp();

    // Today's works, as the phone page reads them: A10 with 10 m³ planned today, nothing done yet.
    const today = await engineer.call("GET", `/versions/${v}/mobile`);
    expect(today.status).toBe(200);
    expect(today.body.data).toMatchObject({ date: TODAY, keyDate: TODAY, canReport: true, canDecide: false });
    expect(today.body.data.works).toEqual([
      expect.objectContaining({
        itemId: a.id,
        code: "A10",
        unit: "m3",
        measures: [{ measure: "volume", plan: 10, fact: 0, pending: null, planTotal: 50, factTotal: 0 }],
      }),
    ]);

    // The engineer reports 7,5 m³ (comma as the decimal point): it waits, the facts stay empty.
    server.ctx.realtime.sent.length = 0;
    const sent = await engineer.call("POST", `/versions/${v}/mobile`, {
      cells: [{ itemId: a.id, measure: "volume", value: "7,5" }],
      comment: "Захватка 1",
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      status: "pending",
      date: TODAY,
      comment: "Захватка 1",
      reporter: { id: engineer.userId },
      cells: [{ itemId: a.id, measure: "volume", value: 7.5, plan: 10, fact: 0 }],
    });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "wdp_updated", versionId: v, action: "report_facts", itemIds: [a.id] }),
    );
    expect(await factOf(owner, v, a.id)).toBeNull();
    expect((await owner.call("GET", `/versions/${v}/wdp/pending`)).body.data.cells).toEqual([
      { itemId: a.id, measure: "volume", kind: "fact", date: TODAY, value: 7.5 },
    ]);
    // The approver (the owner) is told in the personal area; the reporter is not told of their own report.
    const told = (await owner.call("GET", "/notices/personal-area")).body.data.items;
    expect(told).toEqual([
      expect.objectContaining({
        kind: "task_need_accept_daily_data",
        versionId: v,
        wbsId: a.id,
        params: expect.objectContaining({ work: "Бетон", date: TODAY }),
      }),
    ]);
    expect((await engineer.call("GET", "/notices/notices-status")).body.data).toEqual({ unread: 0, total: 0 });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "notices_changed", userId: owner.userId, unread: 1 }),
    );
    const mobileAfter = (await engineer.call("GET", `/versions/${v}/mobile`)).body.data;
    expect(mobileAfter.works[0].measures[0]).toMatchObject({ pending: 7.5, fact: 0 });
    expect(mobileAfter.mine).toHaveLength(1);

    // The approver's inbox lists it; the engineer cannot decide it.
    const inbox = await owner.call("GET", `${base}/approvals?versionId=${v}`);
    expect(inbox.body.data.canDecide).toBe(true);
    expect(inbox.body.data.reports.map((r: { id: string }) => r.id)).toEqual([sent.body.data.id]);
    const refused = await engineer.call("POST", `${base}/approvals`, {
      reportId: sent.body.data.id,
      decision: "APPROVED",
    });
    expect(refused.status).toBe(403);

    // Approved: the fact of today is 7.5, the day's plan is kept as approved; the inbox is empty.
    const approved = await owner.call("POST", `${base}/approvals`, {
      reportId: sent.body.data.id,
      decision: "APPROVED",
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: "APPROVED",
      decidedBy: { id: owner.userId },
      cells: [{ value: 7.5, fact: 7.5 }],
    });
    expect(await factOf(owner, v, a.id)).toEqual({ start: TODAY, values: [7.5], total: 7.5 });
    expect(await factOf(owner, v, a.id, "approved_plan")).toEqual({ start: TODAY, values: [10], total: 10 });
    expect((await owner.call("GET", `${base}/approvals?versionId=${v}`)).body.data.reports).toEqual([]);
    expect((await owner.call("GET", `/versions/${v}/wdp/pending`)).body.data.cells).toEqual([]);
    const info = (await owner.call("GET", `/schedules/${schedule.id}/actual/info?versionId=${v}`)).body.data;
    expect(info.fact.volume).toBe(7.5);

    // A second decision on it is refused, in the caller's language, and changes nothing.
    const twice = await inEnglish(owner, "POST", `${base}/approvals`, {
      reportId: sent.body.data.id,
      decision: "DECLINED",
      comment: "Нет",
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({
      code: "WdpReportDecided",
      message: "This report has already been decided: reload the list",
    });

    // Undo the approval: the fact goes, the report waits again.
    server.ctx.realtime.sent.length = 0;
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect(await factOf(owner, v, a.id)).toBeNull();
    expect(await factOf(owner, v, a.id, "approved_plan")).toBeNull();
    const again = (await owner.call("GET", `${base}/approvals?versionId=${v}`)).body.data.reports;
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ status: "pending", decidedBy: null });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "wdp_updated", versionId: v, action: "restore", itemIds: [a.id] }),
    );

    // Declining needs a comment; declined, the facts stay as they were and the reporter sees the reason.
    const bare = await owner.call("POST", `${base}/approvals`, { reportId: sent.body.data.id, decision: "DECLINED" });
    expect(bare.status).toBe(400);
    const declined = await owner.call("POST", `${base}/approvals`, {
      reportId: sent.body.data.id,
      decision: "DECLINED",
      comment: "Объём не подтверждён",
    });
    expect(declined.body.data).toMatchObject({ status: "DECLINED", decisionComment: "Объём не подтверждён" });
    expect(await factOf(owner, v, a.id)).toBeNull();
    const mine = (await engineer.call("GET", `/versions/${v}/mobile`)).body.data.mine;
    expect(mine[0]).toMatchObject({ status: "DECLINED", decisionComment: "Объём не подтверждён" });

    // Undo the report itself (the owner's history holds it too): it is gone.
    await owner.call("POST", `/versions/${v}/restore`, {});
    await owner.call("POST", `/versions/${v}/restore`, {});
    expect((await owner.call("GET", `${base}/approvals?versionId=${v}&status=all`)).body.data.reports).toEqual([]);
  });

  it("holds a plan change of an approved day for approval, tells the approvers, applies it only when approved", async () => {
    const { owner, member: planner, v, a, base } = await setUp(["schedule:read", "schedule:write"]);
    const planOn = async (date: string, kind = "plan") => {
      const s = await factOf(owner, v, a.id, kind);
      if (!s) return null;
      return s.values[Math.round((Date.parse(date) - Date.parse(s.start)) / DAY_MS)] ?? null;
    };
    // Today's 7,5 m³ is reported and approved: today is an approved day of A10's volume (10 planned).
    const sent = await planner.call("POST", `/versions/${v}/mobile`, {
      cells: [{ itemId: a.id, measure: "volume", value: "7,5" }],
    });
    expect(sent.status).toBe(200);
    const ok = await owner.call("POST", `${base}/approvals`, { reportId: sent.body.data.id, decision: "APPROVED" });
    expect(ok.status).toBe(200);

    // The planner moves 2 m³ from tomorrow onto today: tomorrow changes at once, today's 12 waits.
    server.ctx.realtime.sent.length = 0;
    const edit = await planner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "plan", date: TODAY, value: 12 },
        { itemId: a.id, measure: "volume", kind: "plan", date: TOMORROW, value: 8 },
      ],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data.held).toEqual([{ itemId: a.id, measure: "volume", date: TODAY, value: 12 }]);
    expect(await planOn(TODAY)).toBe(10);
    expect(await planOn(TOMORROW)).toBe(8);
    expect((await owner.call("GET", `/versions/${v}/wdp/pending`)).body.data.cells).toEqual([
      { itemId: a.id, measure: "volume", kind: "plan", date: TODAY, value: 12 },
    ]);
    const told = (await owner.call("GET", "/notices/personal-area")).body.data.items;
    expect(told).toContainEqual(
      expect.objectContaining({ kind: "task_need_accept_expert_data", versionId: v, wbsId: a.id }),
    );
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "notices_changed", userId: owner.userId }),
    );
    // The phone page is about done quantities: the plan change is not among the planner's reports there.
    const phone = (await planner.call("GET", `/versions/${v}/mobile`)).body.data;
    expect(phone.mine.map((r: { kind: string }) => r.kind)).toEqual(["fact"]);
    expect(phone.works[0].measures[0]).toMatchObject({ plan: 10, pending: null });

    // The inbox shows it as a plan change; approving writes the plan and the day's approved plan.
    const inbox = (await owner.call("GET", `${base}/approvals?versionId=${v}`)).body.data.reports;
    expect(inbox).toEqual([
      expect.objectContaining({
        kind: "plan",
        status: "pending",
        date: TODAY,
        cells: [expect.objectContaining({ itemId: a.id, value: 12, plan: 10 })],
      }),
    ]);
    const approved = await owner.call("POST", `${base}/approvals`, { reportId: inbox[0].id, decision: "APPROVED" });
    expect(approved.status).toBe(200);
    expect(await planOn(TODAY)).toBe(12);
    expect(await planOn(TODAY, "approved_plan")).toBe(12);
    expect(await planOn(TODAY, "fact")).toBe(7.5);

    // Declined, a change leaves the plan as it was; typing the plan the day already has waits for nothing.
    const again = await planner.call("PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "plan",
      days: [{ date: TODAY, value: 3 }],
    });
    expect(again.body.data.held).toHaveLength(1);
    const waiting = (await owner.call("GET", `${base}/approvals?versionId=${v}`)).body.data.reports[0];
    const no = await owner.call("POST", `${base}/approvals`, {
      reportId: waiting.id,
      decision: "DECLINED",
      comment: "План дня согласован",
    });
    expect(no.status).toBe(200);
    expect(await planOn(TODAY)).toBe(12);
    const same = await planner.call("PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "plan",
      days: [{ date: TODAY, value: "12,0" }],
    });
    expect(same.status).toBe(200);
    expect(same.body.data.held).toBeUndefined();
    expect((await owner.call("GET", `/versions/${v}/wdp/pending`)).body.data.cells).toEqual([]);
  });

  it("lets an approver holding only wdp:approve take back their own decision, nothing else", async () => {
    const { owner, member: approver, v, a, base } = await setUp(["schedule:read", "wdp:approve"]);
    const sent = await owner.call("POST", `/versions/${v}/mobile`, {
      cells: [{ itemId: a.id, measure: "volume", value: 6 }],
    });
    expect(sent.status).toBe(200);
    const decide = () =>
      approver.call("POST", `${base}/approvals`, { reportId: sent.body.data.id, decision: "APPROVED" });
    expect((await decide()).status).toBe(200);
    expect(await factOf(owner, v, a.id)).toEqual({ start: TODAY, values: [6], total: 6 });
    // The approver undoes the approval: the fact goes, the report waits again.
    expect((await approver.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect(await factOf(owner, v, a.id)).toBeNull();
    const waiting = (await approver.call("GET", `${base}/approvals?versionId=${v}`)).body.data.reports;
    expect(waiting.map((r: { status: string }) => r.status)).toEqual(["pending"]);
    // Approved again; then the owner changes a plan: the newest step is not the approver's, so it is refused and
    // nothing changes.
    expect((await decide()).status).toBe(200);
    await owner.call("PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "plan",
      days: [{ date: TOMORROW, value: 12 }],
    });
    const refused = await inEnglish(approver, "POST", `/versions/${v}/restore`, {});
    expect(refused.status).toBe(403);
    expect(await factOf(owner, v, a.id)).toEqual({ start: TODAY, values: [6], total: 6 });
    // Not even by naming the older decision (that would take the owner's change back with it).
    const history = (await approver.call("GET", `/versions/${v}/undo-actions`)).body.data;
    const mine = history.find((h: { action: string }) => h.action === "report_approved");
    expect((await approver.call("POST", `/versions/${v}/restore`, { actionId: mine.id })).status).toBe(403);
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect((await approver.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect(await factOf(owner, v, a.id)).toBeNull();
  });

  it("refuses bad reports with a message naming the work and the day, writing nothing", async () => {
    const { owner, engineer, reader, v, a, base, space } = await setUp();
    const report = (value: unknown, date?: string) =>
      inEnglish(engineer, "POST", `/versions/${v}/mobile`, {
        ...(date ? { date } : {}),
        cells: [{ itemId: a.id, measure: "volume", value }],
      });
    const future = await report(5, TOMORROW);
    expect(future.status).toBe(400);
    expect(future.body.errors[0]).toMatchObject({ code: "WdpFactInFuture" });
    expect(future.body.errors[0].message).toContain(`Work "A10 Бетон", ${shown(TOMORROW)}`);
    const negative = await report("-1");
    expect(negative.body.errors[0].code).toBe("WdpNegativeValue");
    const text = await report("много");
    expect(text.body.errors[0]).toMatchObject({ code: "WdpInvalidValue" });
    expect(text.body.errors[0].message).toContain("много");
    const empty = await inEnglish(engineer, "POST", `/versions/${v}/mobile`, { cells: [] });
    expect(empty.status).toBe(400);
    expect((await report(1)).status).toBe(200);
    const missing = await inEnglish(engineer, "POST", `/versions/${v}/mobile`, {
      cells: [{ itemId: 999999, measure: "volume", value: 1 }],
    });
    expect(missing.status).toBe(404);

    // Outside the allowed entry period (one day before today): the day before yesterday is refused.
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: 1 });
    const old = await report(2, iso(Date.now() - 2 * DAY_MS));
    expect(old.body.errors[0].code).toBe("WdpBeforeEntryPeriod");
    expect((await report(2, YESTERDAY)).status).toBe(200);
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: null });

    // A read-only member may read the page but not report; the engineer may not write facts directly.
    expect((await reader.call("GET", `/versions/${v}/mobile`)).body.data).toMatchObject({ canReport: false });
    expect(
      (await reader.call("POST", `/versions/${v}/mobile`, { cells: [{ itemId: a.id, measure: "volume", value: 1 }] }))
        .status,
    ).toBe(403);
    expect(
      (
        await engineer.call("PATCH", `${base}/update-many`, {
          versionId: v,
          cells: [{ itemId: a.id, measure: "volume", kind: "fact", date: TODAY, value: 1 }],
        })
      ).status,
    ).toBe(403);

    // A locked version takes no report and no decision.
    const waiting = (await owner.call("GET", `${base}/approvals?versionId=${v}`)).body.data.reports;
    expect(waiting).toHaveLength(2);
    await owner.call("POST", `/versions/${v}/setLocked`, { locked: true });
    expect((await report(1)).body.errors[0].code).toBe("VersionLocked");
    const lockedDecision = await owner.call("POST", `${base}/approvals`, {
      reportId: waiting[0].id,
      decision: "APPROVED",
    });
    expect(lockedDecision.body.errors[0].code).toBe("VersionLocked");
    await owner.call("POST", `/versions/${v}/setLocked`, { locked: false });
    expect(await factOf(owner, v, a.id)).toBeNull();
    expect((await owner.call("GET", `${base}/approvals?versionId=${v}`)).body.data.reports).toHaveLength(2);
  });

  it("lets nobody of another space read, report or decide", async () => {
    const { owner, engineer, stranger, intruder, v, a, base, schedule } = await setUp();
    const sent = await engineer.call("POST", `/versions/${v}/mobile`, {
      cells: [{ itemId: a.id, measure: "volume", value: 3 }],
    });
    const reportId = sent.body.data.id;
    for (const who of [stranger, intruder]) {
      for (const url of [`/versions/${v}/mobile`, `/versions/${v}/wdp/pending`, `${base}/approvals?versionId=${v}`])
        expect([403, 404], url).toContain((await who.call("GET", url)).status);
      const post = await who.call("POST", `/versions/${v}/mobile`, {
        cells: [{ itemId: a.id, measure: "volume", value: 9 }],
      });
      expect([403, 404]).toContain(post.status);
      const decide = await who.call("POST", `${base}/approvals`, { reportId, decision: "APPROVED" });
      expect([403, 404]).toContain(decide.status);
    }
    // The other space's owner, through their own schedule, cannot decide this space's report either.
    const elsewhere = await setUpWorkspace(server);
    const foreign = await elsewhere.owner.call("POST", `/schedules/${elsewhere.schedule.id}/wdp/approvals`, {
      reportId,
      decision: "APPROVED",
    });
    expect(foreign.status).toBe(404);
    expect(await factOf(owner, v, a.id)).toBeNull();
    const still = (await owner.call("GET", `/schedules/${schedule.id}/wdp/approvals?versionId=${v}`)).body.data;
    expect(still.reports).toHaveLength(1);
    expect(still.reports[0].cells[0].value).toBe(3);
  });
});
