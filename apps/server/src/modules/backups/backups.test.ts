import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execRows } from "../../platform/sql.js";
import { objectKey } from "../../platform/storage.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { readCatalog, scopeOf } from "./backup-graph.js";

let server: TestServer;
beforeAll(async () => {
  // Periodic backups are looked for every 200 ms here; the test waits for their backups, never for the clock.
  server = await createTestServer({ PLANUM_BACKUPS_TICK_MS: "200" });
});
afterAll(() => server.close());

/** Tables that are no data of the space's schedules: the backups themselves, licences, jobs. */
const NOT_DATA = new Set([
  "backups",
  "backup_schedules",
  "licences",
  "licence_requests",
  "jobs",
  "remote_installations",
  "remote_export_tokens",
]);

/**
 * Row count and checksum of every table of the space, read independently of the backup code: each table with a
 * `space_id` (stored files: the documents), its rows as text in a stable order.
 */
async function fingerprint(spaceId: string) {
  const { rows: tables } = await execRows(
    server.ctx.db,
    sql`select table_name as name from information_schema.columns
         where table_schema = 'public' and column_name = 'space_id' order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables as { name: string }[]) {
    if (NOT_DATA.has(name)) continue;
    const documents = name === "stored_files" ? sql` and t.area = 'documents'` : sql``;
    const { rows } = await execRows(
      server.ctx.db,
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
            from ${sql.identifier(name)} t where t.space_id = ${spaceId}${documents}`,
    );
    const { n, sum } = rows[0] as { n: number; sum: string };
    result[name] = `${n} ${sum}`;
  }
  const { rows } = await execRows(
    server.ctx.db,
    sql`select name, type, demo, settings::text from spaces where id = ${spaceId}`,
  );
  result.spaces = JSON.stringify(rows[0]);
  return result;
}

/** A demo space (projects, schedules, versions, works, relations, calendars, attributes, plans) and its owner. */
async function demoSpace() {
  const owner = await server.signUp();
  const space = await server.createSpace(owner.token, "Backed up");
  const headers = { "x-space-id": space.id };
  const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) =>
    server.call(method, url, { token: owner.token, headers, body, language: "en" });
  expect((await call("POST", `/space/${space.id}/demo`)).status).toBe(200);
  await server.ctx.jobs.idle();
  const nodes = (await call("GET", "/eps")).body.data.nodes as { id: string; kind: string; name: string }[];
  const projects = nodes.filter((node) => node.kind === "project");
  return { owner, space, call, projects };
}

/** Runs a backup or a restore to its end and answers the job. */
async function finished(answer: { status: number; body: { data: { jobId: string } } }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await server.ctx.jobs.idle();
  const job = await server.ctx.jobs.get(answer.body.data.jobId);
  expect(job?.status, job?.error ?? "").toBe("completed");
  return job!;
}

