import { decodeGantt, encodeGantt, type GanttColumns, type GanttWire } from "@planum/contracts";
import {
  type ActivityInput,
  type CalendarInput,
  formatDateTime,
  type NetworkInput,
  parseDateTime,
  type RelationInput,
  schedule,
} from "@planum/engine";
import {
  type CostColumn,
  type GanttData,
  RELATION_TYPES,
  TYPE_DRAFT,
  TYPE_MILESTONE_FINISH,
  TYPE_MILESTONE_START,
  TYPE_SUM,
  TYPE_TASK,
  TYPE_WORK,
  WBS_TYPES,
} from "../gantt-data";

/** mulberry32: a tiny seeded generator, so every run benchmarks the same schedule. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOLIDAYS = ["01-01", "01-02", "01-07", "02-23", "03-08", "05-01", "05-09", "06-12", "11-04", "12-25"];

/** Eight calendars with two shifts a day (different hours, some with Saturday mornings) and public holidays. */
export function benchCalendars(): CalendarInput[] {
  const out: CalendarInput[] = [];
  for (let c = 0; c < 8; c++) {
    const morning: [string, string] = [`0${7 + (c % 2)}:00`, "12:00"];
    const afternoon: [string, string] = ["13:00", `1${6 + (c % 3)}:00`];
    const day = [morning, afternoon];
    const saturday = c % 4 === 3 ? [morning] : [];
    const exceptions = [];
    for (let y = 2025; y <= 2034; y++)
      for (const md of HOLIDAYS) exceptions.push({ date: `${y}-${md}`, intervals: [] });
    out.push({ id: `cal${c}`, week: [day, day, day, day, day, saturday, []], exceptions });
  }
  return out;
}

export interface BenchOptions {
  activities: number;
  seed?: number;
  /** Relations per non-summary activity (≈1.5). */
  relationsPerActivity?: number;
}

/**
 * A deterministic schedule of `activities` rows as the server would send it: three WBS levels of summaries
 * (10 × 10 × 10), leaves under the third level, ~1.5 relations per activity of all four types, dates computed by the
 * engine's `schedule`, baselines a few days off the computed dates, and two attribute columns.
 */
