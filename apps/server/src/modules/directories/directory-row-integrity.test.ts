import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { readCatalog, scopeOf } from "../backups/backup-graph.js";
import { type Actor, buildTree, setUpSpace } from "../structure/structure.test-kit.js";

// Directory rows keep no foreign key to their directory or their parent row (db/migrations/0067_dir_row_triggers.sql):
// these are the rules the keys kept, now held by the writers' lock and the deletes' triggers.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** The codes of the directory's rows still stored, in code order. */
async function storedCodes(directoryId: string) {
  const { rows } = (await server.database.db.execute(
    sql`select code from directory_rows where directory_id = ${directoryId} order by code`,
  )) as unknown as { rows: { code: string }[] };
  return rows.map((r) => r.code);
}

/** A directory on the facility: A > A1 > A11, A > A2, and B. */
async function tree(owner: Actor, nodeId: string) {
  const directory = (
    await owner.call("POST", `/eps/${nodeId}/directory/create`, {
      name: "Locations",
      columns: [{ name: "Floor", type: "number" }],
    })
  ).body.data as { id: string };
  const base = `/eps/${nodeId}/directory/${directory.id}`;
  const written = await owner.call("PUT", `${base}/update/all`, {
    create: [
      { ref: "a", code: "A", name: "A" },
      { ref: "a1", parentRef: "a", code: "A1", name: "A1" },
      { parentRef: "a1", code: "A11", name: "A11", values: {} },
      { parentRef: "a", code: "A2", name: "A2" },
      { code: "B", name: "B" },
    ],
  });
  expect(written.status, JSON.stringify(written.body)).toBe(200);
  const ids = new Map<string, string>(
    (written.body.data.created as { id: string }[]).map((c, k) => [["A", "A1", "A11", "A2", "B"][k]!, c.id]),
  );
  return { directory, base, ids };
}

describe("directory rows without foreign keys", () => {
  it("a deleted row takes every row under it, by the API or by any delete", async () => {
    const { owner } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    const { directory, base, ids } = await tree(owner, facility.id);

    const gone = await owner.call("PUT", `${base}/update/all`, { delete: [ids.get("A1")] });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.data).toMatchObject({ deleted: 2, rowCount: 3 });
    expect(await storedCodes(directory.id)).toEqual(["A", "A2", "B"]);

    // Any writer's delete, not only the service's: the trigger takes the subtree.
    await server.database.db.execute(sql`delete from directory_rows where id = ${ids.get("A")!}`);
    expect(await storedCodes(directory.id)).toEqual(["B"]);
    const page = await owner.call("GET", `${base}/rows`);
    expect(page.body.data.total).toBe(1);
  });

  it("a deleted directory, or the node that keeps it, takes its rows", async () => {
    const { owner } = await setUpSpace(server);
    const { root, facility } = await buildTree(owner);
    const first = await tree(owner, facility.id);
    const second = await tree(owner, root.id);
    const third = await tree(owner, facility.id);

    const deleted = await owner.call("DELETE", `${first.base}/delete?confirmCount=5`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await storedCodes(first.directory.id)).toEqual([]);

    // A node's delete cascades to its directories, and their rows go with them; another node's stay.
    await server.database.db.execute(sql`delete from eps_nodes where id = ${facility.id}`);
    expect(await storedCodes(third.directory.id)).toEqual([]);
    expect(await storedCodes(second.directory.id)).toEqual(["A", "A1", "A11", "A2", "B"]);
  });

  it("a backup holds the rows, parents before children, as keys would have placed them", async () => {
    const { space } = await setUpSpace(server);
    const scope = scopeOf(await readCatalog(server.database.db), "space", space.id, space.id);
    const names = scope.tables.map((t) => t.info.name);
    expect(names).toContain("directory_rows");
    expect(names.indexOf("directories")).toBeLessThan(names.indexOf("directory_rows"));
    const rows = scope.tables.find((t) => t.info.name === "directory_rows")!;
    expect(rows.selfKeys.map((k) => k.columns)).toEqual([["parent_id"]]);
    expect(rows.parents.map((k) => k.parent)).toContain("directories");
  });
});
