import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SecretBox } from "../../platform/secret-box.js";
import { execRows } from "../../platform/sql.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { sealPlainRemoteTokens } from "./remote-token-seal.js";

// Two installations, each a server on its own database; the source listens on 127.0.0.1 for the target's calls.
let source: TestServer;
let target: TestServer;
let address: string;
beforeAll(async () => {
  source = await createTestServer();
  target = await createTestServer();
  await source.app.listen({ host: "127.0.0.1", port: 0 });
  address = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await target?.close();
  await source?.close();
});

type Server = TestServer;
const caller =
  (server: Server, token: string, spaceId: string) =>
  (method: "GET" | "POST" | "DELETE", url: string, body?: unknown) =>
    server.call(method, url, { token, headers: { "x-space-id": spaceId }, body, language: "ru" });

/** Rows of every table of a space that a copy carries, by content without its keys: what people see copied. */
async function contentOf(server: Server, spaceId: string) {
  const { rows } = await execRows(
    server.ctx.db,
    sql`select (select count(*)::int from eps_nodes where space_id = ${spaceId}) as nodes,
               (select count(*)::int from schedules where space_id = ${spaceId}) as schedules,
               (select count(*)::int from calendars where space_id = ${spaceId}) as calendars,
               (select string_agg(name, '|' order by name) from eps_nodes where space_id = ${spaceId}) as names,
               (select string_agg(name, '|' order by name) from schedules where space_id = ${spaceId}) as schedule_names`,
  );
  return rows[0];
}

