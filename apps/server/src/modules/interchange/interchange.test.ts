import fs from "node:fs";
import path from "node:path";
import { writeXlsxRows } from "@planum/formats";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateXerBytes } from "../../../../../packages/formats/bench/generate-xer.mjs";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, readGantt, setUpWorkspace } from "../workspace/workspace.test-kit.js";

const repoRoot = path.resolve(__dirname, "../../../../..");
const corpus = path.resolve(repoRoot, "../shared/corpus");
const corpusFile = (name: string) => fs.readFileSync(path.join(corpus, name));

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function multipart(bytes: Buffer | Uint8Array, filename: string) {
  const boundary = "----planum-interchange";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The synchronous upload, and the job that writes the version's assignments and code links after it. */
async function upload(actor: Actor, scheduleId: string, bytes: Buffer | Uint8Array, name: string, query = "") {
  const body = multipart(bytes, name);
  const answer = await server.call("POST", `/schedules/${scheduleId}/versions/upload/synchronous${query}`, {
    token: actor.token,
    body: body.payload,
    headers: { "x-space-id": actor.spaceId, "content-type": body.contentType },
  });
  await server.ctx.jobs.idle();
  return answer;
}

const gantt = readGantt;

async function counts() {
  const db = server.ctx.db;
  const rows = (await db.execute(
    sql`select (select count(*) from versions)::int as v, (select count(*) from wbs_items)::int as w,
        (select count(*) from relations)::int as r`,
  )) as unknown as { rows: { v: number; w: number; r: number }[] };
  return rows.rows[0];
}

describe("interchange upload", () => {
  it.each([
    ["xer/MultiprojectWithExternal.xer"],
    ["xer/encoding1251.xer"],
    ["xer/PredecessorCalendar.xer"],
    ["pmxml/MultiprojectWithExternal.xml"],
    ["pmxml/BaselineProjects.xml"],
    ["pmxml/primavera.xml"],
    ["mspdi/mspdirelations.xml"],
    ["mspdi/sample.xml"],
    ["mspdi/task-links-project2019-mspdi.xml"],
    ["mpx/sample.mpx"],
  ])("uploads %s as a new version whose activities the Gantt shows", async (file) => {
    const { owner, schedule } = await setUpWorkspace(server);
    const answer = await upload(owner, schedule.id, corpusFile(file), path.basename(file));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const result = answer.body.data;
    expect(result.activities).toBeGreaterThan(0);
    const data = await gantt(owner, result.versionId);
    const leaves = data.type.filter((t) => t !== 0).length;
    expect(leaves).toBe(result.activities);
    expect(data.relations.from.length).toBe(result.relations);
    // The file's computed dates are the results (files that store none leave the version to be calculated).
    if (!/encoding1251|pmxml\/Multiproject/.test(file)) expect(data.earlyStart.some((m) => m > 0)).toBe(true);
  });

  it("keeps Cyrillic names of a windows-1251 XER", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const answer = await upload(owner, schedule.id, corpusFile("xer/encoding1251.xer"), "encoding1251.xer");
    expect(answer.status).toBe(200);
    const data = await gantt(owner, answer.body.data.versionId);
    expect(data.name.some((n) => /[а-яА-Я]/.test(n))).toBe(true);
    // Its TT_Rsrc activities stay resource dependent (the calculation schedules them on their resources' calendars).
    const versionId = answer.body.data.versionId;
    const flagged = (await server.ctx.db.execute(
      sql`select count(*)::int as n from wbs_items where version_id = ${versionId} and resource_dependent`,
    )) as unknown as { rows: { n: number }[] };
    expect(flagged.rows[0].n).toBeGreaterThan(0);
  });

  it("stores lags in minutes and the file's dates (MSPDI relations)", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const answer = await upload(owner, schedule.id, corpusFile("mspdi/mspdirelations.xml"), "r.xml");
    expect(answer.status).toBe(200);
    const data = await gantt(owner, answer.body.data.versionId);
    expect(data.relations.lag.some((l) => l !== 0 && l % 1 === 0)).toBe(true);
  });

  it("round-trips export → re-upload keeping names, durations and relations", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const first = await upload(owner, schedule.id, corpusFile("pmxml/primavera.xml"), "primavera.xml");
    expect(first.status).toBe(200);
    const before = await gantt(owner, first.body.data.versionId);
    for (const format of ["xer", "xml-primavera", "xml", "csv", "xlsx", "json", "zip"]) {
      const exported = await owner.call("POST", `/versions/${first.body.data.versionId}/export/${format}`);
      expect(exported.status, `${format} ${JSON.stringify(exported.body)}`).toBe(200);
      const download = await owner.call("GET", `/storage/download/${exported.body.data.fileId}`);
      expect(download.status).toBe(200);
      expect(String((download as { headers?: Record<string, unknown> }).headers?.["content-disposition"])).toContain(
        "attachment",
      );
      const bytes = (download as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload;
      expect(bytes.length).toBe(exported.body.data.size);
      const again = await upload(owner, schedule.id, bytes, exported.body.data.name);
      expect(again.status, `${format} ${JSON.stringify(again.body)}`).toBe(200);
      const after = await gantt(owner, again.body.data.versionId);
      const leaves = (d: typeof before) =>
        d.code
          .map((code, k) => ({ code, name: d.name[k], duration: d.duration[k], t: d.type[k] }))
          .filter((x) => x.t !== 0)
          .map(({ code, name, duration }) => `${code}|${name}|${duration}`)
          .sort();
      expect(leaves(after), format).toEqual(leaves(before));
      expect(after.relations.from.length, format).toBe(before.relations.from.length);
    }
  });

  it("carries the calculate settings out as the file's scheduling options and adopts a file's options on upload", async () => {
    const { owner, schedule, project } = await setUpWorkspace(server);
    const first = await upload(owner, schedule.id, corpusFile("pmxml/primavera.xml"), "primavera.xml");
    const stated = {
      progressOption: "actual_dates",
      floatType: "smallest",
      lagCalendar: "24h",
      criticalFloat: 480,
      criticalBy: "longest_path",
    };
    expect((await owner.call("PUT", `/schedules/${schedule.id}/calculate-settings`, stated)).status).toBe(200);
    for (const format of ["xer", "xml-primavera"]) {
      const exported = await owner.call("POST", `/versions/${first.body.data.versionId}/export/${format}`);
      const download = await owner.call("GET", `/storage/download/${exported.body.data.fileId}`);
      const bytes = (download as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload;
      const other = (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: `Из ${format}` }))
        .body.data;
      server.ctx.realtime.sent.length = 0;
      const again = await upload(owner, other.id, bytes, exported.body.data.name);
      expect(again.status, format).toBe(200);
      expect(server.ctx.realtime.sent).toContainEqual(
        expect.objectContaining({ type: "calculate_settings_updated", scheduleId: other.id }),
      );
      const adopted = (await owner.call("GET", `/schedules/${other.id}/calculate-settings`)).body.data;
      expect(adopted, format).toMatchObject(stated);
    }
  });

  it("refuses malformed files with a clear message and writes nothing", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const xer = corpusFile("xer/MultiprojectWithExternal.xer");
    const cases: [string, Buffer][] = [
      ["truncated.xer", xer.subarray(0, Math.floor(xer.length / 2))],
      ["broken.xml", Buffer.from('<?xml version="1.0"?><Project><Tasks><Task><UID>1</UID></Tasks></Project>')],
      ["garbage.xer", Buffer.alloc(10 * 1024 * 1024, 0x41)],
      ["unknown.xer", Buffer.from(`${xer.toString("latin1").split("\n")[0]}\n%T\tNOTATABLE\n%F\ta\n%R\t1\n%E\n`)],
    ];
    const before = await counts();
    for (const [name, bytes] of cases) {
      const answer = await upload(owner, schedule.id, bytes, name);
      expect(answer.status, name).toBe(400);
      expect(answer.body.errors[0].code, name).toBe("MalformedFile");
      expect(answer.body.errors[0].message.length, name).toBeGreaterThan(20);
      console.log(`${name}: ${answer.body.errors[0].message}`);
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses files over the configured limit", async () => {
    const small = await createTestServer({ PLANUM_MAX_UPLOAD_MB: "1" });
    try {
      const { owner, schedule } = await setUpWorkspace(small);
      const body = multipart(Buffer.alloc(2 * 1024 * 1024, 0x41), "big.xer");
      const answer = await small.call("POST", `/schedules/${schedule.id}/versions/upload/synchronous`, {
        token: owner.token,
        body: body.payload,
        headers: { "x-space-id": owner.spaceId, "content-type": body.contentType },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].code).toBe("FileTooLarge");
      const max = await owner.call("GET", "/storage/max-size");
      expect(max.body.data.bytes).toBe(1024 * 1024);
    } finally {
      await small.close();
    }
  });

  it("refuses other spaces and read-only members", async () => {
    const { owner, member, stranger, schedule } = await setUpWorkspace(server);
    const bytes = corpusFile("xer/PredecessorCalendar.xer");
    const foreign = await upload(stranger, schedule.id, bytes, "a.xer");
    expect([403, 404]).toContain(foreign.status);
    const readOnly = await upload(member, schedule.id, bytes, "a.xer");
    expect(readOnly.status).toBe(403);
    const mine = await upload(owner, schedule.id, bytes, "a.xer");
    const exported = await owner.call("POST", `/versions/${mine.body.data.versionId}/export/xer`);
    const stolen = await stranger.call("GET", `/storage/download/${exported.body.data.fileId}`);
    expect([403, 404]).toContain(stolen.status);
  });

  it("runs an upload as a job with import events and a resumable view", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const body = multipart(corpusFile("xer/MultiprojectWithExternal.xer"), "m.xer");
    const started = await server.call("POST", `/schedules/${schedule.id}/versions/upload`, {
      token: owner.token,
      body: body.payload,
      headers: { "x-space-id": owner.spaceId, "content-type": body.contentType },
    });
    expect(started.status).toBe(200);
    await server.ctx.jobs.idle();
    const job = await owner.call("GET", `/interchange/jobs/${started.body.data.jobId}`);
    expect(job.body.data.status).toBe("completed");
    expect(job.body.data.result.activities).toBeGreaterThan(0);
    const events = server.ctx.realtime.sent.filter(
      (e) => e.type === "import" && e.jobId === started.body.data.jobId,
    ) as { status: string }[];
    expect(events.map((e) => e.status)).toContain("completed");
  });

  it("compares two versions: added, removed and changed activities with their dates", async () => {
    const { owner, stranger, schedule } = await setUpWorkspace(server);
    const first = await upload(owner, schedule.id, corpusFile("mspdi/sample.xml"), "sample.xml");
    const a = first.body.data.versionId;
    const exported = await owner.call("POST", `/versions/${a}/export/csv`);
    const download = await owner.call("GET", `/storage/download/${exported.body.data.fileId}`);
    const text = (download as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload.toString("utf8");
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
    // drop the last activity and rename the second task
    const header = lines[0];
    const body = lines.slice(1, -1);
    const renamed = body.map((line) => line.replace(",Second Task,", ",Second Task (edited),"));
    const second = await upload(owner, schedule.id, Buffer.from([header, ...renamed].join("\r\n")), "edited.csv");
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const b = second.body.data.versionId;
    const answer = await owner.call("POST", `/schedules/${schedule.id}/versions/compare`, { versionA: a, versionB: b });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const comparison = answer.body.data;
    expect(comparison.removed.length).toBe(1);
    expect(comparison.added.length).toBe(0);
    expect(comparison.changed.length).toBeGreaterThanOrEqual(1);
    expect(comparison.changed.some((c: { changes: Record<string, unknown> }) => "name" in c.changes)).toBe(true);
    const file = await owner.call("POST", `/schedules/${schedule.id}/versions/export-comparison`, {
      versionA: a,
      versionB: b,
    });
    expect(file.status).toBe(200);
    const foreign = await stranger.call("POST", `/schedules/${schedule.id}/versions/compare`, {
      versionA: a,
      versionB: b,
    });
    expect([403, 404]).toContain(foreign.status);
  });

  it("batch-imports several files (each all-or-nothing), batch-exports versions and answers stop", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const boundary = "----planum-batch";
    const part = (name: string, bytes: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
        bytes,
        Buffer.from("\r\n"),
      ]);
    const payload = Buffer.concat([
      part("good.xer", corpusFile("xer/MultiprojectWithExternal.xer")),
      part("bad.xer", Buffer.from("ERMHDR\t20.12\n%T\tTASK\n")),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const started = await server.call("POST", `/batch-processing/import?scheduleId=${schedule.id}`, {
      token: owner.token,
      body: payload,
      headers: { "x-space-id": owner.spaceId, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.files).toBe(2);
    await server.ctx.jobs.idle();
    const job = await owner.call("GET", `/interchange/jobs/${started.body.data.jobId}`);
    expect(job.body.data.status).toBe("completed");
    const files = job.body.data.result.files as { name: string; versionId?: string; error?: string }[];
    expect(files[0].versionId).toBeTruthy();
    expect(files[1].error).toMatch(/bad|прочитать|%E|truncated/i);

    const exported = await owner.call("POST", "/batch-processing/export", {
      versionIds: [files[0].versionId],
      format: "xml",
    });
    expect(exported.status).toBe(200);
    await server.ctx.jobs.idle();
    const exportJob = await owner.call("GET", `/interchange/jobs/${exported.body.data.jobId}`);
    const written = exportJob.body.data.result.files as { fileId: string; size: number }[];
    expect(written[0].size).toBeGreaterThan(0);
    const download = await owner.call("GET", `/storage/download/${written[0].fileId}`);
    expect(download.status).toBe(200);
    const stop = await owner.call("POST", "/batch-processing/stop", { jobId: exported.body.data.jobId });
    expect(stop.body.data.stopping).toBe(false);
  });

  it("previews a file (format, projects, CSV rows) and uploads the chosen project of a multi-project file", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const call = (url: string, bytes: Buffer, name: string) => {
      const body = multipart(bytes, name);
      return server.call("POST", url, {
        token: owner.token,
        body: body.payload,
        headers: { "x-space-id": owner.spaceId, "content-type": body.contentType },
      });
    };
    const xer = corpusFile("xer/MultiprojectWithExternal.xer");
    const preview = await call(`/schedules/${schedule.id}/versions/upload/preview`, xer, "m.xer");
    expect(preview.status).toBe(200);
    expect(preview.body.data.format).toBe("xer");
    expect(preview.body.data.projects.length).toBe(2);
    expect(preview.body.data.problem).toBeNull();
    const second = preview.body.data.projects[1];
    const answer = await upload(owner, schedule.id, xer, "m.xer", `?project=${encodeURIComponent(second.id)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.activities).toBe(second.activities);
    const csv = Buffer.from("Title line\nActivity ID;Activity Name;Duration (h)\nA1;Первая;8\nA2;Вторая;16\n");
    const rows = await call(`/schedules/${schedule.id}/versions/upload/preview?skipRows=1`, csv, "t.csv");
    expect(rows.body.data.format).toBe("csv");
    expect(rows.body.data.rows[0]).toEqual(["Activity ID", "Activity Name", "Duration (h)"]);
    expect(rows.body.data.projects.length + rows.body.data.rows.length).toBeGreaterThan(1);
    const csvUpload = await upload(owner, schedule.id, csv, "t.csv", "?skipRows=1");
    expect(csvUpload.status, JSON.stringify(csvUpload.body)).toBe(200);
    expect(csvUpload.body.data.activities).toBe(2);
  });

  it("previews an XLSX like a CSV (header and rows after the rows to skip) and uploads it with the mapping", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const xlsx = await writeXlsxRows(
      [
        ["Выгрузка подрядчика"],
        ["от 01.02.2026"],
        ["Шифр", "Работа", "Часы", "Начало", "Предшественники"],
        ["B1", "Фундамент", 16, new Date(Date.UTC(2026, 1, 2, 8)), null],
        ["B2", "Каркас", 40, null, "B1"],
        ["B3", "Кровля", 24, null, "B2 FS +8h"],
      ],
      { sheet: "Работы", header: 3 },
    );
    const preview = async (query: string) => {
      const body = multipart(xlsx, "contractor.xlsx");
      const answer = await server.call("POST", `/schedules/${schedule.id}/versions/upload/preview${query}`, {
        token: owner.token,
        body: body.payload,
        headers: { "x-space-id": owner.spaceId, "content-type": body.contentType },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const skipped = await preview("?skipRows=2");
    expect(skipped.format).toBe("xlsx");
    expect(skipped.rows).toEqual([
      ["Шифр", "Работа", "Часы", "Начало", "Предшественники"],
      ["B1", "Фундамент", "16", "2026-02-02T08:00", ""],
      ["B2", "Каркас", "40", "", "B1"],
      ["B3", "Кровля", "24", "", "B2 FS +8h"],
    ]);
    // our own header names are not there, so the file does not read until the columns are mapped
    expect(skipped.problem).toMatch(/^Работы, 3: .*neither an activity ID nor a name/);
    const mapping = encodeURIComponent(
      JSON.stringify({
        id: "Шифр",
        name: "Работа",
        duration: "Часы",
        start: "Начало",
        predecessors: "Предшественники",
      }),
    );
    const mapped = await preview(`?skipRows=2&mapping=${mapping}`);
    expect(mapped.problem).toBeNull();
    expect(mapped.projects).toEqual([{ id: "Project", code: "Project", name: "Project", activities: 3 }]);
    // without the rows to skip the title is the header row
    expect((await preview("")).rows.slice(0, 3)).toEqual([
      ["Выгрузка подрядчика", "", "", "", ""],
      ["от 01.02.2026", "", "", "", ""],
      ["Шифр", "Работа", "Часы", "Начало", "Предшественники"],
    ]);

    const answer = await upload(owner, schedule.id, xlsx, "contractor.xlsx", `?skipRows=2&mapping=${mapping}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ format: "xlsx", activities: 3, relations: 2 });
    const rows = await gantt(owner, answer.body.data.versionId);
    expect(rows.name).toEqual(["Фундамент", "Каркас", "Кровля"]);
    expect(rows.duration).toEqual([960, 2400, 1440]);
    expect(rows.relations.lag).toEqual([0, 480]);
  });

  it("saves upload rules (column mapping, rows to skip) and applies one by name", async () => {
    const { owner, member, schedule } = await setUpWorkspace(server);
    const rule = { name: "Смета подрядчика", mapping: { id: "Шифр", name: "Работа", duration: "Часы" }, skipRows: 2 };
    const created = await owner.call("POST", "/schedule-import-settings", rule);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ name: rule.name, skipRows: 2, mapping: rule.mapping, format: null });
    expect((await owner.call("POST", "/schedule-import-settings", rule)).body.errors[0].code).toBe("NameTaken");
    const bad = await owner.call("POST", "/schedule-import-settings", { ...rule, name: "x".repeat(33), skipRows: -1 });
    expect(bad.status).toBe(400);
    // a field the readers do not know would be ignored silently: refused
    const misspelt = await owner.call("POST", "/schedule-import-settings", { ...rule, mapping: { Name: "Работа" } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.errors[0]).toMatchObject({ code: "InvalidValue", params: { field: "mapping.Name" } });
    expect((await member.call("POST", "/schedule-import-settings", { ...rule, name: "Other" })).status).toBe(403);
    expect(
      (await member.call("GET", "/schedule-import-settings")).body.data.map((r: { name: string }) => r.name),
    ).toEqual([rule.name]);

    const csv = Buffer.from("Выгрузка\nот 01.02.2026\nШифр;Работа;Часы\nB1;Фундамент;16\nB2;Каркас;40\n");
    const withRule = await upload(owner, schedule.id, csv, "contractor.csv", `?rule=${encodeURIComponent(rule.name)}`);
    expect(withRule.status, JSON.stringify(withRule.body)).toBe(200);
    const rows = await gantt(owner, withRule.body.data.versionId);
    expect(rows.code).toEqual(["B1", "B2"]);
    expect(rows.name).toEqual(["Фундамент", "Каркас"]);
    expect(rows.duration).toEqual([960, 2400]);
    const unknown = await upload(owner, schedule.id, csv, "contractor.csv", "?rule=nope");
    expect(unknown.status).toBe(404);
    const unknownField = await upload(
      owner,
      schedule.id,
      csv,
      "c.csv",
      `?mapping=${encodeURIComponent('{"nom":"x"}')}`,
    );
    expect(unknownField.status).toBe(400);

    const id = created.body.data.id;
    const renamed = await owner.call("PUT", `/schedule-import-settings/${id}`, { ...rule, name: "Подрядчик" });
    expect(renamed.body.data.name).toBe("Подрядчик");
    expect((await owner.call("DELETE", `/schedule-import-settings/${id}`)).status).toBe(200);
    expect((await owner.call("GET", "/schedule-import-settings")).body.data).toEqual([]);
  });

  it("imports a file into a facility as a new project with one schedule per project of the file", async () => {
    const { owner, member, facility } = await setUpWorkspace(server);
    const body = multipart(corpusFile("xer/MultiprojectWithExternal.xer"), "multi.xer");
    const send = (actor: Actor) =>
      server.call("POST", `/facilities/${facility.id}/import`, {
        token: actor.token,
        body: body.payload,
        headers: { "x-space-id": actor.spaceId, "content-type": body.contentType },
      });
    const answer = await send(owner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.schedules.length).toBe(2);
    const listed = await owner.call("GET", `/projects/${answer.body.data.projectId}/schedules`);
    expect(listed.body.data.length).toBe(2);
    expect((await send(member)).status).toBe(403);
    // the file's link from TestProject A1000 to TestProject2 A1010 joins the two schedules (an external relation)
    expect(answer.body.data.links).toBe(1);
    const acrossOf = async (versionIds: string[]) => {
      const found = (await server.ctx.db.execute(sql`
        select p.code as pred, s.code as succ, r.version_id = s.version_id as held_by_successor
        from relations r join wbs_items p on p.id = r.predecessor_id join wbs_items s on s.id = r.successor_id
        where r.version_id in (${sql.join(
          versionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and p.version_id <> r.version_id`)) as unknown as { rows: unknown[] };
      return found.rows;
    };
    const versionsOf = (x: { schedules: { versionIds: string[] }[] }) => x.schedules.flatMap((m) => m.versionIds);
    expect(await acrossOf(versionsOf(answer.body.data))).toEqual([
      { pred: "A1000", succ: "A1010", held_by_successor: true },
    ]);

    // and back: the project exported as one multi-project XER holds both schedules' activities
    const exported = await owner.call("POST", `/projects/${answer.body.data.projectId}/export`, { format: "xer" });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const download = await owner.call("GET", `/storage/download/${exported.body.data.fileId}`);
    const again = await server.call("POST", `/facilities/${facility.id}/import`, {
      token: owner.token,
      body: multipart((download as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload, "again.xer").payload,
      headers: { "x-space-id": owner.spaceId, "content-type": body.contentType },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const total = (x: { schedules: { activities: number }[] }) => x.schedules.reduce((n, s) => n + s.activities, 0);
    expect(total(again.body.data)).toBe(total(answer.body.data));
    // the link travels through the multi-project file and back
    expect(again.body.data.links).toBe(1);
    expect(await acrossOf(versionsOf(again.body.data))).toHaveLength(1);
  });

  it("imports a generated 4,000-activity XER through the API", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const { bytes, relations } = generateXerBytes(4000);
    const began = performance.now();
    const answer = await upload(owner, schedule.id, bytes, "big.xer");
    const uploaded = performance.now() - began;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = await gantt(owner, answer.body.data.versionId);
    const total = performance.now() - began;
    console.log(
      `4,000-activity XER (${bytes.length} bytes, ${relations} relations): upload ${Math.round(uploaded)} ms, ` +
        `upload + Gantt ${Math.round(total)} ms, server ${answer.body.data.elapsedMs} ms`,
    );
    expect(data.type.filter((t) => t !== 0).length).toBe(4000);
  });

  it("keeps an uploaded version's references whole: checked after the bulk insert, enforced after it, deleted with it", async () => {
    const { owner, schedule } = await setUpWorkspace(server);
    const first = await upload(owner, schedule.id, generateXerBytes(300).bytes, "a.xer");
    const second = await upload(owner, schedule.id, generateXerBytes(200).bytes, "b.xer");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const a = first.body.data.versionId as string;
    const b = second.body.data.versionId as string;
    const db = server.ctx.db;
    const one = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, number>[] }).rows[0];
    // Every row the upload wrote points at rows that exist, in its own version and space.
    const broken = await one(sql`
      select (select count(*) from relations r where r.version_id = ${a} and not exists
                (select 1 from wbs_items s where s.id = r.successor_id and s.version_id = r.version_id
                 and s.space_id = r.space_id))::int as r,
             (select count(*) from wbs_items w where w.version_id = ${a} and w.parent_id is not null
                and not exists (select 1 from wbs_items p where p.id = w.parent_id))::int as w`);
    expect(broken).toEqual({ r: 0, w: 0 });
    // The checks are on again after an upload: a relation filed under another version than its successor's, or an
    // item under another space than its version's, is refused by the database.
    const successor = await one(
      sql`select min(id)::int as id from wbs_items where version_id = ${a} and type = 'task'`,
    );
    const predecessor = await one(
      sql`select max(id)::int as id from wbs_items where version_id = ${a} and type = 'task'`,
    );
    await expect(
      db.execute(sql`insert into relations (space_id, version_id, predecessor_id, successor_id, type)
        values (${owner.spaceId}, ${b}, ${predecessor.id}, ${successor.id}, 'fs')`),
    ).rejects.toThrow();
    const other = await setUpWorkspace(server);
    await expect(
      db.execute(sql`insert into wbs_items (space_id, version_id, type, name)
        values (${other.owner.spaceId}, ${a}, 'task', 'Stray')`),
    ).rejects.toThrow();
    // Deleting a version takes its items and relations, and leaves the other version's whole.
    const before = await one(sql`select count(*)::int as n from relations where version_id = ${b}`);
    expect((await owner.call("DELETE", `/versions/${a}`)).status).toBe(200);
    const after = await one(sql`
      select (select count(*) from wbs_items where version_id = ${a})::int as w,
             (select count(*) from relations where version_id = ${a})::int as r,
             (select count(*) from relations where version_id = ${b})::int as kept`);
    expect(after).toEqual({ w: 0, r: 0, kept: before.n });
  });
});
