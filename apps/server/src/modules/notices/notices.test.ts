import type { ServerEvent } from "@planum/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noticeDailyRuns, noticeSettings, users } from "../../db/schema/index.js";
import { sentTo, startSmtpServer } from "../../test/smtp-test-server.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { dailyAssignmentNotices } from "../resources/assignment-notices.js";
import { addItem, link, setUpWorkspace } from "../workspace/workspace.test-kit.js";
import { addNotices } from "./notify.js";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // Ticks often, so a digest made due by a test goes out without waiting a minute (tests wait for the mail itself).
  server = await createTestServer({ SMTP_URL: smtp.url, PLANUM_NOTICES_TICK_MS: "100" });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Polls until `check` holds (a job, not the call, makes what it waits for). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const noticeEvents = () =>
  server.ctx.realtime.sent.filter(
    (event): event is Extract<ServerEvent, { type: "notices_changed" }> => event.type === "notices_changed",
  );

async function emailOf(userId: string) {
  const [row] = await server.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row.email;
}

describe("personal area", () => {
  it("delivers a notice about a work to a member: bell, list, open leads to the actual version, delete", async () => {
    const { owner, member, stranger, intruder, version, schedule, project } = await setUpWorkspace(server);
    const work = await addItem(owner, version.id, { type: "work", name: "Монтаж опалубки", code: "A10" });
    await owner.call("POST", `/versions/${version.id}/setActualStatus`);

    const created = await owner.call("POST", "/notices/personal-area/create", {
      userId: member.userId,
      kind: "task_need_accept_daily_data",
      versionId: version.id,
      wbsId: work.id,
      params: { date: "2026-11-26" },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      kind: "task_need_accept_daily_data",
      status: "new",
      scheduleId: schedule.id,
      projectId: project.id,
      wbsId: work.id,
      params: { work: "Монтаж опалубки", schedule: schedule.name, date: "2026-11-26" },
      byUser: { id: owner.userId, name: "Petrova Anna" },
    });
    const id = created.body.data.id;
    // The member's bell hears it live, with the new count; nobody else's does.
    expect(noticeEvents().find((event) => event.noticeIds.includes(id))).toMatchObject({
      userId: member.userId,
      spaceId: member.spaceId,
      action: "created",
      unread: 1,
    });

    expect((await member.call("GET", "/notices/notices-status")).body.data).toEqual({ unread: 1, total: 1 });
    const list = (await member.call("GET", "/notices/personal-area?filter=unread")).body.data;
    expect(list.total).toBe(1);
    expect(list.items[0].id).toBe(id);
    // The sender's own personal area stays empty; another space's user sees nothing and reaches nothing.
    expect((await owner.call("GET", "/notices/notices-status")).body.data).toEqual({ unread: 0, total: 0 });
    expect((await stranger.call("GET", "/notices/personal-area")).body.data.total).toBe(0);
    expect((await intruder.call("GET", "/notices/personal-area")).status).toBe(403);
    expect((await intruder.call("DELETE", `/notices/${id}/personal-area`)).status).toBe(403);
    expect((await stranger.call("DELETE", `/notices/${id}/personal-area`)).status).toBe(404);
    expect((await stranger.call("GET", `/notices/personal-area/${id}/actual-version-and-set-checked`)).status).toBe(
      404,
    );
    expect((await owner.call("DELETE", `/notices/${id}/personal-area`)).status).toBe(404);

    const opened = await member.call("GET", `/notices/personal-area/${id}/actual-version-and-set-checked`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      scheduleId: schedule.id,
      versionId: version.id,
      wbsId: work.id,
      projectId: project.id,
      notice: { id, status: "checked" },
    });
    expect(opened.body.data.notice.checkedAt).not.toBeNull();
    expect((await member.call("GET", "/notices/notices-status")).body.data).toEqual({ unread: 0, total: 1 });
    expect((await member.call("GET", "/notices/personal-area?filter=unread")).body.data.total).toBe(0);

    expect((await member.call("DELETE", `/notices/${id}/personal-area`)).body.data).toEqual({ deleted: 1 });
    expect((await member.call("GET", "/notices/notices-status")).body.data).toEqual({ unread: 0, total: 0 });
    expect((await member.call("DELETE", `/notices/${id}/personal-area`)).status).toBe(404);
  });

  it("deletes all of one's notices in the space and nobody else's", async () => {
    const { owner, member, space } = await setUpWorkspace(server);
    const rows = await addNotices(server.ctx.db, [
      { spaceId: space.id, userId: member.userId, kind: "assignment_created", params: { work: "A" } },
      { spaceId: space.id, userId: member.userId, kind: "assignment_changed", params: { work: "B" } },
      { spaceId: space.id, userId: owner.userId, kind: "task_will_start", params: { work: "C", date: "2026-12-01" } },
    ]);
    expect(rows).toHaveLength(3);
    expect((await member.call("DELETE", "/notices/all/personal-area")).body.data).toEqual({ deleted: 2 });
    expect((await member.call("GET", "/notices/personal-area")).body.data.total).toBe(0);
    expect((await owner.call("GET", "/notices/notices-status")).body.data).toEqual({ unread: 1, total: 1 });
  });

  it("refuses a notice to a non-member, about another space's work, or of an unknown kind, writing nothing", async () => {
    const { owner, member, stranger, version } = await setUpWorkspace(server);
    const other = await setUpWorkspace(server);
    const foreignWork = await addItem(other.owner, other.version.id, { type: "work", name: "Чужая", code: "X1" });
    const toStranger = await server.call("POST", "/notices/personal-area/create", {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
      body: { userId: stranger.userId, kind: "assignment_created" },
    });
    expect(toStranger.status).toBe(404);
    expect(toStranger.headers["error-type"]).toBe("localized");
    expect(toStranger.body.errors[0].code).toBe("UserNotFound");
    const foreign = await owner.call("POST", "/notices/personal-area/create", {
      userId: member.userId,
      kind: "assignment_created",
      versionId: other.version.id,
      wbsId: foreignWork.id,
    });
    expect(foreign.status).toBe(404);
    const wrongWork = await owner.call("POST", "/notices/personal-area/create", {
      userId: member.userId,
      kind: "assignment_created",
      versionId: version.id,
      wbsId: foreignWork.id,
    });
    expect(wrongWork.status).toBe(404);
    const badKind = await owner.call("POST", "/notices/personal-area/create", { userId: member.userId, kind: "hello" });
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors[0].code).toBe("InvalidValue");
    expect((await member.call("GET", "/notices/notices-status")).body.data.total).toBe(0);
  });
});

