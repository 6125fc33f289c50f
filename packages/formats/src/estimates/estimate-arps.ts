import { FormatError } from "../model/format-error.js";
import { decodeText } from "../util/text-encoding.js";
import { parseAmount } from "./estimate-amount.js";
import type { EstimateModel, EstimatePositionModel, EstimateSectionModel } from "./estimate-model.js";

/** Whether the text starts as an ARPS exchange file does: its first record names the format ("ARPS#1.10#…"). */
export function isArps(head: string): boolean {
  return /^\s*(ARPS|АРПС)#/i.test(head);
}

/** Fields of a position record (`СтрЛС`) after its kind, in order; the money fields are totals for its quantity. */
const POSITION_FIELDS = [
  "num",
  "normCode",
  "name",
  "unit",
  "quantity",
  "unitPrice",
  "wages",
  "machines",
  "materials",
  "overhead",
  "profit",
  "total",
  "labourHours",
] as const;
/** Fields of the estimate's totals record (`ИтогЛС`) after its kind. */
const TOTAL_FIELDS = ["wages", "machines", "materials", "overhead", "profit", "total", "labourHours"] as const;

/**
 * An ARPS 1.10 exchange file (the estimating programs' common text format; what this reading rests on is in
 * packages/formats/test/fixtures/estimates/SOURCES.md): text in Windows-1251 or UTF-8, one record a line, fields
 * separated by "#" (a trailing "#" closes the record). The first record is `ARPS#1.10#<program>`; then `СмО`
 * (the estimate: code, name), `РздЛС` (a section: code, name), `СтрЛС` (a position: number, norm code, name, unit,
 * quantity, unit price, wages, machines, materials, overheads, profit, total, labour hours) and `ИтогЛС` (the
 * totals the estimate states, in the same order from wages). Records of other kinds (resources, indices) are
 * passed over; a broken record of these kinds refuses the whole file naming its line.
 */
export function readArps(bytes: Uint8Array): EstimateModel {
  const lines = decodeText(bytes, "ARPS").text.split(/\r?\n/);
  const header = split(lines[0] ?? "");
  if (!isArps(lines[0] ?? "") || header[1] !== "1.10")
    throw new FormatError("UnsupportedFormat", "Not an ARPS 1.10 file", undefined, {
      line: 1,
      record: header[0] ?? "",
      reason: `version ${header[1] ?? "?"}`,
    });
  let code = "";
  let name = "";
  const sections: EstimateSectionModel[] = [];
  const stated: EstimateModel["stated"] = {};
  let section: EstimateSectionModel | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = i + 1;
    const fields = split(lines[i]);
    const kind = fields[0];
    if (!kind) continue;
    const need = (count: number, record: string) => {
      if (fields.length - 1 < count)
        throw new FormatError(
          "MalformedFile",
          `Line ${line}, ${record}: ${fields.length - 1} of ${count} fields`,
          undefined,
          {
            line,
            record,
            reason: `${fields.length - 1} / ${count}`,
          },
        );
    };
    if (kind === "СмО") {
      need(2, kind);
      code = fields[1];
      name = fields[2];
    } else if (kind === "РздЛС") {
      need(2, kind);
      section = { code: fields[1], name: fields[2] || fields[1], positions: [] };
      sections.push(section);
    } else if (kind === "СтрЛС") {
      const record = `${kind} ${fields[1] || "?"}`;
      need(POSITION_FIELDS.length, record);
      if (!fields[3])
        throw new FormatError("MalformedFile", `Line ${line}, ${record}: no name`, undefined, {
          line,
          record,
          reason: "name",
        });
      const amount = (field: (typeof POSITION_FIELDS)[number]) =>
        parseAmount(fields[POSITION_FIELDS.indexOf(field) + 1], { line, record, field });
      const position: EstimatePositionModel = {
        line,
        num: fields[1],
        normCode: fields[2],
        name: fields[3],
        unit: fields[4],
        quantity: amount("quantity"),
        unitPrice: amount("unitPrice"),
        wages: amount("wages"),
        machines: amount("machines"),
        materials: amount("materials"),
        overhead: amount("overhead"),
        profit: amount("profit"),
        total: amount("total"),
        labourHours: amount("labourHours"),
      };
      if (!section) {
        section = { code: "", name: name || "ARPS", positions: [] };
        sections.push(section);
      }
      section.positions.push(position);
    } else if (kind === "ИтогЛС") {
      need(TOTAL_FIELDS.length, kind);
      TOTAL_FIELDS.forEach((field, f) => {
        if (fields[f + 1] !== "") stated[field] = parseAmount(fields[f + 1], { line, record: kind, field });
      });
    }
  }
  if (sections.every((s) => s.positions.length === 0))
    throw new FormatError("MalformedFile", "The estimate has no positions", undefined, {
      line: lines.length,
      record: "СтрЛС",
      reason: "no positions",
    });
  return { format: "arps", code, name: name || code || "ARPS", sections, stated };
}

/** A record's fields, trimmed; the "#" closing the record does not open an empty last field. */
function split(line: string): string[] {
  const fields = line.split("#").map((f) => f.trim());
  if (fields.length > 1 && fields[fields.length - 1] === "") fields.pop();
  return fields;
}
