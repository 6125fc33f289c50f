import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type NetworkInput, parseDateTime, type RelationInput, schedule } from "@planum/engine";
import { describe, expect, it } from "vitest";

/**
 * Dates computed by MS Project 2019 for 16 tasks linked by all four link types with lags
 * (corpus file task-links-project2019-mspdi.xml). Only the few fields needed are read here; the full MSPDI
 * reader lives in @planum/formats.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const file = resolve(repoRoot, "../shared/corpus/mspdi/task-links-project2019-mspdi.xml");
const xml = readFileSync(file, "utf8");

const field = (block: string, name: string): string | undefined =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(block)?.[1];
const isoDuration = (s: string): number => {
  const m = /^PT(\d+)H(\d+)M/.exec(s);
  if (!m) throw new Error(`unexpected duration ${s}`);
  return +m[1] * 60 + +m[2];
};
const LINK_TYPES: Record<string, RelationInput["type"]> = { "0": "FF", "1": "FS", "2": "SF", "3": "SS" };

interface MsTask {
  uid: string;
  start: string;
  finish: string;
  duration: number;
  totalSlack: number;
  freeSlack: number;
  preds: { uid: string; type: RelationInput["type"]; lag: number }[];
}

function readTasks(): MsTask[] {
  const tasksXml = xml.slice(xml.indexOf("<Tasks>"), xml.indexOf("</Tasks>"));
  const tasks: MsTask[] = [];
  for (const m of tasksXml.matchAll(/<Task>([\s\S]*?)<\/Task>/g)) {
    const t = m[1];
    if (field(t, "Summary") === "1") continue;
    tasks.push({
      uid: field(t, "UID") as string,
      start: (field(t, "Start") as string).slice(0, 16),
      finish: (field(t, "Finish") as string).slice(0, 16),
      duration: isoDuration(field(t, "Duration") as string),
      // Slack and link lags are stored in tenths of a minute.
      totalSlack: Number(field(t, "TotalSlack")) / 10,
      freeSlack: Number(field(t, "FreeSlack")) / 10,
      preds: [...t.matchAll(/<PredecessorLink>([\s\S]*?)<\/PredecessorLink>/g)].map((p) => ({
        uid: field(p[1], "PredecessorUID") as string,
        type: LINK_TYPES[field(p[1], "Type") as string],
        lag: Number(field(p[1], "LinkLag")) / 10,
      })),
    });
  }
  return tasks;
}

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];

describe("MS Project 2019 comparison (task-links-project2019-mspdi.xml)", () => {
  const tasks = readTasks();
  const network: NetworkInput = {
    projectStart: (field(xml, "StartDate") as string).slice(0, 16),
    // The file's Standard calendar: Monday–Friday 08:00–12:00 and 13:00–17:00.
    calendars: [{ id: "standard", week: [DAY, DAY, DAY, DAY, DAY, [], []] }],
    defaultCalendar: "standard",
    activities: tasks.map((t) => ({ id: t.uid, duration: t.duration })),
    relations: tasks.flatMap((t) => t.preds.map((p) => ({ from: p.uid, to: t.uid, type: p.type, lag: p.lag }))),
  };
  const result = schedule(network);
  const byId = new Map(result.activities.map((a) => [a.id, a]));

  it("reads 16 tasks and all four link types with lags", () => {
    expect(tasks).toHaveLength(16);
    expect(new Set(network.relations.map((r) => r.type))).toEqual(new Set(["FS", "SS", "FF", "SF"]));
    expect(network.relations.filter((r) => (r.lag ?? 0) !== 0)).toHaveLength(7);
  });

  it("gives MS Project's start and finish of every task", () => {
    for (const t of tasks) {
      const a = byId.get(t.uid);
      expect({ uid: t.uid, start: a?.earlyStart, finish: a?.earlyFinish }).toEqual({
        uid: t.uid,
        start: t.start,
        finish: t.finish,
      });
    }
  });

  it("gives MS Project's project finish", () => {
    expect(result.finish).toBe((field(xml, "FinishDate") as string).slice(0, 16));
  });

  it("gives MS Project 2019's total and free slack under its rule for SS/SF links", () => {
    // MS Project 2016 and later give an SS/SF predecessor its late finish from the project finish (UIDs 11 and 13:
    // 88 h); the option startLinksBoundLate: false selects that rule (scenario 049).
    const msp = schedule({ ...network, options: { startLinksBoundLate: false } });
    const mspById = new Map(msp.activities.map((a) => [a.id, a]));
    for (const t of tasks) {
      const a = mspById.get(t.uid);
      expect({ uid: t.uid, total: a?.totalFloat, free: a?.freeFloat }).toEqual({
        uid: t.uid,
        total: t.totalSlack,
        free: t.freeSlack,
      });
    }
  });

  it("limits SS/SF predecessors through the link by default (P6, MS Project 2010)", () => {
    // The 2010 save of the same plan (packages/formats/fidelity/mpxj) has these values: 80 h and 72 h.
    expect(byId.get("11")?.totalFloat).toBe(4800);
    expect(byId.get("13")?.totalFloat).toBe(4320);
    expect(parseDateTime(byId.get("11")?.lateStart as string)).toBe(parseDateTime("2018-11-01T08:00"));
  });
});