describe("notice settings", () => {
  it("adds, changes and deletes settings; a bad cron is refused in the caller's language and nothing is saved", async () => {
    const { member, stranger, intruder } = await setUpWorkspace(server);
    const daily = await member.call("POST", "/notices", { channel: "email", periodicity: "daily", kinds: [] });
    expect(daily.status).toBe(200);
    expect(daily.body.data).toMatchObject({ channel: "email", periodicity: "daily", cron: null, kinds: [] });
    // Daily digests go out at 07:00 UTC.
    expect(daily.body.data.nextRunAt).toMatch(/T07:00:00.000Z$/);
    const cron = await member.call("POST", "/notices", {
      channel: "personal-area",
      periodicity: "cron",
      cron: "30 8 * * 1-5",
      kinds: ["task_will_start", "task_will_finish"],
    });
    expect(cron.body.data).toMatchObject({ periodicity: "cron", cron: "30 8 * * 1-5" });
    expect(cron.body.data.nextRunAt).toMatch(/T08:30:00.000Z$/);

    for (const bad of ["every monday", "61 8 * * *", "0 8 * *", "0 8 * * * *"]) {
      const refused = await server.call("POST", "/notices", {
        token: member.token,
        language: "ru",
        headers: { "x-space-id": member.spaceId },
        body: { channel: "email", periodicity: "cron", cron: bad },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].code).toBe("InvalidCron");
      expect(refused.body.errors[0].message).toContain("не выражение cron");
    }
    const french = await server.call("PUT", `/notices/${daily.body.data.id}`, {
      token: member.token,
      language: "fr",
      headers: { "x-space-id": member.spaceId },
      body: { channel: "email", periodicity: "cron", cron: "0 25 * * *" },
    });
    expect(french.body.errors[0].message).toContain("n’est pas une expression cron");
    expect((await member.call("POST", "/notices", { channel: "email", periodicity: "cron" })).body.errors[0].code).toBe(
      "Required",
    );
    expect((await member.call("POST", "/notices", { channel: "sms", periodicity: "daily" })).status).toBe(400);
    expect((await member.call("POST", "/notices", { channel: "email", periodicity: "hourly" })).status).toBe(400);
    const listed = (await member.call("GET", "/notices")).body.data;
    expect(listed.map((s: { periodicity: string }) => s.periodicity)).toEqual(["daily", "cron"]);

    const weekly = await member.call("PUT", `/notices/${daily.body.data.id}`, {
      channel: "email",
      periodicity: "weekly",
      kinds: ["assignment_created"],
    });
    expect(weekly.body.data).toMatchObject({ periodicity: "weekly", kinds: ["assignment_created"] });
    expect(new Date(weekly.body.data.nextRunAt).getUTCDay()).toBe(1);
    const fortnightly = await member.call("PUT", `/notices/${daily.body.data.id}`, {
      channel: "email",
      periodicity: "Fortnightly",
    });
    expect(new Date(fortnightly.body.data.nextRunAt).getUTCDay()).toBe(1);
    const monthly = await member.call("PUT", `/notices/${daily.body.data.id}`, {
      channel: "email",
      periodicity: "monthly",
    });
    expect(new Date(monthly.body.data.nextRunAt).getUTCDate()).toBe(1);

    // Another space's user can neither see nor change them.
    expect((await stranger.call("GET", "/notices")).body.data).toEqual([]);
    expect((await intruder.call("GET", "/notices")).status).toBe(403);
    expect((await stranger.call("DELETE", `/notices/${cron.body.data.id}`)).status).toBe(404);
    expect(
      (await stranger.call("PUT", `/notices/${cron.body.data.id}`, { channel: "email", periodicity: "daily" })).status,
    ).toBe(404);
    expect((await stranger.call("DELETE", "/notices/all")).body.data).toEqual({ deleted: 0 });

    expect((await member.call("DELETE", `/notices/${cron.body.data.id}`)).body.data).toEqual({ deleted: 1 });
    expect((await member.call("DELETE", "/notices/all")).body.data).toEqual({ deleted: 1 });
    expect((await member.call("GET", "/notices")).body.data).toEqual([]);
  });
});

