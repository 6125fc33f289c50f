import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, buildTree, setUpSpace } from "../structure/structure.test-kit.js";
import { bimTestFiles, linkedBimProject, uploadIfc } from "./bim-links.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const { fixture } = bimTestFiles;
const upload = (who: Actor, projectId: string, bytes: Buffer, filename: string) =>
  uploadIfc(server, who, projectId, bytes, filename);
const linkedProject = (owner: Actor) => linkedBimProject(server, owner);

describe("3D links", () => {
  it("ties elements to works by hand and by rule, both ways, and unties them", async () => {
    const { owner, member } = await setUpSpace(server);
    const { project, model, version, link, slabWork, manual } = await linkedProject(owner);
    expect(link).toMatchObject({ name: "Main", versionId: version.id, modelIds: [model.id], relationCount: 0 });
    const base = `/versions/${version.id}/3d/link/${link.id}`;

    // By rule: the element whose Tag equals a work's code — the slab 917 and the work 670677.
    const byRule = await owner.call("POST", `${base}/create-relations`, {
      rule: { property: "Attributes.Tag", equals: "code" },
    });
    expect(byRule.body.data).toEqual({ created: 1 });
    expect((await member.call("GET", `${base}/${slabWork}`)).body.data).toEqual([
      { modelId: model.id, expressId: 917, itemId: slabWork },
    ]);
    // Again: nothing new (a tie exists once).
    expect(
      (await owner.call("POST", `${base}/create-relations`, { rule: { property: "Attributes.Tag", equals: "code" } }))
        .body.data,
    ).toEqual({
      created: 0,
    });

    // By hand: two columns (many elements) to the manual work, and the slab to it too (many works per element).
    const columns = (
      await owner.call("GET", `/projects/${project.id}/3d/${model.id}/attributes?text=ifccolumn&limit=2`)
    ).body.data.elements.map((e: { expressId: number }) => e.expressId);
    expect(columns).toHaveLength(2);
    const byHand = await owner.call("POST", `${base}/create-relations`, {
      modelId: model.id,
      expressIds: [...columns, 917],
      itemIds: [manual],
    });
    expect(byHand.body.data).toEqual({ created: 3 });
    const works = (
      await member.call("POST", `${base}/wbs-ids-by-element-ids`, { modelId: model.id, expressIds: [917] })
    ).body.data;
    expect(works.map((w: { itemId: number }) => w.itemId).sort()).toEqual([slabWork, manual].sort());
    expect((await member.call("GET", `${base}/wbs-node-relations`)).body.data).toHaveLength(4);
    expect((await member.call("GET", `/projects/${project.id}/3d/link`)).body.data[0].relationCount).toBe(4);

    const untied = await owner.call("DELETE", `${base}/relation`, {
      modelId: model.id,
      expressIds: [917],
      itemIds: [manual],
    });
    expect(untied.body.data).toEqual({ deleted: 1 });
    expect(
      (await member.call("GET", `${base}/${manual}`)).body.data.map((e: { expressId: number }) => e.expressId),
    ).toEqual(columns);

    // Deleting the model drops its ties with it.
    await owner.call("DELETE", `/projects/${project.id}/3d/${model.id}/delete`);
    expect((await member.call("GET", `${base}/wbs-node-relations`)).body.data).toEqual([]);
  });

  it("colours elements in 4D at given dates as a planner would by hand", async () => {
    const { owner, member } = await setUpSpace(server);
    const { model, version, link, slabWork, other, manual } = await linkedProject(owner);
    const base = `/versions/${version.id}/3d/link/${link.id}`;
    // Three works with hand-set dates: the slab's (670677) done on 15.01 in fact; "other" planned 20.01–25.01;
    // "manual" planned to finish on 14.01 and not done.
    const setDates = (id: number, dates: Record<string, string | null>) =>
      server.ctx.db.execute(sql`update wbs_items set early_start = ${dates.es}::timestamp, early_finish = ${dates.ef}::timestamp,
        actual_start = ${dates.as}::timestamp, actual_finish = ${dates.af}::timestamp where id = ${id}`);
    await setDates(slabWork, {
      es: "2025-01-13 08:00",
      ef: "2025-01-16 17:00",
      as: "2025-01-13 08:00",
      af: "2025-01-15 17:00",
    });
    await setDates(other, { es: "2025-01-20 08:00", ef: "2025-01-25 17:00", as: null, af: null });
    await setDates(manual, { es: "2025-01-13 08:00", ef: "2025-01-14 17:00", as: null, af: null });
    server.ctx.changes.advance();
    // Elements: the slab (917) to its work; 232 to "other"; 322 to "manual"; 392 to both "other" and the slab's.
    await owner.call("POST", `${base}/create-relations`, { modelId: model.id, expressIds: [917], itemIds: [slabWork] });
    await owner.call("POST", `${base}/create-relations`, {
      modelId: model.id,
      expressIds: [232, 392],
      itemIds: [other],
    });
    await owner.call("POST", `${base}/create-relations`, { modelId: model.id, expressIds: [322], itemIds: [manual] });
    await owner.call("POST", `${base}/create-relations`, { modelId: model.id, expressIds: [392], itemIds: [slabWork] });
    const at = async (date: string) =>
      Object.fromEntries(
        (
          (await member.call("GET", `${base}/player?date=${date}`)).body.data as { expressId: number; status: string }[]
        ).map((e) => [e.expressId, e.status]),
      );
    expect(await at("2025-01-10")).toEqual({
      917: "not_started",
      232: "not_started",
      322: "not_started",
      392: "not_started",
    });
    expect(await at("2025-01-14T12:00")).toEqual({
      917: "in_progress",
      232: "not_started",
      322: "in_progress",
      392: "in_progress",
    });
    expect(await at("2025-01-21")).toEqual({ 917: "done", 232: "in_progress", 322: "late", 392: "in_progress" });
    expect(await at("2025-01-27")).toEqual({ 917: "done", 232: "late", 322: "late", 392: "late" });
    const bad = await member.call("GET", `${base}/player?date=21.01.2025`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe("InvalidDate");
  });

  it("answers each tied element's dates against the target version, and a schedule's links and property names", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server);
    const { project, schedule, model, version, link, slabWork, manual } = await linkedProject(owner);
    const base = `/versions/${version.id}/3d/link/${link.id}`;
    // The slab's work: done 13.01–15.01 in fact against a target finishing on 14.01 17:00 — a day late.
    // The manual work: planned to finish 16.01 12:00 against a target finishing 17.01 12:00 — a day ahead.
    await server.ctx.db.execute(sql`update wbs_items set early_start = '2025-01-13 08:00', early_finish = '2025-01-16 17:00',
      actual_start = '2025-01-13 08:00', actual_finish = '2025-01-15 17:00',
      target_start = '2025-01-13 08:00', target_finish = '2025-01-14 17:00' where id = ${slabWork}`);
    await server.ctx.db.execute(sql`update wbs_items set early_start = '2025-01-14 08:00', early_finish = '2025-01-16 12:00',
      target_start = null, target_finish = '2025-01-17 12:00' where id = ${manual}`);
    server.ctx.changes.advance();
    // 917 to both works, 392 to the slab's, 232 to the manual one.
    await owner.call("POST", `${base}/create-relations`, {
      modelId: model.id,
      expressIds: [917, 392],
      itemIds: [slabWork],
    });
    await owner.call("POST", `${base}/create-relations`, {
      modelId: model.id,
      expressIds: [917, 232],
      itemIds: [manual],
    });
    const dates = (await member.call("GET", `${base}/dates-for-deviation`)).body.data;
    const of = (id: number) => dates.find((d: { expressId: number }) => d.expressId === id);
    expect(dates).toHaveLength(3);
    expect(of(392)).toEqual({
      modelId: model.id,
      expressId: 392,
      start: "2025-01-13T08:00",
      finish: "2025-01-15T17:00",
      targetStart: "2025-01-13T08:00",
      targetFinish: "2025-01-14T17:00",
      finishDeviationDays: 1,
    });
    expect(of(232)).toMatchObject({
      start: "2025-01-14T08:00",
      finish: "2025-01-16T12:00",
      targetStart: null,
      targetFinish: "2025-01-17T12:00",
      finishDeviationDays: -1,
    });
    // Both works: the first start, the last finish of each span — 16.01 12:00 against 17.01 12:00.
    expect(of(917)).toMatchObject({
      start: "2025-01-13T08:00",
      finish: "2025-01-16T12:00",
      targetStart: "2025-01-13T08:00",
      targetFinish: "2025-01-17T12:00",
      finishDeviationDays: -1,
    });

    // Deviation colours: 392 a day late, 232 and 917 a day ahead; within a tolerance of 1.5 days all on time.
    const colours = async (x: string) => {
      const answer = (await member.call("GET", `${base}/indicator-colors/${x}`)).body.data;
      return Object.fromEntries(
        answer.map((e: { expressId: number; deviation: string; colour: string }) => [
          e.expressId,
          [e.deviation, e.colour],
        ]),
      );
    };
    expect(await colours("0")).toEqual({
      392: ["late", "red"],
      232: ["ahead", "blue"],
      917: ["ahead", "blue"],
    });
    expect(await colours("1.5")).toEqual({
      392: ["on_time", "green"],
      232: ["on_time", "green"],
      917: ["on_time", "green"],
    });
    for (const bad of ["-1", "abc", "400"]) {
      const refused = await member.call("GET", `${base}/indicator-colors/${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.errors[0].code, bad).toBe("InvalidNumber");
    }

    // The schedule's links and the property names of their models (for rules); another schedule has none.
    expect((await member.call("GET", `/schedules/${schedule.id}/3d/link`)).body.data).toEqual([
      expect.objectContaining({ id: link.id, versionId: version.id, relationCount: 4 }),
    ]);
    const names = (await member.call("GET", `/schedules/${schedule.id}/3d/all-attributes`)).body.data;
    expect(names).toEqual(expect.arrayContaining(["Attributes.Name", "Attributes.Tag"]));
    expect(names).toEqual([...names].sort());
    const other = (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "Другой" })).body.data;
    expect((await member.call("GET", `/schedules/${other.id}/3d/link`)).body.data).toEqual([]);
    expect((await member.call("GET", `/schedules/${other.id}/3d/all-attributes`)).body.data).toEqual([]);
    for (const who of [stranger, intruder])
      for (const path of [
        `${base}/dates-for-deviation`,
        `${base}/indicator-colors/0`,
        `/schedules/${schedule.id}/3d/link`,
        `/schedules/${schedule.id}/3d/all-attributes`,
      ])
        expect([403, 404], path).toContain((await who.call("GET", path)).status);
  });

  it("refuses elements, works, models and versions that are not the link's, changing nothing", async () => {
    const { owner } = await setUpSpace(server);
    const { project, model, version, link, manual } = await linkedProject(owner);
    const base = `/versions/${version.id}/3d/link/${link.id}`;
    const hand = (body: Record<string, unknown>) =>
      owner.call("POST", `${base}/create-relations`, {
        modelId: model.id,
        expressIds: [917],
        itemIds: [manual],
        ...body,
      });
    const unknownElement = await hand({ expressIds: [917, 424242] });
    expect(unknownElement.status).toBe(400);
    expect(unknownElement.body.errors[0]).toMatchObject({ code: "BimUnknownElement", params: { element: "424242" } });
    const unknownWork = await hand({ itemIds: [manual, 987654321] });
    expect(unknownWork.body.errors[0]).toMatchObject({ code: "BimUnknownWork", params: { work: "987654321" } });
    // A model of another project of the same space is not the link's.
    const { project: otherProject } = await buildTree(owner);
    const foreign = (await upload(owner, otherProject.id, fixture("ifc4-open-house.ifc"), "house.ifc")).json().data
      .model;
    await server.ctx.jobs.idle();
    expect((await hand({ modelId: foreign.id })).body.errors[0].code).toBe("BimLinkModel");
    const badSave = await owner.call("POST", `/projects/${project.id}/3d/link/save`, {
      name: "X",
      versionId: version.id,
      modelIds: [foreign.id],
    });
    expect(badSave.body.errors[0].code).toBe("BimLinkModel");
    expect((await owner.call("GET", `${base}/wbs-node-relations`)).body.data).toEqual([]);
  });

  it("another space's member can neither read nor change links", async () => {
    const { owner, stranger, intruder } = await setUpSpace(server);
    const { project, model, version, link, manual } = await linkedProject(owner);
    const base = `/versions/${version.id}/3d/link/${link.id}`;
    for (const who of [stranger, intruder]) {
      for (const [method, path, body] of [
        ["GET", `/projects/${project.id}/3d/link`, undefined],
        ["POST", `/projects/${project.id}/3d/link/save`, { name: "X", versionId: version.id, modelIds: [model.id] }],
        ["PUT", `/projects/${project.id}/3d/link/${link.id}/update`, { name: "X" }],
        ["DELETE", `/projects/${project.id}/3d/link/delete/${link.id}`, undefined],
        ["POST", `${base}/create-relations`, { modelId: model.id, expressIds: [917], itemIds: [manual] }],
        ["GET", `${base}/wbs-node-relations`, undefined],
        ["GET", `${base}/${manual}`, undefined],
      ] as const) {
        expect([403, 404], `${method} ${path}`).toContain((await who.call(method, path, body)).status);
      }
    }
    expect((await owner.call("GET", `/projects/${project.id}/3d/link`)).body.data).toEqual([
      expect.objectContaining({ id: link.id, name: "Main", relationCount: 0 }),
    ]);
  });
});
