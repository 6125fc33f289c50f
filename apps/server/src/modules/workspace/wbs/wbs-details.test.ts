import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY = 480;

async function item(actor: Actor, versionId: string, id: number) {
  return (await actor.call("GET", `/versions/${versionId}/wbs/${id}`)).body.data;
}
async function calculate(actor: Actor, versionId: string) {
  const answer = await actor.call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe("activity details", () => {
  it("stores the P6 detail fields, refuses dates out of order and a constraint without a date, with messages", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const work = await addItem(owner, v, { type: "work", name: "Монтаж", duration: 5 * DAY });
    const fresh = await item(owner, v, work.id);
    expect(fresh).toMatchObject({
      durationType: "fixed_duration_units_time",
      percentCompleteType: "duration",
      notes: "",
      expectedFinish: null,
      suspendDate: null,
      resumeDate: null,
    });
    const saved = await owner.call("PATCH", `/versions/${v}/wbs/${work.id}/update`, {
      revision: work.revision,
      durationType: "fixed_units",
      percentCompleteType: "physical",
      notes: "Кран 50 т; заказать за неделю",
      actualStart: "14.01.2025 08:00",
      expectedFinish: "24.01.2025 17:00",
      suspendDate: "16.01.2025 08:00",
      resumeDate: "20.01.2025 08:00",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.item).toMatchObject({
      durationType: "fixed_units",
      percentCompleteType: "physical",
      notes: "Кран 50 т; заказать за неделю",
      status: "in_progress",
      actualStart: "2025-01-14T08:00",
      expectedFinish: "2025-01-24T17:00",
      suspendDate: "2025-01-16T08:00",
      resumeDate: "2025-01-20T08:00",
    });
    const revision = saved.body.data.item.revision;

    const bad: [Record<string, unknown>, string, string][] = [
      [{ actualFinish: "13.01.2025 17:00" }, "FinishBeforeStart", "actual finish"],
      [{ resumeDate: "15.01.2025 08:00" }, "ResumeBeforeSuspend", "resume date"],
      [{ startLimitType: "not_earlier" }, "ConstraintDateRequired", "date of the constraint"],
      [{ finishLimitType: "in_date", finishLimitDate: null }, "ConstraintDateRequired", "date of the constraint"],
      [{ durationType: "fixed_everything" }, "InvalidValue", "not allowed"],
      [{ percentCompleteType: "money" }, "InvalidValue", "not allowed"],
      [{ notes: "x".repeat(20_001) }, "MaxLength", ""],
      [{ expectedFinish: "32.01.2025" }, "InvalidDate", ""],
    ];
    for (const [body, code, text] of bad) {
      const answer = await server.call("PATCH", `/versions/${v}/wbs/${work.id}/update`, {
        token: owner.token,
        body: { revision, ...body },
        headers: { "x-space-id": owner.spaceId, "x-language": "en" },
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0].code, JSON.stringify(body)).toBe(code);
      expect(answer.body.errors[0].message).toContain(text);
    }
    const russian = await owner.call("PATCH", `/versions/${v}/wbs/${work.id}/update`, {
      revision,
      actualFinish: "13.01.2025 17:00",
    });
    expect(russian.body.errors[0].message).toBe("Фактическое окончание не может быть раньше фактического начала");
    // nothing of the refused edits was stored
    expect(await item(owner, v, work.id)).toMatchObject({ revision, actualFinish: null, startLimitType: null });

    // a constraint with its date is taken; the undo brings the previous values back
    const constrained = await owner.call("PATCH", `/versions/${v}/wbs/${work.id}/update`, {
      revision,
      startLimitType: "not_earlier",
      startLimitDate: "03.02.2025 08:00",
      notes: "",
    });
    expect(constrained.status).toBe(200);
    const undo = await owner.call("POST", `/versions/${v}/restore`, {});
    expect(undo.status).toBe(200);
    expect(await item(owner, v, work.id)).toMatchObject({
      startLimitType: null,
      notes: "Кран 50 т; заказать за неделю",
    });
  });

  it("a constraint edited in the details moves the dates after calculation", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A", duration: 2 * DAY });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "B", duration: DAY });
    await link(owner, v, { predecessorId: a.id, successorId: b.id, type: "fs" });
    await calculate(owner, v);
    expect(await item(owner, v, b.id)).toMatchObject({ earlyStart: "2025-01-15T08:00" });
    const current = await item(owner, v, b.id);
    const edit = await owner.call("PATCH", `/versions/${v}/wbs/${b.id}/update`, {
      revision: current.revision,
      startLimitType: "not_earlier",
      startLimitDate: "20.01.2025 08:00",
    });
    expect(edit.status).toBe(200);
    await calculate(owner, v);
    expect(await item(owner, v, b.id)).toMatchObject({
      earlyStart: "2025-01-20T08:00",
      earlyFinish: "2025-01-20T17:00",
    });
  });

  it("a name, a note or a code leaves the version calculated; a duration makes its dates stale", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const work = await addItem(owner, v, { type: "work", name: "Кладка", duration: 2 * DAY });
    await calculate(owner, v);
    const status = async () => (await owner.call("GET", `/versions/${v}`)).body.data.calcStatus;
    expect(await status()).toBe("calculated");
    const renamed = await owner.call("PATCH", `/versions/${v}/wbs/${work.id}/update`, {
      revision: (await item(owner, v, work.id)).revision,
      name: "Кладка стен",
      code: "K-10",
      notes: "Кирпич М150",
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await status()).toBe("calculated");
    const longer = await owner.call("PATCH", `/versions/${v}/wbs/${work.id}/update`, {
      revision: renamed.body.data.item.revision,
      duration: 3 * DAY,
    });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    expect(await status()).toBe("not_calculated");
  });

  it("update progress moves the data date, records actuals as planned, is undone with the data date", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A", duration: 2 * DAY });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "B", duration: 3 * DAY });
    const c = await addItem(owner, v, { type: "work", name: "C", code: "C", duration: DAY });
    const m = await addItem(owner, v, { type: "milestone_finish", name: "M", code: "M" });
    await link(owner, v, { predecessorId: a.id, successorId: b.id, type: "fs" });
    await link(owner, v, { predecessorId: b.id, successorId: c.id, type: "fs" });
    await link(owner, v, { predecessorId: c.id, successorId: m.id, type: "fs" });
    await calculate(owner, v);
    // A: 13–14.01, B: 15–17.01, C: 20.01, M: 20.01 17:00. Data date Thursday 16.01 08:00.
    const update = await owner.call("POST", `/versions/${v}/update-progress`, { dataDate: "16.01.2025 08:00" });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body.data.dataDate).toBe("2025-01-16T08:00");
    expect([...update.body.data.updated].sort()).toEqual([a.id, b.id].sort());
    expect(await item(owner, v, a.id)).toMatchObject({
      status: "completed",
      actualStart: "2025-01-13T08:00",
      actualFinish: "2025-01-14T17:00",
      percentComplete: 100,
      remaining: 0,
    });
    const bNow = await item(owner, v, b.id);
    expect(bNow).toMatchObject({ status: "in_progress", actualStart: "2025-01-15T08:00", remaining: 2 * DAY });
    expect(bNow.percentComplete).toBeCloseTo(33.33, 1);
    expect(await item(owner, v, c.id)).toMatchObject({ status: "not_started", actualStart: null });
    expect((await owner.call("GET", `/versions/${v}`)).body.data).toMatchObject({
      dataDate: "2025-01-16T08:00",
      calcStatus: "not_calculated",
    });
    await calculate(owner, v);
    expect(await item(owner, v, c.id)).toMatchObject({ earlyStart: "2025-01-20T08:00" });

    // a read-only member may not update progress
    expect((await member.call("POST", `/versions/${v}/update-progress`, { dataDate: "17.01.2025" })).status).toBe(403);
    expect((await owner.call("POST", `/versions/${v}/update-progress`, { dataDate: "17.13.2025" })).status).toBe(400);

    const undo = await owner.call("POST", `/versions/${v}/restore`, {});
    expect(undo.status).toBe(200);
    expect(await item(owner, v, a.id)).toMatchObject({ status: "not_started", actualStart: null });
    expect(await item(owner, v, b.id)).toMatchObject({ status: "not_started", remaining: null });
    expect((await owner.call("GET", `/versions/${v}`)).body.data.dataDate).toBeNull();

    // without progress only the data date moves, still as one undoable change
    const moved = await owner.call("POST", `/versions/${v}/update-progress`, {
      dataDate: "20.01.2025 08:00",
      progress: false,
    });
    expect(moved.body.data).toMatchObject({ dataDate: "2025-01-20T08:00", updated: [] });
    expect(await item(owner, v, a.id)).toMatchObject({ status: "not_started" });
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    expect((await owner.call("GET", `/versions/${v}`)).body.data.dataDate).toBeNull();
  });

  it("the recalculation honours the schedule's progress option (retained logic or progress override)", async () => {
    const { owner, version, schedule } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A", duration: 5 * DAY });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "B", duration: 2 * DAY });
    await link(owner, v, { predecessorId: a.id, successorId: b.id, type: "fs" });
    // B started out of sequence on Monday, A has not started; data date Wednesday.
    const bRow = await item(owner, v, b.id);
    expect(
      (
        await owner.call("PATCH", `/versions/${v}/wbs/${b.id}/update`, {
          revision: bRow.revision,
          actualStart: "13.01.2025 08:00",
          remaining: DAY,
        })
      ).status,
    ).toBe(200);
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "15.01.2025 08:00" })).status).toBe(200);

    const option = async (progressOption: string) => {
      const put = await owner.call("PUT", `/schedules/${schedule.id}/calculate-settings`, { progressOption });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      await calculate(owner, v);
      return (await item(owner, v, b.id)).earlyFinish;
    };
    // retained logic: B's remaining day waits for A (15.01–21.01) and ends 22.01
    expect(await option("retained_logic")).toBe("2025-01-22T17:00");
    // progress override: B goes on from the data date and ends that day
    expect(await option("progress_override")).toBe("2025-01-15T17:00");
  });

  it("other spaces neither read the details nor update progress", async () => {
    const { owner, intruder, stranger, version } = await setUpWorkspace(server);
    const work = await addItem(owner, version.id, { type: "work", name: "A", duration: DAY });
    expect((await stranger.call("GET", `/versions/${version.id}/wbs/${work.id}/passport`)).status).toBe(404);
    expect((await intruder.call("GET", `/versions/${version.id}/wbs/${work.id}/passport`)).status).toBe(403);
    expect(
      (await stranger.call("POST", `/versions/${version.id}/update-progress`, { dataDate: "15.01.2025" })).status,
    ).toBe(404);
    expect(
      (await intruder.call("POST", `/versions/${version.id}/update-progress`, { dataDate: "15.01.2025" })).status,
    ).toBe(403);
    const other = await setUpWorkspace(server);
    const cross = await other.owner.call("PATCH", `/versions/${other.version.id}/wbs/${work.id}/update`, {
      revision: work.revision,
      notes: "hack",
    });
    expect(cross.status).toBe(404);
    expect((await owner.call("GET", `/versions/${version.id}`)).body.data.dataDate).toBeNull();
    expect((await owner.call("GET", `/versions/${version.id}/wbs/${work.id}`)).body.data.notes).toBe("");
  });
});
