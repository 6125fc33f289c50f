import { FormatError } from "../model/format-error.js";
import { type Calendar, type CalendarException, standardWeek, type TimeInterval } from "../model/schedule-model.js";
import { addDays, minutesToTime, parseDateTime, timeToMinutes } from "../util/date-time.js";
import { arr, child, lineOf, text, type XmlNode } from "../util/xml-tools.js";

/*
 * MSPDI calendars: WeekDay DayType 1 = Sunday … 7 = Saturday, DayType 0 = an exception over a TimePeriod
 * (MS Project 2003); MS Project 2007+ writes <Exceptions> with FromDate/ToDate ranges. A derived calendar
 * lists only the days it changes and inherits the rest (and the holidays) from BaseCalendarUID.
 * ToTime 00:00 means midnight at the end of the day.
 */

function times(node: XmlNode | undefined): TimeInterval[] {
  const out: TimeInterval[] = [];
  for (const wt of arr(child(node, "WorkingTimes")?.WorkingTime)) {
    const from = text(wt.FromTime);
    const to = text(wt.ToTime);
    if (!from || !to) continue;
    const s = timeToMinutes(from);
    let e = timeToMinutes(to);
    if (e === 0) e = 1440;
    if (e > s) out.push([minutesToTime(s), minutesToTime(e)]);
  }
  return out.sort((a, b) => timeToMinutes(a[0]) - timeToMinutes(b[0]));
}

function range(from: string, to: string, source: string): string[] {
  const f = parseDateTime(from);
  const t = parseDateTime(to);
  if (!f || !t)
    throw new FormatError("InvalidValue", `Calendar exception period "${from}"–"${to}" is not a date range`, {
      element: "TimePeriod",
      line: lineOf(source, from),
    });
  const out: string[] = [];
  let d = f.slice(0, 10);
  const end = t.slice(0, 10);
  // Guard against a period spanning centuries (MS Project uses 2049 as "forever" in some files).
  for (let i = 0; d <= end && i < 20000; i++, d = addDays(d, 1)) out.push(d);
  return out;
}

interface RawCalendar {
  cal: Calendar;
  weekKnown: boolean[];
  dayWorkingNoTimes: boolean[];
}

export function readMspdiCalendars(nodes: XmlNode[], source: string): Calendar[] {
  const raw: RawCalendar[] = nodes.map((n) => {
    const week: TimeInterval[][] = [[], [], [], [], [], [], []];
    const weekKnown = new Array(7).fill(false);
    const dayWorkingNoTimes = new Array(7).fill(false);
    const exceptions = new Map<string, TimeInterval[]>();
    for (const wd of arr(child(n, "WeekDays")?.WeekDay)) {
      const type = Number(text(wd.DayType));
      const working = text(wd.DayWorking) === "1";
      const ivs = working ? times(wd) : [];
      if (type >= 1 && type <= 7) {
        const idx = (type + 5) % 7;
        week[idx] = ivs;
        weekKnown[idx] = true;
        dayWorkingNoTimes[idx] = working && ivs.length === 0;
      } else if (type === 0) {
        const tp = child(wd, "TimePeriod");
        if (tp) for (const d of range(text(tp.FromDate), text(tp.ToDate), source)) exceptions.set(d, ivs);
      }
    }
    for (const ex of arr(child(n, "Exceptions")?.Exception)) {
      const tp = child(ex, "TimePeriod");
      if (!tp) continue;
      const ivs = text(ex.DayWorking) === "1" ? times(ex) : [];
      for (const d of range(text(tp.FromDate), text(tp.ToDate), source)) exceptions.set(d, ivs);
    }
    const cal: Calendar = {
      id: text(n.UID),
      name: text(n.Name),
      kind: text(n.IsBaseCalendar) === "0" ? "resource" : "global",
      week,
      exceptions: [...exceptions.entries()]
        .map(([date, intervals]): CalendarException => ({ date, intervals }))
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    };
    const base = text(n.BaseCalendarUID);
    if (base && base !== "-1" && base !== cal.id) cal.baseCalendarId = base;
    return { cal, weekKnown, dayWorkingNoTimes };
  });
  const byId = new Map(raw.map((r) => [r.cal.id, r]));
  // BaseCalendarUID 0 or -1 on a base calendar points nowhere: only keep links to calendars of the file.
  for (const r of raw) if (r.cal.baseCalendarId && !byId.has(r.cal.baseCalendarId)) delete r.cal.baseCalendarId;
  const resolved = new Set<string>();
  const resolve = (r: RawCalendar, depth: number): void => {
    if (resolved.has(r.cal.id) || depth > 20) return;
    const base = r.cal.baseCalendarId ? byId.get(r.cal.baseCalendarId) : undefined;
    if (base) resolve(base, depth + 1);
    const std = standardWeek();
    for (let i = 0; i < 7; i++) {
      if (!r.weekKnown[i]) r.cal.week[i] = base ? base.cal.week[i].map((x) => [x[0], x[1]]) : std[i];
      else if (r.dayWorkingNoTimes[i]) r.cal.week[i] = base ? base.cal.week[i].map((x) => [x[0], x[1]]) : std[i];
    }
    if (base) {
      const own = new Set(r.cal.exceptions.map((e) => e.date));
      r.cal.exceptions = [...r.cal.exceptions, ...base.cal.exceptions.filter((e) => !own.has(e.date))].sort((a, b) =>
        a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
      );
    }
    resolved.add(r.cal.id);
  };
  for (const r of raw) resolve(r, 0);
  return raw.map((r) => r.cal);
}
