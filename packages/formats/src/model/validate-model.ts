import { FormatError } from "./format-error.js";
import type { ScheduleModel } from "./schedule-model.js";

const DATE_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function bad(path: string, message: string): never {
  throw new FormatError("InvalidValue", message, { entry: path }, { path });
}

function checkDate(v: unknown, path: string): void {
  if (v !== undefined && (typeof v !== "string" || !DATE_RE.test(v)))
    bad(path, `${path} must be a date "YYYY-MM-DDTHH:mm"`);
}

function checkInt(v: unknown, path: string, optional = false): void {
  if (v === undefined && optional) return;
  if (typeof v !== "number" || !Number.isInteger(v)) bad(path, `${path} must be a whole number of minutes`);
}

/**
 * Check a model that came from outside (Planum JSON/ZIP, the API): shapes, dates, minutes and every
 * reference (calendar, WBS, project, relation ends). Throws a FormatError naming the JSON path.
 */
export function validateModel(input: unknown): ScheduleModel {
  if (typeof input !== "object" || input === null) bad("$", "The schedule must be a JSON object");
  const m = input as ScheduleModel;
  for (const k of [
    "projects",
    "calendars",
    "wbs",
    "activities",
    "relations",
    "externals",
    "resources",
    "assignments",
    "codeTypes",
    "codeValues",
    "activityCodes",
    "udfTypes",
    "udfValues",
    "baselines",
  ] as const) {
    if (!Array.isArray(m[k])) bad(k, `${k} must be an array`);
  }
  const projects = new Set<string>();
  m.projects.forEach((p, i) => {
    if (typeof p.id !== "string" || p.id === "") bad(`projects[${i}].id`, "A project needs an id");
    projects.add(p.id);
    for (const f of ["plannedStart", "dataDate", "scheduledFinish", "mustFinishBy"] as const)
      checkDate(p[f], `projects[${i}].${f}`);
    if (typeof p.options !== "object" || p.options === null) bad(`projects[${i}].options`, "options must be an object");
  });
  const calendars = new Set<string>();
  m.calendars.forEach((c, i) => {
    if (!Array.isArray(c.week) || c.week.length !== 7)
      bad(`calendars[${i}].week`, "week must have 7 days, Monday first");
    for (const [d, day] of c.week.entries()) {
      for (const iv of day) {
        if (!Array.isArray(iv) || !/^\d{2}:\d{2}$/.test(iv[0]) || !/^\d{2}:\d{2}$/.test(iv[1]) || iv[1] <= iv[0]) {
          bad(
            `calendars[${i}].week[${d}]`,
            `Interval ${JSON.stringify(iv)} is not ["HH:mm","HH:mm"] with start before end`,
          );
        }
      }
    }
    if (!Array.isArray(c.exceptions)) bad(`calendars[${i}].exceptions`, "exceptions must be an array");
    calendars.add(c.id);
  });
  const wbs = new Set(m.wbs.map((w) => w.id));
  m.wbs.forEach((w, i) => {
    if (!projects.has(w.projectId))
      bad(`wbs[${i}].projectId`, `WBS ${w.code} refers to unknown project ${w.projectId}`);
    if (w.parentId && !wbs.has(w.parentId))
      bad(`wbs[${i}].parentId`, `WBS ${w.code} refers to unknown parent ${w.parentId}`);
  });
  const acts = new Set<string>();
  m.activities.forEach((a, i) => {
    const p = `activities[${i}]`;
    if (typeof a.id !== "string" || a.id === "") bad(`${p}.id`, "An activity needs an id");
    if (acts.has(a.id)) bad(`${p}.id`, `Activity id ${a.id} appears twice`);
    acts.add(a.id);
    if (!projects.has(a.projectId))
      bad(`${p}.projectId`, `Activity ${a.code} refers to unknown project ${a.projectId}`);
    if (a.calendarId && !calendars.has(a.calendarId))
      bad(`${p}.calendarId`, `Activity ${a.code} refers to unknown calendar ${a.calendarId}`);
    if (a.wbsId && !wbs.has(a.wbsId)) bad(`${p}.wbsId`, `Activity ${a.code} refers to unknown WBS ${a.wbsId}`);
    checkInt(a.plannedDuration, `${p}.plannedDuration`);
    checkInt(a.remainingDuration, `${p}.remainingDuration`);
    for (const f of [
      "plannedStart",
      "plannedFinish",
      "actualStart",
      "actualFinish",
      "expectedFinish",
      "suspendDate",
      "resumeDate",
    ] as const)
      checkDate(a[f], `${p}.${f}`);
    checkDate(a.constraint?.date, `${p}.constraint.date`);
  });
  const externals = new Set(m.externals.map((e) => e.id));
  m.relations.forEach((r, i) => {
    for (const end of ["predecessorId", "successorId"] as const) {
      if (!acts.has(r[end]) && !externals.has(r[end]))
        bad(`relations[${i}].${end}`, `Relation refers to unknown activity ${r[end]}`);
    }
    if (!["FS", "SS", "FF", "SF"].includes(r.type)) bad(`relations[${i}].type`, `Unknown relation type ${r.type}`);
    checkInt(r.lag, `relations[${i}].lag`);
  });
  return m;
}

/**
 * Drop optional references that point outside the file (a WBS parent that is an EPS node, a calendar the
 * export left out): the schedule stays readable and every model a reader returns passes validateModel.
 */
export function normalizeReferences(m: ScheduleModel): ScheduleModel {
  const wbs = new Set(m.wbs.map((w) => w.id));
  const calendars = new Set(m.calendars.map((c) => c.id));
  const acts = new Set(m.activities.map((a) => a.id));
  for (const w of m.wbs) if (w.parentId && !wbs.has(w.parentId)) delete w.parentId;
  for (const c of m.calendars) if (c.baseCalendarId && !calendars.has(c.baseCalendarId)) delete c.baseCalendarId;
  for (const p of m.projects)
    if (p.defaultCalendarId && !calendars.has(p.defaultCalendarId)) delete p.defaultCalendarId;
  for (const a of m.activities) {
    if (a.wbsId && !wbs.has(a.wbsId)) delete a.wbsId;
    if (a.calendarId && !calendars.has(a.calendarId)) delete a.calendarId;
    if (a.parentId && !acts.has(a.parentId)) delete a.parentId;
  }
  for (const r of m.resources) if (r.calendarId && !calendars.has(r.calendarId)) delete r.calendarId;
  const known = new Set([...acts, ...m.externals.map((e) => e.id)]);
  for (const r of m.relations) {
    for (const end of [r.predecessorId, r.successorId])
      if (!known.has(end)) {
        m.externals.push({ id: end });
        known.add(end);
      }
  }
  return m;
}