export function generateBenchData({ activities, seed = 7, relationsPerActivity = 1.5 }: BenchOptions): GanttData {
  const rnd = prng(seed);
  const calendars = benchCalendars();
  const fanout = activities >= 20_000 ? 10 : activities >= 2_000 ? 5 : 2;
  const sums = fanout + fanout * fanout + fanout ** 3;
  const leaves = Math.max(0, activities - sums);
  const perGroup = leaves / fanout ** 3;
  const type: number[] = [];
  const parent: number[] = [];
  const code: string[] = [];
  const name: string[] = [];
  const calendar: number[] = [];
  const duration: number[] = [];
  const leafRows: number[] = [];
  const push = (t: number, p: number, c: string, n: string, cal: number, d: number) => {
    type.push(t);
    parent.push(p);
    code.push(c);
    name.push(n);
    calendar.push(cal);
    duration.push(d);
    return type.length - 1;
  };
  const trades = [
    "Excavation",
    "Foundations",
    "Formwork",
    "Rebar",
    "Concrete pour",
    "Masonry",
    "Roofing",
    "MEP rough-in",
  ];
  let leafCount = 0;
  for (let a = 0; a < fanout; a++) {
    const ra = push(TYPE_SUM, -1, `B${a + 1}`, `Building ${a + 1}`, 0, 0);
    for (let b = 0; b < fanout; b++) {
      const rb = push(TYPE_SUM, ra, `B${a + 1}.${b + 1}`, `Section ${a + 1}.${b + 1}`, 0, 0);
      for (let c = 0; c < fanout; c++) {
        const rc = push(TYPE_SUM, rb, `B${a + 1}.${b + 1}.${c + 1}`, `Floor ${c + 1}, section ${a + 1}.${b + 1}`, 0, 0);
        const groupIndex = (a * fanout + b) * fanout + c + 1;
        const target = Math.round(groupIndex * perGroup);
        while (leafCount < target) {
          const u = rnd();
          const t =
            u < 0.015
              ? TYPE_MILESTONE_START
              : u < 0.03
                ? TYPE_MILESTONE_FINISH
                : u < 0.04
                  ? TYPE_DRAFT
                  : u < 0.15
                    ? TYPE_WORK
                    : TYPE_TASK;
          const cal = Math.floor(rnd() * 8);
          const d =
            t === TYPE_MILESTONE_START || t === TYPE_MILESTONE_FINISH ? 0 : 60 * 8 * (1 + Math.floor(rnd() * 10));
          const trade = trades[Math.floor(rnd() * trades.length)];
          leafRows.push(push(t, rc, `A${10000 + leafCount}`, `${trade} ${leafCount % 97}`, cal, d));
          leafCount++;
        }
      }
    }
  }
  const n = type.length;
  const from: number[] = [];
  const to: number[] = [];
  const relType: number[] = [];
  const lag: number[] = [];
  const target = Math.round(leafRows.length * relationsPerActivity);
  // Floors of one section follow each other, sections run in parallel: links go to earlier leaves of the same floor
  // (a short window, so paths stay a few dozen links long) or to any leaf of the floor below. Acyclic by construction.
  const floorOf = leafRows.map((row) => parent[row]);
  const floorStart = new Map<number, number>();
  leafRows.forEach((_, k) => {
    if (!floorStart.has(floorOf[k])) floorStart.set(floorOf[k], k);
  });
  while (from.length < target) {
    const k = 1 + Math.floor(rnd() * (leafRows.length - 1));
    const first = floorStart.get(floorOf[k]) as number;
    let j: number;
    if (k > first && rnd() < 0.8) j = Math.max(first, k - 1 - Math.floor(rnd() * 12));
    else {
      // The floor below in the same section is the previous floor's block of leaves, when there is one.
      const below =
        parent[floorOf[k]] === parent[floorOf[first - 1] ?? -1] && first > 0
          ? floorStart.get(floorOf[first - 1])
          : undefined;
      if (below === undefined) continue;
      j = below + Math.floor(rnd() * (first - below));
    }
    const u = rnd();
    from.push(leafRows[j]);
    to.push(leafRows[k]);
    relType.push(u < 0.7 ? 0 : u < 0.85 ? 1 : u < 0.97 ? 2 : 3);
    lag.push(rnd() < 0.7 ? 0 : 60 * 8 * Math.floor(rnd() * 4 - 1));
  }

  const projectStart = parseDateTime("2025-01-13T08:00");
  const acts: ActivityInput[] = type.map((t, i) => {
    const a: ActivityInput = {
      id: String(i),
      type: t === TYPE_DRAFT ? "task" : (WBS_TYPES[t] as ActivityInput["type"]),
      calendar: calendars[calendar[i]].id,
      duration: duration[i],
    };
    if (parent[i] >= 0) a.parent = String(parent[i]);
    return a;
  });
  const startLimitType = new Array<number>(n).fill(0);
  const startLimitDate = new Array<number>(n).fill(-1);
  for (let q = 0; leafRows.length > 0 && q < n / 200; q++) {
    const i = leafRows[Math.floor(rnd() * leafRows.length)];
    const date = projectStart + 1440 * Math.floor(rnd() * 600);
    startLimitType[i] = 1;
    startLimitDate[i] = date;
    acts[i].startLimit = { type: "not_earlier", date: formatDateTime(date) };
  }
  const rels: RelationInput[] = from.map((f, r) => ({
    from: String(f),
    to: String(to[r]),
    type: RELATION_TYPES[relType[r]],
    lag: lag[r],
  }));
  const input: NetworkInput = {
    projectStart: formatDateTime(projectStart),
    calendars,
    defaultCalendar: "cal0",
    activities: acts,
    relations: rels,
  };
  const result = schedule(input);
  const es = new Array<number>(n);
  const ef = new Array<number>(n);
  const ls = new Array<number>(n);
  const lf = new Array<number>(n);
  const tf = new Array<number | null>(n);
  const ff = new Array<number | null>(n);
  const crit = new Array<number>(n);
  for (const r of result.activities) {
    const i = Number(r.id);
    es[i] = parseDateTime(r.earlyStart);
    ef[i] = parseDateTime(r.earlyFinish);
    ls[i] = parseDateTime(r.lateStart);
    lf[i] = parseDateTime(r.lateFinish);
    tf[i] = r.totalFloat;
    ff[i] = r.freeFloat;
    crit[i] = r.critical ? 1 : 0;
  }
  const shift = () => 1440 * Math.floor(rnd() * 9 - 4);
  const bs = es.map((t) => t + shift());
  const bf = ef.map((t, i) => Math.max(bs[i], t + shift()));
  const progress = type.map((t) => (t === TYPE_SUM || rnd() < 0.7 ? 0 : Math.floor(rnd() * 101)));
  return {
    version: 1,
    ids: type.map((_, i) => 1_000_000 + i),
    parent,
    type,
    code,
    name,
    calendar,
    duration,
    earlyStart: es,
    earlyFinish: ef,
    lateStart: ls,
    lateFinish: lf,
    totalFloat: tf,
    freeFloat: ff,
    critical: crit,
    progress,
    baselineStart: bs,
    baselineFinish: bf,
    actualStart: new Array(n).fill(-1),
    actualFinish: new Array(n).fill(-1),
    startLimitType,
    startLimitDate,
    finishLimitType: new Array(n).fill(0),
    finishLimitDate: new Array(n).fill(-1),
    revision: new Array(n).fill(1),
    attrs: {
      zone: type.map((t, i) => (t === TYPE_SUM ? null : `Zone ${String.fromCharCode(65 + (i % 6))}`)),
      cost: type.map((t) => (t === TYPE_SUM ? null : Math.round(rnd() * 1_000_000) / 100)),
    },
    attributes: [
      { id: "zone", label: "Zone", kind: "string" },
      { id: "cost", label: "Cost", kind: "money" },
    ],
    relations: { from, to, type: relType, lag },
    calendars,
    defaultCalendar: 0,
    projectStart,
    dataDate: projectStart + 1440 * 35,
  };
}

