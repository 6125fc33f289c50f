import { FormatError } from "../model/format-error.js";
import { type ReaderOptions, type ReadPlace, type ReadWarningCode, ReadWarnings } from "../model/read-report.js";
import {
  type Activity,
  type Calendar,
  type ConstraintType,
  emptyModel,
  type ScheduleModel,
  standardWeek,
  type TimeInterval,
} from "../model/schedule-model.js";
import { normalizeReferences } from "../model/validate-model.js";
import { addDays, minutesToTime, timeToMinutes } from "../util/date-time.js";
import { decodeText } from "../util/text-encoding.js";
import { isMpxNotAvailable, isMpxYes, mpxConstraintName, mpxDurationUnit, mpxLinkType } from "./mpx-words.js";

/*
 * MPX (Microsoft Project exchange, 4.0): one record per line, the first field its number. Task and
 * resource records list their fields in the order given by records 61 and 41. Dates follow record 12
 * (order DMY/MDY/YMD, separators, default time); durations carry units ("50d", "500h", "2ew").
 */

/** Names of the task fields (record 70, numbered by record 61) a warning may name. */
const TASK_FIELD_NAMES: Record<number, string> = {
  50: "Start",
  51: "Finish",
  52: "Early Start",
  53: "Early Finish",
  54: "Late Start",
  55: "Late Finish",
  68: "Constraint Date",
  70: "Predecessors",
  91: "Constraint Type",
  93: "Free Slack",
  94: "Total Slack",
};

const CONSTRAINTS: Record<string, ConstraintType | undefined> = {
  "as soon as possible": undefined,
  "as late as possible": "as_late_as_possible",
  "must start on": "start_on",
  "must finish on": "finish_on",
  "start no earlier than": "start_on_or_after",
  "start no later than": "start_on_or_before",
  "finish no earlier than": "finish_on_or_after",
  "finish no later than": "finish_on_or_before",
};

