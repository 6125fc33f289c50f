import Papa from "papaparse";
import { FormatError } from "../model/format-error.js";
import type { ScheduleModel } from "../model/schedule-model.js";
import { decodeText } from "../util/text-encoding.js";
import { rowsToModel, type TabularReadOptions } from "./tabular-model.js";
import { modelToRows } from "./tabular-rows.js";

/** Read a CSV schedule (delimiter detected: comma, semicolon as Excel writes in Russia and France, or tab). */
export function readCsv(bytes: Uint8Array, options: TabularReadOptions = {}): ScheduleModel {
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The CSV file is empty");
  const { text } = decodeText(bytes, "CSV");
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [",", ";", "\t", "|"] });
  const fatal = parsed.errors.find((e) => e.type === "Quotes");
  if (fatal) {
    throw new FormatError("MalformedFile", `CSV quoting is broken: ${fatal.message}`, {
      table: "CSV",
      row: (fatal.row ?? 0) + 1,
    });
  }
  return rowsToModel(parsed.data, options, "CSV", "csv");
}

/** Write the activities as CSV (UTF-8 with BOM so Excel shows Cyrillic names correctly). */
export function writeCsv(model: ScheduleModel): Uint8Array {
  const csv = Papa.unparse(modelToRows(model), { newline: "\r\n" });
  return new TextEncoder().encode(`\ufeff${csv}\r\n`);
}
