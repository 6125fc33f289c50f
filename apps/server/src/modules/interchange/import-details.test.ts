import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateXerBytes } from "../../../../../packages/formats/bench/generate-xer.mjs";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, readGantt, setUpWorkspace, uploadVersionFile } from "../workspace/workspace.test-kit.js";
import { detailSteps, IMPORT_DETAILS_JOB, type ImportDetails } from "./import-details.js";

/**
 * An uploaded version shows with its works and calendars; its relations, assignments and activity code links follow
 * by the `import_details` job (the version reads `importing_details` meanwhile, refuses new assignments and links and
 * whatever needs the whole network, and shows the job's failure).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const ACTIVITIES = 120;

interface VersionRow {
  id: string;
  detailsStatus: string | null;
  detailsError: string | null;
}

async function versionOf(actor: Actor, scheduleId: string, versionId: string) {
  const list = await actor.call("GET", `/schedules/${scheduleId}/versions`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return (list.body.data as VersionRow[]).find((v) => v.id === versionId);
}

const assignmentsOf = async (actor: Actor, versionId: string) =>
  (await actor.call("GET", `/assignment?versionId=${versionId}`)).body.data as {
    id: string;
    itemId: number;
    resourceId: string;
  }[];

const codeLinksOf = async (actor: Actor, versionId: string) =>
  ((await actor.call("GET", `/versions/${versionId}/directory`)).body.data as { links: unknown[] }).links;

async function jobPayloadOf(versionId: string) {
  const { rows } = (await server.ctx.db.execute(sql`select j.payload, j.space_id, j.created_by from versions v
    join jobs j on j.id = v.details_job_id where v.id = ${versionId}`)) as unknown as {
    rows: { payload: Record<string, unknown>; space_id: string; created_by: string }[];
  };
  return rows[0];
}

/** A details file as the upload stores it for its job. */
async function storeDetails(spaceId: string, details: ImportDetails) {
  const stored = await server.ctx.storage.save(server.ctx.db, {
    area: "temp",
    name: "details.json",
    mediaType: "application/json",
    bytes: Buffer.from(JSON.stringify(details)),
    spaceId,
  });
  return stored.id;
}