describe("e-mail", () => {
  it("sends a due digest through SMTP in the recipient's language, once", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    const work = await addItem(owner, version.id, { type: "work", name: "Coulage dalle", code: "B10" });
    await member.call("GET", "/localization/set/fr");
    const setting = (await member.call("POST", "/notices", { channel: "email", periodicity: "daily", kinds: [] })).body
      .data;
    await owner.call("POST", "/notices/personal-area/create", {
      userId: member.userId,
      kind: "task_will_finish",
      versionId: version.id,
      wbsId: work.id,
      params: { date: "2026-12-03" },
    });
    // The digest is due now (instead of at 07:00): the next tick queues it.
    await server.ctx.db
      .update(noticeSettings)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(noticeSettings.id, setting.id));
    const address = await emailOf(member.userId);
    const mail = await smtp.waitFor((message) => sentTo(message, address));
    expect(mail.subject).toBe("Planum : notifications dans « Structure » (1)");
    expect(mail.text).toContain("« Coulage dalle » doit se terminer le 03.12.2026");
    expect(mail.text).toContain(`/${member.spaceId}/profile`);
    const after = await until(
      async () => (await member.call("GET", "/notices")).body.data[0],
      (row) => row.lastRunAt !== null,
    );
    expect(new Date(after.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    await server.ctx.jobs.idle();
    expect(smtp.received.filter((message) => sentTo(message, address))).toHaveLength(1);
  });

  it("send-test puts a sample notice about the node in the personal area and mails it at once", async () => {
    const { owner, member, root, stranger, intruder } = await setUpWorkspace(server);
    const noMail = await member.call("POST", `/eps/${root.id}/notices/send-test`, {});
    expect(noMail.body.data).toMatchObject({
      emailed: false,
      notice: { kind: "task_will_start", params: { work: root.name } },
    });
    await owner.call("POST", "/notices", { channel: "email", periodicity: "monthly" });
    const sent = await owner.call("POST", `/eps/${root.id}/notices/send-test`, { kind: "assignment_date_delay" });
    expect(sent.body.data.emailed).toBe(true);
    const address = await emailOf(owner.userId);
    const ownMail = await smtp.waitFor((message) => sentTo(message, address));
    expect(ownMail.subject).toBe("Planum: уведомления в «Structure» (1)");
    expect(ownMail.text).toContain(`Назначение по работе «${root.name}» просрочено`);
    expect((await owner.call("GET", "/notices/notices-status")).body.data.unread).toBe(1);
    expect((await stranger.call("POST", `/eps/${root.id}/notices/send-test`, {})).status).toBe(404);
    expect((await intruder.call("POST", `/eps/${root.id}/notices/send-test`, {})).status).toBe(403);
  });
});

