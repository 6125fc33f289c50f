import type { CalendarException, TimeInterval } from "../model/schedule-model.js";
import { dateToSerial, minutesToTime, serialToDate, timeToMinutes } from "../util/date-time.js";

/*
 * P6 stores a calendar as nested "(0||Name(attrs)(children))" nodes:
 *   (0||CalendarData()((0||DaysOfWeek()((0||1()())(0||2()((0||0(s|08:00|f|12:00)())…)))…
 *   (0||Exceptions()((0||0(d|43650)())(0||1(d|43651)((0||0(s|08:00|f|12:00)())))…)))
 * Days of week are numbered 1 = Sunday … 7 = Saturday; exception days are Excel serial numbers
 * (1899-12-30 = 0); interval attributes come as s|start|f|finish in either order; a finish of 00:00
 * means midnight at the end of the day. Some P6 versions separate nodes with DEL (0x7F) or line breaks.
 */

interface Node {
  name: string;
  attrs: string;
  children: Node[];
}

function parseNodes(text: string): Node[] {
  let pos = 0;
  const parseList = (): Node[] => {
    const nodes: Node[] = [];
    while (pos < text.length && text[pos] === "(") {
      nodes.push(parseNode());
    }
    return nodes;
  };
  const parseNode = (): Node => {
    // "(" "0||" name "(" attrs ")" "(" children ")" ")"
    pos++;
    const bars = text.indexOf("||", pos);
    const open = text.indexOf("(", bars);
    if (bars < 0 || open < 0) throw new Error("calendar node without name");
    const name = text.slice(bars + 2, open);
    const close = text.indexOf(")", open);
    const attrs = text.slice(open + 1, close);
    pos = close + 1;
    let children: Node[] = [];
    if (text[pos] === "(") {
      pos++;
      children = parseList();
      if (text[pos] !== ")") throw new Error("unbalanced calendar data");
      pos++;
    }
    if (text[pos] !== ")") throw new Error("unbalanced calendar data");
    pos++;
    return { name, attrs, children };
  };
  return parseList();
}

function find(nodes: Node[], name: string): Node | undefined {
  for (const n of nodes) {
    if (n.name === name) return n;
    const f = find(n.children, name);
    if (f) return f;
  }
  return undefined;
}

function attrMap(attrs: string): Map<string, string> {
  const parts = attrs.split("|");
  const m = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length; i += 2) m.set(parts[i], parts[i + 1]);
  return m;
}

function intervals(nodes: Node[]): TimeInterval[] {
  const out: TimeInterval[] = [];
  for (const n of nodes) {
    const a = attrMap(n.attrs);
    const s = a.get("s");
    const f = a.get("f");
    if (s === undefined || f === undefined) continue;
    let end = timeToMinutes(f);
    const start = timeToMinutes(s);
    if (end === 0) end = 1440;
    if (end <= start) continue;
    out.push([minutesToTime(start), minutesToTime(end)]);
  }
  return out.sort((a, b) => timeToMinutes(a[0]) - timeToMinutes(b[0]));
}

export interface ParsedXerCalendar {
  /** Monday first; undefined when the data has no DaysOfWeek node. */
  week?: TimeInterval[][];
  exceptions: CalendarException[];
}

export function parseClndrData(raw: string): ParsedXerCalendar {
  const text = raw.replace(/[\x7f\r\n\t ]/g, "");
  if (text === "") return { exceptions: [] };
  const nodes = parseNodes(text);
  const dow = find(nodes, "DaysOfWeek");
  let week: TimeInterval[][] | undefined;
  if (dow) {
    week = [[], [], [], [], [], [], []];
    for (const d of dow.children) {
      const p6Day = Number(d.name);
      if (!(p6Day >= 1 && p6Day <= 7)) continue;
      week[(p6Day + 5) % 7] = intervals(d.children);
    }
  }
  const exc = find(nodes, "Exceptions");
  const exceptions: CalendarException[] = [];
  const seen = new Set<string>();
  for (const e of exc?.children ?? []) {
    const serial = attrMap(e.attrs).get("d");
    if (serial === undefined || serial === "") continue;
    const date = serialToDate(Number(serial));
    if (seen.has(date)) continue;
    seen.add(date);
    exceptions.push({ date, intervals: intervals(e.children) });
  }
  exceptions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { week, exceptions };
}

function formatIntervals(list: TimeInterval[]): string {
  return list
    .map((iv, i) => {
      const f = iv[1] === "24:00" ? "00:00" : iv[1];
      return `(0||${i}(s|${iv[0]}|f|${f})())`;
    })
    .join("");
}

export function formatClndrData(week: TimeInterval[][], exceptions: CalendarException[]): string {
  const days = [6, 0, 1, 2, 3, 4, 5]
    .map((idx, i) => {
      const list = week[idx] ?? [];
      return `(0||${i + 1}()(${formatIntervals(list)}))`;
    })
    .join("");
  const exc = exceptions
    .map((e, i) => `(0||${i}(d|${dateToSerial(e.date)})(${formatIntervals(e.intervals)}))`)
    .join("");
  return `(0||CalendarData()((0||DaysOfWeek()(${days}))(0||VIEW(ShowTotal|Y)())(0||Exceptions()(${exc}))))`;
}
