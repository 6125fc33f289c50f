import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace.test-kit.js";
import { writeLinks } from "./links.repo.js";

// The links of works to directory rows keep no foreign keys (db/migrations/0066_link_triggers.sql): these are the rules the keys
// kept, now held by the inserts' joins and the deletes' triggers.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function linksOf(where: { itemIds?: number[]; rowIds?: string[] }) {
  const { rows } = (await server.database.db.execute(sql`select count(*)::int as n from wbs_directory_links
    where item_id = any(${`{${(where.itemIds ?? []).join(",")}}`}::int[])
       or row_id = any(${`{${(where.rowIds ?? []).join(",")}}`}::uuid[])`)) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
}

/** A directory with three rows on the project, a second version, and works of both versions linked to the rows. */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, project, schedule, version } = ws;
  const directory = (
    await owner.call("POST", `/eps/${project.id}/directory/create`, {
      name: "Locations",
      columns: [{ name: "Floor", type: "number" }],
    })
  ).body.data;
  const base = `/eps/${project.id}/directory/${directory.id}`;
  const created = await owner.call("PUT", `${base}/update/all`, {
    create: [
      { ref: "a", code: "L1", name: "Level 1" },
      { ref: "b", code: "L2", name: "Level 2" },
      { ref: "c", code: "L3", name: "Level 3" },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const rows: string[] = created.body.data.created.map((r: { id: string }) => r.id);
  const second = (
    await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Second",
      projectStart: "2025-01-13T08:00",
    })
  ).body.data as { id: string };
  const works = [];
  for (const code of ["W1", "W2", "W3"])
    works.push(await addItem(owner, version.id, { type: "work", code, name: code }));
  const other = await addItem(owner, second.id, { type: "work", code: "X1", name: "X1" });
  for (const [v, links] of [
    [version.id, works.map((w, k) => ({ itemId: w.id, rowId: rows[k] }))],
    [second.id, [{ itemId: other.id, rowId: rows[0] }]],
  ] as const) {
    const linked = await owner.call("POST", `/versions/${v}/directory/create`, { directoryId: directory.id, links });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  }
  return { ...ws, directory, base, rows, second, works, other };
}

describe("links of works to directory rows without foreign keys", () => {
  it("a deleted work, row or directory takes its links", async () => {
    const s = await setUp();
    const { owner, version, works, rows } = s;
    expect(await linksOf({ itemIds: works.map((w) => w.id) })).toBe(3);

    const gone = await owner.call("DELETE", `/versions/${version.id}/wbs`, {
      items: [{ id: works[0]!.id, revision: works[0]!.revision }],
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await linksOf({ itemIds: [works[0]!.id] })).toBe(0);
    expect(await linksOf({ itemIds: [works[1]!.id, works[2]!.id] })).toBe(2);

    const rowGone = await owner.call("PUT", `${s.base}/update/all`, { delete: [rows[1]] });
    expect(rowGone.status, JSON.stringify(rowGone.body)).toBe(200);
    expect(await linksOf({ rowIds: [rows[1]!] })).toBe(0);
    expect(await linksOf({ itemIds: [works[2]!.id, s.other.id] })).toBe(2);

    const directoryGone = await owner.call("DELETE", `${s.base}/delete?confirmCount=2`);
    expect(directoryGone.status, JSON.stringify(directoryGone.body)).toBe(200);
    expect(await linksOf({ itemIds: [works[2]!.id, s.other.id], rowIds: rows })).toBe(0);
  });

  it("a deleted version or schedule takes its works' links", async () => {
    const s = await setUp();
    const { owner, works, rows } = s;
    const versionGone = await owner.call("DELETE", `/versions/${s.second.id}`);
    expect(versionGone.status, JSON.stringify(versionGone.body)).toBe(200);
    expect(await linksOf({ itemIds: [s.other.id] })).toBe(0);
    expect(await linksOf({ itemIds: works.map((w) => w.id) })).toBe(3);

    // the schedule cascades to its versions and works
    const scheduleGone = await owner.call("DELETE", `/schedules/${s.schedule.id}`);
    expect(scheduleGone.status, JSON.stringify(scheduleGone.body)).toBe(200);
    expect(await linksOf({ itemIds: works.map((w) => w.id), rowIds: rows })).toBe(0);
  });

  it("links only works of the version and space and rows of the directory", async () => {
    const s = await setUp();
    const foreign = await setUp(); // another space
    const db = server.database.db;
    const spaceId = s.owner.spaceId;
    const write = (itemId: number, rowId: string, versionId = s.version.id, directoryId = s.directory.id) =>
      db.transaction((tx) => writeLinks(tx, spaceId, versionId, directoryId, [{ itemId, rowId }], []));
    const fresh = await addItem(s.owner, s.version.id, { type: "work", code: "W4", name: "W4" });

    expect(await write(s.other.id, s.rows[0]!)).toBe(0); // a work of another version
    expect(await write(foreign.works[0]!.id, s.rows[0]!, s.version.id)).toBe(0); // a work of another space
    expect(await write(fresh.id, foreign.rows[0]!)).toBe(0); // a row of another directory (and space)
    expect(await linksOf({ itemIds: [fresh.id] })).toBe(0);
    expect(await write(fresh.id, s.rows[2]!)).toBe(1);
    expect(await linksOf({ itemIds: [fresh.id] })).toBe(1);

    // through the API the refusal names the link and writes nothing
    const refused = await s.owner.call("POST", `/versions/${s.version.id}/directory/create`, {
      directoryId: s.directory.id,
      links: [
        { itemId: s.works[0]!.id, rowId: s.rows[1] },
        { itemId: foreign.works[1]!.id, rowId: s.rows[1] },
      ],
    });
    expect(refused.status).toBe(404);
    expect(await linksOf({ itemIds: [s.works[0]!.id, foreign.works[1]!.id] })).toBe(2); // the two set up, unchanged
  });
});