describe("works moved by a calculation", () => {
  it("tells the executor and curator of a moved work of the actual version its new planned finish", async () => {
    const { owner, member, schedule, version } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "Фундамент", code: "A10", duration: 480 });
    const b = await addItem(owner, v, { type: "work", name: "Стены", code: "A20", duration: 480 });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await owner.call("PATCH", `/users/${member.userId}/set-executor`, { versionId: v, wbsId: b.id, role: "executor" });
    await owner.call("PATCH", `/users/${owner.userId}/set-executor`, { versionId: v, wbsId: b.id, role: "curator" });
    const moved = () =>
      member
        .call("GET", "/notices/personal-area")
        .then((r) => r.body.data.items.filter((n: { kind: string }) => n.kind === "assignment_date_change_plan"));
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect(await moved()).toEqual([
      expect.objectContaining({ wbsId: b.id, params: expect.objectContaining({ work: "Стены", date: "2025-01-14" }) }),
    ]);
    // A10 takes two days: A20 moves to Wednesday; its executor and its curator are told.
    await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, { revision: a.revision, duration: 960 });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect((await moved()).map((n: { params: { date: string } }) => n.params.date)).toEqual([
      "2025-01-15",
      "2025-01-14",
    ]);
    const curators = (await owner.call("GET", "/notices/personal-area")).body.data.items;
    expect(curators.filter((n: { kind: string }) => n.kind === "assignment_date_change_plan")).toHaveLength(2);
    // Being named executor or curator of a work is itself a notice, to the one named.
    const named = (items: { kind: string; wbsId: number | null }[], kind: string) =>
      items.filter((n) => n.kind === kind).map((n) => n.wbsId);
    expect(named(curators, "curator_assigned_to_task")).toEqual([b.id]);
    const executors = (await member.call("GET", "/notices/personal-area")).body.data.items;
    expect(named(executors, "executor_assigned_to_task")).toEqual([b.id]);
    // A recalculation that moves nothing tells nobody; a what-if version tells nobody either.
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    expect(await moved()).toHaveLength(2);
    const copy = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Вариант",
      projectStart: "2025-02-03T08:00",
    });
    const w = await addItem(owner, copy.body.data.id, { type: "work", name: "Кровля", code: "B10", duration: 480 });
    await owner.call("PATCH", `/users/${member.userId}/set-executor`, {
      versionId: copy.body.data.id,
      wbsId: w.id,
      role: "executor",
    });
    await owner.call("PATCH", `/versions/${copy.body.data.id}/timetable/calculate/synchronous`);
    expect(await moved()).toHaveLength(2);
  });
  it("hands a delegate of assignments the giver's moved works they are not told of themselves, one event a person", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "Фундамент", code: "A10", duration: 480 });
    const b = await addItem(owner, v, { type: "work", name: "Стены", code: "A20", duration: 480 });
    const c = await addItem(owner, v, { type: "work", name: "Колонны", code: "A30", duration: 480 });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await link(owner, v, { predecessorId: a.id, successorId: c.id });
    for (const wbsId of [b.id, c.id])
      await owner.call("PATCH", `/users/${member.userId}/set-executor`, { versionId: v, wbsId, role: "executor" });
    await owner.call("PATCH", `/users/${owner.userId}/set-executor`, { versionId: v, wbsId: b.id, role: "curator" });
    // A period around today whatever the hour (the test may run across midnight UTC).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const given = await member.call("POST", "/delegation", {
      toUserId: owner.userId,
      duties: ["assignments"],
      startsOn: day(-1),
      endsOn: day(1),
    });
    expect(given.status).toBe(200);
    const eventsBefore = noticeEvents().length;
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    const movedOf = async (who: typeof owner) =>
      (
        (await who.call("GET", "/notices/personal-area")).body.data.items as {
          kind: string;
          wbsId: number;
          forUser: { id: string } | null;
        }[]
      )
        .filter((n) => n.kind === "assignment_date_change_plan")
        .map((n) => ({ wbsId: n.wbsId, for: n.forUser?.id ?? null }))
        .sort((x, y) => x.wbsId - y.wbsId);
    expect(await movedOf(member)).toEqual([
      { wbsId: b.id, for: null },
      { wbsId: c.id, for: null },
    ]);
    // The owner curates A20 in their own right; A30 comes as the member's copy.
    expect(await movedOf(owner)).toEqual([
      { wbsId: b.id, for: null },
      { wbsId: c.id, for: member.userId },
    ]);
    const events = noticeEvents()
      .slice(eventsBefore)
      .filter((event) => event.action === "created");
    expect(events.filter((event) => event.userId === member.userId).map((event) => event.noticeIds.length)).toEqual([
      2,
    ]);
    expect(events.filter((event) => event.userId === owner.userId).map((event) => event.noticeIds.length)).toEqual([2]);
  });
});

