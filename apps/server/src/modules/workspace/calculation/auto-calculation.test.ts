import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, link, setUpWorkspace } from "../workspace.test-kit.js";
import { autoCalculation } from "./auto-calculation.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

interface Timetable {
  calcStatus: string;
  calcError: string | null;
  finish: string | null;
  items: { id: number; code: string; earlyStart: string | null; earlyFinish: string | null }[];
}

/** Reads the version's timetable until `done` holds (the automatic calculation runs after a short quiet time). */
async function waitFor(owner: Actor, versionId: string, done: (table: Timetable) => boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  let table: Timetable;
  do {
    table = (await owner.call("GET", `/versions/${versionId}/timetable`)).body.data;
    if (done(table)) return table;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < until);
  throw new Error(`timed out; the timetable is ${JSON.stringify(table)}`);
}

const byCode = (table: Timetable) => Object.fromEntries(table.items.map((row) => [row.code, row]));
const calculatedWith = (code: string, earlyStart: string) => (table: Timetable) =>
  table.calcStatus === "calculated" && byCode(table)[code]?.earlyStart === earlyStart;
const timetableEvents = (versionId: string) =>
  server.ctx.realtime.sent.filter((e) => e.type === "timetable_calculate" && e.versionId === versionId);

async function autoWorkspace() {
  const workspace = await setUpWorkspace(server);
  const mode = await workspace.owner.call("PUT", `/schedules/${workspace.schedule.id}/calculate-settings`, {
    calculationMode: "auto",
  });
  expect(mode.body.data.calculationMode).toBe("auto");
  return workspace;
}