describe("backups", () => {
  it("a space backup, changes, then the restore gives back every table of the space exactly", async () => {
    const { owner, space, call, projects } = await demoSpace();
    // A document of the space: its bytes come back too.
    const photo = await server.ctx.storage.save(server.ctx.db, {
      area: "documents",
      name: "site.jpg",
      mediaType: "image/jpeg",
      bytes: Buffer.from("photo bytes"),
      spaceId: space.id,
      ownerUserId: owner.user.id,
    });
    await server.ctx.jobs.idle();
    const before = await fingerprint(space.id);
    expect(Object.values(before).filter((value) => !value.startsWith("0 ")).length).toBeGreaterThan(10);

    const made = await finished(
      await call("POST", `/space/${space.id}/schedules/backups/create`, { scope: "space", targetId: space.id }),
    );
    const backupId = made.result?.backupId as string;
    const [listed] = (await call("GET", `/space/${space.id}/schedules/backups`)).body.data;
    expect(listed).toMatchObject({ id: backupId, scope: "space", targetName: "Backed up", periodic: false });
    expect(listed.rows).toBeGreaterThan(100);
    expect(server.ctx.realtime.sent.some((e) => e.type === "backup" && e.status === "completed")).toBe(true);

    // Changes: a project deleted, a node added, the space renamed, the document removed.
    const asked = await call("DELETE", `/projects/${projects[0].id}`);
    const confirmCount = asked.body.errors[0].params.count;
    expect((await call("DELETE", `/projects/${projects[0].id}?confirmCount=${confirmCount}`)).status).toBe(200);
    expect((await call("POST", "/eps/create", { name: "Added later", key: "LATER" })).status).toBe(200);
    expect((await call("PUT", `/space/${space.id}`, { name: "Renamed" })).status).toBe(200);
    await server.ctx.storage.remove(server.ctx.db, photo.id);
    await server.ctx.jobs.idle();
    expect(await fingerprint(space.id)).not.toEqual(before);

    const preview = (await call("GET", `/space/${space.id}/schedules/backups/${backupId}/preview`)).body.data;
    expect(preview.targetExists).toBe(true);
    const nodes = preview.tables.find((t: { table: string }) => t.table === "eps_nodes");
    expect(nodes.saved).toBe(Number(before.eps_nodes.split(" ")[0]));
    expect(preview.tables.some((t: { saved: number; current: number }) => t.saved !== t.current)).toBe(true);

    const restored = await finished(
      await call("PATCH", `/space/${space.id}/schedules/backups/${backupId}/restore`, { mode: "replace" }),
    );
    expect(restored.result).toMatchObject({ skipped: 0 });
    expect(await fingerprint(space.id)).toEqual(before);
    expect((await server.ctx.storage.read(server.ctx.db, photo.id))?.bytes.toString()).toBe("photo bytes");
    expect((await call("GET", "/eps")).status).toBe(200);
  });

  it("holds the links kept without foreign keys — works to directory rows, BIM elements to works — after their parents", async () => {
    // The tables keep no per-row keys (docs/architecture.md, "Links without per-row foreign keys"); a backup that
    // followed only the database's keys left them out, and a restore lost every link.
    const owner = await server.signUp();
    const space = await server.createSpace(owner.token, "Links");
    const catalog = await readCatalog(server.ctx.db);
    for (const scope of ["space", "schedule"] as const) {
      const names = scopeOf(catalog, scope, space.id, space.id).tables.map((t) => t.info.name);
      for (const [child, parents] of [
        ["wbs_directory_links", ["wbs_items"]],
        ["bim_link_relations", ["wbs_items", "bim_links"]],
      ] as const) {
        expect(names, `${scope}: ${child}`).toContain(child);
        for (const parent of parents) expect(names.indexOf(parent)).toBeLessThan(names.indexOf(child));
      }
    }
    const scope = scopeOf(catalog, "space", space.id, space.id);
    const links = scope.tables.find((t) => t.info.name === "wbs_directory_links")!;
    expect(links.parents.map((k) => k.parent).sort()).toEqual(["directory_rows", "wbs_items"]);
    const ties = scope.tables.find((t) => t.info.name === "bim_link_relations")!;
    expect(ties.parents.map((k) => k.parent).sort()).toEqual(["bim_links", "bim_models", "wbs_items"]);
  });

  it("a project comes back in place, or as a new project beside it; a schedule in place", async () => {
    const { space, call, projects } = await demoSpace();
    const project = projects[0];
    const schedulesOf = async (projectId: string) =>
      (await call("GET", `/projects/${projectId}/schedules`)).body.data as { id: string; name: string }[];
    const saved = await schedulesOf(project.id);
    expect(saved.length).toBeGreaterThan(0);
    // Ids kept inside a JSON value of the project: a copy's must name the copied schedule, not the original.
    const settingsOf = async (nodeId: string) =>
      (
        (await execRows(server.ctx.db, sql`select settings from eps_nodes where id = ${nodeId}`)).rows[0] as {
          settings: { pinned: { scheduleId: string }[]; order: Record<string, number> };
        }
      ).settings;
    await execRows(
      server.ctx.db,
      sql`update eps_nodes set settings = settings || ${JSON.stringify({
        pinned: [{ scheduleId: saved[0].id }],
        order: { [saved[0].id]: 1 },
      })}::jsonb where id = ${project.id}`,
    );
    const made = await finished(
      await call("POST", `/space/${space.id}/schedules/backups/create`, { scope: "project", targetId: project.id }),
    );
    const backupId = made.result?.backupId as string;
    const before = await fingerprint(space.id);

    await call("DELETE", `/schedules/${saved[0].id}`);
    await server.ctx.jobs.idle();
    expect(await schedulesOf(project.id)).toHaveLength(saved.length - 1);
    await finished(
      await call("PATCH", `/space/${space.id}/schedules/backups/${backupId}/restore`, { mode: "replace" }),
    );
    expect(await fingerprint(space.id)).toEqual(before);

    const copied = await finished(
      await call("PATCH", `/space/${space.id}/schedules/backups/${backupId}/restore`, {
        mode: "copy",
        name: "Restored copy",
      }),
    );
    const copyId = copied.result?.targetId as string;
    expect(copyId).not.toBe(project.id);
    const nodes = (await call("GET", "/eps")).body.data.nodes as { id: string; name: string }[];
    expect(nodes.find((node) => node.id === copyId)?.name).toBe("Restored copy");
    const copies = await schedulesOf(copyId);
    expect(copies.map((s) => s.name).sort()).toEqual(saved.map((s) => s.name).sort());
    expect(copies.every((s) => !saved.some((o) => o.id === s.id))).toBe(true);
    // The original is untouched by the copy.
    expect(await schedulesOf(project.id)).toEqual(saved);
    const [{ scheduleId: copiedSchedule }] = (await settingsOf(copyId)).pinned;
    expect(copies.find((s) => s.id === copiedSchedule)?.name).toBe(saved[0].name);
    expect((await settingsOf(copyId)).order).toEqual({ [copiedSchedule]: 1 });
    expect((await settingsOf(project.id)).order).toEqual({ [saved[0].id]: 1 });

    // A schedule backup restored in place.
    const schedule = saved[0];
    const scheduleBackup = await finished(
      await call("POST", `/space/${space.id}/schedules/backups/create`, { scope: "schedule", targetId: schedule.id }),
    );
    const renamed = await call("PATCH", `/schedules/${schedule.id}/settings`, { name: "Renamed schedule" });
    expect(renamed.status).toBe(200);
    expect((await schedulesOf(project.id)).find((s) => s.id === schedule.id)?.name).toBe("Renamed schedule");
    await finished(
      await call("PATCH", `/space/${space.id}/schedules/backups/${scheduleBackup.result?.backupId}/restore`, {
        mode: "replace",
      }),
    );
    expect((await schedulesOf(project.id)).find((s) => s.id === schedule.id)?.name).toBe(schedule.name);
  });

  it("a project's own backups: saved, listed, restored in place and as a copy, deleted; refused to other projects and spaces", async () => {
    const { space, call, projects } = await demoSpace();
    const [project, sibling] = projects;
    const made = await finished(await call("POST", `/projects/${project.id}/backups/create`));
    const backupId = made.result?.backupId as string;
    const listed = (await call("GET", `/projects/${project.id}/backups`)).body.data as { id: string }[];
    expect(listed.map((b) => b.id)).toEqual([backupId]);
    expect((await call("GET", `/projects/${sibling.id}/backups`)).body.data).toEqual([]);
    const before = await fingerprint(space.id);

    // Another project's path, another space's owner (with their space or with this one): nothing read or written.
    const other = await demoSpace();
    const foreign = [
      ["GET", `/projects/${project.id}/backups`],
      ["POST", `/projects/${project.id}/backups/create`],
      ["GET", `/projects/${project.id}/backups/${backupId}/preview`],
      ["PATCH", `/projects/${project.id}/backups/${backupId}/restore`],
      ["DELETE", `/projects/${project.id}/backups/${backupId}`],
    ] as const;
    for (const [method, url] of foreign) {
      const body = method === "PATCH" ? { mode: "replace" } : undefined;
      expect((await other.call(method, url, body)).status, `${method} ${url} from their space`).toBe(404);
      const intruding = await server.call(method, url, {
        token: other.owner.token,
        headers: { "x-space-id": space.id },
        body,
      });
      expect(intruding.status, `${method} ${url} into this space`).toBe(403);
    }
    const wrongProject = await call("PATCH", `/projects/${sibling.id}/backups/${backupId}/restore`, {
      mode: "replace",
    });
    expect(wrongProject.status).toBe(404);
    const badMode = await call("PATCH", `/projects/${project.id}/backups/${backupId}/restore`, { mode: "merge" });
    expect(badMode.status).toBe(400);
    await server.ctx.jobs.idle();
    expect(await fingerprint(space.id)).toEqual(before);

    // A change, the preview telling it, the restore in place undoing it.
    const schedules = (await call("GET", `/projects/${project.id}/schedules`)).body.data as { id: string }[];
    await call("DELETE", `/schedules/${schedules[0].id}`);
    await server.ctx.jobs.idle();
    const preview = (await call("GET", `/projects/${project.id}/backups/${backupId}/preview`)).body.data;
    const savedSchedules = preview.tables.find((t: { table: string }) => t.table === "schedules");
    expect(savedSchedules).toEqual({ table: "schedules", saved: schedules.length, current: schedules.length - 1 });
    await finished(await call("PATCH", `/projects/${project.id}/backups/${backupId}/restore`, { mode: "replace" }));
    expect(await fingerprint(space.id)).toEqual(before);

    const copied = await finished(
      await call("PATCH", `/projects/${project.id}/backups/${backupId}/restore`, {
        mode: "copy",
        name: "Project copy",
      }),
    );
    const copyId = copied.result?.targetId as string;
    const nodes = (await call("GET", "/eps")).body.data.nodes as { id: string; name: string }[];
    expect(nodes.find((node) => node.id === copyId)?.name).toBe("Project copy");
    expect((await call("GET", `/projects/${copyId}/schedules`)).body.data).toHaveLength(schedules.length);

    expect((await call("DELETE", `/projects/${project.id}/backups/${backupId}`)).status).toBe(200);
    expect((await call("GET", `/projects/${project.id}/backups`)).body.data).toEqual([]);
  });

  it("refuses a damaged backup, another space's backup or project, and a space copied as a project; nothing written", async () => {
    const { owner, space, call, projects } = await demoSpace();
    const other = await demoSpace();
    const made = await finished(
      await call("POST", `/space/${space.id}/schedules/backups/create`, { scope: "space", targetId: space.id }),
    );
    const backupId = made.result?.backupId as string;
    const before = await fingerprint(space.id);

    const copySpace = await call("PATCH", `/space/${space.id}/schedules/backups/${backupId}/restore`, { mode: "copy" });
    expect(copySpace.status).toBe(400);
    expect(copySpace.body.errors[0].code).toBe("BackupSpaceCopy");

    // Another owner: their own space's path does not hold this backup, this space's path is not theirs.
    const theirs = await other.call("PATCH", `/space/${other.space.id}/schedules/backups/${backupId}/restore`, {
      mode: "replace",
    });
    expect(theirs.status).toBe(404);
    const intruding = await server.call("PATCH", `/space/${space.id}/schedules/backups/${backupId}/restore`, {
      token: other.owner.token,
      body: { mode: "replace" },
    });
    expect(intruding.status).toBe(403);
    for (const [method, url] of [
      ["GET", `/space/${space.id}/schedules/backups`],
      ["GET", `/space/${space.id}/schedules/backups/${backupId}/preview`],
      ["DELETE", `/space/${space.id}/schedules/backups/${backupId}`],
      ["POST", `/space/${space.id}/schedules/backups/create`],
    ] as const) {
      const answer = await server.call(method, url, {
        token: other.owner.token,
        body: { scope: "space", targetId: space.id },
      });
      expect(answer.status, url).toBe(403);
    }
    // A project of another owner's space named as the target: refused, in the caller's language.
    const scheduleBackup = await finished(
      await other.call("POST", `/space/${other.space.id}/schedules/backups/create`, {
        scope: "schedule",
        targetId: (await other.call("GET", `/projects/${other.projects[0].id}/schedules`)).body.data[0].id,
      }),
    );
    const foreignTarget = await server.call(
      "PATCH",
      `/space/${other.space.id}/schedules/backups/${scheduleBackup.result?.backupId}/restore`,
      {
        token: other.owner.token,
        language: "ru",
        body: { mode: "copy", targetProjectId: projects[0].id },
      },
    );
    expect(foreignTarget.status).toBe(403);
    expect(foreignTarget.body.errors[0].code).toBe("BackupOtherSpace");
    expect(foreignTarget.body.errors[0].message).toMatch(/[а-я]/);

    // The backup's bytes damaged in the store.
    const [row] = (await call("GET", `/space/${space.id}/schedules/backups`)).body.data;
    expect(row.id).toBe(backupId);
    const { rows } = await execRows(server.ctx.db, sql`select file_id from backups where id = ${backupId}`);
    const fileId = (rows[0] as { file_id: string }).file_id;
    await server.ctx.storage.store.put(objectKey({ area: "backup", id: fileId }), Buffer.from("garbage"), "x");
    const damaged = await call("PATCH", `/space/${space.id}/schedules/backups/${backupId}/restore`, {
      mode: "replace",
    });
    expect(damaged.status).toBe(400);
    expect(damaged.body.errors[0].code).toBe("BackupDamaged");
    await server.ctx.jobs.idle();
    expect(await fingerprint(space.id)).toEqual(before);

    // Deleting the backup removes its file.
    expect((await call("DELETE", `/space/${space.id}/schedules/backups/${backupId}`)).status).toBe(200);
    expect(await server.ctx.storage.read(server.ctx.db, fileId)).toBeNull();
    expect((await call("GET", `/space/${space.id}/schedules/backups`)).body.data).toEqual([]);
    expect(owner.user.id).toBeTruthy();
  });

  it("periodic backups: created with a periodicity or a cron, run when due, listed and stopped", async () => {
    const { space, call, projects } = await demoSpace();
    const bad = await call("POST", `/space/${space.id}/schedules/backups/jobs`, {
      scope: "space",
      targetId: space.id,
      periodicity: "cron",
      cron: "every day",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe("InvalidCron");
    const daily = await call("POST", `/space/${space.id}/schedules/backups/jobs`, {
      scope: "project",
      targetId: projects[0].id,
      periodicity: "daily",
      keep: 1,
    });
    expect(daily.status).toBe(200);
    expect(new Date(daily.body.data.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    const schedules = (await call("GET", `/projects/${projects[0].id}/schedules`)).body.data as { id: string }[];
    const weekly = await call("POST", `/space/${space.id}/schedules/${schedules[0].id}/backups/jobs`, {
      periodicity: "cron",
      cron: "0 3 * * 1",
    });
    expect(weekly.status).toBe(200);
    expect((await call("GET", `/space/${space.id}/schedules/${schedules[0].id}/backups/jobs/has`)).body.data).toEqual({
      has: true,
    });
    // Due (twice): each run saves a backup, and the job keeps only the newest one.
    const due = () =>
      execRows(
        server.ctx.db,
        sql`update backup_schedules set next_run_at = now() - interval '1 minute' where id = ${daily.body.data.id}`,
      );
    const periodic = async () =>
      (
        (await call("GET", `/space/${space.id}/schedules/backups`)).body.data as { id: string; periodic: boolean }[]
      ).filter((backup) => backup.periodic);
    await due();
    await expect.poll(async () => (await periodic()).length, { timeout: 120_000, interval: 200 }).toBe(1);
    const [first] = await periodic();
    expect(first).toMatchObject({ scope: "project", targetId: projects[0].id });
    await due();
    await expect
      .poll(async () => (await periodic()).map((backup) => backup.id), { timeout: 120_000, interval: 200 })
      .toEqual([expect.not.stringMatching(first.id)]);
    await server.ctx.jobs.idle();
    expect((await call("GET", `/space/${space.id}/schedules/backups/jobs`)).body.data).toHaveLength(2);
    expect((await call("DELETE", `/space/${space.id}/schedules/backups/jobs/${weekly.body.data.id}`)).status).toBe(200);
    expect((await call("DELETE", `/space/${space.id}/schedules/backups/jobs`)).status).toBe(200);
    expect((await call("GET", `/space/${space.id}/schedules/backups/jobs`)).body.data).toEqual([]);
  });
});
