import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/**
 * A work-type directory on the project (unit, norm) with two rows; the schedule's own attributes (unit, norm, a
 * note); a second schedule of the same project with a version; two works in each version.
 */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, project, schedule, version } = ws;
  const created = await owner.call("POST", `/eps/${project.id}/directory/create`, {
    name: "Виды работ",
    kind: "worktype",
    columns: [
      { name: "Единица", type: "list", listValues: ["м3", "т"] },
      { name: "Норма", type: "number" },
      { name: "Норма 2", type: "number" },
    ],
  });
  expect(created.status).toBe(200);
  const directory = created.body.data;
  const [unit, norm, norm2] = directory.columns.map((c: { id: string }) => c.id);
  const base = `/eps/${project.id}/directory/${directory.id}`;
  const rows = await owner.call("PUT", `${base}/update/all`, {
    create: [
      { ref: "c", code: "BET", name: "Бетонирование", values: { [unit]: "м3", [norm]: 0.8, [norm2]: 1.5 } },
      { ref: "a", code: "ARM", name: "Армирование", values: { [unit]: "т", [norm]: 12.5, [norm2]: 20 } },
    ],
  });
  const [concrete, rebar] = rows.body.data.created.map((r: { id: string }) => r.id);
  const define = async (scheduleId: string, body: Record<string, unknown>) =>
    (await owner.call("POST", `/schedules/${scheduleId}/attributes`, body)).body.data.id as string;
  const unitAttr = await define(schedule.id, { name: "Ед.", type: "list", listValues: ["м3", "т"] });
  const normAttr = await define(schedule.id, { name: "Норма", type: "number" });
  const noteAttr = await define(schedule.id, { name: "Примечание", type: "string" });
  const works = [
    await addItem(owner, version.id, { type: "work", code: "A10", name: "Фундамент" }),
    await addItem(owner, version.id, { type: "work", code: "A20", name: "Стены" }),
  ];
  const second = (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "График 2" })).body
    .data as { id: string };
  const secondVersion = (
    await owner.call("POST", `/schedules/${second.id}/versions/create`, {
      label: "Базовая",
      projectStart: "2025-01-13T08:00",
    })
  ).body.data as { id: string };
  const secondWork = await addItem(owner, secondVersion.id, { type: "work", code: "B10", name: "Кровля" });
  const secondNorm = await define(second.id, { name: "Норма", type: "number" });
  return {
    ...ws,
    directory,
    base,
    unit,
    norm,
    norm2,
    concrete,
    rebar,
    unitAttr,
    normAttr,
    noteAttr,
    works,
    second,
    secondVersion,
    secondWork,
    secondNorm,
    donors: `/schedules/${schedule.id}/directory-donors`,
  };
}

const attrsOf = async (actor: Actor, versionId: string, itemId: number) =>
  (await actor.call("GET", `/versions/${versionId}/wbs/${itemId}`)).body.data.attrs;

