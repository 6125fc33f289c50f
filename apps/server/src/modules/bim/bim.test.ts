import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { readBimGeometry } from "@planum/contracts";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** Sends one multipart `file` part as the actor, with X-Space-Id (and a language). */
export function uploadIfc(who: Actor, projectId: string, bytes: Buffer, filename: string, language = "en") {
  const boundary = "----planum-ifc-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: "POST",
    url: `/api/v1/projects/${projectId}/3d/upload`,
    payload,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
      "x-space-id": who.spaceId,
      "x-language": language,
    },
  });
}

async function count(query: SQL): Promise<number> {
  const answer = (await server.ctx.db.execute(query)) as unknown as { rows: { n: number }[] };
  return answer.rows[0]!.n;
}
const storedFiles = (spaceId: string) =>
  count(sql`select count(*)::int as n from stored_files where space_id = ${spaceId}`);

describe("BIM models", () => {
  it("converts a sample of each schema: tree, PBS, properties, search, geometry, delete", async () => {
    const { owner, member } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    const samples = [
      { file: "ifc2x3-example.ifc", schema: "IFC2X3", storey: "Level 1", elements: 121 },
      { file: "ifc4-open-house.ifc", schema: "IFC4", storey: "", elements: 44 },
      { file: "ifc4x3-road.ifc", schema: "IFC4X3", storey: null, elements: 120 },
    ];
    server.ctx.realtime.sent.length = 0;
    const models = [];
    for (const sample of samples) {
      const answer = await uploadIfc(owner, project.id, fixture(sample.file), sample.file);
      expect(answer.statusCode).toBe(200);
      const { model, jobId } = answer.json().data;
      expect(model).toMatchObject({ name: sample.file, ifcSchema: sample.schema, status: "uploading" });
      models.push({ ...sample, id: model.id as string, jobId: jobId as string });
    }
    await server.ctx.jobs.idle();
    for (const sample of models) {
      const info = (await owner.call("GET", `/projects/${project.id}/3d/${sample.id}/info`)).body.data;
      expect(info).toMatchObject({ status: "completed", progress: 100, elementCount: sample.elements });
      expect(server.ctx.realtime.sent).toContainEqual(
        expect.objectContaining({
          type: "bim_model_upload_progress",
          modelId: sample.id,
          status: "completed",
          progress: 100,
        }),
      );
    }
    const list = (await member.call("GET", `/projects/${project.id}/3d`)).body.data;
    expect(list.map((m: { name: string }) => m.name)).toEqual(samples.map((s) => s.file));

    // IFC2X3: the project → site → building → two storeys, and a slab with its property sets.
    const revit = models[0]!;
    const url = `/projects/${project.id}/3d/${revit.id}`;
    const roots = (await member.call("GET", url)).body.data;
    expect(roots).toEqual([expect.objectContaining({ ifcType: "IfcProject", parentId: null, childCount: 1 })]);
    const pbs = (await member.call("GET", `${url}/pbs`)).body.data;
    expect(pbs.map((e: { ifcType: string; name: string }) => `${e.ifcType} ${e.name}`)).toEqual([
      "IfcProject 3458",
      "IfcBuilding ",
      "IfcBuildingStorey Level 1",
      "IfcBuildingStorey Level 2",
      "IfcSite Default",
      "IfcSpace NZ-SHS beam:100x6.0SHS:823947",
    ]);
    const level1 = pbs.find((e: { name: string }) => e.name === "Level 1");
    const onLevel1 = (await member.call("GET", `${url}?parentId=${level1.expressId}`)).body.data;
    expect(onLevel1.length).toBe(level1.elementCount);
    expect(onLevel1.every((e: { parentId: number }) => e.parentId === level1.expressId)).toBe(true);

    const slab = (await member.call("GET", `${url}/element-info/917`)).body.data;
    expect(slab).toMatchObject({
      globalId: "0sfBnoLAb0R9H9P$iaZWyE",
      ifcType: "IfcSlab",
      parentId: level1.expressId,
      hasGeometry: true,
      properties: expect.objectContaining({
        "Attributes.Tag": "670677",
        "Pset_ProductRequirements.Category": "Structural Foundations",
      }),
    });
    const found = (await member.call("GET", `${url}/attributes?text=${encodeURIComponent("structural FOUNDATIONS")}`))
      .body.data;
    expect(found.elements.map((e: { expressId: number }) => e.expressId)).toContain(917);
    const byIds = (await member.call("POST", `${url}/attributes`, { ids: [917, 917] })).body.data;
    expect(byIds).toEqual([slab]);
    const metadata = (await member.call("GET", `${url}/elements-metadata`)).body.data;
    expect(metadata).toHaveLength(revit.elements);

    const geometry = await server.call("GET", `${url}/geometry`, {
      token: member.token,
      headers: { "x-space-id": member.spaceId },
    });
    expect(geometry.status).toBe(200);
    expect(geometry.headers["content-encoding"]).toBe("gzip");
    const parts = readBimGeometry(new Uint8Array(gunzipSync(geometry.raw.rawPayload)));
    const drawn = new Set(parts.map((p) => p.expressId));
    expect(drawn).toEqual(
      new Set(
        metadata.filter((e: { hasGeometry: boolean }) => e.hasGeometry).map((e: { expressId: number }) => e.expressId),
      ),
    );
    expect(parts.every((p) => p.indices.every((i) => i < p.positions.length / 3))).toBe(true);

    // IFC4.3: infrastructure — the road and its parts are the PBS.
    const road = models[2]!;
    const roadPbs = (await member.call("GET", `/projects/${project.id}/3d/${road.id}/pbs`)).body.data;
    expect(roadPbs.some((e: { ifcType: string }) => e.ifcType === "IfcRoad")).toBe(true);
    expect(roadPbs.filter((e: { ifcType: string }) => e.ifcType === "IfcFacilityPart").length).toBeGreaterThan(10);

    // A reader cannot delete; the owner deletes, and the model's objects and files go with it.
    expect((await member.call("DELETE", `${url}/delete`)).status).toBe(403);
    const filesBefore = await storedFiles(owner.spaceId);
    expect((await owner.call("DELETE", `${url}/delete`)).status).toBe(200);
    expect((await owner.call("GET", `${url}/info`)).status).toBe(404);
    expect(await storedFiles(owner.spaceId)).toBe(filesBefore - 2);
    expect(await count(sql`select count(*)::int as n from bim_elements where model_id = ${revit.id}`)).toBe(0);
  });

  it("refuses what is not a complete IFC of a supported schema, in the caller's language, keeping nothing", async () => {
    const { owner } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    const good = fixture("ifc4-open-house.ifc").toString("latin1");
    const cases: [string, Buffer, string, Record<string, string>][] = [
      [
        "not IFC",
        Buffer.from("<html>not a model</html>"),
        "BimNotIfc",
        {
          en: "The file is not an IFC model (ISO 10303-21)",
          ru: "Файл не является моделью IFC (ISO 10303-21)",
          fr: "Le fichier n’est pas un modèle IFC (ISO 10303-21)",
        },
      ],
      [
        "truncated",
        Buffer.from(good.slice(0, Math.floor(good.length / 2)), "latin1"),
        "BimTruncated",
        {
          en: "The IFC file is incomplete: it ends before its last line",
          ru: "Файл IFC неполон: он обрывается до последней строки",
          fr: "Le fichier IFC est incomplet : il s’arrête avant sa dernière ligne",
        },
      ],
      [
        "IFC2X2",
        Buffer.from(good.replace("FILE_SCHEMA(('IFC4'))", "FILE_SCHEMA(('IFC2X2_FINAL'))"), "latin1"),
        "BimUnsupportedSchema",
        {
          en: "The IFC schema IFC2X2_FINAL is not supported: upload IFC2X3, IFC4 or IFC4.3",
          ru: "Схема IFC IFC2X2_FINAL не поддерживается: загрузите IFC2X3, IFC4 или IFC4.3",
          fr: "Le schéma IFC IFC2X2_FINAL n’est pas pris en charge : chargez de l’IFC2X3, de l’IFC4 ou de l’IFC4.3",
        },
      ],
    ];
    const filesBefore = await storedFiles(owner.spaceId);
    for (const [label, bytes, code, messages] of cases) {
      for (const language of ["en", "ru", "fr"]) {
        const answer = await uploadIfc(owner, project.id, bytes, `${label}.ifc`, language);
        expect(answer.statusCode, label).toBe(400);
        expect(answer.json().errors[0]).toMatchObject({ code, message: messages[language] });
      }
    }
    expect((await owner.call("GET", `/projects/${project.id}/3d`)).body.data).toEqual([]);
    expect(await storedFiles(owner.spaceId)).toBe(filesBefore);
  });

  it("a conversion that fails leaves no model behind and says why", async () => {
    const { owner } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    // Header and closing line are right, but the data section is garbage web-ifc cannot read as entities.
    const broken = Buffer.from(
      "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('x','',(''),(''),'','','');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n#1=IFCWALL(#2,#3;;;\nENDSEC;\nEND-ISO-10303-21;\n",
    );
    server.ctx.realtime.sent.length = 0;
    const filesBefore = await storedFiles(owner.spaceId);
    const answer = await uploadIfc(owner, project.id, broken, "broken.ifc");
    expect(answer.statusCode).toBe(200);
    await server.ctx.jobs.idle();
    const { model, jobId } = answer.json().data;
    expect((await owner.call("GET", `/projects/${project.id}/3d/${model.id}/info`)).status).toBe(404);
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({
        type: "bim_model_upload_progress",
        modelId: model.id,
        jobId,
        status: "error",
        error: "BimConversionFailed",
        reason: "the file holds no IfcProject",
      }),
    );
    expect(await storedFiles(owner.spaceId)).toBe(filesBefore);
  });

  it("another space's member can neither read nor change a model", async () => {
    const { owner, stranger, intruder } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    const answer = await uploadIfc(owner, project.id, fixture("ifc4-open-house.ifc"), "house.ifc");
    const { model } = answer.json().data;
    await server.ctx.jobs.idle();
    const url = `/projects/${project.id}/3d/${model.id}`;
    for (const who of [stranger, intruder]) {
      for (const [method, path] of [
        ["GET", `/projects/${project.id}/3d`],
        ["GET", `${url}/info`],
        ["GET", url],
        ["GET", `${url}/pbs`],
        ["GET", `${url}/elements-metadata`],
        ["GET", `${url}/attributes?text=wall`],
        ["GET", `${url}/element-info/1`],
        ["GET", `${url}/geometry`],
        ["DELETE", `${url}/delete`],
      ] as const) {
        expect([403, 404], `${method} ${path}`).toContain((await who.call(method, path)).status);
      }
      expect((await uploadIfc(who, project.id, fixture("ifc4-open-house.ifc"), "x.ifc")).statusCode).not.toBe(200);
    }
    expect((await owner.call("GET", `${url}/info`)).body.data.status).toBe("completed");
  });
});
