import fs from "node:fs";
import path from "node:path";
import { readSchedule, type ScheduleModel, writeSchedule } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, setUpWorkspace, uploadVersionFile } from "../workspace/workspace.test-kit.js";

const corpus = path.resolve(__dirname, "../../../../..", "../shared/corpus");

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function upload(actor: Actor, scheduleId: string, bytes: Uint8Array, name: string) {
  return uploadVersionFile(server, actor, scheduleId, bytes, name);
}

async function exported(actor: Actor, versionId: string, format: string): Promise<Buffer> {
  const answer = await actor.call("POST", `/versions/${versionId}/export/${format}`);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  const download = await actor.call("GET", `/storage/download/${answer.body.data.fileId}`);
  return (download as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload;
}

const r6 = (x: number | undefined) => (x === undefined ? "-" : String(Math.round(x * 1e4) / 1e4));

/** Assignments of the model's first project as "activity code | resource code | units… | costs…", sorted. */
function assignmentLines(model: ScheduleModel): string[] {
  const project = model.projects[0]?.id;
  const activities = new Map(model.activities.filter((a) => a.projectId === project).map((a) => [a.id, a.code]));
  const resources = new Map(model.resources.map((r) => [r.id, r.code]));
  return model.assignments
    .filter((a) => activities.has(a.activityId))
    .map((a) =>
      [
        activities.get(a.activityId),
        resources.get(a.resourceId),
        r6(a.plannedUnits),
        r6(a.actualUnits),
        r6(a.remainingUnits),
        r6(a.plannedCost),
        r6(a.actualCost),
        r6(a.remainingCost),
      ].join("|"),
    )
    .sort();
}

/** The assigned resources (and their ancestors) as "code | name | type | unit | max units/h | price | parent code". */
function resourceLines(model: ScheduleModel): string[] {
  const byId = new Map(model.resources.map((r) => [r.id, r]));
  const lines = new Set<string>();
  const project = model.projects[0]?.id;
  const inProject = new Set(model.activities.filter((a) => a.projectId === project).map((a) => a.id));
  for (const a of model.assignments) {
    if (!inProject.has(a.activityId)) continue;
    for (let r = byId.get(a.resourceId); r; r = r.parentId ? byId.get(r.parentId) : undefined)
      lines.add(
        [
          r.code,
          r.name,
          r.type,
          r.unit ?? "",
          r6(r.maxUnitsPerHour),
          r6(r.costPerUnit),
          byId.get(r.parentId ?? "")?.code ?? "",
        ].join("|"),
      );
  }
  return [...lines].sort();
}

const FILES: [string, string][] = [
  ["xer/encoding1251.xer", "xer"],
  ["pmxml/primavera.xml", "xml-primavera"],
  ["pmxml/BaselineProjects.xml", "xml-primavera"],
  ["mspdi/sample.xml", "xml"],
];

describe("resources and assignments of schedule files", () => {
  for (const [file, format] of FILES) {
    it(`${file}: stores resources and assignments, and writes them back unchanged`, async () => {
      const { owner, schedule, space } = await setUpWorkspace(server);
      const bytes = fs.readFileSync(path.join(corpus, file));
      const source = await readSchedule(bytes, { fileName: file });
      const uploaded = await upload(owner, schedule.id, bytes, path.basename(file));
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const versionId = uploaded.body.data.versionId;
      expect(uploaded.body.data.report.stored.resources).toBeGreaterThan(0);

      const stored = (await owner.call("GET", `/assignment?versionId=${versionId}`)).body.data;
      expect(stored).toHaveLength(assignmentLines(source).length);
      const directory = (await owner.call("GET", `/space/${space.id}/resources`)).body.data as { code: string }[];
      for (const line of resourceLines(source)) expect(directory.map((r) => r.code)).toContain(line.split("|")[0]);

      const back = await readSchedule(await exported(owner, versionId, format), { fileName: `back.${format}` });
      expect(assignmentLines(back)).toEqual(assignmentLines(source));
      expect(resourceLines(back)).toEqual(resourceLines(source));

      // A second upload of the same file finds its resources by code instead of adding them again.
      const again = await upload(owner, schedule.id, bytes, path.basename(file));
      expect(again.status).toBe(200);
      expect((await owner.call("GET", `/space/${space.id}/resources`)).body.data).toHaveLength(directory.length);
      expect(again.body.data.report.warnings.map((w: { code: string }) => w.code)).toContain("ResourcesMatchedByCode");
    });
  }

  it("carries units and costs across formats: P6 XML in, XER and MS Project XML out", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const bytes = fs.readFileSync(path.join(corpus, "pmxml/BaselineProjects.xml"));
    const source = await readSchedule(bytes, { fileName: "b.xml" });
    const uploaded = await upload(owner, schedule.id, bytes, "b.xml");
    for (const format of ["xer", "xml", "json"]) {
      const back = await readSchedule(await exported(owner, uploaded.body.data.versionId, format), {
        fileName: `back.${format}`,
      });
      const units = (lines: string[]) => lines.map((l) => l.split("|").slice(0, 5).join("|"));
      expect(units(assignmentLines(back)), format).toEqual(units(assignmentLines(source)));
    }
  });

  it("keeps resource curves: P6 XML in with a curve on each assignment; XER, P6 XML and MS Project XML out", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const model = await readSchedule(fs.readFileSync(path.join(corpus, "pmxml/primavera.xml")), { fileName: "p.xml" });
    const curves = ["bell", "front_loaded", "back_loaded", "early_peak", "late_peak", "double_peak", "turtle"] as const;
    model.assignments.forEach((a, k) => {
      a.curve = curves[k % curves.length];
    });
    const uploaded = await upload(owner, schedule.id, await writeSchedule(model, "pmxml"), "curves.xml");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const versionId = uploaded.body.data.versionId;
    const stored = (await owner.call("GET", `/assignment?versionId=${versionId}`)).body.data as { curve: string }[];
    expect(stored).toHaveLength(model.assignments.length);
    // Each curve is stored as the one the file named (what the assignments tab shows and the costs spread by).
    const count = (list: (string | undefined)[]) => curves.map((c) => list.filter((x) => x === c).length);
    expect(count(stored.map((a) => a.curve))).toEqual(count(model.assignments.map((a) => a.curve)));
    const key = (m: ScheduleModel) => {
      const code = new Map(m.activities.map((a) => [a.id, a.code]));
      const rsrc = new Map(m.resources.map((r) => [r.id, r.code]));
      return m.assignments.map((a) => `${code.get(a.activityId)}|${rsrc.get(a.resourceId)}|${a.curve}`).sort();
    };
    for (const format of ["xer", "xml-primavera", "xml"]) {
      const back = await readSchedule(await exported(owner, versionId, format), { fileName: `back.${format}` });
      expect(key(back), format).toEqual(key(model));
    }
  });

  it("keeps roles as specialties and prices and availability by period: XER in, XER and P6 XML out", async () => {
    const { owner, schedule, space } = await setUpWorkspace(server);
    const model = await readSchedule(fs.readFileSync(path.join(corpus, "xer/encoding1251.xer")), { fileName: "e.xer" });
    const assigned = new Set(model.assignments.map((a) => a.resourceId));
    const crew = model.resources.find((r) => assigned.has(r.id));
    if (!crew) throw new Error("the corpus file has no assigned resource");
    model.roles = [{ id: "9002", code: "MASON", name: "Каменщик" }];
    crew.roleId = "9002";
    crew.periods = [
      { costPerUnit: 10, maxUnitsPerHour: 2 },
      { from: "2025-01-20T00:00", costPerUnit: 20, maxUnitsPerHour: 3 },
    ];
    [crew.costPerUnit, crew.maxUnitsPerHour] = [10, 2];
    const uploaded = await upload(owner, schedule.id, await writeSchedule(model, "xer"), "roles.xer");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);

    const specialties = (await owner.call("GET", `/space/${space.id}/specialty`)).body.data as {
      id: string;
      name: string;
    }[];
    expect(specialties.map((s) => s.name)).toEqual(["Каменщик"]);
    const directory = (await owner.call("GET", `/space/${space.id}/resources`)).body.data as {
      code: string;
      specialtyId: string | null;
      availability: unknown[];
      rates: unknown[];
    }[];
    const stored = directory.find((r) => r.code === crew.code);
    expect(stored).toMatchObject({
      specialtyId: specialties[0].id,
      availability: [
        { from: "2000-01-01", maxUnitsPerDay: 16 },
        { from: "2025-01-20", maxUnitsPerDay: 24 },
      ],
      rates: [
        { from: "2000-01-01", pricePerUnit: 10 },
        { from: "2025-01-20", pricePerUnit: 20 },
      ],
    });

    for (const format of ["xer", "xml-primavera"]) {
      const back = await readSchedule(await exported(owner, uploaded.body.data.versionId, format), {
        fileName: `back.${format}`,
      });
      const again = back.resources.find((r) => r.code === crew.code);
      expect(
        back.roles?.map((r) => r.name),
        format,
      ).toEqual(["Каменщик"]);
      expect(again?.roleId, format).toBe(back.roles?.[0].id);
      expect(again?.periods, format).toEqual(crew.periods);
    }
  });

  it("MS Project tasks without a calendar of their own come in resource dependent and go back out so", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const bytes = fs.readFileSync(path.join(corpus, "mspdi/sample.xml"));
    const source = await readSchedule(bytes, { fileName: "sample.xml" });
    const driven = source.activities.filter((a) => a.type === "resource_dependent").map((a) => a.code);
    expect(driven.length).toBeGreaterThan(0);
    const uploaded = await upload(owner, schedule.id, bytes, "sample.xml");
    expect(uploaded.status).toBe(200);
    const versionId = uploaded.body.data.versionId;
    const rows = (await owner.call("GET", `/versions/${versionId}/wbs`)).body.data as {
      code: string;
      resourceDependent: boolean;
    }[];
    expect(rows.filter((r) => r.resourceDependent).map((r) => r.code)).toEqual(driven);
    for (const format of ["xml", "xer"]) {
      const back = await readSchedule(await exported(owner, versionId, format), { fileName: `back.${format}` });
      expect(
        back.activities.filter((a) => a.type === "resource_dependent").map((a) => a.code),
        format,
      ).toEqual(driven);
    }
  });
});
