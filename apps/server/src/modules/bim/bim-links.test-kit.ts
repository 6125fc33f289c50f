import { readFileSync } from "node:fs";
import type { TestServer } from "../../test/test-server.js";
import { type Actor, buildTree } from "../structure/structure.test-kit.js";

/** Shared by the 3D links' tests: the IFC samples, an upload, and a project with a model linked to a version. */
export const bimTestFiles = {
  fixture: (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url)),
};

export function uploadIfc(server: TestServer, who: Actor, projectId: string, bytes: Buffer, filename: string) {
  const boundary = "----planum-ifc-link-test";
  return server.app.inject({
    method: "POST",
    url: `/api/v1/projects/${projectId}/3d/upload`,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
      "x-space-id": who.spaceId,
    },
  });
}

/** A project with the IFC2X3 sample converted, a version with three works, and a link between them. */
export async function linkedBimProject(server: TestServer, owner: Actor) {
  const { project, schedule } = await buildTree(owner);
  const model = (
    await uploadIfc(server, owner, project.id, bimTestFiles.fixture("ifc2x3-example.ifc"), "steel.ifc")
  ).json().data.model;
  await server.ctx.jobs.idle();
  const version = (
    await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Main",
      projectStart: "2025-01-13T08:00",
    })
  ).body.data;
  const work = async (code: string, name: string) =>
    (await owner.call("POST", `/versions/${version.id}/wbs/create`, { type: "work", code, name, duration: 480 })).body
      .data.item.id as number;
  // The slab's Tag is 670677; two works carry codes that the rule will match against "Attributes.Tag".
  const slabWork = await work("670677", "Фундаментная плита");
  const other = await work("999999", "Нет такого элемента");
  const manual = await work("M-1", "Монтаж колонн");
  const link = (
    await owner.call("POST", `/projects/${project.id}/3d/link/save`, {
      name: "Main",
      versionId: version.id,
      modelIds: [model.id],
    })
  ).body.data;
  return { project, schedule, model, version, link, slabWork, other, manual };
}
