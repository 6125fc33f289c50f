import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { TestServer } from "../../test/test-server.js";
import type { Actor } from "../structure/structure.test-kit.js";

/** A sample estimate file of `@planum/formats` (packages/formats/test/fixtures/estimates). */
export const estimateFixture = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../../../packages/formats/test/fixtures/estimates/${name}`, import.meta.url)),
  );

/** Posts an estimate file to a project as the browser does (multipart `file`). */
export function uploadEstimate(
  server: TestServer,
  actor: Actor,
  projectId: string,
  bytes: Buffer,
  name: string,
  query = "",
  language = "en",
) {
  const boundary = "----planum-estimate";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.call("POST", `/projects/${projectId}/estimates/upload${query}`, {
    token: actor.token,
    body: payload,
    headers: {
      "x-space-id": actor.spaceId,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "x-language": language,
    },
  });
}

/** The measures the sample estimates use (м3 with 100 and 1000 м3, м2 with 100 м2, шт). */
export async function sampleMeasures(owner: Actor) {
  const m3 = (await owner.call("POST", "/costr/measures", { code: "м3", name: "Кубический метр", kind: "volume" })).body
    .data;
  for (const [code, factor] of [
    ["100 м3", 100],
    ["1000 м3", 1000],
  ] as const)
    await owner.call("POST", "/costr/measures", { code, name: code, kind: "volume", baseId: m3.id, factor });
  const m2 = (await owner.call("POST", "/costr/measures", { code: "м2", name: "Квадратный метр", kind: "volume" })).body
    .data;
  await owner.call("POST", "/costr/measures", {
    code: "100 м2",
    name: "100 м2",
    kind: "volume",
    baseId: m2.id,
    factor: 100,
  });
  await owner.call("POST", "/costr/measures", { code: "шт", name: "Штука", kind: "volume" });
}

/** Uploads a sample, waits for its job (the server's own jobs running idle) and answers the new estimate. */
export async function uploadedEstimate(server: TestServer, owner: Actor, projectId: string, file: string, query = "") {
  const started = await uploadEstimate(server, owner, projectId, estimateFixture(file), file, query);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await server.ctx.jobs.idle();
  const job = await owner.call("GET", `/jobs/${started.body.data.jobId}`);
  expect(job.body.data.status, JSON.stringify(job.body.data)).toBe("completed");
  const list = (await owner.call("GET", `/projects/${projectId}/estimates`)).body.data;
  return { ...list[0], jobId: started.body.data.jobId as string };
}