describe("copy between installations", () => {
  it("copies a space of one installation into another as a new space, with progress events; the source is untouched", async () => {
    const owner = await source.signUp();
    const space = await source.createSpace(owner.token, "Northern plant");
    const onSource = caller(source, owner.token, space.id);
    expect((await onSource("POST", `/space/${space.id}/demo`)).status).toBe(200);
    await source.ctx.jobs.idle();
    const issued = await onSource("POST", `/space/${space.id}/remote-tokens`, { label: "Head office" });
    expect(issued.status).toBe(200);
    const token = issued.body.data.token as string;
    // Listed without the token itself.
    const tokens = (await onSource("GET", `/space/${space.id}/remote-tokens`)).body.data;
    expect(tokens).toEqual([expect.objectContaining({ label: "Head office" })]);
    expect(JSON.stringify(tokens)).not.toContain(token);

    const admin = await target.signUp();
    const home = await target.createSpace(admin.token, "Head office");
    const onTarget = caller(target, admin.token, home.id);
    const added = await onTarget("POST", `/space/${home.id}/remotes`, { name: "Plant server", address, token });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(JSON.stringify((await onTarget("GET", `/space/${home.id}/remotes`)).body.data)).not.toContain(token);
    const listed = (await onTarget("GET", "/remote-spaces")).body.data;
    expect(listed).toEqual([
      {
        remote: expect.objectContaining({ name: "Plant server", address }),
        spaces: [expect.objectContaining({ id: space.id, name: "Northern plant" })],
        error: null,
      },
    ]);
    expect(listed[0].spaces[0].schedules).toBeGreaterThan(0);

    const before = await contentOf(source, space.id);
    const copy = await onTarget("POST", "/space/copy-remote", {
      remoteId: added.body.data.id,
      remoteSpaceId: space.id,
      name: "Plant (copy)",
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    await target.ctx.jobs.idle();
    const job = await target.ctx.jobs.get(copy.body.data.jobId);
    expect(job?.status, job?.error ?? "").toBe("completed");
    const copiedId = job?.result?.targetSpaceId as string;
    expect(copiedId).not.toBe(space.id);

    // The new space is the caller's own, free, with everything the source space holds.
    const spaces = (await target.call("GET", "/users/spaces", { token: admin.token })).body.data as {
      id: string;
      name: string;
    }[];
    expect(spaces.find((s) => s.id === copiedId)?.name).toBe("Plant (copy)");
    expect(await contentOf(target, copiedId)).toEqual(before);
    const eps = await target.call("GET", "/eps", { token: admin.token, headers: { "x-space-id": copiedId } });
    expect(eps.status).toBe(200);
    const events = target.ctx.realtime.sent.filter((event) => event.type === "remote_space_copy");
    expect(events.at(-1)).toMatchObject({ status: "completed", progress: 100, targetSpaceId: copiedId });
    expect(events.some((event) => event.status === "in_process" && event.progress > 0)).toBe(true);
    expect(await contentOf(source, space.id)).toEqual(before);
  });

  it("copies one project of another installation into the caller's space, at the top of its tree; refuses a project of another space", async () => {
    const owner = await source.signUp();
    const space = await source.createSpace(owner.token, "Eastern plant");
    const onSource = caller(source, owner.token, space.id);
    expect((await onSource("POST", `/space/${space.id}/demo`)).status).toBe(200);
    await source.ctx.jobs.idle();
    const token = (await onSource("POST", `/space/${space.id}/remote-tokens`, { label: "Office" })).body.data
      .token as string;
    const sourceNodes = (await onSource("GET", "/eps")).body.data.nodes as { id: string; kind: string; name: string }[];
    const project = sourceNodes.find((node) => node.kind === "project") as { id: string; name: string };
    const schedulesOf = async (server: Server, token: string, spaceId: string, projectId: string) =>
      (
        (await caller(server, token, spaceId)("GET", `/projects/${projectId}/schedules`)).body.data as {
          name: string;
        }[]
      )
        .map((schedule) => schedule.name)
        .sort();
    const sourceSchedules = await schedulesOf(source, owner.token, space.id, project.id);
    expect(sourceSchedules.length).toBeGreaterThan(0);

    const admin = await target.signUp();
    const home = await target.createSpace(admin.token, "Office");
    const onTarget = caller(target, admin.token, home.id);
    expect((await onTarget("POST", "/eps/create", { name: "Already here", key: "HERE" })).status).toBe(200);
    const remote = (await onTarget("POST", `/space/${home.id}/remotes`, { name: "Plant", address, token })).body.data;
    const [listed] = (await onTarget("GET", "/remote-spaces")).body.data;
    expect(listed.spaces[0].projectList).toContainEqual({ id: project.id, name: project.name });

    // A project of another space of the source installation: not what the token exports.
    const elsewhere = await source.createSpace(owner.token, "Not exported");
    const onElsewhere = caller(source, owner.token, elsewhere.id);
    const hidden = (await onElsewhere("POST", "/eps/create", { name: "Hidden", key: "H" })).body.data;
    const unexported = await onTarget("POST", "/space/copy-remote", {
      remoteId: remote.id,
      remoteSpaceId: space.id,
      projectId: hidden.id,
    });
    expect(unexported.status).toBe(404);
    const direct = await fetch(`${address}/api/v1/remote-export/backup?projectId=${hidden.id}`, {
      headers: { "x-planum-remote-token": token },
    });
    expect(direct.status).toBe(404);
    const spacesBefore = (await target.call("GET", "/users/spaces", { token: admin.token })).body.data.length;

    const copy = await onTarget("POST", "/space/copy-remote", {
      remoteId: remote.id,
      remoteSpaceId: space.id,
      projectId: project.id,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    await target.ctx.jobs.idle();
    const job = await target.ctx.jobs.get(copy.body.data.jobId);
    expect(job?.status, job?.error ?? "").toBe("completed");
    expect(job?.result?.targetSpaceId).toBe(home.id);
    const copiedId = job?.result?.targetProjectId as string;

    // No new space: a new project at the top of the caller's tree, named as the source's, with its schedules.
    expect((await target.call("GET", "/users/spaces", { token: admin.token })).body.data).toHaveLength(spacesBefore);
    const nodes = (await onTarget("GET", "/eps")).body.data.nodes as { id: string; name: string; parentId: string }[];
    const copied = nodes.find((node) => node.id === copiedId);
    expect(copied).toMatchObject({ name: project.name, parentId: null });
    expect(nodes.some((node) => node.name === "Already here")).toBe(true);
    expect(await schedulesOf(target, admin.token, home.id, copiedId)).toEqual(sourceSchedules);
    const { rows } = await execRows(
      target.ctx.db,
      sql`select count(*)::int as n from eps_nodes where space_id = ${home.id}
            and (path not like ${`/${copiedId}/%`} and id <> (select id from eps_nodes where space_id = ${home.id} and name = 'Already here'))`,
    );
    expect((rows[0] as { n: number }).n).toBe(0);
    const events = target.ctx.realtime.sent.filter((event) => event.type === "remote_space_copy");
    expect(events.at(-1)).toMatchObject({ status: "completed", targetSpaceId: home.id, targetProjectId: copiedId });
    expect(await schedulesOf(source, owner.token, space.id, project.id)).toEqual(sourceSchedules);
  });

  it("keeps another installation's token sealed, seals tokens an earlier version kept in plain text, and says when one cannot be read", async () => {
    const owner = await source.signUp();
    const space = await source.createSpace(owner.token, "Sealed plant");
    const token = (
      await caller(source, owner.token, space.id)("POST", `/space/${space.id}/remote-tokens`, { label: "x" })
    ).body.data.token as string;
    const admin = await target.signUp();
    const home = await target.createSpace(admin.token, "Sealed office");
    const onTarget = caller(target, admin.token, home.id);
    const added = (await onTarget("POST", `/space/${home.id}/remotes`, { name: "Sealed", address, token })).body.data;
    const stored = async (id: string) =>
      (
        (await execRows(target.ctx.db, sql`select token from remote_installations where id = ${id}`)).rows[0] as {
          token: string;
        }
      ).token;
    expect(await stored(added.id)).toMatch(/^v1:/);
    expect(await stored(added.id)).not.toContain(token);

    // A row an earlier version kept in plain text: sealed at start with the server's own key, and still used.
    const { rows } = await execRows(
      target.ctx.db,
      sql`insert into remote_installations (space_id, name, address, token)
          values (${home.id}, 'Kept before', ${address}, ${token}) returning id`,
    );
    const oldId = (rows[0] as { id: string }).id;
    const box = SecretBox.open({ secretKey: null, dataDir: target.ctx.config.dataDir });
    expect(await sealPlainRemoteTokens(target.ctx.db, box)).toBe(1);
    expect(await stored(oldId)).toMatch(/^v1:/);
    expect(await stored(oldId)).not.toContain(token);
    expect(await sealPlainRemoteTokens(target.ctx.db, box)).toBe(0);
    type Entry = { remote: { id: string }; spaces: { id: string }[]; error: string | null };
    const listed = async () => (await onTarget("GET", "/remote-spaces")).body.data as Entry[];
    for (const id of [added.id, oldId]) {
      expect((await listed()).find((entry) => entry.remote.id === id)).toMatchObject({
        error: null,
        spaces: [expect.objectContaining({ id: space.id })],
      });
    }

    // Sealed with another key (the server's key changed): that installation says so, the other still lists.
    const foreignSeal = SecretBox.fromText("another installation's key").seal(token);
    await execRows(target.ctx.db, sql`update remote_installations set token = ${foreignSeal} where id = ${oldId}`);
    const after = await listed();
    expect(after.find((entry) => entry.remote.id === added.id)?.error).toBeNull();
    expect(after.find((entry) => entry.remote.id === oldId)?.error).toMatch(/PLANUM_SECRET_KEY.*зарегистрируйте/);
    const copy = await onTarget("POST", "/space/copy-remote", { remoteId: oldId, remoteSpaceId: space.id });
    expect(copy.status).toBe(409);
    expect(copy.body.errors[0].code).toBe("SecretUnreadable");
  });

  it("refuses an unknown installation, a wrong token, another space's remote and non-admins; nothing written", async () => {
    const owner = await source.signUp();
    const space = await source.createSpace(owner.token, "Southern plant");
    const token = (
      await caller(source, owner.token, space.id)("POST", `/space/${space.id}/remote-tokens`, { label: "x" })
    ).body.data.token as string;
    const admin = await target.signUp();
    const home = await target.createSpace(admin.token, "Office");
    const onTarget = caller(target, admin.token, home.id);

    const wrongToken = await onTarget("POST", `/space/${home.id}/remotes`, { name: "A", address, token: "forged" });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.errors[0].code).toBe("RemoteTokenRefused");
    expect(wrongToken.body.errors[0].message).toBe(
      "Другая установка отклонила токен: запросите новый у её администратора",
    );
    const nowhere = await onTarget("POST", `/space/${home.id}/remotes`, {
      name: "B",
      address: "http://127.0.0.1:9",
      token,
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors[0].code).toBe("RemoteUnreachable");
    const badAddress = await onTarget("POST", `/space/${home.id}/remotes`, { name: "C", address: "ftp://x", token });
    expect(badAddress.status).toBe(400);
    expect((await onTarget("GET", `/space/${home.id}/remotes`)).body.data).toEqual([]);

    const added = (await onTarget("POST", `/space/${home.id}/remotes`, { name: "Plant", address, token })).body.data;
    // Another space's administrator neither sees nor uses this remote.
    const stranger = await target.signUp();
    const theirs = await target.createSpace(stranger.token, "Elsewhere");
    const onTheirs = caller(target, stranger.token, theirs.id);
    expect((await onTheirs("GET", `/space/${home.id}/remotes`)).status).toBe(403);
    expect((await onTheirs("GET", "/remote-spaces")).body.data).toEqual([]);
    const foreign = await onTheirs("POST", "/space/copy-remote", { remoteId: added.id, remoteSpaceId: space.id });
    expect(foreign.status).toBe(404);
    expect((await onTheirs("DELETE", `/space/${home.id}/remotes/${added.id}`)).status).toBe(403);
    // A copy names the space the token exports, no other.
    const other = await onTarget("POST", "/space/copy-remote", { remoteId: added.id, remoteSpaceId: home.id });
    expect(other.status).toBe(404);
    // The source answers nobody without a token, and nothing after the token is withdrawn.
    const bare = await fetch(`${address}/api/v1/remote-export/space`);
    expect(bare.status).toBe(403);
    const tokens = (await caller(source, owner.token, space.id)("GET", `/space/${space.id}/remote-tokens`)).body.data;
    await caller(source, owner.token, space.id)("DELETE", `/space/${space.id}/remote-tokens/${tokens[0].id}`);
    const refused = (await onTarget("GET", "/remote-spaces")).body.data;
    expect(refused[0].error).toBe("Другая установка отклонила токен: запросите новый у её администратора");
    const spacesBefore = (await target.call("GET", "/users/spaces", { token: admin.token })).body.data.length;
    const late = await onTarget("POST", "/space/copy-remote", { remoteId: added.id, remoteSpaceId: space.id });
    expect(late.status).toBe(400);
    expect((await target.call("GET", "/users/spaces", { token: admin.token })).body.data).toHaveLength(spacesBefore);
  });
});
