import { FormatError } from "../model/format-error.js";
import { parseDateTime } from "../util/date-time.js";
import type { XerRows } from "./xer-tables.js";

/** Field readers that report the exact table, row and field of a bad value. */
export class Cursor {
  constructor(
    readonly rows: XerRows,
    public row = 0,
  ) {}
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

export function each(rows: XerRows, fn: (c: Cursor) => void): void {
  const c = new Cursor(rows);
  for (let i = 0; i < rows.length; i++) {
    c.row = i;
    fn(c);
  }
}
