import { detectFormat } from "./detect-format.js";
import { FormatError } from "./model/format-error.js";
import { buildReadReport, type ReadReport, ReadWarnings } from "./model/read-report.js";
import type { FormatId, ScheduleModel } from "./model/schedule-model.js";
import { readMpx } from "./mpx/mpx-reader.js";
import { readMspdi } from "./mspdi/mspdi-reader.js";
import { writeMspdi } from "./mspdi/mspdi-writer.js";
import { readPlanumJson, writePlanumJson } from "./planum/planum-json.js";
import { readPlanumZip, writePlanumZip } from "./planum/planum-zip.js";
import { readPmxml } from "./pmxml/pmxml-reader.js";
import { writePmxml } from "./pmxml/pmxml-writer.js";
import { readCsv, readCsvTable, writeCsv } from "./tabular/csv-format.js";
import type { ColumnMapping, Table } from "./tabular/tabular-model.js";
import { readXlsx, readXlsxTable, writeXlsx } from "./tabular/xlsx-format.js";
import { readXer } from "./xer/xer-reader.js";
import { type WriteXerOptions, writeXer } from "./xer/xer-writer.js";

export interface ReadScheduleOptions {
  /** Skip detection. */
  format?: FormatId;
  fileName?: string;
  /** CSV / XLSX: which column holds which field. */
  mapping?: ColumnMapping;
  /** CSV / XLSX: rows before the header (the upload rule's rows to skip). */
  skipRows?: number;
  durationUnit?: "minutes" | "hours" | "days";
  dateOrder?: "dmy" | "mdy";
  sheet?: string;
}

export type WritableFormat = "xer" | "pmxml" | "mspdi" | "csv" | "xlsx" | "json" | "zip";

/**
 * Read any supported schedule file into the model. A ZIP package yields its actual version (or its last
 * one); use readPlanumZip for all versions and attachments. Throws FormatError and returns nothing partial.
 */
export async function readSchedule(bytes: Uint8Array, options: ReadScheduleOptions = {}): Promise<ScheduleModel> {
  return readWith(bytes, options, new ReadWarnings());
}

/**
 * `readSchedule` with the reader's report: counts read and every value ignored, replaced or dropped, with its
 * place (what the import dialog shows and the version keeps). Damage that leaves nothing to read still throws.
 */
export async function readScheduleWithReport(
  bytes: Uint8Array,
  options: ReadScheduleOptions = {},
): Promise<{ model: ScheduleModel; report: ReadReport }> {
  const warnings = new ReadWarnings();
  const model = await readWith(bytes, options, warnings);
  return { model, report: buildReadReport(model, warnings) };
}

async function readWith(
  bytes: Uint8Array,
  options: ReadScheduleOptions,
  warnings: ReadWarnings,
): Promise<ScheduleModel> {
  const format = options.format ?? detectFormat(bytes, options.fileName);
  const tab = {
    mapping: options.mapping,
    skipRows: options.skipRows,
    durationUnit: options.durationUnit,
    dateOrder: options.dateOrder,
  };
  switch (format) {
    case "xer":
      return readXer(bytes, { warnings });
    case "pmxml":
      return readPmxml(bytes, { warnings });
    case "mspdi":
      return readMspdi(bytes, { warnings });
    case "mpx":
      return readMpx(bytes, { warnings });
    case "csv":
      return readCsv(bytes, tab);
    case "xlsx":
      return readXlsx(bytes, { ...tab, sheet: options.sheet });
    case "json":
      return readPlanumJson(bytes);
    case "zip": {
      const pkg = await readPlanumZip(bytes);
      return (pkg.versions.find((v) => v.kind === "actual") ?? pkg.versions[pkg.versions.length - 1]).model;
    }
    default:
      throw new FormatError("UnsupportedFormat", `Unknown format "${String(format)}"`);
  }
}

/**
 * The rows of a CSV or XLSX file before columns are mapped (what a column-mapping dialog previews); `tableToModel`
 * turns them into the model `readSchedule` would give. `skipRows` only tells where CSV's delimiter guess starts:
 * the table keeps every row. Other formats throw `UnsupportedFormat`.
 */
export async function readTable(
  bytes: Uint8Array,
  options: Pick<ReadScheduleOptions, "format" | "fileName" | "sheet" | "skipRows"> = {},
): Promise<Table> {
  const format = options.format ?? detectFormat(bytes, options.fileName);
  if (format === "csv") return readCsvTable(bytes, { skipRows: options.skipRows });
  if (format === "xlsx") return readXlsxTable(bytes, options.sheet);
  throw new FormatError("UnsupportedFormat", `A ${String(format)} file is not a table`);
}

export interface WriteScheduleOptions {
  /** XER only: code page; "auto" (default) picks windows-1252, then windows-1251, then UTF-8. */
  xerEncoding?: WriteXerOptions["encoding"];
}

/** Write the model in a format; a ZIP holds it as the single (actual) version of a package. */
export async function writeSchedule(
  model: ScheduleModel,
  format: WritableFormat,
  options: WriteScheduleOptions = {},
): Promise<Uint8Array> {
  switch (format) {
    case "xer":
      return writeXer(model, options.xerEncoding ? { encoding: options.xerEncoding } : {});
    case "pmxml":
      return writePmxml(model);
    case "mspdi":
      return writeMspdi(model);
    case "csv":
      return writeCsv(model);
    case "xlsx":
      return writeXlsx(model);
    case "json":
      return writePlanumJson(model);
    case "zip":
      return writePlanumZip({
        name: model.projects[0]?.name ?? "schedule",
        versions: [{ label: "1", kind: "actual", model }],
        attachments: [],
      });
    default:
      throw new FormatError("UnsupportedFormat", `Planum cannot write "${String(format)}" files (MPX is read only)`);
  }
}

/** Output format from a file name: .xer, .xml (P6 XML unless "--to mspdi"), .csv, .xlsx, .json, .zip. */
export function formatFromFileName(fileName: string): WritableFormat | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const map: Record<string, WritableFormat> = {
    xer: "xer",
    xml: "pmxml",
    pmxml: "pmxml",
    mspdi: "mspdi",
    csv: "csv",
    xlsx: "xlsx",
    json: "json",
    zip: "zip",
  };
  return ext ? map[ext] : undefined;
}
