import { readFileSync } from "node:fs";
import path from "node:path";
import { readPmxml, readXer } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, readGantt, setUpWorkspace } from "../workspace/workspace.test-kit.js";

/**
 * P6 activity codes and user-defined fields through an XER import and export (issue 14): code types become
 * directories of kind `actvcode` on the schedule's project, their values rows (hierarchy kept), each activity's value
 * a link of its work; activity UDFs become work attributes with the values on the works; the export writes them back.
 */

const corpus = path.resolve(__dirname, "../../../../../../shared/corpus");

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const table = (name: string, fields: string[], rows: (string | number)[][]) =>
  [`%T\t${name}`, `%F\t${fields.join("\t")}`, ...rows.map((r) => `%R\t${r.join("\t")}`)].join("\n");

/**
 * The corpus's two-project file (TestProject2 holds A1000 = task 133085 and A1010 = 133086) with the code and UDF
 * tables P6 writes for it: a global "Discipline" code (CIV › CON, MEP), a project "Area" whose level-2 code L1
 * repeats under N and S, a code of the other project, three activity UDFs and one of WBS.
 */
function fileWithCodes(): Buffer {
  const text = readFileSync(path.join(corpus, "xer/MultiprojectWithExternal.xer"), "utf8");
  const tables = [
    table(
      "ACTVTYPE",
      ["actv_code_type_id", "actv_short_len", "seq_num", "actv_code_type", "proj_id", "actv_code_type_scope"],
      [
        [1, 10, 0, "Discipline", "", "AS_Global"],
        [2, 10, 1, "Area", 5494, "AS_Project"],
        [3, 10, 2, "Other project code", 5442, "AS_Project"],
      ],
    ),
    table(
      "ACTVCODE",
      ["actv_code_id", "parent_actv_code_id", "actv_code_type_id", "actv_code_name", "short_name", "seq_num"],
      [
        [11, "", 1, "Civil works", "CIV", 0],
        [12, 11, 1, "Concrete; cast in place <C30>", "CON", 1],
        [13, "", 1, "Mechanical, electrical and plumbing works", "MEP", 2],
        [21, "", 2, "North", "N", 0],
        [22, "", 2, "South", "S", 1],
        [23, 21, 2, "North level 1", "L1", 2],
        [24, 22, 2, "South level 1", "L1", 3],
        [31, "", 3, "Elsewhere", "X", 0],
      ],
    ),
    table(
      "TASKACTV",
      ["task_id", "actv_code_type_id", "actv_code_id", "proj_id"],
      [
        [133085, 1, 12, 5494],
        [133085, 2, 23, 5494],
        [133086, 1, 13, 5494],
        [133086, 2, 24, 5494],
        [133031, 3, 31, 5442],
      ],
    ),
    table(
      "UDFTYPE",
      ["udf_type_id", "table_name", "udf_type_name", "udf_type_label", "logical_data_type"],
      [
        [41, "TASK", "user_field_41", "Crew size", "FT_FLOAT_2_DECIMALS"],
        [42, "TASK", "user_field_42", "Supervisor", "FT_TEXT"],
        [43, "TASK", "user_field_43", "Permit date", "FT_START_DATE"],
        [44, "PROJWBS", "user_field_44", "WBS note", "FT_TEXT"],
      ],
    ),
    table(
      "UDFVALUE",
      ["udf_type_id", "fk_id", "proj_id", "udf_date", "udf_number", "udf_text", "udf_code_id"],
      [
        [41, 133085, 5494, "", 4.5, "", ""],
        [41, 133086, 5494, "", 12, "", ""],
        [42, 133085, 5494, "", "", "Ivanov", ""],
        [43, 133086, 5494, "2023-11-06 00:00", "", "", ""],
        [44, 36853, 5494, "", "", "note", ""],
      ],
    ),
  ].join("\n");
  return Buffer.from(text.replace(/%E\s*$/, `${tables}\n%E\n`), "utf8");
}

