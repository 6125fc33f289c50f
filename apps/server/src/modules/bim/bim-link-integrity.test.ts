import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { setUpSpace } from "../structure/structure.test-kit.js";
import { findLink, insertRelations, insertRelationsByCode } from "./bim-links.repo.js";
import { linkedBimProject } from "./bim-links.test-kit.js";

// Ties of elements to works keep no foreign keys (db/migrations/0066_link_triggers.sql): these are the rules the keys kept, now held
// by the inserts' joins and the deletes' triggers.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function tiesOf(where: { linkId?: string; itemIds?: number[] }) {
  const { rows } = (await server.database.db.execute(sql`select count(*)::int as n from bim_link_relations
    where link_id = ${where.linkId ?? "00000000-0000-0000-0000-000000000000"}::uuid
       or item_id = any(${`{${(where.itemIds ?? []).join(",")}}`}::int[])`)) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
}

/** A linked project whose slab (917) is tied to its work by rule and a column (232) to the manual work by hand. */
async function tiedProject() {
  const { owner } = await setUpSpace(server);
  const p = await linkedBimProject(server, owner);
  const base = `/versions/${p.version.id}/3d/link/${p.link.id}`;
  const byRule = await owner.call("POST", `${base}/create-relations`, {
    rule: { property: "Attributes.Tag", equals: "code" },
  });
  expect(byRule.body.data).toEqual({ created: 1 });
  const byHand = await owner.call("POST", `${base}/create-relations`, {
    modelId: p.model.id,
    expressIds: [232],
    itemIds: [p.manual],
  });
  expect(byHand.body.data).toEqual({ created: 1 });
  return { owner, ...p, base };
}

describe("ties of BIM elements to works without foreign keys", () => {
  it("a deleted work, link or model takes its ties", async () => {
    const t = await tiedProject();
    const { owner } = t;
    expect(await tiesOf({ linkId: t.link.id })).toBe(2);
    const { rows } = (await server.database.db.execute(
      sql`select revision from wbs_items where id = ${t.manual}`,
    )) as unknown as { rows: { revision: number }[] };
    const revision = rows[0]!.revision;
    const gone = await owner.call("DELETE", `/versions/${t.version.id}/wbs`, { items: [{ id: t.manual, revision }] });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await tiesOf({ itemIds: [t.manual] })).toBe(0);
    expect(await tiesOf({ linkId: t.link.id })).toBe(1);

    const modelGone = await owner.call("DELETE", `/projects/${t.project.id}/3d/${t.model.id}/delete`);
    expect(modelGone.status, JSON.stringify(modelGone.body)).toBe(200);
    expect(await tiesOf({ linkId: t.link.id })).toBe(0);

    const again = await tiedProject();
    const linkGone = await again.owner.call("DELETE", `/projects/${again.project.id}/3d/link/delete/${again.link.id}`);
    expect(linkGone.status, JSON.stringify(linkGone.body)).toBe(200);
    expect(await tiesOf({ linkId: again.link.id, itemIds: [again.slabWork, again.manual] })).toBe(0);
  });

  it("a deleted version takes its works' ties", async () => {
    const t = await tiedProject();
    const gone = await t.owner.call("DELETE", `/versions/${t.version.id}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await tiesOf({ linkId: t.link.id, itemIds: [t.slabWork, t.manual] })).toBe(0);
  });

  it("ties only elements of the link's models to works of its version and space", async () => {
    const t = await tiedProject();
    const other = await tiedProject(); // another space, its own model and version
    const db = server.database.db;
    const link = (await findLink(db, t.owner.spaceId, t.link.id))!.link;
    const tie = (modelId: string, itemId: number) =>
      db.transaction((tx) => insertRelations(tx, link, modelId, [322], [itemId]));
    expect(await tie(t.model.id, other.other)).toBe(0); // a work of another version and space
    expect(await tie(other.model.id, t.other)).toBe(0); // an element of a model not of the link
    expect(await tiesOf({ itemIds: [t.other, other.other] })).toBe(0);
    expect(await tie(t.model.id, t.other)).toBe(1);

    // a rule over a link naming another space's model ties nothing of it
    const stolen = { ...link, modelIds: [other.model.id] };
    expect(await db.transaction((tx) => insertRelationsByCode(tx, stolen, "Attributes.Tag"))).toBe(0);
  });
});
