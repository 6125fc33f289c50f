import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { decodeGantt, type GanttColumns } from "@planum/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { findVersion } from "../calculation/calculation.repo.js";
import { type Actor, addItem, link, readGantt, setUpWorkspace } from "../workspace.test-kit.js";
import { buildGanttShared } from "./gantt-columns.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** The Gantt as the browser asks for it, with extra headers (If-None-Match, Accept-Encoding). */
function gantt(actor: Actor, versionId: string, headers: Record<string, string> = {}) {
  return server.call("GET", `/versions/${versionId}/gantt`, {
    token: actor.token,
    headers: { "x-space-id": actor.spaceId, ...headers },
  });
}

/** The same, undecoded (the test server's `call` reads every JSON answer as text). */
function ganttBytes(actor: Actor, versionId: string, acceptEncoding: string) {
  return server.app.inject({
    method: "GET",
    url: `/api/v1/versions/${versionId}/gantt`,
    headers: { authorization: `Bearer ${actor.token}`, "x-space-id": actor.spaceId, "accept-encoding": acceptEncoding },
  });
}

describe("gantt answers of unchanged versions", () => {
  it("a process that did not build a version answers the database's kept build under the same key, never a stale one", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "Котлован", code: "A10", duration: 480 });
    await addItem(owner, v, { type: "work", name: "Фундамент", code: "A20", duration: 960 });
    const first = await gantt(owner, v);
    expect(first.status).toBe(200);
    // The build is kept with its key; marked here (a name of the same length: the packed texts count their lengths),
    // so that an answer built again would not carry the mark.
    // It is written once the version has had no new build for a moment, off the answer's path.
    const keptRows = async () =>
      (
        (await server.ctx.db.execute(sql`select head from gantt_snapshots where version_id = ${v}`)) as {
          rows: { head: Uint8Array }[];
        }
      ).rows;
    await expect.poll(async () => (await keptRows()).length, { timeout: 20_000 }).toBe(1);
    const kept = { rows: await keptRows() };
    const head = gunzipSync(kept.rows[0].head).toString("utf8");
    expect(head).toContain("Котлован");
    const marked = gzipSync(Buffer.from(head.replace("Котлован", "КОТЛОВАН")));
    await server.ctx.db.execute(sql`update gantt_snapshots set head = ${marked} where version_id = ${v}`);

    // Another process of the installation, which built nothing: the kept build under the same key.
    const second = await createTestServer({}, { database: server.database });
    try {
      const call = (url: string) =>
        second.call("GET", url, { token: owner.token, headers: { "x-space-id": owner.spaceId } });
      const answer = await call(`/versions/${v}/gantt`);
      expect(answer.status).toBe(200);
      expect(decodeGantt(answer.body.data).name).toEqual(["КОТЛОВАН", "Фундамент"]);
      // The version changed: its revision is not the kept build's, so it is built from the rows.
      const renamed = await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, {
        revision: a.revision,
        name: "Котлован 2",
      });
      expect(renamed.status).toBe(200);
      second.ctx.changes.advance();
      expect(decodeGantt((await call(`/versions/${v}/gantt`)).body.data).name).toEqual(["Котлован 2", "Фундамент"]);
      // And another space's user gets nothing of it.
      const stranger = await setUpWorkspace(second);
      const refused = await second.call("GET", `/versions/${v}/gantt`, {
        token: stranger.owner.token,
        headers: { "x-space-id": stranger.owner.spaceId },
      });
      expect(refused.status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it("answers 304 to the current ETag, a new ETag after an edit, a calculation or a calendar change", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "Котлован", code: "A10", duration: 480 });
    const b = await addItem(owner, v, { type: "work", name: "Фундамент", code: "A20", duration: 960 });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });

    const first = await gantt(owner, v);
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect(decodeGantt(first.body.data).name).toEqual(["Котлован", "Фундамент"]);

    const same = await gantt(owner, v, { "if-none-match": etag });
    expect(same.status).toBe(304);
    expect(same.raw.body).toBe("");
    expect(same.headers.etag).toBe(etag);
    // A list of ETags, or a weak one, matches as well; another ETag does not.
    expect((await gantt(owner, v, { "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    expect((await gantt(owner, v, { "if-none-match": '"other"' })).status).toBe(200);

    const renamed = await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, {
      revision: a.revision,
      name: "Котлован 2",
      duration: 960,
    });
    expect(renamed.status).toBe(200);
    const afterEdit = await gantt(owner, v, { "if-none-match": etag });
    expect(afterEdit.status).toBe(200);
    expect(decodeGantt(afterEdit.body.data).name).toEqual(["Котлован 2", "Фундамент"]);
    const editEtag = afterEdit.headers.etag as string;
    expect(editEtag).not.toBe(etag);

    expect(decodeGantt(afterEdit.body.data).calcStatus).toBe("not_calculated");
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    const afterCalc = await gantt(owner, v, { "if-none-match": editEtag });
    expect(afterCalc.status).toBe(200);
    expect(decodeGantt(afterCalc.body.data).calcStatus).toBe("calculated");
    expect(decodeGantt(afterCalc.body.data).earlyStart.every((t: number) => t > 0)).toBe(true);
    const calcEtag = afterCalc.headers.etag as string;
    expect(calcEtag).not.toBe(editEtag);

    // Calendars are part of the answer, and their edits do not touch the version.
    const [calendar] = (await owner.call("GET", "/calendars")).body.data;
    const week = Array.from({ length: 7 }, (_, day) => (day < 6 ? [["07:00", "19:00"]] : []));
    const changed = await owner.call("PUT", `/calendars/${calendar.id}`, { revision: calendar.revision, week });
    expect(changed.status).toBe(200);
    const afterCalendar = await gantt(owner, v, { "if-none-match": calcEtag });
    expect(afterCalendar.status).toBe(200);
    expect(decodeGantt(afterCalendar.body.data).calendars[0].week[5]).toEqual([["07:00", "19:00"]]);
  });

  it("compresses with gzip or brotli when asked, and the bytes are the same answer", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    for (let i = 0; i < 20; i++) await addItem(owner, v, { type: "work", name: `Работа ${i}`, duration: 480 });
    const plain = await gantt(owner, v);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");

    const zipped = await ganttBytes(owner, v, "gzip, deflate");
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const unzipped = gunzipSync(zipped.rawPayload).toString();
    expect(JSON.parse(unzipped)).toEqual(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(unzipped.length);

    const brotli = await ganttBytes(owner, v, "gzip, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.body);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
  });

  it("checks access before the cache: another space's user gets 403 or 404 even with the right ETag", async () => {
    const { owner, version, intruder, stranger } = await setUpWorkspace(server);
    await addItem(owner, version.id, { type: "work", name: "Тайное", duration: 480 });
    const cached = await gantt(owner, version.id);
    const etag = cached.headers.etag as string;

    const asIntruder = await gantt(intruder, version.id, { "if-none-match": etag });
    expect(asIntruder.status).toBe(403);
    expect(asIntruder.headers.etag).toBeUndefined();
    expect(JSON.stringify(asIntruder.body)).not.toContain("Тайное");

    const fromOwnSpace = await gantt(stranger, version.id, { "if-none-match": etag });
    expect(fromOwnSpace.status).toBe(404);
    expect(JSON.stringify(fromOwnSpace.body)).not.toContain("Тайное");
  });

  it("keeps each user's collapsed rows: one user's cached answer never reaches another whose answer differs", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    const v = version.id;
    const sum = await addItem(owner, v, { type: "sum", name: "Каркас", code: "S1" });
    await addItem(owner, v, { type: "work", name: "Колонны", code: "A10", parentId: sum.id, duration: 480 });

    const ownerOpen = await gantt(owner, v);
    expect(decodeGantt(ownerOpen.body.data).expanded).toEqual([1, 1]);
    // The member has collapsed nothing either: the same answer, the same ETag.
    const memberOpen = await gantt(member, v);
    expect(memberOpen.headers.etag).toBe(ownerOpen.headers.etag);

    const collapsed = await member.call("PATCH", `/versions/${v}/wbs/expand`, { ids: [sum.id], value: false });
    expect(collapsed.status).toBe(200);
    const memberClosed = await gantt(member, v, { "if-none-match": memberOpen.headers.etag as string });
    expect(memberClosed.status).toBe(200);
    expect(decodeGantt(memberClosed.body.data).expanded).toEqual([0, 1]);
    expect(memberClosed.headers.etag).not.toBe(ownerOpen.headers.etag);

    // The owner still gets the open tree, and the member's ETag does not validate the owner's answer.
    const ownerAgain = await gantt(owner, v, { "if-none-match": memberClosed.headers.etag as string });
    expect(ownerAgain.status).toBe(200);
    expect(decodeGantt(ownerAgain.body.data).expanded).toEqual([1, 1]);
    expect((await gantt(owner, v, { "if-none-match": ownerOpen.headers.etag as string })).status).toBe(304);
  });

  it("after each change answers what a build of the whole version answers, reading only what changed", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    const v = version.id;
    const sum = await addItem(owner, v, { type: "sum", name: "Каркас", code: "S1" });
    const a = await addItem(owner, v, { type: "work", name: "Колонны", code: "A10", parentId: sum.id, duration: 480 });
    const b = await addItem(owner, v, { type: "work", name: "Ригели", code: "A20", parentId: sum.id, duration: 960 });
    const c = await addItem(owner, v, { type: "work", name: "Кровля", code: "A30", duration: 480 });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    const calculate = () => owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    /** Relations in one order (successor, then predecessor): the answer sorts them, the database need not. */
    const sorted = (g: Omit<GanttColumns, "expanded">) => {
      const { from, to, type, lag } = g.relations;
      const keys = from.map((_, r) => r).sort((x, y) => to[x] - to[y] || from[x] - from[y]);
      const pick = (values: number[]) => keys.map((r) => values[r]);
      return { ...g, relations: { from: pick(from), to: pick(to), type: pick(type), lag: pick(lag) } };
    };
    /** The answer the browser gets equals one built whole from the database now. */
    const expectWhole = async (actor: Actor) => {
      const { expanded: _expanded, ...answer } = await readGantt(actor, v);
      const whole = await buildGanttShared(server.ctx.db, (await findVersion(server.ctx.db, v))!);
      expect(sorted(answer)).toEqual(sorted(whole));
      return answer;
    };
    await calculate();
    expect((await expectWhole(owner)).name).toEqual(["Каркас", "Колонны", "Ригели", "Кровля"]);

    // a field of one row, then a calculation that writes results
    await owner.call("PATCH", `/versions/${v}/wbs/${a.id}/update`, { revision: a.revision, duration: 1440 });
    expect((await expectWhole(owner)).duration[1]).toBe(1440);
    await calculate();
    const calculated = await expectWhole(member);
    expect(calculated.earlyStart[2]).toBeGreaterThan(calculated.earlyStart[1]);
    // a row added (the tree rearranged) and moved
    const d = await addItem(owner, v, { type: "work", name: "Связи", code: "A15", parentId: sum.id, duration: 240 });
    expect((await expectWhole(owner)).code).toEqual(["S1", "A10", "A20", "A15", "A30"]);
    expect(
      (await owner.call("POST", `/versions/${v}/wbs/${d.id}/move`, { revision: d.revision, direction: "up" })).status,
    ).toBe(200);
    expect((await expectWhole(owner)).code).toEqual(["S1", "A10", "A15", "A20", "A30"]);
    // a relation added, then deleted (no row tells of it: the count does)
    const relation = await link(owner, v, { predecessorId: d.id, successorId: c.id });
    expect((await expectWhole(owner)).relations.from).toHaveLength(2);
    expect(
      (await owner.call("DELETE", `/versions/${v}/relations/${relation.id}`, { revision: relation.revision })).status,
    ).toBe(200);
    expect((await expectWhole(owner)).relations.from).toHaveLength(1);
    // a row deleted
    expect(
      (await owner.call("DELETE", `/versions/${v}/wbs`, { items: [{ id: c.id, revision: c.revision }] })).status,
    ).toBe(200);
    expect((await expectWhole(owner)).code).toEqual(["S1", "A10", "A15", "A20"]);
    // a calendar of the space added: its position list changes
    const week = Array.from({ length: 7 }, (_, day) => (day < 5 ? [["08:00", "17:00"]] : []));
    expect((await owner.call("POST", "/calendars", { name: "Смены", week })).status).toBe(200);
    expect((await expectWhole(owner)).calendars).toHaveLength(2);
  });
});
