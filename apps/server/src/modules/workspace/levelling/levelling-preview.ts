import type { LevellingOptionsValues, LevelMoveDto, LevelReasonDto } from "@planum/contracts";
import type { LevellingResult, NetworkInput } from "@planum/engine";
import { textMinutes } from "../../../platform/time.js";

type Names = Map<number, { code: string; name: string }>;
type ResourceNames = Map<string, { code: string; name: string }>;

/** What a levelling job keeps: the preview the user reads and the dates applying it writes (minutes, by row id). */
export interface StoredLevelling {
  revision: number;
  options: LevellingOptionsValues;
  preview: {
    moves: LevelMoveDto[];
    criticalPath: { id: number; code: string; name: string }[];
    finishBefore: string;
    finishAfter: string;
    unresolved: number;
    activities: number;
    resources: number;
    engineMs: number;
  };
  /** Levelled rows: id, start, finish, late start, late finish, total float, critical (0/1), as parallel arrays. */
  dates: { ids: number[]; es: number[]; ef: number[]; ls: number[]; lf: number[]; tf: number[]; cr: number[] };
  /** Summaries rolled up over their levelled works: id, start, finish. */
  sums: { ids: number[]; es: number[]; ef: number[] };
  decision?: "applied" | "discarded";
}

function ref(names: Names, id: string) {
  const n = Number(id);
  const known = names.get(n);
  return { id: n, code: known?.code ?? id, name: known?.name ?? "" };
}

function reasonDto(reason: LevellingResult["moves"][number]["reasons"][number], names: Names, res: ResourceNames) {
  const resource = (id: string) => ({ id, code: res.get(id)?.code ?? id, name: res.get(id)?.name ?? "" });
  switch (reason.kind) {
    case "logic":
      return { kind: "logic", days: reason.days, predecessor: ref(names, reason.predecessor) } satisfies LevelReasonDto;
    case "resource":
      return {
        kind: "resource",
        days: reason.days,
        resource: resource(reason.resource),
        holders: reason.holders.map((h) => ref(names, h)),
      } satisfies LevelReasonDto;
    default:
      return {
        kind: "unresolved",
        resource: resource(reason.resource),
        holders: reason.holders.map((h) => ref(names, h)),
        cause: reason.cause,
      } satisfies LevelReasonDto;
  }
}

/** The job's stored answer from the engine's: works named by code and name, dates as the server keeps them. */
export function storedLevelling(
  result: LevellingResult,
  network: NetworkInput,
  names: Names,
  resourceNames: ResourceNames,
  facts: { revision: number; options: LevellingOptionsValues; engineMs: number },
): StoredLevelling {
  const dates: StoredLevelling["dates"] = { ids: [], es: [], ef: [], ls: [], lf: [], tf: [], cr: [] };
  const span = new Map<string, [number, number]>();
  for (const a of result.activities) {
    const es = textMinutes(a.start);
    const ef = textMinutes(a.finish);
    dates.ids.push(Number(a.id));
    dates.es.push(es);
    dates.ef.push(ef);
    dates.ls.push(textMinutes(a.lateStart));
    dates.lf.push(textMinutes(a.lateFinish));
    dates.tf.push(Math.round(a.totalFloat));
    dates.cr.push(a.critical ? 1 : 0);
    span.set(a.id, [es, ef]);
  }
  // Summaries span their works: each levelled work widens every summary above it.
  const parentOf = new Map<string, string>();
  const sumIds = new Set<string>();
  for (const a of network.activities) {
    if (a.parent) parentOf.set(a.id, a.parent);
    if (a.type === "sum") sumIds.add(a.id);
  }
  const sumSpan = new Map<string, [number, number]>();
  for (const [id, [es, ef]] of span) {
    for (let p = parentOf.get(id); p !== undefined && sumIds.has(p); p = parentOf.get(p)) {
      const known = sumSpan.get(p);
      if (!known) sumSpan.set(p, [es, ef]);
      else {
        known[0] = Math.min(known[0], es);
        known[1] = Math.max(known[1], ef);
      }
    }
  }
  const sums: StoredLevelling["sums"] = { ids: [], es: [], ef: [] };
  for (const [id, [es, ef]] of sumSpan) {
    sums.ids.push(Number(id));
    sums.es.push(es);
    sums.ef.push(ef);
  }
  return {
    revision: facts.revision,
    options: facts.options,
    preview: {
      moves: result.moves.map((m) => ({
        work: ref(names, m.id),
        before: m.before,
        after: m.after,
        days: m.days,
        reasons: m.reasons.map((r) => reasonDto(r, names, resourceNames)),
      })),
      criticalPath: result.criticalPath.map((id) => ref(names, id)),
      finishBefore: result.finishBefore,
      finishAfter: result.finishAfter,
      unresolved: result.unresolved,
      activities: result.activities.length,
      resources: resourceNames.size,
      engineMs: facts.engineMs,
    },
    dates,
    sums,
  };
}
