import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";
import { linkedBimProject } from "./bim-links.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("3D link rules by a directory value", () => {
  it("ties elements whose property equals the code or a column value of the work's directory row", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server);
    const { project, model, version, link, other, manual } = await linkedBimProject(server, owner);
    const base = `/versions/${version.id}/3d/link/${link.id}`;
    const projectId = project.id as string;
    const modelId = model.id as string;

    // A directory of grades: the row "670677" (the slab's Tag) for the columns' work; the row "W" whose "Tag"
    // column holds 929766 (a wall's Tag) for the other work.
    const directory = (
      await owner.call("POST", `/eps/${projectId}/directory/create`, {
        name: "Марки",
        kind: "plain",
        columns: [{ name: "Tag", type: "string" }],
      })
    ).body.data;
    const tagColumn = directory.columns[0].id as string;
    const rows = (
      await owner.call("PUT", `/eps/${projectId}/directory/${directory.id}/update/all`, {
        create: [
          { ref: "670677", code: "670677", name: "Плита" },
          { ref: "W", code: "W", name: "Стена", values: { [tagColumn]: "929766" } },
        ],
      })
    ).body.data.created as { id: string; ref: string }[];
    const row = (code: string) => rows.find((r) => r.ref === code)!.id;
    const linked = await owner.call("POST", `/versions/${version.id}/directory/create`, {
      directoryId: directory.id,
      links: [
        { itemId: manual, rowId: row("670677") },
        { itemId: other, rowId: row("W") },
      ],
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const wall = (
      await member.call("GET", `/projects/${projectId}/3d/${modelId}/attributes?text=929766`)
    ).body.data.elements.find((e: { name: string }) => e.name.includes("929766")).expressId as number;

    // By the row's code: the slab (917) to the columns' work.
    const byCode = await owner.call("POST", `${base}/create-relations`, {
      rule: { property: "Attributes.Tag", equals: "directory", directoryId: directory.id },
    });
    expect(byCode.body.data).toEqual({ created: 1 });
    expect((await member.call("GET", `${base}/${manual}`)).body.data).toEqual([
      { modelId, expressId: 917, itemId: manual },
    ]);
    // By the row's value in the column: the wall to the other work; again, nothing new.
    const rule = { property: "Attributes.Tag", equals: "directory", directoryId: directory.id, columnId: tagColumn };
    expect((await owner.call("POST", `${base}/create-relations`, { rule })).body.data).toEqual({ created: 1 });
    expect((await owner.call("POST", `${base}/create-relations`, { rule })).body.data).toEqual({ created: 0 });
    expect((await member.call("GET", `${base}/${other}`)).body.data).toEqual([
      { modelId, expressId: wall, itemId: other },
    ]);

    // Bad input, in the caller's language, writes nothing: a directory of another space, a column of none.
    const { project: foreignProject } = await buildTree(stranger);
    const foreign = (
      await stranger.call("POST", `/eps/${foreignProject.id}/directory/create`, { name: "Чужой", kind: "plain" })
    ).body.data;
    const before = (await member.call("GET", `${base}/wbs-node-relations`)).body.data.length;
    for (const bad of [
      { property: "Attributes.Tag", equals: "directory", directoryId: foreign.id },
      { property: "Attributes.Tag", equals: "directory", directoryId: directory.id, columnId: foreign.id },
    ]) {
      const refused = await server.call("POST", `${base}/create-relations`, {
        token: owner.token,
        language: "ru",
        headers: { "x-space-id": owner.spaceId },
        body: { rule: bad },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({
        code: "BimUnknownDirectory",
        message: "Справочник или его столбец не принадлежит этому пространству",
      });
    }
    const noDirectory = await owner.call("POST", `${base}/create-relations`, {
      rule: { property: "Attributes.Tag", equals: "directory" },
    });
    expect(noDirectory.status).toBe(400);
    expect((await member.call("GET", `${base}/wbs-node-relations`)).body.data).toHaveLength(before);

    // Another space's user can neither tie by the rule nor read the ties.
    for (const who of [stranger, intruder]) {
      const tried = await who.call("POST", `${base}/create-relations`, { rule });
      expect([403, 404]).toContain(tried.status);
      expect([403, 404]).toContain((await who.call("GET", `${base}/wbs-node-relations`)).status);
    }
  }, 180_000);
});
