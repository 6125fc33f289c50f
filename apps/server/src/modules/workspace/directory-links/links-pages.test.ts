import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Link = { itemId: number; directoryId: string; code: string; workCode: string; values: Record<string, unknown> };

/** Every page of the version's links for a query, following the cursor; the pages as they came. */
async function allPages(actor: Actor, versionId: string, query: string) {
  const pages: Link[][] = [];
  let after: string | null = null;
  do {
    const cursor: string = after ? `&after=${after}` : "";
    const answer = await actor.call("GET", `/versions/${versionId}/directory?${query}${cursor}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pages.push(answer.body.data.links);
    after = answer.body.data.next;
  } while (after !== null && pages.length < 50);
  return pages;
}

/**
 * Two directories on the project (work types with a norm, locations with a floor) and seven works: every work has a
 * work type, the odd ones a location too — eleven links.
 */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, project, version } = ws;
  const make = async (name: string, column: Record<string, unknown>, rows: [string, string, unknown][]) => {
    const created = (await owner.call("POST", `/eps/${project.id}/directory/create`, { name, columns: [column] })).body
      .data;
    const base = `/eps/${project.id}/directory/${created.id}`;
    const columnId = created.columns[0].id as string;
    const written = await owner.call("PUT", `${base}/update/all`, {
      create: rows.map(([code, rowName, value]) => ({ code, name: rowName, values: { [columnId]: value } })),
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const linked = await owner.call("POST", `${base}/linked-attribute/create`, { columnId });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    return {
      id: created.id as string,
      base,
      linkedId: linked.body.data.linked[0].id as string,
      rows: written.body.data.created.map((r: { id: string }) => r.id) as string[],
    };
  };
  const types = await make("Виды работ", { name: "Норма", type: "number" }, [
    ["BET", "Бетонирование", 0.8],
    ["ARM", "Армирование", 12.5],
  ]);
  const places = await make("Захватки", { name: "Этаж", type: "string" }, [
    ["Z1", "Секция 1", "1"],
    ["Z2", "Секция 2", "2"],
  ]);
  const works: { id: number; code: string }[] = [];
  for (let k = 1; k <= 7; k++)
    works.push(
      await addItem(owner, version.id, { type: "work", code: `A${k}0`, name: k === 4 ? "Кровля" : `Работа ${k}` }),
    );
  const linkAll = async (directoryId: string, links: { itemId: number; rowId: string }[]) =>
    expect((await owner.call("POST", `/versions/${version.id}/directory/create`, { directoryId, links })).status).toBe(
      200,
    );
  await linkAll(
    types.id,
    works.map((w, k) => ({ itemId: w.id, rowId: types.rows[k % 2] })),
  );
  await linkAll(
    places.id,
    works.filter((_, k) => k % 2 === 0).map((w, k) => ({ itemId: w.id, rowId: places.rows[k % 2] })),
  );
  return { ...ws, types, places, works };
}

describe("the version's links, page by page", () => {
  it("answers pages in work then directory order, each link once, filtered on the server", async () => {
    const s = await setUp();
    const { owner, version, works, types, places } = s;
    const v = version.id;

    const pages = await allPages(owner, v, "limit=3");
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 2]);
    const links = pages.flat();
    const keys = links.map((l) => `${String(l.itemId).padStart(9, "0")}.${l.directoryId}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(11);
    // a work with both links shows them one after the other, with the work's code and the linked values
    const first = links.filter((l) => l.itemId === works[0].id);
    expect(first.map((l) => [l.workCode, l.code]).sort()).toEqual([
      ["A10", "BET"],
      ["A10", "Z1"],
    ]);
    expect(first.find((l) => l.directoryId === types.id)?.values).toEqual({ [types.linkedId]: 0.8 });
    expect(first.find((l) => l.directoryId === places.id)?.values).toEqual({ [places.linkedId]: "1" });

    // one page holding everything has no next page
    const whole = (await owner.call("GET", `/versions/${v}/directory?limit=1000`)).body.data;
    expect(whole.links).toHaveLength(11);
    expect(whole.next).toBeNull();

    // one work's links (the work's Directories tab), one directory's, a search in works' and rows' codes and names
    const ofWork = (await owner.call("GET", `/versions/${v}/directory?itemId=${works[2].id}`)).body.data.links;
    expect(ofWork.map((l: Link) => l.code).sort()).toEqual(["BET", "Z2"]);
    const ofPlaces = (await allPages(owner, v, `limit=2&directoryId=${places.id}`)).flat();
    expect(ofPlaces.map((l) => l.workCode)).toEqual(["A10", "A30", "A50", "A70"]);
    const roof = (await allPages(owner, v, `limit=1&search=${encodeURIComponent("ровл")}`)).flat();
    expect(roof.map((l) => [l.workCode, l.code])).toEqual([["A40", "ARM"]]);
    const rebar = (await allPages(owner, v, "limit=2&search=arm")).flat();
    expect(rebar.map((l) => l.workCode)).toEqual(["A20", "A40", "A60"]);
    // a search for LIKE's wildcard finds the text, not everything
    expect((await owner.call("GET", `/versions/${v}/directory?search=%25`)).body.data.links).toEqual([]);

    // limit=0: the directories alone
    const bare = (await owner.call("GET", `/versions/${v}/directory?limit=0`)).body.data;
    expect(bare.directories.map((d: { name: string }) => d.name).sort()).toEqual(["Виды работ", "Захватки"]);
    expect(bare.links).toEqual([]);
    expect(bare.next).toBeNull();

    // a malformed cursor or a limit past the maximum is refused, in the caller's language
    const bad = await owner.call("GET", `/versions/${v}/directory?after=12;drop`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].params).toMatchObject({ field: "after" });
    expect((await owner.call("GET", `/versions/${v}/directory?limit=1001`)).status).toBe(400);
  });

  it("answers the linked values as columns per directory, following an unlink", async () => {
    const s = await setUp();
    const { owner, version, works, types, places } = s;
    const v = version.id;
    const read = async () => (await owner.call("GET", `/versions/${v}/directory/linked-values`)).body.data;
    const columns = await read();
    const ofTypes = columns.directories.find((d: { id: string }) => d.id === types.id);
    expect(ofTypes.items).toEqual(works.map((w) => w.id));
    expect(ofTypes.values).toEqual({ [types.linkedId]: [0.8, 12.5, 0.8, 12.5, 0.8, 12.5, 0.8] });
    const ofPlaces = columns.directories.find((d: { id: string }) => d.id === places.id);
    expect(ofPlaces.items).toEqual([works[0].id, works[2].id, works[4].id, works[6].id]);
    expect(ofPlaces.values).toEqual({ [places.linkedId]: ["1", "2", "1", "2"] });

    await owner.call("POST", `/versions/${v}/directory/create`, {
      directoryId: places.id,
      links: [{ itemId: works[2].id, rowId: null }],
    });
    const after = (await read()).directories.find((d: { id: string }) => d.id === places.id);
    expect(after.items).toEqual([works[0].id, works[4].id, works[6].id]);
  });

  it("shows nothing of the links to a user of another space", async () => {
    const s = await setUp();
    const { stranger, version } = s;
    expect((await stranger.call("GET", `/versions/${version.id}/directory?limit=5`)).status).toBe(404);
    expect((await stranger.call("GET", `/versions/${version.id}/directory/linked-values`)).status).toBe(404);
  });
});