describe("assignments", () => {
  /** A person (the member) as a labour resource assigned to A10 (13–24.01.2025) and A20 (13–14.01.2025). */
  async function assigned() {
    const ws = await setUpWorkspace(server);
    const { owner, member, space, version } = ws;
    const a10 = await addItem(owner, version.id, { type: "work", name: "Кладка", code: "A10", duration: 10 * 480 });
    const a20 = await addItem(owner, version.id, { type: "work", name: "Перемычки", code: "A20", duration: 2 * 480 });
    expect((await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`)).status).toBe(200);
    const person = await owner.call("POST", `/space/${space.id}/resources`, {
      code: "MASON",
      name: "Каменщик",
      kind: "labor",
      unit: "h",
      userId: member.userId,
    });
    const assign = (wbsId: number) =>
      owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
        wbsId,
        resourceId: person.body.data.id,
        unitsPerDay: 8,
      });
    const first = await assign(a10.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await assign(a20.id);
    return { ...ws, a10, a20, assignmentId: first.body.data.id as string };
  }
  const kindsOf = async (actor: { call: (m: "GET", u: string) => Promise<{ body: { data: { items: [] } } }> }) =>
    (await actor.call("GET", "/notices/personal-area")).body.data.items.map(
      (n: { kind: string; params: { work: string; date?: string } }) =>
        `${n.kind}:${n.params.work}:${n.params.date ?? ""}`,
    );

  it("tells the person of a resource that they were assigned and that the assignment changed", async () => {
    const { owner, member, schedule, assignmentId } = await assigned();
    expect((await kindsOf(member)).sort()).toEqual([
      "assignment_created:Кладка:2025-01-24",
      "assignment_created:Перемычки:2025-01-14",
    ]);
    const changed = await owner.call("PATCH", `/schedules/${schedule.id}/assignment/${assignmentId}/update`, {
      revision: 1,
      unitsPerDay: 4,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await kindsOf(member)).toContain("assignment_changed:Кладка:2025-01-24");
    // The one who made the change is not told of it.
    expect((await owner.call("GET", "/notices/notices-status")).body.data.total).toBe(0);
  });

  it("the daily kinds: a work about to finish, one late, facts to enter for yesterday; told once a day", async () => {
    const { member, a10, a20 } = await assigned();
    const day = "2025-01-22";
    const daily = await dailyAssignmentNotices(server.ctx.db, day, 4);
    const mine = daily.filter((n) => n.userId === member.userId);
    expect(mine.map((n) => `${n.kind}:${n.wbsId}:${n.params?.date}`).sort()).toEqual([
      `assignment_date_add_fact:${a10.id}:2025-01-21`,
      `assignment_date_approaching:${a10.id}:2025-01-24`,
      `assignment_date_delay:${a20.id}:2025-01-14`,
    ]);
    // Through the daily job (today, long after January 2025): both works are late, told once however often it runs.
    const today = new Date().toISOString().slice(0, 10);
    const run = async () => {
      await server.ctx.db.delete(noticeDailyRuns).where(eq(noticeDailyRuns.day, today));
      await until(
        async () => (await server.ctx.db.select().from(noticeDailyRuns).where(eq(noticeDailyRuns.day, today)))[0],
        (row) => Boolean(row?.jobId),
      );
      await server.ctx.jobs.idle();
    };
    await run();
    await run();
    const late = (await kindsOf(member)).filter((k: string) => k.startsWith("assignment_date_delay"));
    expect(late.sort()).toEqual([
      "assignment_date_delay:Кладка:2025-01-24",
      "assignment_date_delay:Перемычки:2025-01-14",
    ]);
  });
});

describe("works about to start or finish", () => {
  it("the daily job tells who asked for these kinds and may read the schedule, once per work and day", async () => {
    const { owner, member, stranger, schedule } = await setUpWorkspace(server);
    const today = new Date().toISOString().slice(0, 10);
    const created = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Текущая",
      projectStart: `${today}T08:00`,
    });
    const v = created.body.data.id;
    const short = await addItem(owner, v, { type: "work", name: "Разметка", code: "C10", duration: 480 });
    await addItem(owner, v, { type: "work", name: "Каркас", code: "C20", duration: 480 * 30 });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    await owner.call("POST", `/versions/${v}/setActualStatus`);
    await member.call("POST", "/notices", {
      channel: "personal-area",
      periodicity: "daily",
      kinds: ["task_will_start", "task_will_finish"],
    });
    await owner.call("POST", "/notices", { channel: "email", periodicity: "daily", kinds: ["assignment_created"] });

    const run = async () => {
      await server.ctx.db.delete(noticeDailyRuns).where(eq(noticeDailyRuns.day, today));
      await until(
        async () => (await server.ctx.db.select().from(noticeDailyRuns).where(eq(noticeDailyRuns.day, today)))[0],
        (row) => Boolean(row?.jobId),
      );
      await server.ctx.jobs.idle();
    };
    await run();
    const list = (await member.call("GET", "/notices/personal-area")).body.data;
    const kinds = list.items.map((n: { kind: string; params: { work: string } }) => `${n.kind}:${n.params.work}`);
    expect(kinds.sort()).toEqual(["task_will_finish:Разметка", "task_will_start:Каркас", "task_will_start:Разметка"]);
    const start = list.items.find(
      (n: { kind: string; wbsId: number }) => n.kind === "task_will_start" && n.wbsId === short.id,
    );
    expect(start).toMatchObject({ versionId: v, scheduleId: schedule.id, byUser: null });
    expect(start.params.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The owner asked for other kinds, the stranger is elsewhere: neither hears of these works.
    expect((await owner.call("GET", "/notices/notices-status")).body.data.total).toBe(0);
    expect((await stranger.call("GET", "/notices/notices-status")).body.data.total).toBe(0);

    await run();
    expect((await member.call("GET", "/notices/notices-status")).body.data.total).toBe(3);
  });
});
