import { decodeGantt, type GanttColumns } from "@planum/contracts";
import type { TestServer } from "../../test/test-server.js";
import { type Actor, buildTree, setUpSpace } from "../structure/structure.test-kit.js";

export type { Actor };

/** The test server, structurally (this kit is compiled with the server, the test server is not). */
type ServerLike = Parameters<typeof setUpSpace>[0];

/**
 * A space with an owner, a read-only member and a stranger, a project with a schedule, and one version of it
 * starting Monday 2025-01-13 08:00. Calls send X-Space-Id like the web does.
 */
export async function setUpWorkspace(server: ServerLike, memberAbilities: string[] | null = null) {
  const people = await setUpSpace(server, memberAbilities);
  const tree = await buildTree(people.owner);
  const created = await people.owner.call("POST", `/schedules/${tree.schedule.id}/versions/create`, {
    label: "Базовая",
    projectStart: "2025-01-13T08:00",
  });
  if (created.status !== 200) throw new Error(`version failed: ${JSON.stringify(created.body)}`);
  return { ...people, ...tree, version: created.body.data as { id: string; revision: number } };
}

/** Creates a WBS item and returns it (fails the test loudly otherwise). */
export async function addItem(actor: Actor, versionId: string, body: Record<string, unknown>) {
  const answer = await actor.call("POST", `/versions/${versionId}/wbs/create`, body);
  if (answer.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.item as { id: number; revision: number; code: string };
}

/** The version's Gantt as the web reads it: the answer's columns unpacked (see gantt-wire.ts). */
export async function readGantt(actor: Actor, versionId: string): Promise<GanttColumns> {
  const answer = await actor.call("GET", `/versions/${versionId}/gantt`);
  if (answer.status !== 200) throw new Error(`gantt failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return decodeGantt(answer.body.data);
}

export async function link(actor: Actor, versionId: string, body: Record<string, unknown>) {
  const answer = await actor.call("POST", `/versions/${versionId}/relations`, body);
  if (answer.status !== 200) throw new Error(`relation failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.relation as { id: number; revision: number };
}

/** Uploads a schedule file as a new version of the schedule, as the import dialog does (multipart, synchronous). */
/**
 * A file uploaded as a new version (synchronous call), and — unless told otherwise — its assignments, code links and
 * UDF values written too: they follow the answer by the `import_details` job, which this waits for.
 */
export async function uploadVersionFile(
  server: TestServer,
  actor: Actor,
  scheduleId: string,
  bytes: Uint8Array,
  name: string,
  options: { waitForDetails?: boolean } = {},
) {
  const boundary = "----planum-version-file";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await server.call("POST", `/schedules/${scheduleId}/versions/upload/synchronous`, {
    token: actor.token,
    body: payload,
    headers: { "x-space-id": actor.spaceId, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  if (options.waitForDetails !== false) await server.ctx.jobs.idle();
  return answer;
}
