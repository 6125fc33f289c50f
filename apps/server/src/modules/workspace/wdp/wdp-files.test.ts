import { type Cell, readXlsxTable, writeXlsxRows } from "@planum/formats";
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
const TWO_DAYS_AGO = iso(Date.now() - 2 * DAY_MS);

/**
 * A calculated version: sum S over work A10 (Mon 13 – Mon 20 January 2025 without the holiday Wednesday 15th,
 * 100 m³ spread evenly: 20 a day) and work A20 (13–14 January, 8 m³).
 */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, version, schedule } = ws;
  const v = version.id;
  const cal = (
    await owner.call("POST", "/calendars", {
      name: "Site",
      week: [DAY, DAY, DAY, DAY, DAY, [], []],
      exceptions: [{ date: "2025-01-15", intervals: [] }],
    })
  ).body.data.id;
  const s = await addItem(owner, v, { type: "sum", name: "Frame", code: "S" });
  const a = await addItem(owner, v, {
    type: "work",
    name: "Concrete",
    code: "A10",
    parentId: s.id,
    duration: 2400,
    calendarId: cal,
    measure: "m3",
    plannedVolume: 100,
  });
  const b = await addItem(owner, v, {
    type: "work",
    name: "Rebar",
    code: "A20",
    parentId: s.id,
    duration: 960,
    calendarId: cal,
    plannedVolume: 8,
  });
  expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
  const base = `/schedules/${schedule.id}/wdp`;
  const spread = await owner.call("POST", `${base}/distribute`, {
    versionId: v,
    itemIds: [a.id, b.id],
    measure: "volume",
    mode: "evenly",
  });
  expect(spread.status).toBe(200);
  return { ...ws, v, s, a, b, base };
}

function call(actor: Actor, method: "GET" | "POST" | "PATCH" | "PUT", url: string, body?: unknown) {
  return server.call(method, url, {
    token: actor.token,
    body,
    language: "en",
    headers: { "x-space-id": actor.spaceId },
  });
}

