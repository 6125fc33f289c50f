import { FormatError } from "../model/format-error.js";

/**
 * A number as estimators write it: "1 234,56", "1234.56", "12,5%"-free plain amounts; empty means 0. Anything else
 * is refused naming the line, the record and the text.
 */
export function parseAmount(raw: unknown, where: { line: number; record: string; field: string }): number {
  if (typeof raw === "number") return raw;
  const text = String(raw ?? "")
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".");
  if (text === "") return 0;
  const value = Number(text);
  if (!Number.isFinite(value))
    throw new FormatError(
      "InvalidValue",
      `Line ${where.line}, ${where.record}: "${String(raw)}" in ${where.field} is not a number`,
      { table: where.record, row: where.line, field: where.field },
      { line: where.line, record: where.record, reason: `${where.field}: "${String(raw)}"` },
    );
  return value;
}