describe("automatic calculation (calculationMode: auto)", () => {
  it("recalculates a version after a relation is added, an item changes and an undo, without a calculate call", async () => {
    const { owner, version } = await autoWorkspace();
    const v = version.id;
    server.ctx.realtime.sent.length = 0;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 960 });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 480 });
    // Both start at the project start once calculated.
    await waitFor(owner, v, calculatedWith("A20", "2025-01-13T08:00"));

    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    // B follows A (two 8-hour days): Wednesday 08:00, finish Wednesday 17:00.
    const linked = await waitFor(owner, v, calculatedWith("A20", "2025-01-15T08:00"));
    expect(linked).toMatchObject({ calcStatus: "calculated", calcError: null, finish: "2025-01-15T17:00" });
    const events = timetableEvents(v);
    expect(events[0]).toMatchObject({ status: "in_process", progress: 0, byUserId: owner.userId });
    expect(events.at(-1)).toMatchObject({ status: "completed", progress: 100 });
    // Through the calculation job, as `PATCH …/timetable/calculate`.
    const jobs = await server.ctx.db.execute(
      sql`select status from jobs where type = 'calculate_timetable' and payload->>'versionId' = ${v}`,
    );
    expect((jobs as unknown as { rows: { status: string }[] }).rows.every((j) => j.status === "completed")).toBe(true);

    const fresh = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
    await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, { revision: fresh.revision, duration: 1440 });
    await waitFor(owner, v, calculatedWith("A20", "2025-01-16T08:00"));

    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    await waitFor(owner, v, calculatedWith("A20", "2025-01-15T08:00"));
  });

  it("coalesces a burst of changes into few calculations, one at a time", async () => {
    const { owner, version } = await autoWorkspace();
    const v = version.id;
    const auto = autoCalculation(server.ctx);
    // A quiet time longer than any pause between the calls below, even on a busy machine.
    auto.timing = { ...auto.timing, debounceMs: 1_500, maxWaitMs: 20_000 };
    try {
      const first = await addItem(owner, v, { type: "work", name: "W0", code: "W0", duration: 480 });
      let previous = first;
      server.ctx.realtime.sent.length = 0;
      for (let k = 1; k <= 6; k++) {
        const next = await addItem(owner, v, { type: "work", name: `W${k}`, code: `W${k}`, duration: 480 });
        await link(owner, v, { predecessorId: previous.id, successorId: next.id });
        previous = next;
      }
      // Seven one-day works in a chain: the last one starts on the seventh working day.
      await waitFor(owner, v, calculatedWith("W6", "2025-01-21T08:00"));
    } finally {
      auto.timing = { ...auto.timing, debounceMs: 300, maxWaitMs: 3_000 };
    }
    const starts = timetableEvents(v).filter(
      (e) => e.type === "timetable_calculate" && e.status === "in_process" && e.progress === 0,
    );
    // Thirteen changes, one calculation (two if the first item's own one was still due when the burst began).
    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(starts.length).toBeLessThanOrEqual(2);
    // Never two calculations of the version at once: every start follows the previous one's end.
    let open = 0;
    for (const e of timetableEvents(v)) {
      if (e.type !== "timetable_calculate") continue;
      if (e.status === "in_process" && e.progress === 0) open++;
      if (e.status !== "in_process") open--;
      expect(open).toBeLessThanOrEqual(1);
    }
  });

  it("recalculates when a calendar its items use changes", async () => {
    const { owner, version } = await autoWorkspace();
    const v = version.id;
    const eight: [string, string][] = [
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ];
    const calendar = (
      await owner.call("POST", "/calendars", { name: "Пятидневка", week: [eight, eight, eight, eight, eight, [], []] })
    ).body.data;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 960, calendarId: calendar.id });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 480, calendarId: calendar.id });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await waitFor(owner, v, calculatedWith("A20", "2025-01-15T08:00"));
    // Tuesday becomes a holiday: A ends Wednesday evening, B starts Thursday.
    const changed = await owner.call("PUT", `/calendars/${calendar.id}`, {
      revision: calendar.revision,
      exceptions: [{ date: "2025-01-14", intervals: [] }],
    });
    expect(changed.status).toBe(200);
    await waitFor(owner, v, calculatedWith("A20", "2025-01-16T08:00"));
  });

  it("reports a failed automatic calculation like a manual one", async () => {
    const { owner, version } = await autoWorkspace();
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 480 });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 480 });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await waitFor(owner, v, calculatedWith("A20", "2025-01-14T08:00"));
    // A loop that came in by other means (an import); the next edit of a date starts a calculation that fails.
    await server.ctx.db.execute(sql`insert into relations (space_id, version_id, predecessor_id, successor_id, type)
      select space_id, version_id, ${b.id}, ${a.id}, 'fs' from wbs_items where id = ${a.id}`);
    server.ctx.realtime.sent.length = 0;
    const fresh = (await owner.call("GET", `/versions/${v}/wbs/${a.id}`)).body.data;
    await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, { revision: fresh.revision, duration: 960 });
    const failed = await waitFor(owner, v, (t) => t.calcError !== null);
    expect(failed.calcStatus).toBe("not_calculated");
    expect(failed.calcError).toMatch(/loop: A(10|20) → A(10|20) → A(10|20)/);
    await server.ctx.jobs.idle();
    expect(timetableEvents(v).at(-1)).toMatchObject({ status: "error", error: expect.stringContaining("loop") });
    // It is not retried on its own: only the next change calculates again.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(autoCalculation(server.ctx).pending()).not.toContain(v);
  });

  it("in manual mode a change leaves the version not calculated, and switching to auto catches up", async () => {
    const { owner, schedule, version } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 960 });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 480 });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    server.ctx.realtime.sent.length = 0;
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await server.ctx.jobs.idle();
    const table = (await owner.call("GET", `/versions/${v}/timetable`)).body.data as Timetable;
    expect(table.calcStatus).toBe("not_calculated");
    expect(byCode(table).A20.earlyStart).toBe("2025-01-13T08:00");
    expect(timetableEvents(v)).toEqual([]);

    // Auto mode through the schedule's own settings call: the stale version is calculated at once.
    const patched = await owner.call("PATCH", `/schedules/${schedule.id}/settings`, {
      settings: { calculationMode: "auto" },
    });
    expect(patched.body.data.settings.calculationMode).toBe("auto");
    await waitFor(owner, v, calculatedWith("A20", "2025-01-15T08:00"));
  });

  it("leaves a version alone that is locked before its calculation is due", async () => {
    const { owner, version } = await autoWorkspace();
    const v = version.id;
    const auto = autoCalculation(server.ctx);
    // A quiet time no slow machine outlasts, so the lock surely comes before the calculation is due…
    auto.timing = { ...auto.timing, debounceMs: 600_000 };
    try {
      server.ctx.realtime.sent.length = 0;
      await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 480 });
      expect(auto.pending()).toContain(v);
      expect((await owner.call("POST", `/versions/${v}/setLocked`, { locked: true })).status).toBe(200);
      // …then it falls due at once.
      auto.timing.debounceMs = 0;
      auto.changed(v, owner.spaceId, owner.userId);
      for (let i = 0; i < 300 && auto.pending().includes(v); i++) await new Promise((r) => setTimeout(r, 50));
      expect(auto.pending()).not.toContain(v);
      expect((await owner.call("GET", `/versions/${v}`)).body.data).toMatchObject({
        locked: true,
        calcStatus: "not_calculated",
      });
      expect(timetableEvents(v)).toEqual([]);
    } finally {
      auto.timing.debounceMs = 300;
    }
  });

  it("calculates a version imported into an auto-mode schedule", async () => {
    const { owner, schedule } = await autoWorkspace();
    const boundary = "----planum-auto";
    const csv = "Activity ID;Activity Name;Duration (h)\nA1;Первая;8\nA2;Вторая;16\n";
    const uploaded = await server.call("POST", `/schedules/${schedule.id}/versions/upload/synchronous`, {
      token: owner.token,
      body: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      ),
      headers: { "x-space-id": owner.spaceId, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const table = await waitFor(owner, uploaded.body.data.versionId, (t) => t.calcStatus === "calculated");
    expect(table.items.every((row) => row.earlyStart !== null)).toBe(true);
  });

  // Last: it stops this file's server (afterAll's close runs again harmlessly).
  it("a server that stops drops the pending calculations", async () => {
    const { owner, version } = await autoWorkspace();
    const v = version.id;
    const auto = autoCalculation(server.ctx);
    auto.timing.debounceMs = 1_000;
    server.ctx.realtime.sent.length = 0;
    await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 480 });
    expect(auto.pending()).toContain(v);
    await server.app.close();
    expect(auto.pending()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.ctx.realtime.sent.filter((e) => e.type === "timetable_calculate")).toEqual([]);
    const [row] = (
      (await server.ctx.db.execute(sql`select calc_status from versions where id = ${v}`)) as unknown as {
        rows: { calc_status: string }[];
      }
    ).rows;
    expect(row.calc_status).toBe("not_calculated");
  });
});
