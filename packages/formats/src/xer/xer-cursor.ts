import { FormatError } from "../model/format-error.js";
import type { ReadPlace, ReadWarningCode, ReadWarnings } from "../model/read-report.js";
import { parseDateTime } from "../util/date-time.js";
import type { XerRows } from "./xer-tables.js";

/** Field readers that report the exact table, row and field of a bad value. */
export class Cursor {
  /** The activity (task_code) and project code of the current row, named in warnings. */
  activity?: string;
  project?: string;

  constructor(
    readonly rows: XerRows,
    public row = 0,
    readonly warnings?: ReadWarnings,
  ) {}
  place(field?: string): ReadPlace {
    return {
      table: this.rows.table.name,
      row: this.row + 1,
      ...(field ? { field } : {}),
      line: this.rows.table.lines[this.row] ?? 0,
      ...(this.activity ? { activity: this.activity } : {}),
      ...(this.project ? { project: this.project } : {}),
    };
  }
  warn(code: ReadWarningCode, params: Record<string, string | number>, field?: string): void {
    this.warnings?.warn(code, params, this.place(field));
  }
  /**
   * A date the calculation does without (a result, a plan, a note): an unreadable or out-of-range value is a
   * warning and the field is treated as empty, as P6 opens such files.
   */
  softDate(field: string): string | undefined {
    const v = this.str(field);
    if (v === "") return undefined;
    const d = parseDateTime(v);
    if (!d) {
      const reason = /^\d{4}-\d{1,2}-\d{1,2}/.test(v) ? "out of range" : "not a date";
      this.warn("ValueIgnored", { value: v, field, reason }, field);
    }
    return d;
  }
  /** A number the calculation does without: unreadable → warning, empty. */
  softNum(field: string): number | undefined {
    const v = this.str(field);
    if (v === "") return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) {
      this.warn("ValueIgnored", { value: v, field, reason: "not a number" }, field);
      return undefined;
    }
    return n;
  }
  softMinutes(field: string): number | undefined {
    const h = this.softNum(field);
    return h === undefined ? undefined : Math.round(h * 60);
  }
  str(field: string): string {
    return this.rows.get(this.row, field);
  }
  opt(field: string): string | undefined {
    const v = this.rows.get(this.row, field);
    return v === "" ? undefined : v;
  }
  fail(field: string, message: string): never {
    throw new FormatError(
      "InvalidValue",
      message,
      { table: this.rows.table.name, row: this.row + 1, field },
      { line: this.rows.table.lines[this.row] ?? 0, field },
    );
  }
  required(field: string): string {
    const v = this.str(field);
    if (v === "") this.fail(field, `Field ${field} is empty`);
    return v;
  }
  num(field: string): number | undefined {
    const v = this.str(field);
    if (v === "") return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) this.fail(field, `"${v}" in ${field} is not a number`);
    return n;
  }
  /** Hours → whole working minutes. */
  minutes(field: string): number | undefined {
    const h = this.num(field);
    return h === undefined ? undefined : Math.round(h * 60);
  }
  date(field: string): string | undefined {
    const v = this.str(field);
    if (v === "") return undefined;
    const d = parseDateTime(v);
    if (!d) this.fail(field, `"${v}" in ${field} is not a date (expected YYYY-MM-DD HH:MM)`);
    return d;
  }
  flag(field: string): boolean | undefined {
    const v = this.str(field);
    return v === "" ? undefined : v === "Y";
  }
}

export function each(rows: XerRows, fn: (c: Cursor) => void, warnings?: ReadWarnings): void {
  const c = new Cursor(rows, 0, warnings);
  for (let i = 0; i < rows.length; i++) {
    c.row = i;
    c.activity = undefined;
    c.project = undefined;
    fn(c);
  }
}
