import {
  CYCLOGRAM_IDLE_MIN_MINUTES,
  CYCLOGRAM_PALETTE,
  type Cyclogram,
  type CyclogramSegment,
  type GanttColumns,
} from "@planum/contracts";

const unset = (minutes: number) => minutes < -1_000_000_000 || minutes === -1;
/** Gantt type codes of works and milestones (sums and tasks are groups, not work done in a place). */
const isWork = (type: number) => type === 2 || type === 3 || type === 4;

/**
 * The locations in order: a list attribute's values as listed (then any other value met), numbers ascending, text in
 * natural order ("Секция 2" before "Секция 10").
 */
export function locationOrder(type: string, listValues: readonly string[] | null, met: Iterable<string>) {
  const seen = new Set(met);
  if (type === "list") {
    const listed = (listValues ?? []).filter((v) => seen.has(v));
    const rest = [...seen].filter((v) => !(listValues ?? []).includes(v));
    return [...listed, ...rest.sort(naturalOrder)];
  }
  if (type === "number") return [...seen].sort((a, b) => Number(a) - Number(b));
  return [...seen].sort(naturalOrder);
}
const collator = new Intl.Collator("ru", { numeric: true, sensitivity: "base" });
const naturalOrder = (a: string, b: string) => collator.compare(a, b);

/**
 * The cyclogram of a version's Gantt by one location attribute: a line per work type (the works' name) through the
 * locations in time order, the crews' idle waits between locations, and the crossings (two crews in one location at
 * once). Pure: the Gantt and the attribute in, the answer out.
 */
export function buildCyclogram(
  gantt: GanttColumns,
  attribute: { id: string; name: string; type: string; listValues: string[] | null },
  colors: ReadonlyMap<string, string>,
): Cyclogram {
  const values = gantt.attrs[attribute.id] ?? [];
  const byType = new Map<string, { k: number; place: string }[]>();
  let unplaced = 0;
  for (let k = 0; k < gantt.ids.length; k++) {
    if (!isWork(gantt.type[k])) continue;
    const raw = values[k];
    const place = raw === null || raw === undefined ? "" : String(raw).trim();
    if (place === "" || unset(gantt.earlyStart[k]) || unset(gantt.earlyFinish[k])) {
      unplaced++;
      continue;
    }
    const name = gantt.name[k].trim();
    let list = byType.get(name);
    if (!list) {
      list = [];
      byType.set(name, list);
    }
    list.push({ k, place });
  }
  const places = new Set<string>();
  for (const list of byType.values()) for (const { place } of list) places.add(place);
  const locations = locationOrder(attribute.type, attribute.listValues, places);
  const row = new Map(locations.map((place, index) => [place, index]));

  const lines: Cyclogram["lines"] = [];
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  // a line of one work alone is a point, not a flow: still drawn, since a planner looks for it
  for (const [workType, list] of [...byType.entries()].sort(
    (a, b) => firstStart(gantt, a[1]) - firstStart(gantt, b[1]),
  )) {
    const segments: CyclogramSegment[] = list
      .map(({ k, place }) => ({
        wbsId: gantt.ids[k],
        revision: gantt.revision[k],
        code: gantt.code[k],
        location: row.get(place) as number,
        start: gantt.earlyStart[k],
        finish: gantt.earlyFinish[k],
        critical: gantt.critical[k] === 1,
      }))
      .sort((a, b) => a.start - b.start || a.location - b.location);
    for (const s of segments) {
      from = Math.min(from, s.start);
      to = Math.max(to, s.finish);
    }
    const color = colors.get(workType) ?? CYCLOGRAM_PALETTE[lines.length % CYCLOGRAM_PALETTE.length];
    lines.push({ workType, color, segments });
  }
  if (!Number.isFinite(from)) {
    from = unset(gantt.projectStart) ? 0 : gantt.projectStart;
    to = from + 30 * 1440;
  }
  return {
    attribute: { id: attribute.id, name: attribute.name },
    locations,
    lines,
    idle: idleOf(lines),
    crossings: crossingsOf(lines, locations.length),
    unplaced,
    from,
    to,
  };
}

function firstStart(gantt: GanttColumns, list: { k: number }[]) {
  let first = Number.POSITIVE_INFINITY;
  for (const { k } of list) first = Math.min(first, gantt.earlyStart[k]);
  return first;
}

/**
 * Whole weekdays (Monday to Friday) strictly between two moments (minutes): a crew that ends on Friday evening and
 * starts on Monday morning has not waited, one that ends on Tuesday and starts on Thursday has.
 */
export function weekdaysBetween(finish: number, start: number) {
  let count = 0;
  const first = Math.floor(finish / 1440) + 1;
  const last = Math.floor(start / 1440) - 1;
  // 1970-01-01 was a Thursday: day 0 is weekday 4 (Sunday 0); one weekday is enough to tell
  for (let day = first; day <= last && count === 0; day++) {
    const weekday = (day + 4) % 7;
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/** A crew waiting: between a line's consecutive works, at least a whole weekday without work. */
function idleOf(lines: Cyclogram["lines"]): Cyclogram["idle"] {
  const out: Cyclogram["idle"] = [];
  lines.forEach((line, index) => {
    for (let s = 1; s < line.segments.length; s++) {
      const before = line.segments[s - 1];
      const after = line.segments[s];
      if (after.start - before.finish > CYCLOGRAM_IDLE_MIN_MINUTES && weekdaysBetween(before.finish, after.start) > 0)
        out.push({ line: index, after: s - 1, start: before.finish, finish: after.start });
    }
  });
  return out;
}

/** Two crews of different work types in one location at overlapping times: their lines cross there. */
function crossingsOf(lines: Cyclogram["lines"], locationCount: number): Cyclogram["crossings"] {
  const at: { line: number; segment: number; start: number; finish: number }[][] = Array.from(
    { length: locationCount },
    () => [],
  );
  lines.forEach((line, l) => {
    line.segments.forEach((s, k) => {
      at[s.location].push({ line: l, segment: k, start: s.start, finish: s.finish });
    });
  });
  const out: Cyclogram["crossings"] = [];
  for (let location = 0; location < locationCount; location++) {
    // sorted by start, a work meets only those that start before it ends
    const here = at[location].sort((a, b) => a.start - b.start);
    for (let i = 0; i < here.length; i++) {
      for (let j = i + 1; j < here.length && here[j].start < here[i].finish; j++) {
        if (here[i].line === here[j].line) continue;
        out.push({
          location,
          a: { line: here[i].line, segment: here[i].segment },
          b: { line: here[j].line, segment: here[j].segment },
          start: here[j].start,
          finish: Math.min(here[i].finish, here[j].finish),
        });
      }
    }
  }
  return out;
}
