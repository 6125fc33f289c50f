import { FormatError } from "../model/format-error.js";
import type { ReadWarningCode, ReadWarnings } from "../model/read-report.js";
import { parseDateTime } from "../util/date-time.js";
import { lineOfField, text, type XmlNode } from "../util/xml-tools.js";

let current: ReadWarnings | undefined;

/** Run a (synchronous) read with the collector every El reports to. */
export function withWarnings<T>(warnings: ReadWarnings, read: () => T): T {
  const before = current;
  current = warnings;
  try {
    return read();
  } finally {
    current = before;
  }
}

/** A number as P6 writes it; some localized exports write a decimal comma ("70,583333"). */
export function parseNumber(v: string): number {
  return Number(/^-?\d*,\d+$/.test(v) ? v.replace(",", ".") : v);
}

/** Reads values of one element and reports bad ones with the element name and its line. */
export class El {
  constructor(
    readonly node: XmlNode,
    readonly name: string,
    readonly source: string,
  ) {}
  s(field: string): string {
    return text(this.node[field]).trim();
  }
  opt(field: string): string | undefined {
    const v = this.s(field);
    return v === "" ? undefined : v;
  }
  fail(field: string, message: string): never {
    const id = this.s("ObjectId");
    const line = lineOfField(this.source, this.name, id, field);
    throw new FormatError("InvalidValue", message, { element: `${this.name}/${field}`, line }, { field, objectId: id });
  }
  num(field: string): number | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const n = parseNumber(v);
    if (!Number.isFinite(n)) this.fail(field, `"${v}" in <${field}> is not a number`);
    return n;
  }
  warn(code: ReadWarningCode, params: Record<string, string | number>, field?: string): void {
    if (!current) return;
    const id = this.s("ObjectId");
    const activity = this.name === "Activity" ? this.s("Id") : undefined;
    current.warn(code, params, {
      element: field ? `${this.name}/${field}` : this.name,
      line: lineOfField(this.source, this.name, id, field ?? "ObjectId"),
      ...(field ? { field } : {}),
      ...(activity ? { activity } : {}),
    });
  }
  /** A date the calculation does without: unreadable or out of range → warning, treated as empty. */
  softDate(field: string): string | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const d = parseDateTime(v);
    if (!d) {
      const reason = /^\d{4}-\d{1,2}-\d{1,2}/.test(v) ? "out of range" : "not a date";
      this.warn("ValueIgnored", { value: v, field, reason }, field);
    }
    return d;
  }
  softNum(field: string): number | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const n = parseNumber(v);
    if (Number.isFinite(n)) return n;
    this.warn("ValueIgnored", { value: v, field, reason: "not a number" }, field);
    return undefined;
  }
  softMinutes(field: string): number | undefined {
    const h = this.softNum(field);
    return h === undefined ? undefined : Math.round(h * 60);
  }
  /** An enumeration whose unknown values fall back (with a warning) instead of refusing the file. */
  enumSoft<T>(field: string, map: Record<string, T>, fallback: string): T | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const r = map[v];
    if (r === undefined) this.warn("UnknownValue", { value: v, field, fallback }, field);
    return r;
  }
  minutes(field: string): number | undefined {
    const h = this.num(field);
    return h === undefined ? undefined : Math.round(h * 60);
  }
  date(field: string): string | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const d = parseDateTime(v);
    if (!d) this.fail(field, `"${v}" in <${field}> is not a date`);
    return d;
  }
  bool(field: string): boolean | undefined {
    const v = this.s(field);
    return v === "" ? undefined : v === "1" || v.toLowerCase() === "true";
  }
  /** Map an enumeration text, failing on values P6 does not write. */
  enumOf<T>(field: string, map: Record<string, T>): T | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const r = map[v];
    if (r === undefined) this.fail(field, `Unknown value "${v}" in <${field}>`);
    return r;
  }
}