function splitRecord(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

interface Settings {
  order: number;
  defaultTime: number;
  dateSep: string;
  hoursPerDay: number;
  hoursPerWeek: number;
  decimal: string;
}

/**
 * Dates without a time get the file's default time (record 12). MS Project writes a finish that falls at the
 * end of a working day as the next working morning (the same point of working time), so 08:00 is right for
 * finish dates too: "Tue 18/03/03" in MPX is 2003-03-18T08:00 in the same project's MSPDI.
 */
function parseMpxDate(raw: string, s: Settings): string | undefined {
  const v = raw.trim().replace(/^[^\d\s]+\s+/, "");
  if (v === "" || isMpxNotAvailable(v)) return undefined;
  const [datePart, timePart, ampm] = v.split(/\s+/);
  const parts = datePart.split(s.dateSep === "" ? "/" : s.dateSep).map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n))) return undefined;
  let [a, b, c] = parts;
  let y: number;
  let mo: number;
  let d: number;
  if (s.order === 0) [mo, d, y] = [a, b, c];
  else if (s.order === 1) [d, mo, y] = [a, b, c];
  else [y, mo, d] = [a, b, c];
  if (y < 100) y += y < 70 ? 2000 : 1900;
  a = mo;
  c = d;
  if (!(a >= 1 && a <= 12 && c >= 1 && c <= 31)) return undefined;
  let minutes = s.defaultTime;
  if (timePart) {
    const [h, m] = timePart.split(/[:.]/).map(Number);
    if (!Number.isFinite(h)) return undefined;
    let hh = h;
    if (ampm && /pm/i.test(ampm) && hh < 12) hh += 12;
    if (ampm && /am/i.test(ampm) && hh === 12) hh = 0;
    minutes = hh * 60 + (m || 0);
  }
  const date = `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return `${date}T${minutesToTime(minutes)}`;
}

/** "10,5" with the file's decimal separator (record 10) → 10.5; thousands separators are not written in MPX numbers. */
function parseMpxNumber(raw: string, s: Settings): number {
  return Number(raw.trim().replace(s.decimal === "," ? "," : /,/g, "."));
}

/**
 * "50d" → working minutes using the file's hours per day/week; elapsed units ("2ew", German "0ft") count 24-hour
 * days. Units in the file's language (mpx-words.ts).
 */
function parseMpxDuration(raw: string, s: Settings): number | undefined {
  const m = /^(-?[\d.,]+)\s*([a-z]*|%)\??$/i.exec(raw.trim());
  if (!m) return undefined;
  const n = parseMpxNumber(m[1], s);
  if (!Number.isFinite(n)) return undefined;
  if (m[2] === "%") return 0;
  const word = m[2] === "" ? { unit: "d", elapsed: false } : mpxDurationUnit(m[2]);
  if (!word) return undefined;
  const { elapsed, unit } = word;
  const day = elapsed ? 1440 : s.hoursPerDay * 60;
  const per: Record<string, number> = {
    m: 1,
    h: 60,
    d: day,
    w: elapsed ? 10080 : s.hoursPerWeek * 60,
    mo: day * 20,
    y: day * 260,
  };
  return Math.round(n * (per[unit] ?? day));
}

/**
 * Reads an MPX file. A value the calculation does without (planned, early and late dates, slack) that cannot be read,
 * an unknown constraint type, a predecessor that is not a task of the file: each is a warning with its record, line,
 * field and task (like the other readers' ReadReport), not a refusal; durations, actual dates and constraint dates
 * the calculation needs still refuse the file with their place.
 */
export function readMpx(bytes: Uint8Array, options: ReaderOptions = {}): ScheduleModel {
  const warnings = options.warnings ?? new ReadWarnings();
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The MPX file is empty");
  const { text } = decodeText(
    bytes,
    "MPX",
    new TextDecoder("utf-8", { fatal: false }).decode(bytes.slice(0, 60)).includes("ANSI") ? "windows-1252" : undefined,
  );
  const lines = text.split(/\r?\n/);
  if (!lines[0].startsWith("MPX")) {
    throw new FormatError("MalformedFile", "An MPX file must start with the MPX file creation record", {
      table: "MPX",
      row: 1,
    });
  }
  const sep = lines[0][3] && lines[0][3] !== "," ? lines[0][3] : ",";
  const s: Settings = { order: 0, defaultTime: 480, dateSep: "/", hoursPerDay: 8, hoursPerWeek: 40, decimal: "." };
  const model = emptyModel("mpx");
  model.source = {
    format: "mpx",
    producer: splitRecord(lines[0], sep)[1] ?? "",
    version: splitRecord(lines[0], sep)[2] ?? "",
  };
  let taskFields: number[] = [];
  let calendar: Calendar | undefined;
  let lastTask: Activity | undefined;
  let resourceFields: number[] = [];
  let lastResource: ScheduleModel["resources"][number] | undefined;
  const resourceById = new Map<string, ScheduleModel["resources"][number]>();
  const idToUid = new Map<string, string>();
  const rawPreds: { succ: string; code: string; text: string; row: number }[] = [];
  const parents: string[] = [];
  const project = { id: "1", code: "", name: "", options: {} } as ScheduleModel["projects"][number];
  model.projects.push(project);
  const fail = (row: number, message: string, record: string): never => {
    throw new FormatError("InvalidValue", message, { table: `record ${record}`, row }, { line: row });
  };
  const warn = (code: ReadWarningCode, params: Record<string, string | number>, place: ReadPlace) =>
    warnings.warn(code, params, place);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "") continue;
    const f = splitRecord(line, sep);
    const rec = f[0].trim();
    const row = i + 1;
    if (!/^\d+$/.test(rec)) fail(row, `Line does not start with a record number: "${line.slice(0, 30)}"`, rec);
    switch (rec) {
      case "10":
        s.decimal = f[5] || ".";
        break;
      case "11":
        s.hoursPerDay = Number((f[4] || "8").replace(",", ".")) || 8;
        s.hoursPerWeek = Number((f[5] || "40").replace(",", ".")) || 40;
        break;
      case "12":
        s.order = Number(f[1] || "0");
        s.defaultTime = Number(f[3] || "480");
        s.dateSep = f[4] || "/";
        break;
      case "20": {
        const week = standardWeek();
        const flags = f.slice(2, 9).map((x) => x.trim());
        // Flags Sunday first: 0 non-working, 1 working, 2 as the base calendar.
        for (let d = 0; d < 7; d++) if (flags[d] === "0") week[(d + 6) % 7] = [];
        calendar = { id: String(model.calendars.length + 1), name: f[1], week, exceptions: [] };
        model.calendars.push(calendar);
        break;
      }
      case "56":
      case "25": {
        // 56: hours of a resource's own calendar (record 55), same layout; ignored for a resource on its base.
        if (rec === "56" && !calendar) break;
        if (!calendar) fail(row, "Calendar hours before any calendar", rec);
        const day = Number(f[1]);
        const ivs: TimeInterval[] = [];
        for (let k = 2; k + 1 < f.length; k += 2) {
          if (!f[k]) continue;
          const a = timeToMinutes(f[k]);
          let b = timeToMinutes(f[k + 1]);
          if (b === 0) b = 1440;
          if (b > a) ivs.push([minutesToTime(a), minutesToTime(b)]);
        }
        if (day >= 1 && day <= 7) calendar!.week[(day + 5) % 7] = ivs;
        break;
      }
      case "26": {
        if (!calendar) fail(row, "Calendar exception before any calendar", rec);
        const from = parseMpxDate(f[1], s);
        const to = parseMpxDate(f[2], s) ?? from;
        if (!from || !to) fail(row, `Bad exception dates "${f[1]}"–"${f[2]}"`, rec);
        const ivs: TimeInterval[] = [];
        if (f[3] === "1")
          for (let k = 4; k + 1 < f.length; k += 2)
            if (f[k]) ivs.push([f[k], f[k + 1] === "00:00" ? "24:00" : f[k + 1]]);
        for (let d = from!.slice(0, 10); d <= to!.slice(0, 10); d = addDays(d, 1))
          calendar!.exceptions.push({ date: d, intervals: ivs });
        break;
      }
      case "30": {
        project.name = f[1];
        project.code = f[1];
        const cal = model.calendars.find((c) => c.name === f[4]);
        if (cal) project.defaultCalendarId = cal.id;
        const st = parseMpxDate(f[5] ?? "", s);
        if (st) project.plannedStart = st;
        const fi = parseMpxDate(f[6] ?? "", s);
        if (fi) project.scheduledFinish = fi;
        project.hoursPerDay = s.hoursPerDay;
        break;
      }
      case "41":
        resourceFields = f.slice(1).map((x) => Number(x));
        break;
      case "50": {
        const field = (n: number) => {
          const k = resourceFields.indexOf(n);
          return k < 0 ? "" : (f[k + 1] ?? "").trim();
        };
        const r: ScheduleModel["resources"][number] = {
          id: String(model.resources.length + 1),
          code: "",
          name: field(1) || (f[1] ?? ""),
          type: "labor",
        };
        model.resources.push(r);
        // Assignments (record 75) name their resource by its ID (field 40); without one, by its place.
        resourceById.set(field(40) || r.id, r);
        lastResource = r;
        calendar = undefined;
        break;
      }
      case "55": {
        // Resource calendar: a base calendar by name, its days "2" = as the base (MS Project's usual resource
        // calendar). Days marked working (1) or not (0) make a calendar of the resource's own, with record 56 hours.
        const base = model.calendars.find((c) => c.name === f[1]);
        if (!lastResource || !base) break;
        const flags = f.slice(2, 9).map((x) => x.trim());
        if (flags.every((x) => x === "" || x === "2")) {
          lastResource.calendarId = base.id;
          break;
        }
        const week = base.week.map((d) => [...d]);
        for (let d = 0; d < 7; d++) if (flags[d] === "0") week[(d + 6) % 7] = [];
        calendar = {
          id: String(model.calendars.length + 1),
          name: lastResource.name,
          week,
          exceptions: [...base.exceptions],
          kind: "resource",
        };
        model.calendars.push(calendar);
        lastResource.calendarId = calendar.id;
        break;
      }
      case "75": {
        // Resource assignment of the last task: resource ID, units, work, planned work, actual work, …
        const r = resourceById.get((f[1] ?? "").trim());
        if (!lastTask || !r) break;
        const hours = (v: string | undefined) => {
          const m = parseMpxDuration(v ?? "", s);
          return m === undefined ? undefined : m / 60;
        };
        const a: ScheduleModel["assignments"][number] = {
          id: String(model.assignments.length + 1),
          activityId: lastTask.id,
          resourceId: r.id,
        };
        const units = Number((f[2] ?? "").trim().replace(",", "."));
        const work = hours(f[3]);
        const actual = hours(f[5]);
        if (work !== undefined) a.plannedUnits = work;
        if (actual !== undefined) a.actualUnits = actual;
        if (work !== undefined) a.remainingUnits = Math.max(0, work - (actual ?? 0));
        if ((f[2] ?? "").trim() !== "" && Number.isFinite(units)) a.unitsPerHour = units;
        model.assignments.push(a);
        break;
      }
      case "61":
        taskFields = f.slice(1).map((x) => Number(x));
        break;
      case "70": {
        const get = (n: number) => {
          const k = taskFields.indexOf(n);
          return k < 0 ? "" : (f[k + 1] ?? "").trim();
        };
        const place = (n: number): ReadPlace => ({
          table: "record 70",
          row,
          line: row,
          field: TASK_FIELD_NAMES[n] ?? `field ${n}`,
          activity: get(90) || undefined,
        });
        const date = (n: number) => {
          const v = get(n);
          if (v === "" || isMpxNotAvailable(v)) return undefined;
          const d = parseMpxDate(v, s);
          if (!d) fail(row, `"${v}" is not a date`, rec);
          return d;
        };
        /** A date the calculation does without: unreadable → warning, empty. */
        const softDate = (n: number) => {
          const v = get(n);
          if (v === "" || isMpxNotAvailable(v)) return undefined;
          const d = parseMpxDate(v, s);
          if (!d) warn("ValueIgnored", { value: v, field: place(n).field!, reason: "not a date" }, place(n));
          return d;
        };
        const softDur = (n: number) => {
          const v = get(n);
          if (v === "") return undefined;
          const d = parseMpxDuration(v, s);
          if (d === undefined)
            warn("ValueIgnored", { value: v, field: place(n).field!, reason: "not a duration" }, place(n));
          return d;
        };
        const dur = (n: number) => {
          const v = get(n);
          if (v === "") return undefined;
          const d = parseMpxDuration(v, s);
          if (d === undefined) fail(row, `"${v}" is not a duration`, rec);
          return d;
        };
        const uid = get(98) || get(90) || String(model.activities.length + 1);
        const level = Number(get(3) || "1");
        if (level === 0) break; // the project summary task
        const summary = isMpxYes(get(120));
        const pct = parseMpxNumber(get(44).replace("%", "") || "0", s);
        const duration = dur(40) ?? 0;
        const a: Activity = {
          id: uid,
          projectId: "1",
          code: get(90) || uid,
          name: get(1),
          type: summary ? "summary" : isMpxYes(get(81)) ? "milestone_finish" : "task",
          status: date(59) || pct >= 100 ? "completed" : date(58) || pct > 0 ? "in_progress" : "not_started",
          plannedDuration: duration,
          remainingDuration: dur(43) ?? Math.round(duration * (1 - pct / 100)),
          outlineLevel: level,
          percentComplete: pct,
        };
        parents.length = level;
        if (parents[level - 1]) a.parentId = parents[level - 1];
        parents[level] = uid;
        const put = <K extends keyof Activity>(k: K, v: Activity[K] | undefined) => {
          if (v !== undefined) a[k] = v;
        };
        put("plannedStart", softDate(50));
        put("plannedFinish", softDate(51));
        put("actualStart", date(58));
        put("actualFinish", date(59));
        const constraintText = get(91);
        const constraintName = mpxConstraintName(constraintText);
        const ct = CONSTRAINTS[constraintName];
        if (constraintText !== "" && !(constraintName in CONSTRAINTS))
          warn(
            "UnknownValue",
            { value: constraintText, field: "Constraint Type", fallback: "As Soon As Possible" },
            place(91),
          );
        if (ct) {
          const cd = date(68);
          a.constraint = cd ? { type: ct, date: cd } : { type: ct };
        }
        const computed: NonNullable<Activity["computed"]> = {};
        for (const [k, n] of [
          ["earlyStart", 52],
          ["earlyFinish", 53],
          ["lateStart", 54],
          ["lateFinish", 55],
        ] as const) {
          const v = softDate(n);
          if (v) computed[k] = v;
        }
        const tf = softDur(94);
        if (tf !== undefined) computed.totalFloat = tf;
        const ff = softDur(93);
        if (ff !== undefined) computed.freeFloat = ff;
        if (Object.keys(computed).length > 0) a.computed = computed;
        if (get(90)) idToUid.set(get(90), uid);
        if (get(70)) rawPreds.push({ succ: uid, code: get(90) || uid, text: get(70), row });
        model.activities.push(a);
        lastTask = a;
        break;
      }
      case "71":
        if (lastTask) lastTask.notes = f.slice(1).join(sep);
        break;
      default:
        break;
    }
  }
  for (const p of rawPreds) {
    const place: ReadPlace = { table: "record 70", row: p.row, line: p.row, field: "Predecessors", activity: p.code };
    // Lists use the record separator; where the decimal separator is a comma (German files), only ";" splits.
    for (const part of p.text.split(s.decimal === "," ? /;/ : /[,;]/)) {
      const m = /^\s*(\d+)\s*([a-z]{2})?\s*(?:([+-])\s*(.+))?$/i.exec(part);
      const type = m ? mpxLinkType(m[2]) : undefined;
      if (!m || !type) fail(p.row, `Bad predecessor "${part}"`, "70");
      const pred = idToUid.get(m![1]);
      if (!pred) {
        // MS Project keeps such a link only while the other task exists; dropped, as the XML readers do.
        warn("RelationDropped", { predecessor: m![1], successor: p.code }, place);
        continue;
      }
      const lag = m![4] ? (parseMpxDuration(m![4], s) ?? 0) * (m![3] === "-" ? -1 : 1) : 0;
      model.relations.push({
        predecessorId: pred!,
        successorId: p.succ,
        type: type!,
        lag,
      });
    }
  }
  if (model.calendars.length === 0)
    model.calendars.push({ id: "1", name: "Standard", week: standardWeek(), exceptions: [] });
  project.defaultCalendarId ??= model.calendars[0].id;
  return normalizeReferences(model);
}