async function exportPlan(actor: Actor, v: string, body: Record<string, unknown> = {}) {
  const made = await call(actor, "POST", `/versions/${v}/wdp/export`, body);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const file = await actor.call("GET", `/storage/download/${made.body.data.fileId}`);
  expect(file.status).toBe(200);
  const bytes = new Uint8Array((file as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload);
  return { name: made.body.data.name as string, rows: (await readXlsxTable(bytes)).rows };
}

function upload(actor: Actor, scheduleId: string, v: string, bytes: Uint8Array, language = "en") {
  const boundary = "----planum-wdp-upload";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.call("POST", `/schedules/${scheduleId}/wdp/upload?versionId=${v}`, {
    token: actor.token,
    body: payload,
    language,
    headers: { "x-space-id": actor.spaceId, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

/** The sheet's line of a work, measure word and kind word (the row index and its cells). */
function lineOf(rows: Cell[][], code: string, kind: string) {
  const index = rows.findIndex((r) => r[1] === code && r[5] === kind);
  expect(index, `${code} ${kind}`).toBeGreaterThan(0);
  return index;
}
/** The column of a day in the sheet's header. */
const columnOf = (rows: Cell[][], date: string) =>
  rows[0].findIndex((c) => c instanceof Date && iso(c.getTime()) === date);

async function seriesOf(actor: Actor, v: string, itemId: number) {
  const list = (await actor.call("GET", `/versions/${v}/wdp?itemIds=${itemId}`)).body.data;
  return Object.fromEntries(
    list.series.map((s: { measure: string; kind: string; start: string; values: number[] }) => [
      `${s.measure}/${s.kind}`,
      { start: s.start, values: s.values },
    ]),
  );
}

describe("work-done plan as XLSX", () => {
  it("exports the grid's layout, takes an edited sheet back (only changed cells), undoes it, tells the space", async () => {
    const { owner, v, a, b, schedule } = await setUp();
    const { name, rows } = await exportPlan(owner, v);
    expect(name).toMatch(/Work-done plan\.xlsx$/);
    expect(rows[0].slice(0, 7)).toEqual(["ID", "Code", "Work", "Unit", "Measure", "Data", "Total"]);
    // Day columns from the first work's start to the last finish, one per day.
    expect(iso((rows[0][7] as Date).getTime())).toBe("2025-01-13");
    expect(iso((rows[0][14] as Date).getTime())).toBe("2025-01-20");
    expect(rows[0].length).toBe(15);
    // Works only (no summary), three lines each: plan, fact, approved.
    expect(rows.slice(1).map((r) => `${r[1]} ${r[5]}`)).toEqual([
      "A10 Plan",
      "A10 Fact",
      "A10 Approved",
      "A20 Plan",
      "A20 Fact",
      "A20 Approved",
    ]);
    expect(rows[1].slice(0, 7)).toEqual([a.id, "A10", "Concrete", "m3", "Volume", "Plan", 100]);
    expect(rows[1].slice(7)).toEqual([20, 20, null, 20, 20, null, null, 20]);

    // The site's facts typed in Excel: 18,5 (text with a comma) on Monday, 21 on Tuesday; the plan of Friday to 25.
    const fact = lineOf(rows, "A10", "Fact");
    const plan = lineOf(rows, "A10", "Plan");
    rows[fact][columnOf(rows, "2025-01-13")] = "18,5";
    rows[fact][columnOf(rows, "2025-01-14")] = 21;
    rows[plan][columnOf(rows, "2025-01-17")] = 25;
    server.ctx.realtime.sent.length = 0;
    const answer = await upload(owner, schedule.id, v, await writeXlsxRows(rows, { sheet: "Plan", header: 1 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.cells).toBe(3);
    const now = await seriesOf(owner, v, a.id);
    expect(now["volume/fact"]).toEqual({ start: "2025-01-13", values: [18.5, 21] });
    expect(now["volume/plan"].values).toEqual([20, 20, 0, 20, 25, 0, 0, 20]);
    // A20 was not touched.
    expect((await seriesOf(owner, v, b.id))["volume/plan"].values).toEqual([4, 4]);
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "wdp_updated", versionId: v, action: "upload_wdp", itemIds: [a.id] }),
    );
    // Sent again unchanged: nothing to write.
    const again = await upload(owner, schedule.id, v, await writeXlsxRows(rows, { header: 1 }));
    expect(again.body.data.cells).toBe(0);

    // One undo takes the whole upload back.
    const history = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
    expect(history[0]).toMatchObject({ kind: "undo_wdp", action: "upload_wdp" });
    expect((await owner.call("POST", `/versions/${v}/restore`, {})).status).toBe(200);
    const undone = await seriesOf(owner, v, a.id);
    expect(undone["volume/fact"]).toBeUndefined();
    expect(undone["volume/plan"].values).toEqual([20, 20, 0, 20, 20, 0, 0, 20]);

    // The sheet in Russian reads back the same way.
    const ru = await server.call("POST", `/versions/${v}/wdp/export`, {
      token: owner.token,
      body: { measures: ["volume", "labour"] },
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
    });
    const file = await owner.call("GET", `/storage/download/${ru.body.data.fileId}`);
    const ruRows = (
      await readXlsxTable(new Uint8Array((file as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload))
    ).rows;
    expect(ruRows[0].slice(0, 7)).toEqual(["ID", "Код", "Работа", "Ед. изм.", "Показатель", "Данные", "Итого"]);
    expect(ruRows.slice(1).map((r) => `${r[1]} ${r[4]} ${r[5]}`)).toContain("A10 Трудозатраты, чел.-ч План");
    const ruFact = ruRows.findIndex((r) => r[1] === "A20" && r[4] === "Объём" && r[5] === "Факт");
    ruRows[ruFact][columnOf(ruRows, "2025-01-14")] = 3;
    const fromRu = await upload(owner, schedule.id, v, await writeXlsxRows(ruRows, { header: 1 }), "ru");
    expect(fromRu.status, JSON.stringify(fromRu.body)).toBe(200);
    expect((await seriesOf(owner, v, b.id))["volume/fact"]).toEqual({ start: "2025-01-14", values: [3] });
  });

  it("refuses a bad sheet naming the cell and writes nothing", async () => {
    const { owner, v, a, schedule, base } = await setUp();
    const { rows } = await exportPlan(owner, v);
    const fact = lineOf(rows, "A10", "Fact");
    const col = columnOf(rows, "2025-01-14");
    const ref = (row: number, column: number) => `${String.fromCharCode(65 + column)}${row + 1}`;
    const cases: [string, (r: Cell[][]) => void, string, string][] = [
      [
        "a non-number",
        (r) => {
          r[fact][col] = "abc";
        },
        "WdpUploadInvalidValue",
        `Cell ${ref(fact, col)} (work "A10 Concrete", 14.01.2025): "abc" is not a number`,
      ],
      [
        "a negative quantity",
        (r) => {
          r[fact][col] = -5;
        },
        "WdpUploadNegativeValue",
        `Cell ${ref(fact, col)} (work "A10 Concrete", 14.01.2025): the quantity cannot be negative`,
      ],
      [
        "an unknown work",
        (r) => {
          r[fact][0] = 999999;
        },
        "WdpUploadUnknownWork",
        `Cell A${fact + 1}: the version has no work with ID "999999"`,
      ],
      [
        "an inserted column",
        (r) => {
          for (const line of r) line.splice(3, 0, null);
        },
        "WdpUploadColumns",
        'Cell D1: expected "Unit", found "": the columns were moved; export the plan again and enter the values in its layout',
      ],
      [
        "a day column moved",
        (r) => {
          for (const line of r) line.splice(9, 1);
        },
        "WdpUploadColumns",
        'Cell J1: expected "15.01.2025", found "16.01.2025": the columns were moved; export the plan again and enter the values in its layout',
      ],
      [
        "an approved plan",
        (r) => {
          r[lineOf(r, "A10", "Approved")][col] = 7;
        },
        "WdpUploadApprovedPlan",
        `Cell ${ref(lineOf(rows, "A10", "Approved"), col)} (work "A10 Concrete", 14.01.2025): the approved plan is written by approving facts, not uploaded`,
      ],
      [
        "an unknown data kind",
        (r) => {
          r[fact][5] = "Forecast";
        },
        "WdpUploadUnknownLine",
        `Cell F${fact + 1}: "Forecast" is not a measure or data kind of the work-done plan`,
      ],
    ];
    for (const [what, edit, code, message] of cases) {
      const copy = rows.map((r) => [...r]);
      // a good cell beside the bad one: all or nothing
      copy[lineOf(rows, "A10", "Plan")][columnOf(rows, "2025-01-13")] = 30;
      edit(copy);
      const answer = await upload(owner, schedule.id, v, await writeXlsxRows(copy, { header: 1 }));
      expect(answer.status, what).toBe(400);
      expect(answer.body.errors[0], what).toMatchObject({ code, message });
    }
    const garbage = await upload(owner, schedule.id, v, new TextEncoder().encode("not a workbook"));
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors[0].code).toBe("MalformedFile");

    // A fact for tomorrow, and (with a 30-day entry period) a plan day of January 2025.
    const recent = await exportPlan(owner, v, { from: TWO_DAYS_AGO, to: TOMORROW });
    const recentFact = lineOf(recent.rows, "A10", "Fact");
    recent.rows[recentFact][columnOf(recent.rows, TOMORROW)] = 4;
    const future = await upload(owner, schedule.id, v, await writeXlsxRows(recent.rows, { header: 1 }));
    expect(future.body.errors[0]).toMatchObject({
      code: "WdpUploadFactInFuture",
      params: { cell: ref(recentFact, columnOf(recent.rows, TOMORROW)) },
    });
    expect((await call(owner, "PUT", `/space/${owner.spaceId}/settings`, { wdpEntryDays: 30 })).status).toBe(200);
    const old = rows.map((r) => [...r]);
    old[lineOf(old, "A10", "Plan")][col] = 33;
    const before = await upload(owner, schedule.id, v, await writeXlsxRows(old, { header: 1 }));
    expect(before.body.errors[0]).toMatchObject({
      code: "WdpUploadBeforeEntryPeriod",
      params: { cell: ref(lineOf(old, "A10", "Plan"), col) },
    });
    // Today's fact inside the period is fine.
    recent.rows[recentFact][columnOf(recent.rows, TOMORROW)] = null;
    recent.rows[recentFact][columnOf(recent.rows, TODAY)] = 4;
    const ok = await upload(owner, schedule.id, v, await writeXlsxRows(recent.rows, { header: 1 }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    // A work out of planning.
    await call(owner, "POST", `${base}/bulk-toggle-status`, { versionId: v, itemIds: [a.id], status: "disabled" });
    recent.rows[recentFact][columnOf(recent.rows, TODAY)] = 5;
    const disabled = await upload(owner, schedule.id, v, await writeXlsxRows(recent.rows, { header: 1 }));
    expect(disabled.body.errors[0]).toMatchObject({ code: "WdpUploadWorkDisabled" });

    // Nothing of the refused sheets was written.
    const now = await seriesOf(owner, v, a.id);
    expect(now["volume/plan"].values).toEqual([20, 20, 0, 20, 20, 0, 0, 20]);
    expect(now["volume/fact"]).toEqual({ start: TODAY, values: [4] });
  });

  it("reports plan against fact as a sheet and edits a period's fact from the report", async () => {
    const { owner, v, a, base } = await setUp();
    const edit = await call(owner, "PATCH", `${base}/report-edit`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "fact",
      total: "30",
      from: "2025-01-13",
      to: "2025-01-14",
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await seriesOf(owner, v, a.id))["volume/fact"]).toEqual({ start: "2025-01-13", values: [15, 15] });
    const report = (await call(owner, "GET", `/versions/${v}/wdp/report?from=2025-01-13&to=2025-01-14`)).body.data;
    expect(report.rows.find((r: { code: string }) => r.code === "A10")).toMatchObject({ plan: 40, fact: 30 });

    const made = await call(owner, "POST", `/versions/${v}/wdp/report/export`, {
      from: "2025-01-13",
      to: "2025-01-14",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const file = await owner.call("GET", `/storage/download/${made.body.data.fileId}`);
    const rows = (
      await readXlsxTable(new Uint8Array((file as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload))
    ).rows;
    expect(rows[0][0]).toBe("Plan against fact, Volume, 13.01.2025 – 14.01.2025");
    expect(rows[2].slice(0, 8)).toEqual(["Code", "Work", "Unit", "Plan", "Fact", "Approved", "Deviation", "% of plan"]);
    expect(rows.slice(3).map((r) => r.slice(0, 8))).toEqual([
      ["S", "Frame", "", 48, 30, 0, -18, 62.5],
      ["A10", "Concrete", "m3", 40, 30, 0, -10, 75],
      ["A20", "Rebar", "", 8, 0, 0, -8, 0],
      ["Total", "", "", 48, 30, 0, -18, 62.5],
    ]);
  });

  it("lets nobody of another space export, upload or edit", async () => {
    const { owner, stranger, intruder, member, v, a, schedule, base } = await setUp();
    const { rows } = await exportPlan(owner, v);
    rows[lineOf(rows, "A10", "Plan")][7] = 50;
    const bytes = await writeXlsxRows(rows, { header: 1 });
    for (const who of [stranger, intruder]) {
      for (const url of [`/versions/${v}/wdp/export`, `/versions/${v}/wdp/report/export`]) {
        const answer = await who.call("POST", url, { from: "2025-01-13", to: "2025-01-14" });
        expect([403, 404], url).toContain(answer.status);
      }
    }
    for (const who of [stranger, intruder, member]) {
      expect([403, 404]).toContain((await upload(who, schedule.id, v, bytes)).status);
      const edit = await who.call("PATCH", `${base}/report-edit`, {
        versionId: v,
        itemId: a.id,
        measure: "volume",
        kind: "fact",
        total: 1,
        from: "2025-01-13",
        to: "2025-01-13",
      });
      expect([403, 404]).toContain(edit.status);
    }
    // The other space's own schedule cannot name this version.
    const elsewhere = await setUpWorkspace(server);
    expect((await upload(elsewhere.owner, elsewhere.schedule.id, v, bytes)).status).toBe(404);
    expect((await seriesOf(owner, v, a.id))["volume/plan"].values).toEqual([20, 20, 0, 20, 20, 0, 0, 20]);
  });
});