describe("an upload's details after the version shows", () => {
  it("lists the version with its works at once; assignments and code links arrive with the job, once", async () => {
    const { owner, stranger, schedule } = await setUpWorkspace(server);
    const uploaded = await uploadVersionFile(
      server,
      owner,
      schedule.id,
      generateXerBytes(ACTIVITIES).bytes,
      "details.xer",
      { waitForDetails: false },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const versionId = uploaded.body.data.versionId as string;
    // the answer and its report count what the job is writing: the summary is whole before the details are in
    expect(uploaded.body.data.activities).toBe(ACTIVITIES);
    expect(uploaded.body.data.report.stored.resources).toBe(20);
    expect(uploaded.body.data.report.stored.codes).toBe(10);

    // visible at once: listed, its works and relations readable
    expect(await versionOf(owner, schedule.id, versionId)).toBeDefined();
    const timetable = await owner.call("GET", `/versions/${versionId}/timetable`);
    expect(timetable.status).toBe(200);
    const codes = (timetable.body.data.items as { code: string }[]).map((i) => i.code);
    expect(codes.filter((c) => c.startsWith("A"))).toHaveLength(ACTIVITIES);

    await server.ctx.jobs.idle();
    const done = await versionOf(owner, schedule.id, versionId);
    expect(done).toMatchObject({ detailsStatus: null, detailsError: null });
    expect(await assignmentsOf(owner, versionId)).toHaveLength(ACTIVITIES);
    expect(await codeLinksOf(owner, versionId)).toHaveLength(ACTIVITIES);

    // the same job again (a takeover after its commit, a duplicate message) writes nothing twice
    const job = await jobPayloadOf(versionId);
    await server.ctx.jobs.enqueue(IMPORT_DETAILS_JOB, {
      spaceId: job.space_id,
      userId: job.created_by,
      payload: job.payload,
    });
    await server.ctx.jobs.idle();
    expect(await assignmentsOf(owner, versionId)).toHaveLength(ACTIVITIES);
    expect(await codeLinksOf(owner, versionId)).toHaveLength(ACTIVITIES);

    // another space sees neither the version nor its assignments
    expect((await stranger.call("GET", `/schedules/${schedule.id}/versions`)).status).toBe(404);
    expect(await assignmentsOf(stranger, versionId)).toEqual([]);
  });

  it("refuses new assignments while they are being written, and shows a failed job with its reason", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const uploaded = await uploadVersionFile(server, owner, schedule.id, generateXerBytes(30).bytes, "d.xer");
    const versionId = uploaded.body.data.versionId as string;
    const job = await jobPayloadOf(versionId);
    const [first] = await assignmentsOf(owner, versionId);
    const work = first.itemId;
    const resource = first.resourceId;

    // a retry of the details under way: nobody adds an assignment the job would collide with
    const failing: ImportDetails = {
      relations: { p: [], s: [], t: [], l: [], c: [] },
      // a resource deleted meanwhile: the job's insert fails
      assignments: {
        itemId: [work],
        resourceId: [crypto.randomUUID()],
        budgetedUnits: [8],
        actualUnits: [0],
        remainingUnits: [8],
        unitsPerDay: [null],
        curve: ["evenly"],
        budgetedCost: [null],
        actualCost: [null],
        remainingCost: [null],
      },
      codeLinks: [],
      udfValues: { itemIds: [], attrs: [] },
    };
    const fileId = await storeDetails(job.space_id, failing);
    const retry = await server.ctx.db.transaction(async (tx) => {
      const made = await server.ctx.jobs.enqueueIn(tx, IMPORT_DETAILS_JOB, {
        spaceId: job.space_id,
        userId: job.created_by,
        payload: { ...job.payload, fileId },
      });
      await tx.execute(sql`delete from assignments where version_id = ${versionId}`);
      await tx.execute(sql`update versions set details_status = 'importing_details', details_job_id = ${made.id}
        where id = ${versionId}`);
      return made;
    });
    expect((await versionOf(owner, schedule.id, versionId))?.detailsStatus).toBe("importing_details");
    const refused = await owner.call("POST", `/versions/${versionId}/assignment/wbs/save`, {
      wbsId: work,
      resourceId: resource,
      budgetedUnits: 8,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe("VersionImportingDetails");
    expect(await assignmentsOf(owner, versionId)).toEqual([]);

    await server.ctx.jobs.send(retry.id);
    await server.ctx.jobs.idle();
    const failed = await versionOf(owner, schedule.id, versionId);
    expect(failed?.detailsStatus).toBe("details_failed");
    expect(failed?.detailsError).toBeTruthy();
    expect(await assignmentsOf(owner, versionId)).toEqual([]);
    // a failed job leaves the version open to assignments by hand
    const added = await owner.call("POST", `/versions/${versionId}/assignment/wbs/save`, {
      wbsId: work,
      resourceId: resource,
      budgetedUnits: 8,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  });
});

describe("the relations of an upload", () => {
  it("come with the job: until then calculation, network and export answer 409; then all of them are in", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const file = generateXerBytes(ACTIVITIES);
    // the job held back: its message is sent only when the test says so
    const jobs = server.ctx.jobs;
    const send = jobs.send.bind(jobs);
    const held: string[] = [];
    jobs.send = async (jobId: string) => {
      held.push(jobId);
    };
    let uploaded: Awaited<ReturnType<typeof uploadVersionFile>>;
    try {
      uploaded = await uploadVersionFile(server, owner, schedule.id, file.bytes, "net.xer", { waitForDetails: false });
    } finally {
      jobs.send = send;
    }
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(held).toHaveLength(1);
    const versionId = uploaded.body.data.versionId as string;
    // the answer and its report count the relations the job is writing
    expect(file.relations).toBeGreaterThan(ACTIVITIES);
    expect(uploaded.body.data.relations).toBe(file.relations);
    expect(uploaded.body.data.report.stored.relations).toBe(file.relations);
    expect((await versionOf(owner, schedule.id, versionId))?.detailsStatus).toBe("importing_details");

    // the Gantt shows the works with the file's dates, no relation yet
    const early = await readGantt(owner, versionId);
    expect(early.code.filter((c) => c.startsWith("A"))).toHaveLength(ACTIVITIES);
    expect(early.relations.from).toHaveLength(0);
    // nothing that needs the whole network runs on part of it
    for (const [method, url] of [
      ["PATCH", `/versions/${versionId}/timetable/calculate/synchronous`],
      ["PATCH", `/versions/${versionId}/timetable/calculate`],
      ["GET", `/versions/${versionId}/network-diagram/relations`],
      ["GET", `/versions/${versionId}/health`],
      ["POST", `/versions/${versionId}/export/xer`],
    ] as const) {
      const refused = await owner.call(method, url);
      expect(refused.status, `${method} ${url}: ${JSON.stringify(refused.body)}`).toBe(409);
      expect(refused.body.errors[0].code).toBe("VersionImportingDetails");
    }
    const [a, b] = early.ids.filter((_, k) => early.code[k].startsWith("A"));
    const linked = await owner.call("POST", `/versions/${versionId}/relations`, { predecessorId: b, successorId: a });
    expect(linked.status).toBe(409);
    // a refused calculation leaves the version as it was: calculated with the file's dates
    expect((await owner.call("GET", `/versions/${versionId}/timetable`)).body.data.calcStatus).toBe("calculated");

    // a work deleted meanwhile: the job leaves its relations out instead of pointing at nothing (its steps insert
    // with the row checks off, after finding both ends)
    const gone = early.ids[early.code.indexOf("A10010")];
    await server.ctx.db.execute(sql`delete from wbs_items where id = ${gone}`);

    await send(held[0]);
    await jobs.idle();
    expect((await versionOf(owner, schedule.id, versionId))?.detailsStatus).toBeNull();
    const { rows: dangling } = (await server.ctx.db.execute(sql`select count(*)::int as n from relations r
      where r.version_id = ${versionId} and (not exists (select 1 from wbs_items w where w.id = r.predecessor_id)
        or not exists (select 1 from wbs_items w where w.id = r.successor_id))`)) as unknown as {
      rows: { n: number }[];
    };
    expect(dangling[0].n).toBe(0);
    const kept = (await readGantt(owner, versionId)).relations.from.length;
    expect(kept).toBeLessThan(file.relations);
    expect(kept).toBeGreaterThan(file.relations - 10);
    const network = await owner.call("GET", `/versions/${versionId}/network-diagram/relations`);
    expect(network.status).toBe(200);
    expect(network.body.data.ids).toHaveLength(kept);
    const calc = await owner.call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.data.relations).toBe(kept);
  });
});

describe("a details job that fails before every relation is in", () => {
  it("leaves the network closed to what needs it whole until a retry writes the rest", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const file = generateXerBytes(ACTIVITIES);
    // the database refuses relations for a while (a check, which the job's inserts with row triggers off still meet)
    await server.ctx.db.execute(sql`alter table relations add constraint refuse_relations check (false) not valid`);
    let versionId: string;
    try {
      const uploaded = await uploadVersionFile(server, owner, schedule.id, file.bytes, "half.xer");
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      versionId = uploaded.body.data.versionId as string;
      const failed = await versionOf(owner, schedule.id, versionId);
      expect(failed?.detailsStatus).toBe("relations_failed");
      expect(failed?.detailsError).toMatch(/refuse_relations/);
    } finally {
      await server.ctx.db.execute(sql`alter table relations drop constraint refuse_relations`);
    }
    expect((await readGantt(owner, versionId)).relations.from).toHaveLength(0);
    // a calculation of part of the network would give wrong dates; a relation added by hand would collide with the retry
    const gantt = await readGantt(owner, versionId);
    const [a, b] = gantt.ids.filter((_, k) => gantt.code[k].startsWith("A"));
    for (const [method, url, body] of [
      ["PATCH", `/versions/${versionId}/timetable/calculate/synchronous`, undefined],
      ["GET", `/versions/${versionId}/network-diagram/relations`, undefined],
      ["POST", `/versions/${versionId}/relations`, { predecessorId: b, successorId: a }],
    ] as const) {
      const refused = await owner.call(method, url, body);
      expect(refused.status, `${method} ${url}: ${JSON.stringify(refused.body)}`).toBe(409);
      expect(refused.body.errors[0].code).toBe("VersionRelationsFailed");
    }

    const retried = await owner.call("POST", `/versions/${versionId}/import-details/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await server.ctx.jobs.idle();
    expect(await versionOf(owner, schedule.id, versionId)).toMatchObject({ detailsStatus: null, detailsError: null });
    expect((await readGantt(owner, versionId)).relations.from).toHaveLength(file.relations);
    const calc = await owner.call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.data.relations).toBe(file.relations);
  });
});

describe("a retry of a failed details job", () => {
  it("writes what the failed job had not, once; refuses a version with nothing failed and another space", async () => {
    const { owner, stranger, schedule } = await setUpWorkspace(server);
    // the database refuses code links for a while: the job writes the assignments (its first step), then fails
    await server.ctx.db.execute(sql`create or replace function refuse_links() returns trigger language plpgsql as
      $$ begin raise exception 'links refused for a while'; end $$`);
    await server.ctx.db.execute(sql`create trigger refuse_links before insert on wbs_directory_links
      for each statement execute function refuse_links()`);
    let versionId: string;
    try {
      const uploaded = await uploadVersionFile(server, owner, schedule.id, generateXerBytes(30).bytes, "r.xer");
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      versionId = uploaded.body.data.versionId as string;
      const failed = await versionOf(owner, schedule.id, versionId);
      expect(failed?.detailsStatus).toBe("details_failed");
      // the database's own words, not the failed query with its thousands of parameters
      expect(failed?.detailsError).toBe("links refused for a while");
      expect(await assignmentsOf(owner, versionId)).toHaveLength(30);
      expect(await codeLinksOf(owner, versionId)).toEqual([]);
    } finally {
      await server.ctx.db.execute(sql`drop trigger refuse_links on wbs_directory_links`);
    }

    // another space can neither retry it nor learn it exists
    const foreign = await stranger.call("POST", `/versions/${versionId}/import-details/retry`);
    expect(foreign.status).toBe(404);
    expect((await versionOf(owner, schedule.id, versionId))?.detailsStatus).toBe("details_failed");

    const retried = await owner.call("POST", `/versions/${versionId}/import-details/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.jobId).toBeTruthy();
    await server.ctx.jobs.idle();
    expect(await versionOf(owner, schedule.id, versionId)).toMatchObject({ detailsStatus: null, detailsError: null });
    expect(await assignmentsOf(owner, versionId)).toHaveLength(30);
    expect(await codeLinksOf(owner, versionId)).toHaveLength(30);

    // nothing failed any more: nothing to retry
    const again = await owner.call("POST", `/versions/${versionId}/import-details/retry`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe("VersionDetailsNotFailed");
    expect(await assignmentsOf(owner, versionId)).toHaveLength(30);
  });
});

describe("the job's steps", () => {
  it("cut the details into steps of at most so many rows of one kind, every row in exactly one", () => {
    const n = 25;
    const ids = Array.from({ length: n }, (_, k) => k + 1);
    const details: ImportDetails = {
      relations: {
        p: ids.slice(0, 12),
        s: ids.slice(1, 13),
        t: ids.slice(0, 12).map(() => "fs"),
        l: ids.slice(0, 12),
        c: ids.slice(0, 12).map(() => null),
      },
      assignments: {
        itemId: ids,
        resourceId: ids.map(() => "r"),
        budgetedUnits: ids.map(() => 8),
        actualUnits: ids.map(() => 0),
        remainingUnits: ids.map(() => 8),
        unitsPerDay: ids.map(() => null),
        curve: ids.map(() => "evenly"),
        budgetedCost: ids.map(() => null),
        actualCost: ids.map(() => null),
        remainingCost: ids.map(() => null),
      },
      codeLinks: [{ directoryId: "d", itemIds: ids.slice(0, 12), rowIds: ids.slice(0, 12).map(String) }],
      udfValues: { itemIds: [3], attrs: ['{"a":1}'] },
    };
    const steps = detailSteps(details, 10);
    // relations first: the calculation waits for them
    expect(
      steps.map((s) => [
        s.relations.p.length,
        s.assignments.itemId.length,
        s.codeLinks[0]?.itemIds.length ?? 0,
        s.udfValues.itemIds.length,
      ]),
    ).toEqual([
      [10, 0, 0, 0],
      [2, 0, 0, 0],
      [0, 10, 0, 0],
      [0, 10, 0, 0],
      [0, 5, 0, 0],
      [0, 0, 10, 0],
      [0, 0, 2, 0],
      [0, 0, 0, 1],
    ]);
    expect(steps.flatMap((s) => s.relations.s)).toEqual(details.relations.s);
    expect(steps.flatMap((s) => s.relations.l)).toEqual(details.relations.l);
    expect(steps.flatMap((s) => s.assignments.itemId)).toEqual(ids);
    expect(steps.flatMap((s) => s.assignments.remainingUnits)).toEqual(details.assignments.remainingUnits);
  });
});