/** The synchronous upload, and the job that writes the version's code links and UDF values after it. */
async function upload(actor: Actor, scheduleId: string, bytes: Buffer, name: string, project?: string) {
  const boundary = "----planum-p6-codes";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const query = project ? `?project=${project}` : "";
  const answer = await server.call("POST", `/schedules/${scheduleId}/versions/upload/synchronous${query}`, {
    token: actor.token,
    body: payload,
    headers: { "x-space-id": actor.spaceId, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  await server.ctx.jobs.idle();
  return answer;
}

async function download(actor: Actor, versionId: string, format = "xer") {
  const exported = await actor.call("POST", `/versions/${versionId}/export/${format}`);
  expect(exported.status, JSON.stringify(exported.body)).toBe(200);
  const file = await actor.call("GET", `/storage/download/${exported.body.data.fileId}`);
  return new Uint8Array((file as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload);
}

/** Each work's codes as "directory: row code (row name)" and its UDF values by attribute name, by activity code. */
async function worksOf(actor: Actor, scheduleId: string, versionId: string) {
  const links = (await actor.call("GET", `/versions/${versionId}/directory`)).body.data as {
    directories: { id: string; name: string; kind: string }[];
    links: { itemId: number; directoryId: string; code: string; name: string }[];
  };
  const gantt = await readGantt(actor, versionId);
  const attributes = (await actor.call("GET", `/schedules/${scheduleId}/attributes`)).body.data as {
    id: string;
    name: string;
    type: string;
  }[];
  const dirName = new Map(links.directories.map((d) => [d.id, d.name]));
  const works: Record<string, { codes: string[]; udfs: Record<string, unknown> }> = {};
  gantt.ids.forEach((id, k) => {
    if (gantt.type[k] === 0 || !gantt.code[k]) return;
    const codes = links.links
      .filter((l) => l.itemId === id)
      .map((l) => `${dirName.get(l.directoryId)}: ${l.code} (${l.name})`)
      .sort();
    const udfs: Record<string, unknown> = {};
    for (const a of attributes) {
      const value = gantt.attrs[a.id]?.[k];
      if (value !== null && value !== undefined) udfs[a.name] = value;
    }
    works[gantt.code[k]] = { codes, udfs };
  });
  return { works, links, attributes };
}

describe("P6 activity codes and UDFs", () => {
  it("land in directories and attributes, go back out to XER and read back the same", async () => {
    const { owner, stranger, project, schedule } = await setUpWorkspace(server);
    const first = await upload(owner, schedule.id, fileWithCodes(), "codes.xer", "5494");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const report = first.body.data.report;
    // Discipline (global) and Area (this project) with 3 + 4 values; the other project's code stays out.
    expect(report.stored.codes).toBe(7);
    expect(report.warnings.map((w: { code: string }) => w.code)).toContain("UdfsNotKept");
    expect(report.warnings.map((w: { code: string }) => w.code)).not.toContain("CodesNotKept");

    const imported = await worksOf(owner, schedule.id, first.body.data.versionId);
    expect(imported.works).toEqual({
      A1000: {
        codes: ["Area: L1 (North level 1)", "Discipline: CON (Concrete cast in place C30)"],
        udfs: { "Crew size": 4.5, Supervisor: "Ivanov" },
      },
      A1010: {
        codes: ["Area: S.L1 (South level 1)", "Discipline: MEP (Mechanical, electrical and plumb)"],
        udfs: { "Crew size": 12, "Permit date": "2023-11-06" },
      },
    });
    expect(imported.attributes.map((a) => [a.name, a.type]).sort()).toEqual([
      ["Crew size", "number"],
      ["Permit date", "date"],
      ["Supervisor", "string"],
    ]);

    // The directories are the project's, kind actvcode, with the file's hierarchy (L1 under N, S.L1 under S).
    const listed = (await owner.call("GET", `/eps/${project.id}/directory/get`)).body.data as {
      id: string;
      name: string;
      kind: string;
      rowCount: number;
    }[];
    const area = listed.find((d) => d.name === "Area")!;
    expect(listed.map((d) => [d.name, d.kind, d.rowCount]).sort()).toEqual([
      ["Area", "actvcode", 4],
      ["Discipline", "actvcode", 3],
    ]);
    const rows = await owner.call("GET", `/eps/${project.id}/directory/${area.id}/rows?limit=50`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    const byId = new Map(
      (rows.body.data.rows as { id: string; code: string; parentId: string | null }[]).map((r) => [r.id, r]),
    );
    const parentCode = (code: string) => {
      const row = [...byId.values()].find((r) => r.code === code)!;
      return row.parentId ? byId.get(row.parentId)?.code : null;
    };
    expect([parentCode("L1"), parentCode("S.L1"), parentCode("N")]).toEqual(["N", "S", null]);

    // Out to XER and read back: the same codes on the same activities, the UDFs with their P6 types.
    const xer = readXer(await download(owner, first.body.data.versionId));
    const codeOf = (activityCode: string) => {
      const activity = xer.activities.find((a) => a.code === activityCode)!;
      return xer.activityCodes
        .filter((c) => c.activityId === activity.id)
        .map((c) => {
          const type = xer.codeTypes.find((t) => t.id === c.typeId)!;
          const value = xer.codeValues.find((v) => v.id === c.valueId)!;
          const parent = xer.codeValues.find((v) => v.id === value.parentId);
          return `${type.name}: ${parent ? `${parent.code}/` : ""}${value.code}`;
        })
        .sort();
    };
    expect(codeOf("A1000")).toEqual(["Area: N/L1", "Discipline: CIV/CON"]);
    expect(codeOf("A1010")).toEqual(["Area: S/S.L1", "Discipline: MEP"]);
    expect(xer.udfTypes.map((u) => [u.name, u.subject, u.dataType]).sort()).toEqual([
      ["Crew size", "activity", "number"],
      ["Permit date", "activity", "date"],
      ["Supervisor", "activity", "text"],
    ]);

    // P6 XML carries the same codes.
    const xml = readPmxml(await download(owner, first.body.data.versionId, "xml-primavera"));
    expect(xml.codeValues.map((v) => v.code).sort()).toEqual(["CIV", "CON", "MEP", "N", "S", "S.L1", "L1"].sort());
    expect(xml.activityCodes).toHaveLength(4);

    // The exported file imported again: the same directories and attributes are found, nothing doubles.
    const again = await upload(
      owner,
      schedule.id,
      Buffer.from(await download(owner, first.body.data.versionId)),
      "back.xer",
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = await worksOf(owner, schedule.id, again.body.data.versionId);
    expect(second.works).toEqual(imported.works);
    expect(second.attributes).toHaveLength(3);
    const relisted = (await owner.call("GET", `/eps/${project.id}/directory/get`)).body.data as { rowCount: number }[];
    expect(relisted.map((d) => d.rowCount).sort()).toEqual([3, 4]);

    // Another space's user sees neither the directories nor the version's links.
    expect((await stranger.call("GET", `/eps/${project.id}/directory/get`)).status).toBe(404);
    expect((await stranger.call("GET", `/versions/${first.body.data.versionId}/directory`)).status).toBe(404);
  });
});
