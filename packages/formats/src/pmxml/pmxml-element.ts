import { FormatError } from "../model/format-error.js";
import { parseDateTime } from "../util/date-time.js";
import { lineOfField, text, type XmlNode } from "../util/xml-tools.js";

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
    const n = Number(v);
    if (!Number.isFinite(n)) this.fail(field, `"${v}" in <${field}> is not a number`);
    return n;
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
