import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";
import { sampleMeasures, uploadedEstimate } from "./costr.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Sample = { num: string; work: { code: string }; share: number };
const pairs = (sample: Sample[]) => sample.map((l) => [l.num, l.work.code, Math.round(l.share * 1000) / 1000]);

describe("estimate positions linked to works by a rule", () => {
  it("links by work code, attribute and directory row, shares what manual links leave, previews and reruns", async () => {
    const ws = await setUpWorkspace(server);
    const { owner, intruder, member, project, schedule, version } = ws;
    const v = version.id;
    await sampleMeasures(owner);
    // Four positions: ГЭСН01-01-013-02, ГЭСН01-02-057-02, ГЭСН06-01-001-01, ФСБЦ-04.1.02.05-0006.
    const estimate = await uploadedEstimate(server, owner, project.id, "grand-smeta-local.xml");
    const base = `/projects/${project.id}/estimates/${estimate.id}`;
    const positions = (await owner.call("GET", base)).body.data.sections.flatMap(
      (s: { positions: { id: string; num: string }[] }) => s.positions,
    );

    // Works coded as the norms (in other letter case), two sharing one norm, a summary of a third (not a work).
    const pit = await addItem(owner, v, { type: "work", code: " гэсн01-01-013-02", name: "Котлован" });
    const trenchA = await addItem(owner, v, { type: "work", code: "ГЭСН01-02-057-02", name: "Траншея A" });
    const trenchB = await addItem(owner, v, { type: "work", code: "ГЭСН01-02-057-02", name: "Траншея B" });
    await addItem(owner, v, { type: "sum", code: "ГЭСН06-01-001-01", name: "Не работа" });
    // Position 2 is already half on trench A by hand: the rule spreads the other half over trench B only.
    const manual = await owner.call("POST", `${base}/links`, {
      positionId: positions[1].id,
      versionId: v,
      itemId: trenchA.id,
      share: 0.5,
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);

    const rule = (body: Record<string, unknown>) =>
      owner.call("POST", `${base}/links/by-rule`, { versionId: v, ...body });
    const preview = await rule({ by: "code" });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({
      applied: false,
      positions: 4,
      matched: 2,
      unmatched: 2,
      alreadyLinked: 0,
      links: 2,
    });
    expect(pairs(preview.body.data.sample)).toEqual([
      ["1", "гэсн01-01-013-02", 1],
      ["2", "ГЭСН01-02-057-02", 0.5],
    ]);
    expect(preview.body.data.sample[1].itemId).toBe(trenchB.id);
    expect(preview.body.data.unmatchedSample.map((p: { num: string }) => p.num)).toEqual(["3", "4"]);
    // A preview writes nothing.
    expect((await owner.call("GET", `${base}/links`)).body.data).toHaveLength(1);

    const applied = await rule({ by: "code", apply: true });
    expect(applied.body.data).toMatchObject({ applied: true, links: 2 });
    const links = async () =>
      (await owner.call("GET", `${base}/links`)).body.data
        .map((l: { itemId: number; share: number; source: string }) => [l.itemId, l.share, l.source])
        .sort((a: [number], b: [number]) => a[0] - b[0]);
    expect(await links()).toEqual([
      [pit.id, 1, "rule_code"],
      [trenchA.id, 0.5, "manual"],
      [trenchB.id, 0.5, "rule_code"],
    ]);
    // A rerun replaces the rule's links, never duplicates them; the manual link stays; positions whole already count.
    expect((await rule({ by: "code", apply: true })).body.data).toMatchObject({ links: 2, alreadyLinked: 0 });
    expect(await links()).toHaveLength(3);

    // By a work attribute: the concrete works carry the norm in "Расценка".
    const attribute = (
      await owner.call("POST", `/schedules/${schedule.id}/attributes`, { name: "Расценка", type: "string" })
    ).body.data.id as string;
    const slab = await addItem(owner, v, {
      type: "work",
      code: "B1",
      name: "Подготовка",
      attrs: { [attribute]: "ГЭСН06-01-001-01" },
    });
    const byAttribute = await rule({ by: "attribute", attributeId: attribute, apply: true });
    expect(byAttribute.status, JSON.stringify(byAttribute.body)).toBe(200);
    expect(pairs(byAttribute.body.data.sample)).toEqual([["3", "B1", 1]]);
    // Each rule keeps its own links: the code rule's stay beside the attribute rule's.
    expect(await links()).toEqual([
      [pit.id, 1, "rule_code"],
      [trenchA.id, 0.5, "manual"],
      [trenchB.id, 0.5, "rule_code"],
      [slab.id, 1, "rule_attribute"],
    ]);

    // By a directory row linked to the work: the row's code is the concrete's norm code.
    const directory = (
      await owner.call("POST", `/eps/${project.id}/directory/create`, {
        name: "Материалы",
        kind: "worktype",
        columns: [],
      })
    ).body.data;
    const rows = await owner.call("PUT", `/eps/${project.id}/directory/${directory.id}/update/all`, {
      create: [{ code: "ФСБЦ-04.1.02.05-0006", name: "Бетон В15" }],
    });
    const pour = await addItem(owner, v, { type: "work", code: "B2", name: "Бетонирование" });
    const linked = await owner.call("POST", `/versions/${v}/directory/create`, {
      directoryId: directory.id,
      links: [{ itemId: pour.id, rowId: rows.body.data.created[0].id }],
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const byDirectory = await rule({ by: "directory", directoryId: directory.id, apply: true });
    expect(pairs(byDirectory.body.data.sample)).toEqual([["4", "B2", 1]]);

    // Bad input in the caller's language, nothing written.
    const before = await links();
    const missing = await server.call("POST", `${base}/links/by-rule`, {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
      body: { versionId: v, by: "attribute", apply: true },
    });
    expect([missing.status, missing.body.errors[0].code, missing.body.errors[0].params?.field]).toEqual([
      400,
      "Required",
      "attributeId",
    ]);
    expect(missing.body.errors[0].message).toContain("обязательно");
    const badKind = await server.call("POST", `${base}/links/by-rule`, {
      token: owner.token,
      language: "fr",
      headers: { "x-space-id": owner.spaceId },
      body: { versionId: v, by: "color" },
    });
    expect([badKind.status, badKind.body.errors[0].code]).toEqual([400, "InvalidValue"]);
    const strangeAttribute = await rule({ by: "attribute", attributeId: crypto.randomUUID(), apply: true });
    expect([strangeAttribute.status, strangeAttribute.body.errors[0].code]).toEqual([404, "NotFound"]);
    expect(await links()).toEqual(before);

    // A read-only member may not link; another space's member neither reads nor links.
    expect((await member.call("POST", `${base}/links/by-rule`, { versionId: v, by: "code" })).status).toBe(403);
    expect((await intruder.call("POST", `${base}/links/by-rule`, { versionId: v, by: "code" })).status).toBe(403);
    expect(await links()).toEqual(before);
  });
});