describe("a schedule's own donors", () => {
  it("fill the schedule's attributes from a directory it sees, follow a changed norm, and stay in their schedule", async () => {
    const s = await setUp();
    const { owner, version, works } = s;
    const v = version.id;
    for (const [columnId, attributeId] of [
      [s.unit, s.unitAttr],
      [s.norm, s.normAttr],
    ]) {
      const added = await owner.call("POST", s.donors, { directoryId: s.directory.id, columnId, attributeId });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const listed = (await owner.call("GET", s.donors)).body.data;
    expect(listed.map((d: Record<string, string>) => [d.directoryName, d.columnName, d.attributeName])).toEqual([
      ["Виды работ", "Единица", "Ед."],
      ["Виды работ", "Норма", "Норма"],
    ]);
    // the version sees them as the schedule's donors of the directory; the directory's own settings do not list them
    const seen = (await owner.call("GET", `/versions/${v}/directory`)).body.data.directories[0];
    expect(seen.donors.map((d: { attributeName: string; level: string }) => [d.attributeName, d.level])).toEqual([
      ["Ед.", "schedule"],
      ["Норма", "schedule"],
    ]);
    expect((await owner.call("GET", `${s.base}/link-settings`)).body.data.donors).toEqual([]);

    // linking with donors copies the values at once
    const linked = await owner.call("POST", `/versions/${v}/directory/create`, {
      directoryId: s.directory.id,
      links: [
        { itemId: works[0].id, rowId: s.concrete },
        { itemId: works[1].id, rowId: s.rebar },
      ],
      applyDonors: true,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await attrsOf(owner, v, works[0].id)).toEqual({ [s.unitAttr]: "м3", [s.normAttr]: 0.8 });
    expect(await attrsOf(owner, v, works[1].id)).toEqual({ [s.unitAttr]: "т", [s.normAttr]: 12.5 });

    // a norm changes in the directory: the preview names the work, the refresh writes it
    await owner.call("PUT", `${s.base}/update/all`, { update: [{ id: s.concrete, values: { [s.norm]: 0.95 } }] });
    const preview = await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, { preview: true });
    expect(preview.body.data).toMatchObject({ works: 1, values: 1, applied: false });
    expect(preview.body.data.changes).toEqual([
      expect.objectContaining({ code: "A10", attributeName: "Норма", before: 0.8, after: 0.95 }),
    ]);
    expect((await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, {})).body.data).toMatchObject({
      works: 1,
      values: 1,
      applied: true,
    });
    expect((await attrsOf(owner, v, works[0].id))[s.normAttr]).toBe(0.95);

    // the donor now takes another column; then it goes, and the refresh changes nothing more
    const normDonor = listed[1].id;
    const moved = await owner.call("PATCH", `${s.donors}/${normDonor}`, {
      directoryId: s.directory.id,
      columnId: s.norm2,
      attributeId: s.normAttr,
    });
    expect(moved.body.data[1]).toMatchObject({ columnName: "Норма 2", attributeName: "Норма" });
    await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, {});
    expect(await attrsOf(owner, v, works[1].id)).toEqual({ [s.unitAttr]: "т", [s.normAttr]: 20 });
    const left = await owner.call("DELETE", `${s.donors}/${normDonor}`);
    expect(left.body.data.map((d: { attributeName: string }) => d.attributeName)).toEqual(["Ед."]);
    await owner.call("PUT", `${s.base}/update/all`, { update: [{ id: s.rebar, values: { [s.norm2]: 25 } }] });
    expect(
      (await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, { preview: true })).body.data.works,
    ).toBe(0);

    // another schedule of the project sees the directory but not these donors, nor a directory donor into them
    await owner.call("POST", `${s.base}/donor/create`, { columnId: s.norm, attributeId: s.normAttr });
    const other = s.secondVersion.id;
    expect((await owner.call("GET", `/versions/${other}/directory`)).body.data.directories[0].donors).toEqual([]);
    await owner.call("POST", `/versions/${other}/directory/create`, {
      directoryId: s.directory.id,
      links: [{ itemId: s.secondWork.id, rowId: s.concrete }],
      applyDonors: true,
    });
    expect(await attrsOf(owner, other, s.secondWork.id)).toEqual({});
    expect((await owner.call("GET", `/schedules/${s.second.id}/directory-donors`)).body.data).toEqual([]);
  });

  it("refuses a column of another type, an attribute not of the schedule, a second donor into one attribute", async () => {
    const s = await setUp();
    const { owner } = s;
    const add = (body: Record<string, unknown>, language = "en") =>
      server.call("POST", s.donors, {
        token: owner.token,
        body: { directoryId: s.directory.id, ...body },
        headers: { "x-space-id": owner.spaceId, "x-language": language },
      });
    const wrongType = await add({ columnId: s.norm, attributeId: s.noteAttr }, "ru");
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toMatchObject({ code: "DirectoryDonorType" });
    expect(wrongType.body.errors[0].message).toBe(
      "Столбец «Норма» (number) не может заполнять атрибут «Примечание» (string): типы различаются",
    );
    // the other schedule's attribute, an attribute of the project, an unknown column, a directory not seen here
    const theirs = await add({ columnId: s.norm, attributeId: s.secondNorm });
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors[0]).toMatchObject({ params: { field: "attributeId" } });
    const projectAttr = (
      await owner.call("POST", `/eps/${s.project.id}/attributes/create`, {
        name: "Норма проекта",
        type: "number",
        target: "work",
      })
    ).body.data.id;
    expect((await add({ columnId: s.norm, attributeId: projectAttr })).status).toBe(404);
    const noColumn = await add({ columnId: crypto.randomUUID(), attributeId: s.normAttr });
    expect(noColumn.body.errors[0]).toMatchObject({ params: { field: "columnId" } });
    const farProject = (await owner.call("POST", `/facilities/${s.facility.id}/project/create`, { name: "Цех 2" })).body
      .data;
    const far = await owner.call("POST", `/eps/${farProject.id}/directory/create`, {
      name: "Чужой",
      kind: "worktype",
      columns: [{ name: "Норма", type: "number" }],
    });
    const unseen = await add({
      directoryId: far.body.data.id,
      columnId: far.body.data.columns[0].id,
      attributeId: s.normAttr,
    });
    expect(unseen.status).toBe(404);
    expect((await owner.call("GET", s.donors)).body.data).toEqual([]);

    // one donor per attribute of the schedule
    expect((await add({ columnId: s.norm, attributeId: s.normAttr })).status).toBe(200);
    const twice = await add({ columnId: s.norm2, attributeId: s.normAttr });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ code: "NameTaken", params: { field: "attributeId" } });
    const listed = (await owner.call("GET", s.donors)).body.data;
    expect(listed.map((d: { columnName: string }) => d.columnName)).toEqual(["Норма"]);
    // a bad change leaves the donor as it was; a donor of another schedule is not found here
    const bad = await owner.call("PATCH", `${s.donors}/${listed[0].id}`, {
      directoryId: s.directory.id,
      columnId: s.unit,
      attributeId: s.normAttr,
    });
    expect(bad.body.errors[0]).toMatchObject({ code: "DirectoryDonorType" });
    expect((await owner.call("GET", s.donors)).body.data).toEqual(listed);
    expect((await owner.call("DELETE", `/schedules/${s.second.id}/directory-donors/${listed[0].id}`)).status).toBe(404);
    expect((await owner.call("GET", s.donors)).body.data).toEqual(listed);
  });

  it("let no one of another space read or change them, and a reader only read them", async () => {
    const s = await setUp();
    const { owner, member, stranger, intruder } = s;
    const body = { directoryId: s.directory.id, columnId: s.norm, attributeId: s.normAttr };
    const donor = (await owner.call("POST", s.donors, body)).body.data[0].id;
    const changes: [string, string, unknown][] = [
      ["POST", s.donors, { ...body, columnId: s.norm2 }],
      ["PATCH", `${s.donors}/${donor}`, { ...body, columnId: s.norm2 }],
      ["DELETE", `${s.donors}/${donor}`, undefined],
    ];
    for (const [method, url, payload] of changes) {
      expect((await stranger.call(method as "POST", url, payload)).status, url).toBe(404);
      expect((await intruder.call(method as "POST", url, payload)).status, url).toBe(403);
      expect((await member.call(method as "POST", url, payload)).status, url).toBe(403);
    }
    expect((await stranger.call("GET", s.donors)).status).toBe(404);
    expect((await member.call("GET", s.donors)).body.data).toHaveLength(1);

    // another space's owner cannot give their schedule a donor from this space's directory or into its attribute
    const other = await setUpWorkspace(server);
    const theirAttr = (
      await other.owner.call("POST", `/schedules/${other.schedule.id}/attributes`, { name: "Норма", type: "number" })
    ).body.data.id;
    const cross = await other.owner.call("POST", `/schedules/${other.schedule.id}/directory-donors`, {
      ...body,
      attributeId: theirAttr,
    });
    expect(cross.status).toBe(404);
    const stolen = await other.owner.call("DELETE", `/schedules/${other.schedule.id}/directory-donors/${donor}`);
    expect(stolen.status).toBe(404);
    const mine = (await owner.call("GET", s.donors)).body.data;
    expect(mine.map((d: { id: string; columnName: string }) => [d.id, d.columnName])).toEqual([[donor, "Норма"]]);
  });
});
