import Papa from "papaparse";
import { FormatError } from "../model/format-error.js";
import type { ScheduleModel } from "../model/schedule-model.js";
import { decodeText } from "../util/text-encoding.js";
import { type Table, type TabularReadOptions, tableToModel } from "./tabular-model.js";
import { modelToRows } from "./tabular-rows.js";

const DELIMITERS = [",", ";", "\t", "|"];

/**
 * Papa's guess looks for the delimiter giving the most even field count over the first rows; title rows above
 * the header seldom hold delimiters and made a short table fail the guess (read as one column), so the guess
 * starts at the header row.
 */
function guessDelimiter(text: string, skipRows: number): string {
  let from = 0;
  for (let k = 0; k < skipRows && from >= 0; k++) {
    const newline = text.indexOf("\n", from);
    from = newline < 0 ? -1 : newline + 1;
  }
  const sample = from < 0 ? text : text.slice(from, from + 256 * 1024);
  return Papa.parse<string[]>(sample, { preview: 10, skipEmptyLines: true, delimitersToGuess: DELIMITERS }).meta
    .delimiter;
}

/**
 * The rows of a CSV file: encoding detected, delimiter guessed from the header row on (comma, semicolon as Excel
 * writes in Russia and France, tab or bar).
 */
export function readCsvTable(bytes: Uint8Array, options: { skipRows?: number } = {}): Table {
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The CSV file is empty");
  const { text } = decodeText(bytes, "CSV");
  const delimiter = guessDelimiter(text, options.skipRows ?? 0);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter });
  const fatal = parsed.errors.find((e) => e.type === "Quotes");
  if (fatal) {
    throw new FormatError("MalformedFile", `CSV quoting is broken: ${fatal.message}`, {
      table: "CSV",
      row: (fatal.row ?? 0) + 1,
    });
  }
  return { format: "csv", sheet: "CSV", rows: parsed.data };
}

/** Read a CSV schedule. */
export function readCsv(bytes: Uint8Array, options: TabularReadOptions = {}): ScheduleModel {
  return tableToModel(readCsvTable(bytes, { skipRows: options.skipRows }), options);
}

/** Write the activities as CSV (UTF-8 with BOM so Excel shows Cyrillic names correctly). */
export function writeCsv(model: ScheduleModel): Uint8Array {
  const csv = Papa.unparse(modelToRows(model), { newline: "\r\n" });
  return new TextEncoder().encode(`\ufeff${csv}\r\n`);
}
