import { readXlsxTable } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { remindTimesheets } from "./timesheet-reminders.js";
import { mondayWeeksAgo, seedTimesheets } from "./timesheets.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const WEEK = mondayWeeksAgo(1);
const EIGHT_EIGHT = [8, 8, 0, 0, 0, 0, 0];
type Line = { itemId: number; hours: number[]; status: string; id: string; as: string[]; canDecide: boolean };

const codeOf = (answer: { body: { errors?: { code: string }[] } }) => answer.body.errors?.[0]?.code;
const linesOf = (data: { groups: { lines: Line[] }[] }) => data.groups.flatMap((g) => g.lines);

describe("timesheets", () => {
  it("a person fills in a week, sends it, the curator approves: the assignment's actual units and progress grow", async () => {
    const { owner, member, version, a10, assignmentId, save } = await seedTimesheets(server);

    const week = await member.call("GET", `/users/timesheet/grouped?week=${WEEK}`);
    expect(week.status).toBe(200);
    expect(linesOf(week.body.data)).toMatchObject([
      { itemId: a10.id, hours: [0, 0, 0, 0, 0, 0, 0], status: "draft", as: ["resource"] },
    ]);

    const saved = await save(member, WEEK, [{ wbsId: a10.id, hours: EIGHT_EIGHT }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject([{ itemId: a10.id, hours: EIGHT_EIGHT, total: 16, status: "draft" }]);

    const sent = await save(member, WEEK, [{ wbsId: a10.id, hours: EIGHT_EIGHT }], true);
    expect(sent.body.data[0].status).toBe("submitted");
    // The curator hears of it in their bell.
    const bell = await owner.call("GET", "/notices/personal-area");
    expect(bell.body.data.items.map((n: { kind: string }) => n.kind)).toContain("task_need_accept_daily_data");
    // …and at once on their sockets: work waits for them.
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({
        type: "task_need_action",
        userId: owner.userId,
        kinds: ["task_need_accept_daily_data"],
      }),
    );

    // Sent hours no longer change.
    const late = await save(member, WEEK, [{ wbsId: a10.id, hours: [9, 8, 0, 0, 0, 0, 0] }]);
    expect([late.status, codeOf(late)]).toEqual([409, "TimesheetSent"]);

    const waiting = await owner.call("GET", `/versions/${version.id}/timesheet`);
    expect(waiting.body.data).toMatchObject([{ itemId: a10.id, status: "submitted", canDecide: true, total: 16 }]);
    const lineId = waiting.body.data[0].id;

    // The person may not approve their own hours; declining needs a comment.
    const own = await member.call("PATCH", `/versions/${version.id}/timesheet`, {
      lineIds: [lineId],
      decision: "APPROVED",
    });
    expect([own.status, codeOf(own)]).toEqual([403, "TimesheetCannotDecide"]);
    const bare = await owner.call("PATCH", `/versions/${version.id}/timesheet`, {
      lineIds: [lineId],
      decision: "DECLINED",
    });
    expect([bare.status, codeOf(bare)]).toEqual([400, "TimesheetDeclineComment"]);

    const approved = await owner.call("PATCH", `/versions/${version.id}/timesheet`, {
      lineIds: [lineId],
      decision: "APPROVED",
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject([{ status: "APPROVED", decidedBy: { id: owner.userId } }]);

    const assignment = await owner.call("GET", `/versions/${version.id}/assignment/wbs/${a10.id}`);
    expect(assignment.body.data).toMatchObject([{ id: assignmentId, actualUnits: 16, remainingUnits: 64 }]);
    // Progress of a work measured by units: 16 of 80 h.
    const after = await member.call("GET", `/users/timesheet/grouped?week=${WEEK}`);
    expect(linesOf(after.body.data)[0]).toMatchObject({ status: "APPROVED", percentComplete: 20 });
    // The hours are the work's labour facts of their days.
    const facts = await owner.call("GET", `/versions/${version.id}/wdp?itemIds=${a10.id}`);
    const labour = facts.body.data.series.find(
      (s: { measure: string; kind: string }) => s.measure === "labour" && s.kind === "fact",
    );
    expect(labour).toMatchObject({ start: WEEK, values: [8, 8] });
    // A second decision on the same line is refused.
    const again = await owner.call("PATCH", `/versions/${version.id}/timesheet`, {
      lineIds: [lineId],
      decision: "APPROVED",
    });
    expect([again.status, codeOf(again)]).toEqual([409, "TimesheetNotSubmitted"]);
    const memberBell = await member.call("GET", "/notices/personal-area");
    expect(memberBell.body.data.items.map((n: { kind: string }) => n.kind)).toContain("assignment_accepted");
  });

  it("refuses bad hours, a future or closed week, a day over 24 hours and a work not assigned, writing nothing", async () => {
    const { owner, member, space, a10, a20, save, version } = await seedTimesheets(server);
    const cases: [unknown[], string, number][] = [
      [[{ wbsId: a10.id, hours: [25, 0, 0, 0, 0, 0, 0] }], "TimesheetHours", 400],
      [[{ wbsId: a10.id, hours: [-1, 0, 0, 0, 0, 0, 0] }], "TimesheetHours", 400],
      [[{ wbsId: a20.id, hours: EIGHT_EIGHT }], "TimesheetNotAssigned", 403],
    ];
    for (const [lines, code, status] of cases) {
      const answer = await save(member, WEEK, lines as { wbsId: number; hours: number[] }[]);
      expect([answer.status, codeOf(answer)]).toEqual([status, code]);
    }
    const future = await save(member, mondayWeeksAgo(-1), [{ wbsId: a10.id, hours: EIGHT_EIGHT }]);
    expect([future.status, codeOf(future)]).toEqual([400, "TimesheetFutureWeek"]);

    // Executor of A20 as well: two works, 16 hours each on Monday, is 32 hours in a day.
    const executor = await owner.call("PATCH", `/users/${member.userId}/set-executor`, {
      versionId: version.id,
      wbsId: a20.id,
      role: "executor",
    });
    expect(executor.body.data).toMatchObject({ executor: { id: member.userId } });
    const over = await save(member, WEEK, [
      { wbsId: a10.id, hours: [16, 0, 0, 0, 0, 0, 0] },
      { wbsId: a20.id, hours: [16, 0, 0, 0, 0, 0, 0] },
    ]);
    expect([over.status, codeOf(over)]).toEqual([400, "TimesheetDayOverLimit"]);

    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: 7 });
    const closed = await save(member, mondayWeeksAgo(3), [{ wbsId: a10.id, hours: EIGHT_EIGHT }]);
    expect([closed.status, codeOf(closed)]).toEqual([400, "TimesheetClosedWeek"]);
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: null });

    // In Russian, naming the work.
    const ru = await server.call("PATCH", `/schedules/${(await seedRefs()).scheduleId}/timesheet/update`, {
      token: member.token,
      language: "ru",
      headers: { "x-space-id": member.spaceId },
      body: { versionId: version.id, week: WEEK, lines: [{ wbsId: a10.id, hours: [30, 0, 0, 0, 0, 0, 0] }] },
    });
    expect(ru.body.errors[0].message).toContain("от 0 до 24");

    const week = await member.call("GET", `/users/timesheet/grouped?week=${WEEK}`);
    expect(linesOf(week.body.data).every((l) => l.id === null && l.hours.every((h) => h === 0))).toBe(true);
    expect(linesOf(week.body.data).find((l) => l.itemId === a20.id)?.as).toEqual(["executor"]);

    async function seedRefs() {
      const schedules = await owner.call("GET", `/versions/${version.id}`);
      return { scheduleId: schedules.body.data.scheduleId as string };
    }
  });

  it("keeps everything from another space's member and from a reader who is not the curator", async () => {
    const { owner, member, intruder, stranger, version, schedule, a10, space, save } = await seedTimesheets(server);
    await save(member, WEEK, [{ wbsId: a10.id, hours: EIGHT_EIGHT }], true);
    const [line] = (await owner.call("GET", `/versions/${version.id}/timesheet`)).body.data;
    const tries = [
      intruder.call("GET", `/users/timesheet/grouped?week=${WEEK}`),
      intruder.call("GET", `/versions/${version.id}/timesheet`),
      intruder.call("PATCH", `/versions/${version.id}/timesheet`, { lineIds: [line.id], decision: "APPROVED" }),
      intruder.call("PATCH", `/schedules/${schedule.id}/timesheet/update`, {
        versionId: version.id,
        week: WEEK,
        lines: [{ wbsId: a10.id, hours: EIGHT_EIGHT }],
      }),
      intruder.call("GET", `/space/${space.id}/timesheet/project?week=${WEEK}`),
      intruder.call("PATCH", `/users/${intruder.userId}/set-executor`, {
        versionId: version.id,
        wbsId: a10.id,
        role: "executor",
      }),
      stranger.call("PATCH", `/versions/${version.id}/timesheet`, { lineIds: [line.id], decision: "APPROVED" }),
      stranger.call("GET", `/versions/${version.id}/timesheet/users`),
      stranger.call("DELETE", `/schedules/${schedule.id}/timesheet/delete?lineId=${line.id}`),
    ];
    for (const answer of await Promise.all(tries)) expect([403, 404]).toContain(answer.status);
    // A member who reads the schedule but is neither the curator nor an approver cannot name people either.
    const named = await member.call("PATCH", `/users/${member.userId}/set-executor`, {
      versionId: version.id,
      wbsId: a10.id,
      role: "curator",
    });
    expect(named.status).toBe(403);
    const still = await owner.call("GET", `/versions/${version.id}/timesheet`);
    expect(still.body.data).toMatchObject([{ id: line.id, status: "submitted" }]);
  });

  it("declines with a comment, groups by project and task, lists people, reports in XLSX, reminds and estimates", async () => {
    const { owner, member, version, a10, a20, space, save, schedule, stranger } = await seedTimesheets(server);
    await save(member, WEEK, [{ wbsId: a10.id, hours: [4, 4, 4, 0, 0, 0, 0] }], true);
    const [line] = (await owner.call("GET", `/versions/${version.id}/timesheet`)).body.data;
    const declined = await owner.call("PATCH", `/versions/${version.id}/timesheet`, {
      lineIds: [line.id],
      decision: "DECLINED",
      comment: "Среда — выходной",
    });
    expect(declined.body.data).toMatchObject([{ status: "DECLINED", decisionComment: "Среда — выходной" }]);
    // The person hears why, in their bell.
    const told = (await member.call("GET", "/notices/personal-area")).body.data.items;
    expect(told.filter((n: { kind: string }) => n.kind === "assignment_comment")).toEqual([
      expect.objectContaining({ wbsId: a10.id, params: expect.objectContaining({ comment: "Среда — выходной" }) }),
    ]);
    // Declined hours are written nowhere and can be corrected: the line is a draft again.
    expect((await owner.call("GET", `/versions/${version.id}/assignment/wbs/${a10.id}`)).body.data[0].actualUnits).toBe(
      0,
    );
    const fixed = await save(member, WEEK, [{ wbsId: a10.id, hours: [4, 4, 0, 0, 0, 0, 0] }]);
    expect(fixed.body.data[0]).toMatchObject({ status: "draft", total: 8 });
    const day = await member.call("PATCH", `/schedules/${schedule.id}/timesheet/update/day`, {
      versionId: version.id,
      wbsId: a10.id,
      date: WEEK,
      hours: 6,
    });
    expect(day.body.data[0].hours).toEqual([6, 4, 0, 0, 0, 0, 0]);

    const byProject = await owner.call("GET", `/space/${space.id}/timesheet/project?week=${WEEK}`);
    expect(byProject.body.data.groups).toHaveLength(1);
    expect(byProject.body.data.groups[0]).toMatchObject({ total: 10 });
    const byTask = await owner.call("GET", `/space/${space.id}/timesheet/task?week=${WEEK}`);
    expect(byTask.body.data.groups[0].lines[0]).toMatchObject({ code: "A10", user: { id: member.userId } });

    const users = await owner.call("GET", `/versions/${version.id}/timesheet/users?week=${WEEK}`);
    expect(users.body.data).toMatchObject([{ id: member.userId, works: 1, total: 10 }]);
    const bySpecialty = await owner.call("GET", `/versions/${version.id}/timesheet/users/specialty`);
    expect(bySpecialty.body.data).toMatchObject([{ specialtyId: null, users: [{ id: member.userId }] }]);

    const estimate = await member.call("GET", `/users/timesheet/estimate?week=${WEEK}`);
    expect(estimate.body.data).toMatchObject([{ itemId: a10.id, budgetedUnits: 80, enteredThisWeek: 10 }]);

    const report = await server.call("GET", `/users/timesheet/report?week=${WEEK}`, {
      token: member.token,
      language: "ru",
      headers: { "x-space-id": member.spaceId },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const file = await member.call("GET", `/storage/download/${report.body.data.fileId}`);
    const rows = (
      await readXlsxTable(new Uint8Array((file as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload))
    ).rows;
    const work = rows.find((r) => r.includes("Кладка стен"));
    expect(work).toEqual(expect.arrayContaining(["A10", 6, 4, 10, "Черновик"]));

    // Reminders: the week A20 runs (from the project start) has no hours from its executor.
    await owner.call("PATCH", `/users/${member.userId}/set-executor`, {
      versionId: version.id,
      wbsId: a20.id,
      role: "executor",
    });
    const first = await remindTimesheets(server.ctx, "2025-01-13");
    const second = await remindTimesheets(server.ctx, "2025-01-13");
    expect(first.reminded).toBeGreaterThanOrEqual(2);
    expect(second.reminded).toBe(0);
    const bell = await member.call("GET", "/notices/personal-area");
    const kinds = bell.body.data.items.map((n: { kind: string }) => n.kind);
    expect(kinds).toContain("task_need_actual_by_timesheet");
    expect(kinds).toContain("executor_assigned_to_task");
    const notification = await member.call("GET", "/users/timesheet-notification");
    expect(notification.body.data.week).toBe(WEEK);
    expect(notification.body.data.missing.map((m: { itemId: number }) => m.itemId)).toEqual([a20.id]);
    // A reminder opened from the personal area shows the week it is about, with the works still without hours.
    const reminder = bell.body.data.items.find(
      (n: { kind: string; wbsId: number }) => n.kind === "task_need_actual_by_timesheet" && n.wbsId === a20.id,
    );
    const about = await member.call("GET", `/notices/personal-area/${reminder.id}/timesheet-notification`);
    expect(about.body.data.week).toBe("2025-01-13");
    expect(about.body.data.missing.map((m: { itemId: number }) => m.itemId)).toContain(a20.id);
    // Nobody else reads it: not the owner of the space, not another space's member.
    for (const other of [owner, stranger]) {
      const refused = await other.call("GET", `/notices/personal-area/${reminder.id}/timesheet-notification`);
      expect([refused.status, codeOf(refused)]).toEqual([404, "NotFound"]);
    }
  });

  it("undoing a work's deletion brings back its assignment, curator and hours; a version copy carries them", async () => {
    const { owner, member, version, schedule, a10, assignmentId, save } = await seedTimesheets(server);
    await save(member, WEEK, [{ wbsId: a10.id, hours: EIGHT_EIGHT }]);
    const row = (await owner.call("GET", `/versions/${version.id}/wbs/${a10.id}`)).body.data;
    const gone = await owner.call("DELETE", `/versions/${version.id}/wbs`, {
      items: [{ id: a10.id, revision: row.revision }],
    });
    expect(gone.status).toBe(200);
    expect((await owner.call("GET", `/assignment?versionId=${version.id}`)).body.data).toEqual([]);
    expect((await owner.call("POST", `/versions/${version.id}/restore`, {})).status).toBe(200);
    expect((await owner.call("GET", `/assignment?versionId=${version.id}`)).body.data).toMatchObject([
      { id: assignmentId, itemId: a10.id, budgetedUnits: 80 },
    ]);
    const people = await owner.call("GET", `/versions/${version.id}/assignment/wbs/${a10.id}/people`);
    expect(people.body.data).toMatchObject({ curator: { id: owner.userId } });
    const week = await member.call("GET", `/users/timesheet/grouped?week=${WEEK}`);
    expect(linesOf(week.body.data)[0]).toMatchObject({ itemId: a10.id, hours: EIGHT_EIGHT });

    const copy = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Копия",
      copyFromId: version.id,
    });
    expect(copy.status).toBe(200);
    const copied = (await owner.call("GET", `/assignment?versionId=${copy.body.data.id}`)).body.data;
    expect(copied).toMatchObject([{ budgetedUnits: 80, work: { code: "A10" } }]);
    expect(copied[0].id).not.toBe(assignmentId);
    const copiedPeople = await owner.call(
      "GET",
      `/versions/${copy.body.data.id}/assignment/wbs/${copied[0].itemId}/people`,
    );
    expect(copiedPeople.body.data).toMatchObject({ curator: { id: owner.userId } });
  });
});