/** The payload's cost columns, a column it leaves out none throughout. */
function costColumnsOf(data: GanttData): Record<CostColumn, (number | null)[]> {
  const none = () => new Array<number | null>(data.ids.length).fill(null);
  return {
    plannedCost: data.plannedCost ?? none(),
    actualCost: data.actualCost ?? none(),
    plannedLabour: data.plannedLabour ?? none(),
    actualLabour: data.actualLabour ?? none(),
    plannedVolume: data.plannedVolume ?? none(),
    actualVolume: data.actualVolume ?? none(),
  };
}

/** The payload as the server sends it (contracts' gantt-wire.ts), so the bench parses and unpacks what a browser gets. */
export function benchWireText(data: GanttData): string {
  const n = data.ids.length;
  const columns: GanttColumns = {
    ...data,
    remaining: data.remaining ?? new Array<number>(n).fill(-1),
    elapsed: data.elapsed ?? new Array<number>(n).fill(0),
    expanded: data.expanded ?? new Array<number>(n).fill(1),
    attrs: data.attrs ?? {},
    ...costColumnsOf(data),
    calcStatus: "calculated",
    versionRevision: 1,
  };
  return JSON.stringify(encodeGantt(columns));
}

/** What the workspace's API call does with the body: parse and unpack it. */
export function fromWireText(text: string, attributes: GanttData["attributes"]): GanttData {
  const { calcStatus: _status, versionRevision: _revision, ...data } = decodeGantt(JSON.parse(text) as GanttWire);
  return { ...data, attributes };
}
