/** Cells and tables of an XER file as P6 writes them. */

export type Value = string | number | boolean | undefined;
export function cell(v: Value): string {
  if (v === undefined) return "";
  if (typeof v === "boolean") return v ? "Y" : "N";
  if (typeof v === "number") return String(v);
  return v.replace(/[\t\r\n]+/g, " ");
}

/** "YYYY-MM-DDTHH:mm" → P6's "YYYY-MM-DD HH:MM". */
export function d(v: string | undefined): string | undefined {
  return v === undefined ? undefined : v.replace("T", " ");
}

/** Working minutes → hours with enough digits that reading back gives the same minutes. */
export function h(min: number | undefined): number | undefined {
  return min === undefined ? undefined : Math.round((min / 60) * 1e6) / 1e6;
}

/** P6 keeps GUIDs in XER as 22 base64 characters; another tool's GUID would be refused by P6's import. */
export function xerGuid(g: string | undefined): string | undefined {
  return g && /^[A-Za-z0-9+/]{22}$/.test(g) ? g : undefined;
}

export class TableWriter {
  readonly out: string[] = [];
  table(name: string, fields: string[], rows: Value[][]): void {
    if (rows.length === 0 && !["PROJECT", "CALENDAR", "PROJWBS", "TASK", "TASKPRED"].includes(name)) return;
    this.out.push(`%T\t${name}`, `%F\t${fields.join("\t")}`);
    for (const r of rows) this.out.push(`%R\t${r.map(cell).join("\t")}`);
  }
}
